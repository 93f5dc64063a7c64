import type {
  inspectionDeviceBind,
  inspectionOperationLog,
  inspectionPauseSave,
  inspectionStopQuery,
  inspectionSystemConfig,
  inspectionSystemConfigSave,
  StopItem,
} from '../../../shared/inspections/ops-contracts.js';
import type { PointItem } from '../../../shared/inspections/contracts.js';
import type { AuthUser } from '../../http/app.js';
import { badRequest, notFound } from '../../http/errors.js';
import { audit, type Actor } from '../../store/audit.js';
import { inTransaction } from '../../store/db.js';
import { saveSystemConfigValue } from '../../common/system-config.js';
import { CLOCK_SKEW_MS } from './checkin.service.js';
import { bool, GENERATE_EVERY_MS, INSPECTION_RULES_KEY, json, pointOf, type In, type InspectionsContext, type Out } from './inspections.context.js';
import { createInspectionsRepository } from './inspections.repository.js';

/** The operation log reads at most this many recent rows before filtering by the caller's regions. */
const LOG_WINDOW = 2000;

type Pause = { start: number; end: number; note: string };

/**
 * The `/inspection/*` operations pages (issue 24 §2): the operation log
 * (the module's audit rows), point–device binding, the stop-inspection query,
 * time-stop periods and the check-in rules in force.
 */
