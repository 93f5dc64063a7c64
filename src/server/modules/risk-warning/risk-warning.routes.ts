import {
  riskEarlyWarningCalculation,
  riskEarlyWarningConfig,
  riskEarlyWarningConfigDel,
  riskEarlyWarningConfigList,
  riskEarlyWarningInstructions,
  riskEarlyWarningRecordAdd,
  riskEarlyWarningRecordDelete,
  riskEarlyWarningRecordSearch,
  riskEarlyWarningShow,
  riskEarlyWarningVariableAdd,
  riskEarlyWarningVariableDel,
  riskEarlyWarningVariableEdit,
  riskEarlyWarningVariableSearch,
  riskRangeAdd,
  riskRangeDel,
  riskRangeGetList,
} from '../../../shared/risk-warning/contracts.js';
import { caller, type HttpApp } from '../../http/app.js';
import type { WarningService } from './risk-warning.service.js';

/** Early warning's calls (`UAPI/SafeOperationLicense/…`, seed §7.3). */
export function registerWarningRoutes(http: HttpApp, svc: WarningService): void {
  http.route(riskEarlyWarningVariableSearch, (input, ctx) => svc.variables(caller(ctx), input));
  http.route(riskEarlyWarningVariableAdd, (input, ctx) => svc.addVariable(caller(ctx), input));
  http.route(riskEarlyWarningVariableEdit, (input, ctx) => svc.editVariable(caller(ctx), input));
  http.route(riskEarlyWarningVariableDel, (input, ctx) => svc.deleteVariable(caller(ctx), input.id));
  http.route(riskRangeGetList, (input, ctx) => svc.ranges(caller(ctx), input.warningId));
  http.route(riskRangeAdd, (input, ctx) => svc.addRange(caller(ctx), input));
  http.route(riskRangeDel, (input, ctx) => svc.deleteRange(caller(ctx), input.id));
  http.route(riskEarlyWarningConfig, (input, ctx) => svc.saveWarning(caller(ctx), input));
  http.route(riskEarlyWarningConfigList, (_input, ctx) => svc.warnings(caller(ctx)));
  http.route(riskEarlyWarningConfigDel, (input, ctx) => svc.deleteWarning(caller(ctx), input.id));
  http.route(riskEarlyWarningCalculation, (input, ctx) => svc.calculate(caller(ctx), input.id));
  http.route(riskEarlyWarningShow, (_input, ctx) => svc.show(caller(ctx)));
  http.route(riskEarlyWarningRecordSearch, (input, ctx) => svc.records(caller(ctx), input));
  http.route(riskEarlyWarningRecordAdd, (input, ctx) => svc.addRecord(caller(ctx), input.warningId, input.note));
  http.route(riskEarlyWarningRecordDelete, (input, ctx) => svc.deleteRecords(caller(ctx), input.ids));
  http.route(riskEarlyWarningInstructions, (input, ctx) => svc.instructions(caller(ctx), input.warningId, input.level));
}
