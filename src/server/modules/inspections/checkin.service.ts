import { checkSequence, judgeCheckIn } from '../../../shared/domain/inspection-rules.js';
import { judgeReading } from '../../../shared/domain/inspection-tasks.js';
import type { checkIn, checkInInput } from '../../../shared/inspections/contracts.js';
import { renderMessage, type MessageCode } from '../../../shared/messages/catalog.js';
import { positioningObjectLedger } from '../../../shared/records/ledgers/positioning-object.js';
import { queryTrajectory } from '../../history/query.js';
import type { AuthUser } from '../../http/app.js';
import { AppError, badRequest, conflict, forbidden } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import { inTransaction } from '../../store/db.js';
import {
  bool,
  checkInOf,
  fail,
  json,
  pointOf,
  rulesOf,
  taskOf,
  type CheckInRow,
  type In,
  type InspectionsContext,
  type Out,
  type PlanRow,
} from './inspections.context.js';
import { createInspectionsRepository } from './inspections.repository.js';

/** A phone clock may run this much ahead of the server's. */
export const CLOCK_SKEW_MS = 60_000;

type Finding = { key: string; code: string; params: Record<string, string | number> };

/**
 * Check-ins (issue 24 §3): judged by code, window and the inspector's
 * position history at the time of the check; readings whose findings open a
 * hidden danger; an offline queue's retry answered as before.
 */
