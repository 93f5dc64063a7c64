import { isolationLock, isolationRemove, isolationVerify } from '../../../shared/permits/isolation-contracts.js';
import { isolationLedgers } from '../../../shared/permits/isolation-ledgers.js';
import { permitWorkerOptions } from '../../../shared/permits/contracts.js';
import { permitsShared } from '../../../shared/permits/manifest.js';
import { ticketLedgers } from '../../../shared/permits/ticket-ledgers.js';
import { blindLedgers } from '../../../shared/permits/blind-ledgers.js';
import { examineLedgers } from '../../../shared/permits/examine-ledgers.js';
import { jsaLedgers } from '../../../shared/permits/jsa-ledgers.js';
import { reportLedgers } from '../../../shared/permits/report-ledgers.js';
import { gasAnalysisSearch, jsaAnalysis, jsaMap, permitPersonnelRecord } from '../../../shared/permits/routes-contracts.js';
import { permitAnalyseApproved, permitAnalyseDepartment, permitAnalyseRegion } from '../../../shared/permits/stats-contracts.js';
import { caller } from '../../http/app.js';
import { alarmsPort } from '../alarms/port.js';
import { documentsPort } from '../documents/port.js';
import { majorHazardPort } from '../major-hazard/port.js';
import { defineModule } from '../module.js';
import { orgPort } from '../org/port.js';
import { positioningPort } from '../positioning/port.js';
import { recordsPort } from '../records/port.js';
import { riskPort } from '../risk/port.js';
import { createBlindRegister } from './blind-register.js';
import { createEnergyIsolation } from './energy-isolation.js';
import { createGasAnalysis } from './gas-analysis.js';
import { createJsa } from './jsa.js';
import { activeGasAlarms, createEsdTags, startGasAlarmWatch } from './gas-alarm-watch.js';
import { startGuardianWatch } from './guardian-watch.js';
import { migrations } from './migrations.js';
import { createPermitStats } from './permit-stats.js';
import { registerPermitRoutes } from './permits.routes.js';
import { createPermitsService, type PermitsService } from './permits.service.js';
import { createPlantRegions } from './plant-regions.js';
import { permitsRepository } from './permits.repository.js';
import { permitsPort } from './port.js';
import { seedDemoPermits } from './seed-demo.js';
import { seedDemoRouteRecords } from './seed-demo-routes.js';
import { certificateCheck, workerOptions } from './worker-certificates.js';
import { createZoneRecord } from './zone-record.js';

/** Seconds the guardian's tag may be outside the work zone before the permit is suspended (PERMIT_GUARDIAN_GRACE_S). */
const DEFAULT_GRACE_S = 5;

/**
 * Safe-work permits to GB 30871-2022 (issue 25): the rule check
 * (`UAPI/WorkingBill/Check`), permits with their statutory steps signed in
 * order by their own signers, gas analysis, start, suspension by the
 * guardian watch or a gas alarm in or near the zone, resumption, completion
 * and acceptance; conflicts between permits; the live map topic. Permits in
 * effect are causes on the four-colour map through the risk port (risk does
 * not need permits: no cycle).
 */
