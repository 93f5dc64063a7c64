import {
  dangerDeptStatisticsCall,
  dangerInspectionDeptStatisticsCall,
  dangerInspectionStatisticsCall,
  personInspectionInfoCall,
  personInspectionTaskCall,
  dangerStatisticsCall,
  riskClassificationCall,
  riskControlListCall,
  runningEffectCall,
} from '../../../shared/performance-board/contracts.js';
import { performanceBoardShared } from '../../../shared/performance-board/manifest.js';
import { caller } from '../../http/app.js';
import { hiddenDangersPort } from '../hidden-dangers/port.js';
import { inspectionsPort } from '../inspections/port.js';
import { defineModule } from '../module.js';
import { orgPort } from '../org/port.js';
import { riskPort } from '../risk/port.js';
import { createBoardService } from './board.service.js';

/** The dual-prevention performance board (issue 24 §4): figures of hidden dangers, risk zones and inspection rounds, read through their ports. */
export const performanceBoardModule = defineModule({
  name: 'performance-board',
  shared: performanceBoardShared,
  needs: { dangers: hiddenDangersPort, risk: riskPort, inspections: inspectionsPort, org: orgPort },
  start({ http, ports }) {
    const board = createBoardService({ dangers: ports.dangers, risk: ports.risk, inspections: ports.inspections, org: ports.org });
    http.route(dangerStatisticsCall, (_input, ctx) => board.dangerStatistics(caller(ctx)));
    http.route(dangerDeptStatisticsCall, (input, ctx) => board.dangerDeptStatistics(caller(ctx), input));
    http.route(riskControlListCall, (_input, ctx) => board.riskControlList(caller(ctx)));
    http.route(riskClassificationCall, (_input, ctx) => board.riskClassification(caller(ctx)));
    http.route(runningEffectCall, (_input, ctx) => board.runningEffect(caller(ctx)));
    http.route(dangerInspectionStatisticsCall, (input, ctx) => board.inspectionStatistics(caller(ctx), input));
    http.route(dangerInspectionDeptStatisticsCall, (input, ctx) => board.inspectionDeptStatistics(caller(ctx), input));
    http.route(personInspectionTaskCall, (input, ctx) => board.personInspectionTask(caller(ctx), input));
    http.route(personInspectionInfoCall, (_input, ctx) => board.personInspectionInfo(caller(ctx)));
    const effect = (c: Parameters<typeof board.runningEffect>[0]) => board.runningEffect(c);
    return {
      figures: {
        'performance.riskPoints': async (c) => (await effect(c)).riskPoints,
        'performance.zonesRaised': async (c) => (await effect(c)).zonesRaised,
        'performance.foundThisMonth': async (c) => (await effect(c)).month.found,
        'performance.overdue': async (c) => (await effect(c)).all.overdue,
        'performance.rectifyRate': async (c) => (await effect(c)).all.rectifyRate,
        'performance.onTimeRate': async (c) => (await effect(c)).all.onTimeRate,
        'performance.missedRate': async (c) => (await board.inspectionStatistics(c, {})).overall.rate,
      },
    };
  },
});