export function createOpsService(ctx: InspectionsContext, generate: (actor: Actor) => Promise<unknown>) {
  const { db, repo, now, scopeOf, sees, planRow } = ctx;

  const ops = {
    operationLog: async (caller: AuthUser, input: In<(typeof inspectionOperationLog)['input']>): Promise<Out<typeof inspectionOperationLog>> => {
      const scope = await scopeOf(caller);
      const rows = await repo.auditRows({ actions: input.actions, from: input.from, to: input.to, limit: LOG_WINDOW });
      const [plans, points, tasks] = await Promise.all([
        repo.plans(),
        repo.points(),
        repo.tasksIn([...new Set(rows.filter((r) => r.entity === 'inspectionTask').map((r) => Number(r.entity_id)))].filter(Number.isFinite)),
      ]);
      const planById = new Map(plans.map((p) => [p.id, p]));
      const pointById = new Map(points.map((p) => [p.id, p]));
      const planOfTask = new Map(tasks.map((t) => [t.id, t.plan_id]));
      /** The row's subject and region; null region: plant-wide or gone (whole-plant callers only). */
      const about = (entity: string, entityId: string): { subject: string; regionid: number | null } => {
        const n = Number(entityId);
        if (entity === 'inspectionPoint') {
          const p = pointById.get(n);
          return { subject: p?.name ?? '', regionid: p?.regionid ?? null };
        }
        const plan = entity === 'inspectionPlan' ? planById.get(n) : entity === 'inspectionTask' ? planById.get(planOfTask.get(n) ?? 0) : undefined;
        return { subject: plan?.name ?? '', regionid: plan?.regionid ?? null };
      };
      const visible = rows
        .map((r) => ({ r, ...about(r.entity, r.entity_id) }))
        .filter((x) => (x.regionid === null ? scope.all : sees(scope, x.regionid)));
      const page = visible.slice((input.page - 1) * input.pageSize, input.page * input.pageSize);
      return {
        items: page.map(({ r, subject }) => ({
          id: r.id,
          at: r.at,
          loginname: r.loginname,
          action: r.action,
          entity: r.entity,
          entityId: r.entity_id,
          subject,
          detail: r.detail,
        })),
        total: visible.length,
      };
    },

    bindDevice: async (caller: AuthUser, input: In<(typeof inspectionDeviceBind)['input']>): Promise<PointItem> => {
      const row = await repo.point(input.pointId);
      if (!row || !sees(await scopeOf(caller), row.regionid)) {
        throw notFound('inspections.plan.unknownPoint');
      }
      return inTransaction(db, async (tx) => {
        const r = createInspectionsRepository(tx);
        await r.updatePoint(row.id, { device: input.device, kind: input.device ? 'device' : 'place', updated_at: now() });
        await audit(tx, caller, 'inspection.deviceBind', 'inspectionPoint', row.id, { from: row.device, to: input.device });
        return pointOf((await r.point(row.id))!);
      });
    },

    stops: async (caller: AuthUser, input: In<(typeof inspectionStopQuery)['input']>): Promise<Out<typeof inspectionStopQuery>> => {
      const scope = await scopeOf(caller);
      const t = now();
      const items: StopItem[] = [];
      for (const p of await repo.plans()) {
        if (!sees(scope, p.regionid) || (input.planId !== undefined && p.id !== input.planId)) {
          continue;
        }
        const base = { planId: p.id, planName: p.name, regionid: p.regionid };
        if (!bool(p.enabled)) {
          items.push({ ...base, kind: 'disabled', start: p.updated_at, end: null, note: '', state: 'current' });
        }
        for (const x of json<Pause[]>(p.pauses, [])) {
          items.push({ ...base, kind: 'pause', start: x.start, end: x.end, note: x.note ?? '', state: x.end <= t ? 'past' : x.start <= t ? 'current' : 'upcoming' });
        }
      }
      const wanted = items.filter((x) => input.state === undefined || x.state === input.state).sort((a, b) => b.start - a.start || a.planId - b.planId);
      return { items: wanted.slice((input.page - 1) * input.pageSize, input.page * input.pageSize), total: wanted.length };
    },

    savePauses: async (caller: AuthUser, input: In<(typeof inspectionPauseSave)['input']>): Promise<Out<typeof inspectionPauseSave>> => {
      const row = await planRow(caller, input.planId);
      const bad = input.pauses.findIndex((p) => p.end <= p.start);
      if (bad >= 0) {
        throw badRequest('inspections.endBeforeStart', [`pauses.${bad}.end`]);
      }
      const pauses = [...input.pauses].sort((a, b) => a.start - b.start);
      const t = now();
      await inTransaction(db, async (tx) => {
        const r = createInspectionsRepository(tx);
        // Rounds not begun are made again from now, without the stopped periods (as a plan save does).
        await r.updatePlan(row.id, { pauses: JSON.stringify(pauses), generated_to: Math.min(row.generated_to, t), updated_at: t });
        await r.dropPending(row.id, t);
        await audit(tx, caller, 'inspection.pauseSave', 'inspectionPlan', row.id, { from: json<Pause[]>(row.pauses, []), to: pauses });
      });
      await generate(caller);
      return { planId: row.id, pauses };
    },

    systemConfig: async (): Promise<Out<typeof inspectionSystemConfig>> => {
      const rules = await ctx.rules();
      const plans = await repo.plans();
      return {
        pointRadiusM: rules.pointRadiusM,
        fixWindowSec: rules.fixWindowSec,
        invalidApplicants: rules.invalidApplicants,
        clockSkewSec: CLOCK_SKEW_MS / 1000,
        generateEverySec: GENERATE_EVERY_MS / 1000,
        points: (await repo.points()).length,
        plans: plans.length,
        enabledPlans: plans.filter((p) => bool(p.enabled)).length,
      };
    },
    /** Sets the plant's check-in rules in `system_config`, audited with the rules before and after in the same transaction. */
    saveSystemConfig: async (caller: AuthUser, input: In<(typeof inspectionSystemConfigSave)['input']>): Promise<Out<typeof inspectionSystemConfig>> => {
      const before = await ctx.rules();
      await inTransaction(db, async (tx) => {
        await saveSystemConfigValue(tx, INSPECTION_RULES_KEY, JSON.stringify(input));
        const { pointRadiusM, fixWindowSec, invalidApplicants } = before;
        await audit(tx, caller, 'inspection.systemConfigSave', 'systemConfig', INSPECTION_RULES_KEY, { from: { pointRadiusM, fixWindowSec, invalidApplicants }, to: input });
      });
      return ops.systemConfig();
    },
  };
  return ops;
}

export type OpsService = ReturnType<typeof createOpsService>;