export const permitsModule = defineModule({
  name: 'permits',
  shared: permitsShared,
  migrations,
  ledgers: [...isolationLedgers, ...ticketLedgers, ...jsaLedgers, ...blindLedgers, ...examineLedgers, ...reportLedgers],
  needs: { org: orgPort, documents: documentsPort, risk: riskPort, alarms: alarmsPort, records: recordsPort, majorHazard: majorHazardPort, positioning: positioningPort },
  provides: permitsPort,
  start({ http, store, stream, tags, log, config, ports }) {
    const graceS = Number(process.env.PERMIT_GUARDIAN_GRACE_S ?? DEFAULT_GRACE_S);
    // Tests set the grace to 0 rather than wait for it.
    const grace = { ms: (Number.isFinite(graceS) && graceS >= 0 ? graceS : DEFAULT_GRACE_S) * 1000 };
    let service: PermitsService | null = null;
    const watch = startGuardianWatch({
      bus: stream.bus,
      permits: () => service!,
      grace,
      onError: (err, name) => log.error({ err }, name),
    });
    const isolation = createEnergyIsolation({ records: ports.records, openPermits: (numbers, tx) => permitsRepository.openNumbers(tx, numbers) });
    const jsa = createJsa({ records: ports.records, org: ports.org, live: (user) => service!.live(user) });
    const blinds = createBlindRegister({ records: ports.records });
    // Emergency shutdown status tags: the major hazard register binds them to its devices.
    const esd = createEsdTags(() => ports.majorHazard.esdTags());
    const regions = createPlantRegions(ports.org, stream.bus, (err, name) => log.error({ err }, name));
    service = createPermitsService(store, {
      org: ports.org,
      bus: stream.bus,
      positions: watch,
      risk: ports.risk,
      regions,
      gasAlarms: () => activeGasAlarms(ports.alarms, tags, esd),
      isolationSheets: (number) => isolation.sheetsOf(number),
      jsaCompleted: (number, type) => jsa.completedFor(number, type),
      jsaLinked: (number) => jsa.linkedTo(number),
      completeWithin: async (user, p, result, complete) => {
        const blind = (JSON.parse(p.body) as { blinds?: { id: string; action: 'insert' | 'remove' }[] }).blinds;
        // One blind, one action (GB 30871-2022 §7): the register takes it with the completion, in its transaction.
        if (p.type === 'blind' && result === 'done' && blind?.length === 1) {
          return blinds.apply(user, p.number, blind[0], complete);
        }
        return false;
      },
      onError: (err, name) => log.error({ err }, name),
    });
    // GB 30871-2022 §4.4: a special-operation worker without a valid certificate is not named.
    service.addWorkerCheck(certificateCheck(ports.records));
    http.route(permitWorkerOptions, async () => ({ items: await workerOptions(ports.records, await service.signerOptions()) }));
    const gas = startGasAlarmWatch({ bus: stream.bus, tags, esd, permits: () => service, onError: (err, name) => log.error({ err }, name) });
    registerPermitRoutes(http, store, service, ports.documents);
    const stats = createPermitStats(store, { org: ports.org, regions });
    http.route(permitAnalyseRegion, (input, ctx) => stats.byRegion(caller(ctx), input));
    http.route(permitAnalyseDepartment, (input, ctx) => stats.byDepartment(caller(ctx), input));
    http.route(permitAnalyseApproved, (input, ctx) => stats.approved(caller(ctx), input));
    const gasAnalysis = createGasAnalysis(store, { org: ports.org, judge: (p, gas) => service.findingsNow(p, gas) });
    http.route(jsaAnalysis, (input, ctx) => jsa.analysis(caller(ctx), input));
    http.route(jsaMap, (_input, ctx) => jsa.map(caller(ctx)));
    http.route(gasAnalysisSearch, (input, ctx) => gasAnalysis.search(caller(ctx), input, ctx.lang));
    const zoneRecord = createZoneRecord({ detail: (user, id, lang) => service.detail(user, id, lang), positioning: ports.positioning, records: ports.records });
    http.route(permitPersonnelRecord, (input, ctx) => zoneRecord.record(caller(ctx), input.id, ctx.lang));
    http.route(isolationLock, (input, ctx) => isolation.lock(caller(ctx), input));
    http.route(isolationVerify, (input, ctx) => isolation.verify(caller(ctx), input));
    http.route(isolationRemove, (input, ctx) => isolation.remove(caller(ctx), input));
    stream.topics.addSource(watch.channel.source);
    stream.topics.addResolver(watch.channel.resolver);
    const svc = service;
    const ready = (async () => {
      await regions.refresh();
      await esd.refresh();
      if (config.demo) {
        await seedDemoPermits(store, svc);
        await seedDemoRouteRecords(store, ports.records);
      }
      await watch.refresh();
      // The risk module keeps no causes across a restart: the permits in effect are reported again.
      await svc.reportInEffect();
    })();
    return {
      port: svc,
      ready,
      exposed: { watch, grace, gas },
      stats: () => ({ ...watch.stats(), ...gas.stats() }),
      close: async () => {
        watch.stop();
        gas.stop();
        regions.stop();
        await gas.idle();
      },
    };
  },
});
