import type { Store } from '../../store/db.js';
import { createCheckInService } from './checkin.service.js';
import { createInspectionsContext, type InspectionsDeps } from './inspections.context.js';
import { createImportService } from './import.service.js';
import { createInvalidService } from './invalid.service.js';
import { createOpsService } from './ops.service.js';
import { createPlansService } from './plans.service.js';
import { createPointsService } from './points.service.js';
import { createStatisticsService } from './statistics.service.js';
import { createTasksService } from './tasks.service.js';

/**
 * Inspections (issue 24 §2–§3, DOMAIN.md §9), put together from services of
 * one job each: points, plans, rounds and their generation, check-ins,
 * invalid applications and statistics. The SQL is in inspections.repository.ts.
 */
export function createInspectionsService(store: Store, deps: InspectionsDeps) {
  const ctx = createInspectionsContext(store, deps);
  // The plans service runs the generator after a save; the generator is made after it (it shows plans), so it is reached at call time.
  const plans = createPlansService(ctx, (actor) => tasks.generate(actor));
  const tasks = createTasksService(ctx, plans.withRecords);
  const points = createPointsService(ctx);
  const checkIns = createCheckInService(ctx, tasks.closeRoundTodos);
  const invalid = createInvalidService(ctx, async (caller, id) => (await tasks.task(caller, id)).task);
  const statistics = createStatisticsService(ctx);
  const importer = createImportService(ctx, (actor) => tasks.generate(actor));
  const ops = createOpsService(ctx, (actor) => tasks.generate(actor));
  return {
    context: ctx,
    statistics,
    importer,
    ops,
    points: points.points,
    savePoint: points.savePoint,
    deletePoint: points.deletePoint,
    bindNfc: points.bindNfc,
    plans: plans.plans,
    checkPlan: plans.checkPlan,
    savePlan: plans.savePlan,
    enablePlan: plans.enablePlan,
    deletePlan: plans.deletePlan,
    changeCycle: plans.changeCycle,
    generate: tasks.generate,
    tasks: tasks.tasks,
    task: tasks.task,
    checkIn: checkIns.checkIn,
    applyInvalid: invalid.applyInvalid,
    decideInvalid: invalid.decideInvalid,
    missedRate: statistics.missedRate,
  };
}

export type InspectionsService = ReturnType<typeof createInspectionsService>;