export function createCheckInService(ctx: InspectionsContext, closeRoundTodos: (taskId: number) => Promise<void>) {
  const { db, repo, now, deps } = ctx;

  /** The caller's positioning card: the tracked person whose phone is the account's phone. */
  async function cardOf(userid: number): Promise<string | null> {
    const phone = (await repo.userPhone(userid))?.trim();
    if (!phone) {
      return null;
    }
    const people = await deps.records.allRecords(positioningObjectLedger);
    const match = people.find(
      (p) => p.kind === 'person' && typeof p.phone === 'string' && p.phone.trim() === phone && typeof p.card === 'string',
    );
    return match ? String(match.card) : null;
  }

  /** Opens the hidden danger of a check-in's findings (DOMAIN.md §9), once: the point, its position, the photos and the inspector as finder. */
  async function reportFindings(caller: AuthUser, row: CheckInRow, plan: PlanRow): Promise<CheckInRow> {
    const findings = json<Finding[]>(row.findings, []);
    if (findings.length === 0 || json<number[]>(row.hidden_danger_ids, []).length > 0) {
      return row;
    }
    const pointRow = await repo.point(row.point_id);
    if (!pointRow) {
      return row;
    }
    const point = pointOf(pointRow);
    const readings = json<Record<string, unknown>>(row.readings, {});
    const photos = point.items
      .filter((i) => i.type === 'photo')
      .flatMap((i) => (Array.isArray(readings[i.key]) ? (readings[i.key] as unknown[]) : []))
      .filter((x): x is number => typeof x === 'number');
    const text = findings.map((f) => renderMessage('zh', f.code as MessageCode, f.params)).join('；');
    const danger = await deps.hiddenDangers.report(caller, {
      title: renderMessage('zh', 'inspections.hiddenDanger.title', { point: point.name, finding: text }).slice(0, 200),
      category: point.kind === 'device' ? 'equipment' : 'other',
      source: 'inspection',
      region: point.regionid,
      dept: plan.deptid,
      place: point.device ? `${point.name}（${point.device}）` : point.name,
      lon: point.lon,
      lat: point.lat,
      photos,
      detail: `${plan.name} · ${new Date(row.checked_at).toISOString()} · ${text}`,
      point: point.name,
    });
    const ids = JSON.stringify([danger.id]);
    await repo.setHiddenDangers(row.id, ids);
    return { ...row, hidden_danger_ids: ids };
  }

  return {
    checkIn: async (caller: AuthUser, input: In<typeof checkInInput>): Promise<Out<typeof checkIn>> => {
      const t0 = now();
      const task = await ctx.taskRow(caller, input.taskId);
      const plan = (await repo.plan(task.plan_id))!;
      if (!ctx.walks(caller, plan)) {
        throw forbidden('inspections.checkIn.notYours');
      }
      const names = await ctx.personNames();
      const t = input.checkedAt ?? t0;
      const existing = await repo.checkInAt(task.id, input.pointId);
      if (existing) {
        if (existing.userid !== caller.userid || existing.checked_at !== t) {
          throw conflict('inspections.checkIn.alreadyChecked', ['pointId']);
        }
        // The same check-in sent again (an offline queue retrying): answered as before, its hidden danger opened if that failed.
        const fixed = await reportFindings(caller, existing, plan);
        const checks = await repo.checkInsOf([task.id]);
        return { checkIn: checkInOf(fixed, names), task: taskOf(task, plan, checks, names, now()), duplicate: true };
      }
      if (t > t0 + CLOCK_SKEW_MS) {
        throw badRequest('inspections.checkIn.future', ['checkedAt']);
      }
      const before = await repo.checkInsOf([task.id]);
      const state = taskOf(task, plan, before, names, now());
      if (state.status === 'canceled' || state.status === 'terminated' || task.invalid === 'approved') {
        throw conflict('inspections.checkIn.taskClosed', ['taskId'], {
          status: renderMessage('zh', `inspections.status.${state.status}` as MessageCode),
        });
      }
      const route = json<number[]>(task.route, []);
      const seq = checkSequence(
        route,
        before.map((c) => ({ pointId: c.point_id, t: c.checked_at })),
        input.pointId,
        t,
        rulesOf(plan),
      );
      if (seq) {
        throw new AppError(seq.code === 'inspections.checkIn.alreadyChecked' ? 409 : 400, seq.code, ['pointId'], seq.params ?? {});
      }
      const pointRow = await repo.point(input.pointId);
      if (!pointRow) {
        throw badRequest('inspections.plan.unknownPoint', ['pointId']);
      }
      const point = pointOf(pointRow);
      const card = await cardOf(caller.userid);
      const rules = await ctx.rules();
      const span = rules.fixWindowSec * 1000;
      const fixes = card ? await queryTrajectory({ db, historian: deps.history }, card, t - span, t + span + 1) : [];
      const verdict = judgeCheckIn(
        { method: input.method, value: input.value, t },
        { id: point.id, qrCode: point.qrCode, nfcId: point.nfcId || null, lon: point.lon, lat: point.lat, radiusM: point.radiusM },
        { start: task.start, end: task.end },
        plan.tolerance_minutes,
        fixes,
        rules,
      );
      if (verdict.status === 'refused') {
        const r = verdict.reasons[0];
        const field = r.code === 'inspections.checkIn.wrongCode' || r.code === 'inspections.checkIn.wrongNfc' ? 'value' : 'checkedAt';
        throw new AppError(400, r.code, [field], r.params ?? {});
      }
      // The check items: a missing required answer is refused; an out-of-limit or abnormal one is a finding.
      const findings: Finding[] = [];
      const problems: { field: string; code: string }[] = [];
      for (const item of point.items) {
        const v = input.readings[item.key];
        const j = judgeReading(item, v);
        if (!j.ok) {
          problems.push({ field: `readings.${item.key}`, code: j.code });
        } else if (j.abnormal) {
          findings.push({
            key: item.key,
            code: `inspections.reading.${j.reason}`,
            params: {
              label: item.label,
              value: Array.isArray(v) ? v.join(',') : String(v ?? ''),
              unit: item.unit,
              min: item.min ?? '',
              max: item.max ?? '',
            },
          });
        }
      }
      if (problems.length > 0) {
        fail(problems);
      }
      if (bool(plan.sign_at_points) && input.signature.trim() === '') {
        throw badRequest('inspections.signFirst', ['signature']);
      }
      const saved = await inTransaction(db, async (tx) => {
        const r = createInspectionsRepository(tx);
        const row = await r.insertCheckIn({
          task_id: task.id,
          point_id: point.id,
          userid: caller.userid,
          method: input.method,
          value: input.value,
          checked_at: t,
          received_at: t0,
          status: verdict.status,
          reasons: JSON.stringify(verdict.reasons),
          distance_m: verdict.distanceM === null ? null : Math.round(verdict.distanceM * 10) / 10,
          card,
          readings: JSON.stringify(input.readings),
          findings: JSON.stringify(findings),
          hidden_danger_ids: '[]',
          signature: input.signature,
        });
        if (!row) {
          throw conflict('inspections.checkIn.alreadyChecked', ['pointId']);
        }
        if (task.recorder_id === null) {
          await r.setRecorder(task.id, caller.userid, t);
        }
        await audit(tx, caller, 'inspection.checkIn', 'inspectionTask', task.id, {
          point: point.id,
          checkedAt: t,
          offline: t < t0 - CLOCK_SKEW_MS,
          status: verdict.status,
          reasons: verdict.reasons.map((x) => x.code),
          distanceM: verdict.distanceM,
          card,
          findings: findings.length,
        });
        return row;
      });
      const withDanger = await reportFindings(caller, saved, plan);
      const fresh = await repo.taskOrThrow(task.id);
      const after = taskOf(fresh, plan, await repo.checkInsOf([task.id]), names, now());
      if (after.done === after.route.length && fresh.todo_state !== 2) {
        await closeRoundTodos(task.id);
      }
      return { checkIn: checkInOf(withDanger, names), task: after, duplicate: false };
    },
  };
}

export type CheckInService = ReturnType<typeof createCheckInService>;
