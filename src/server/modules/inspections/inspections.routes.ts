import {
  checkIn,
  invalidApply,
  invalidApprove,
  missedRate,
  nfcBind,
  planCycleChange,
  planDelete,
  planEnable,
  planList,
  planSave,
  pointDelete,
  pointList,
  pointSave,
  taskDetail,
  taskGenerate,
  taskList,
} from '../../../shared/inspections/contracts.js';
import { caller, type HttpApp } from '../../http/app.js';
import type { InspectionsService } from './inspections.service.js';

export function registerInspectionRoutes(http: HttpApp, svc: InspectionsService): void {
  http.route(pointList, (input, ctx) => svc.points(caller(ctx), input));
  http.route(pointSave, (input, ctx) => svc.savePoint(caller(ctx), input));
  http.route(pointDelete, (input, ctx) => svc.deletePoint(caller(ctx), input.id));
  http.route(nfcBind, (input, ctx) => svc.bindNfc(caller(ctx), input));
  http.route(planList, (input, ctx) => svc.plans(caller(ctx), input));
  http.route(planSave, (input, ctx) => svc.savePlan(caller(ctx), input));
  http.route(planEnable, (input, ctx) => svc.enablePlan(caller(ctx), input.id, input.enabled));
  http.route(planDelete, (input, ctx) => svc.deletePlan(caller(ctx), input.id, input.confirm));
  http.route(planCycleChange, (input, ctx) => svc.changeCycle(caller(ctx), input));
  http.route(taskGenerate, (input, ctx) => svc.generate(caller(ctx), input.at));
  http.route(taskList, (input, ctx) => svc.tasks(caller(ctx), input));
  http.route(taskDetail, (input, ctx) => svc.task(caller(ctx), input.id));
  http.route(checkIn, (input, ctx) => svc.checkIn(caller(ctx), input));
  http.route(invalidApply, (input, ctx) => svc.applyInvalid(caller(ctx), input));
  http.route(invalidApprove, (input, ctx) => svc.decideInvalid(caller(ctx), input));
  http.route(missedRate, (input, ctx) => svc.missedRate(caller(ctx), input));
}
