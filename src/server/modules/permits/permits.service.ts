import type { z } from 'zod';
import { checkPermit, type PermitCalendar, type PermitCheckResult } from '../../../shared/domain/gb30871.js';
import type { HotGrade, PermitType, WorkingBillCheckInput } from '../../../shared/domain/gb30871-input.js';
import { haversineDistance } from '../../../shared/domain/geometry.js';
import { gasAlarmSuspends, permitCause, permitCauseId, permitConflicts, type GasAlarmFacts, type PermitConflict, type PermitFacts } from '../../../shared/domain/permit-interactions.js';
import { editableStatuses, type PermitStatus, type SpecialRole } from '../../../shared/domain/permit-lifecycle.js';
import { calendarOf } from '../../../shared/domain/plant-calendar.js';
import { renderMessage } from '../../../shared/messages/catalog.js';
import type { Lang } from '../../../shared/messages/define.js';
import type {
  finishResults,
  gasAddInput,
  PermitDetail,
  PermitItem,
  permitListInput,
  permitSignInput,
  PermitStepCode,
  WorkingBillCheckOutput,
} from '../../../shared/permits/contracts.js';
import type { permitApplyInput } from '../../../shared/permits/contracts.js';
import { completeTodos, openTodo } from '../../common/todos.js';
import { loadPlantCalendar } from '../../common/plant-calendar.js';
import type { AuthUser } from '../../http/app.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { audit, type Actor } from '../../store/audit.js';
import { dialectOf, type Store, type Tx } from '../../store/db.js';
import { transactThenPublish, type Emit } from '../../stream/bus.js';
import { permitsRepository as repo, type PermitGasRow, type PermitRow, type PermitStepRow } from './permits.repository.js';
import { createPermitLifecycle, DETAIL_HREF, editablePermit, formColumns, specialWorkersOf, TODO_EDIT, TODO_SIGN } from './permits.lifecycle.js';
import { CONFLICT_STATUSES, currentStep, factsOf, findingsOf, gasOf, numberOf, stepsOf, type PermitsDeps, type WorkerCheck } from './permits.model.js';

export type { ActiveGasAlarm, BarredWorker, PermitRegions, TagPositions, WorkerCheck } from './permits.model.js';
export { factsOf, stepsOf } from './permits.model.js';

const TODO_RESUME = 'permit.resume';
const SYSTEM: Actor = { userid: null, loginname: 'system' };

type Signers = z.output<typeof permitApplyInput>['signers'];

export function createPermitsService(store: Store, deps: PermitsDeps) {
  const now = deps.now ?? Date.now;
  const postgres = () => dialectOf(store.db) === 'postgres';

  const loadCalendar = async (): Promise<PermitCalendar> => calendarOf(await loadPlantCalendar(store.db));
  const judgeWith = (calendar: PermitCalendar, body: WorkingBillCheckInput): PermitCheckResult => checkPermit(body, calendar, { now: now() });
  const judge = async (body: WorkingBillCheckInput) => judgeWith(await loadCalendar(), body);

  /** What the rules judge of a stored permit at `at` (`breakMinutes` when resuming). */
  function bodyOf(p: PermitRow, gas: PermitGasRow[], at: number, breakMinutes?: number): WorkingBillCheckInput {
    const extra = JSON.parse(p.body) as Partial<WorkingBillCheckInput>;
    return {
      ...extra,
      type: p.type as PermitType,
      ...(p.grade ? { grade: p.grade as HotGrade } : {}),
      start: Number(p.start_at),
      end: Number(p.end_at),
      at,
      gas: gasOf(gas),
      ...(breakMinutes !== undefined ? { breakMinutes } : {}),
    };
  }

  /** The permit with its zone: the region it was registered on, or the one its place lies in. */
  function placed(p: PermitRow): PermitFacts {
    const f = factsOf(p);
    return f.regionId === null ? { ...f, regionId: deps.regions.locate(p.lng, p.lat) } : f;
  }

  /** Tells the four-colour map what the permit now is: a cause on its zone while in effect, its end otherwise. */
  function syncRisk(p: PermitRow, start = now()) {
    try {
      const cause = permitCause(placed(p), start);
      if (cause) {
        deps.risk.report({ type: 'start', cause });
      } else {
        deps.risk.report({ type: 'end', id: permitCauseId(p.id), at: now() });
      }
    } catch (err) {
      deps.onError?.(err, 'permits.risk');
    }
  }

  /** Conflicts of a permit (or an application) with the open permits of the plant, every region. */
  async function conflictsOf(candidate: Parameters<typeof permitConflicts>[0], moment: 'apply' | 'start'): Promise<PermitConflict[]> {
    const { rows } = await repo.list(store.db, { statuses: CONFLICT_STATUSES, regionIds: null, offset: 0, limit: 5000 });
    return permitConflicts(candidate, rows.map(factsOf), moment);
  }

  function refuseConflict(c: PermitConflict): never {
    throw conflict(c.code, [c.field], { number: c.otherNumber, ...(c.distanceM !== undefined ? { distance: c.distanceM } : {}) });
  }

  async function names(ids: number[]): Promise<Map<number, string>> {
    const rows = await repo.users(store.db, [...new Set(ids)]);
    return new Map(rows.map((u) => [u.userid, u.username]));
  }

  async function items(rows: PermitRow[]): Promise<PermitItem[]> {
    const steps = await repo.steps(store.db, rows.map((r) => r.id));
    const byPermit = new Map<number, PermitStepRow[]>();
    for (const s of steps) {
      byPermit.set(s.permit_id, [...(byPermit.get(s.permit_id) ?? []), s]);
    }
    const current = new Map(rows.map((r) => [r.id, currentStep(r.status, byPermit.get(r.id) ?? [])]));
    const who = await names([...rows.flatMap((r) => [r.applicant_id, r.guardian_id]), ...[...current.values()].flatMap((s) => (s ? [s.signer_id] : []))]);
    return rows.map((r) => {
      const cur = current.get(r.id) ?? null;
      return {
        id: r.id,
        number: r.number,
        type: r.type as PermitType,
        grade: (r.grade as HotGrade | null) ?? null,
        effectiveGrade: (r.effective_grade as HotGrade | null) ?? null,
        content: r.content,
        location: r.location,
        regionId: r.region_id,
        lng: r.lng,
        lat: r.lat,
        radiusM: r.radius_m,
        start: Number(r.start_at),
        end: Number(r.end_at),
        status: r.status as PermitItem['status'],
        currentStep: (cur?.code as PermitStepCode | undefined) ?? null,
        currentSignerId: cur?.signer_id ?? null,
        currentSignerName: cur ? (who.get(cur.signer_id) ?? null) : null,
        applicantName: who.get(r.applicant_id) ?? '',
        guardianName: who.get(r.guardian_id) ?? '',
        guardianTag: r.guardian_tag,
        workers: JSON.parse(r.workers) as string[],
        specialWorkers: specialWorkersOf(r),
        applicantId: r.applicant_id,
        statusReason: r.status_reason,
        suspendReason: r.suspend_reason,
        suspendedAt: r.suspended_at === null ? null : Number(r.suspended_at),
        startedAt: r.started_at === null ? null : Number(r.started_at),
        finishResult: r.finish_result,
        createdAt: Number(r.created_at),
      };
    });
  }

  async function visible(user: AuthUser, p: PermitRow): Promise<boolean> {
    // A draft is its applicant's own until applied.
    if (p.status === 'draft' && p.applicant_id !== user.userid) {
      return false;
    }
    if (p.region_id === null) {
      return true;
    }
    const scope = await deps.org.getUserScope(user.userid);
    return scope.all || scope.regionids.includes(p.region_id);
  }

  async function detail(user: AuthUser, id: number, lang: Lang): Promise<PermitDetail> {
    const p = await repo.permit(store.db, id);
    if (!p || !(await visible(user, p))) {
      throw notFound();
    }
    const [[item], steps, gas, events, jsas] = await Promise.all([items([p]), repo.steps(store.db, [id]), repo.gas(store.db, id), repo.events(store.db, id), deps.jsaLinked?.(p.number) ?? []]);
    const who = await names([...steps.map((s) => s.signer_id), ...gas.map((g) => g.analyst_id)]);
    const at = now();
    const breakMinutes = p.status === 'suspended' && p.suspended_at !== null ? (at - Number(p.suspended_at)) / 60_000 : undefined;
    return {
      permit: item,
      steps: steps.map((s) => ({
        seq: s.seq,
        code: s.code as PermitStepCode,
        signerId: s.signer_id,
        signerName: who.get(s.signer_id) ?? '',
        signedAt: s.signed_at === null ? null : Number(s.signed_at),
        signature: s.signature,
        comment: s.comment,
      })),
      gas: gas.map((g) => ({ id: g.id, t: Number(g.t), lel: g.lel, reading: g.reading, unit: g.unit, o2: g.o2, analyst: g.analyst })),
      events: events.map((e) => ({ at: Number(e.at), action: e.action, by: e.loginname, detail: e.detail.length > 300 ? '' : e.detail })),
      check: findingsOf(await judge(bodyOf(p, gas, at, breakMinutes)), lang),
      jsas,
      form: editableStatuses.includes(p.status as PermitStatus) ? formOf(p) : null,
    };
  }

  /** What the edit form of a draft or rejected permit restores besides the item. */
  function formOf(p: PermitRow): PermitDetail['form'] {
    const b = JSON.parse(p.body) as NonNullable<PermitDetail['form']>;
    return { signers: b.signers ?? {}, ...(b.blinds ? { blinds: b.blinds } : {}), ...(b.line ? { line: b.line } : {}), ...(b.windForce !== undefined ? { windForce: b.windForce } : {}), ...(b.loadT !== undefined ? { loadT: b.loadT } : {}), ...(b.heightM !== undefined ? { heightM: b.heightM } : {}) };
  }

  /** Runs a change on one permit in a transaction, with its audit row, and publishes `permit.changed` after commit. */
  async function change<T>(actor: AuthUser | null, id: number, fn: (tx: Tx, p: PermitRow, calendar: PermitCalendar, emit: Emit) => Promise<T>): Promise<T> {
    // Reads outside the transaction first (scope, calendar): SQLite has one connection, held by the transaction.
    const before = await repo.permit(store.db, id);
    if (!before || (actor && !(await visible(actor, before)))) {
      throw notFound();
    }
    const calendar = await loadCalendar();
    const out = await transactThenPublish(store.db, deps.bus, async (tx, emit) => {
      const p = await repo.permitForUpdate(tx, id, postgres());
      if (!p) {
        throw notFound();
      }
      const result = await fn(tx, p, calendar, emit);
      emit('permit.changed', { id });
      return result;
    });
    const after = await repo.permit(store.db, id);
    if (after && after.status !== before.status) {
      syncRisk(after);
    }
    return out;
  }

  /** Suspends work in effect: by hand (a reason), by the guardian watch (`guardianLeft`) or by a gas alarm (`gasAlarm|<detector>`), the last two as the system. */
  async function suspend(actor: AuthUser | null, id: number, reason: string, lang: Lang, extra: Record<string, unknown> = {}): Promise<PermitDetail | null> {
    const at = now();
    const done = await change(actor, id, async (tx, p) => {
      if (p.status !== 'active') {
        if (!actor) {
          return false;
        }
        throw conflict('permits.notActive');
      }
      await repo.update(tx, p.id, { status: 'suspended', suspended_at: at, suspend_reason: reason });
      await audit(tx, actor ?? SYSTEM, 'permit.suspend', 'permit', p.id, { reason, at, ...extra });
      await openTodo(tx, { userid: p.guardian_id, kind: TODO_RESUME, ref: p.id, href: `${DETAIL_HREF}?id=${p.id}`, title: 'permits.todoResume', params: { number: p.number }, at });
      return true;
    });
    return actor && done ? detail(actor, id, lang) : null;
  }

  async function todoNext(tx: Tx, p: PermitRow, at: number) {
    const steps = await repo.steps(tx, [p.id]);
    const fresh = await repo.permit(tx, p.id);
    const next = currentStep(fresh!.status, steps);
    if (next) {
      await openTodo(tx, {
        userid: next.signer_id,
        kind: TODO_SIGN,
        ref: p.id,
        href: `${DETAIL_HREF}?id=${p.id}`,
        title: 'permits.todoSign',
        params: { number: p.number, step: renderMessage('zh', `permits.step.${next.code}`) },
        at,
      });
    }
  }

  /** Hot work and confined space may not take effect while a gas detector's H/HH alarm or an ESD trip lasts in or near their zone (409 naming the source). */
  function refuseWhileGasAlarm(p: PermitRow, moment: 'start' | 'resume') {
    const parents = deps.regions.parentOf();
    const facts = { ...placed(p), status: 'active' };
    const hit = (deps.gasAlarms?.() ?? []).find((a) => gasAlarmSuspends(facts, a, parents));
    if (hit) {
      const code = hit.esd ? (moment === 'start' ? 'permits.startEsdTrip' : 'permits.resumeEsdTrip') : moment === 'start' ? 'permits.startGasAlarm' : 'permits.resumeGasAlarm';
      throw conflict(code, ['gas'], { source: hit.source });
    }
  }

  /** The first violation of a judgement as a refusal naming its field. */
  function refuse(r: PermitCheckResult): never {
    const v = r.violations[0];
    throw badRequest(v.code, [v.field]);
  }

  const workerChecks: WorkerCheck[] = [];
  /** Refuses the first worker a check bars, naming the workers field and the worker. */
  async function refuseBarredWorkers(workers: readonly string[], type: PermitType, special: readonly { name: string; role: SpecialRole }[] = []): Promise<void> {
    for (const check of workerChecks) {
      const barred = (await check(workers, type, special, now()))[0];
      if (barred) {
        throw badRequest(barred.reason.code, ['workers'], { ...barred.reason.params, worker: barred.worker });
      }
    }
  }

  const lifecycle = createPermitLifecycle(store, deps, { change, detail, items, refuseBarredWorkers });

  return {
    ...lifecycle,

    /** Adds a check of the workers (another module's bar); applications and starts of permits run it. */
    addWorkerCheck(check: WorkerCheck): void {
      workerChecks.push(check);
    },

    async check(body: WorkingBillCheckInput, lang: Lang): Promise<WorkingBillCheckOutput> {
      return findingsOf(await judge(body), lang);
    },

    async list(user: AuthUser, input: z.output<typeof permitListInput>) {
      const scope = await deps.org.getUserScope(user.userid);
      const ids = input.mine ? await repo.waitingFor(store.db, user.userid) : undefined;
      const { rows, total } = await repo.list(store.db, {
        type: input.type,
        status: input.status,
        ids,
        regionIds: scope.all ? null : scope.regionids,
        draftsOf: user.userid,
        offset: (input.page - 1) * input.pageSize,
        limit: input.pageSize,
      });
      return { items: await items(rows), total };
    },

    /** Permits in effect or suspended, for the map. */
    async live(user: AuthUser | null, ids?: number[]): Promise<PermitItem[]> {
      const scope = user ? await deps.org.getUserScope(user.userid) : { all: true, regionids: [] };
      const { rows } = await repo.list(store.db, { statuses: ids ? undefined : ['active', 'suspended'], ids, regionIds: scope.all ? null : scope.regionids, offset: 0, limit: 1000 });
      return items(rows);
    },

    detail,

    async apply(user: AuthUser, raw: z.output<typeof permitApplyInput>, lang: Lang): Promise<PermitItem> {
      const at = now();
      // A saved draft or a rejected permit of the caller is applied in place (same number, its history kept).
      const existing = raw.id !== undefined ? await editablePermit(store, user, raw.id, 'apply') : null;
      const body: WorkingBillCheckInput = {
        type: raw.type,
        ...(raw.grade ? { grade: raw.grade } : {}),
        start: raw.start,
        end: raw.end,
        at,
        ...(raw.windForce !== undefined ? { windForce: raw.windForce } : {}),
        ...(raw.loadT !== undefined ? { loadT: raw.loadT } : {}),
        ...(raw.heightM !== undefined ? { heightM: raw.heightM } : {}),
        ...(raw.blinds ? { blinds: raw.blinds } : {}),
      };
      const judged = await judge(body);
      // Gas is analysed after the application, before the start: only the other rules refuse an application.
      const blocking = judged.violations.filter((v) => v.field !== 'gas');
      if (blocking.length > 0) {
        refuse({ ...judged, violations: blocking });
      }
      const conflicts = await conflictsOf({ id: null, number: '', type: raw.type, lng: raw.lng, lat: raw.lat, line: raw.line ?? null }, 'apply');
      const refused = conflicts.find((c) => c.severity === 'refuse');
      if (refused) {
        refuseConflict(refused);
      }
      const warnings = conflicts.map((c) => ({ code: c.code, field: c.field, message: renderMessage(lang, c.code, { number: c.otherNumber }) }));
      const signers: Signers = raw.signers;
      const wanted = stepsOf(raw.type);
      const signerOf = (code: PermitStepCode): number => (code === 'applicant' ? user.userid : signers[code]!);
      const known = await names(wanted.map(signerOf));
      for (const code of wanted) {
        if (!known.has(signerOf(code))) {
          throw badRequest('permits.unknownSigner', [`signers.${code}`]);
        }
      }
      await refuseBarredWorkers(raw.workers, raw.type, raw.specialWorkers ?? []);
      const { signature } = raw;
      return transactThenPublish(store.db, deps.bus, async (tx, emit) => {
        const columns = { ...formColumns(raw, judged.effectiveGrade ?? null), status: 'signing' };
        let id: number;
        let number: string;
        if (existing) {
          const p = await repo.permitForUpdate(tx, existing.id, postgres());
          if (!p || p.status !== existing.status) {
            throw conflict('permits.notEditable', ['id']);
          }
          ({ id, number } = p);
          await repo.deleteSteps(tx, id);
          await repo.update(tx, id, { ...columns, status_reason: null });
          await completeTodos(tx, { kind: TODO_EDIT, ref: id });
        } else {
          ({ id, number } = await repo.insertNumbered(tx, { ...columns, applicant_id: user.userid, created_at: at }, (newId) => numberOf(raw.type, at, newId)));
        }
        await repo.insertSteps(
          tx,
          wanted.map((code, seq) => ({
            permit_id: id,
            seq,
            code,
            signer_id: signerOf(code),
            signed_at: code === 'applicant' ? at : null,
            signature: code === 'applicant' ? signature : null,
            sign_pos: null,
            comment: null,
          })),
        );
        await audit(tx, user, 'permit.apply', 'permit', id, { number, type: raw.type, grade: raw.grade ?? null, effectiveGrade: judged.effectiveGrade ?? null, from: existing?.status ?? null });
        await todoNext(tx, (await repo.permit(tx, id))!, at);
        emit('permit.changed', { id });
        return id;
      }).then(async (id) => ({ ...(await items([(await repo.permit(store.db, id))!]))[0], ...(warnings.length > 0 ? { warnings } : {}) }));
    },

    async sign(user: AuthUser, input: z.output<typeof permitSignInput>, lang: Lang): Promise<PermitDetail> {
      const at = now();
      // Hazard identification of hot work is a completed JSA naming the permit; read before the transaction (SQLite's one connection).
      if (input.step === 'jsa' && deps.jsaCompleted) {
        const pre = await repo.permit(store.db, input.id);
        const cur = pre && pre.type === 'hot' ? currentStep(pre.status, await repo.steps(store.db, [pre.id])) : null;
        // The signer's own attempt only: anyone else is refused as not the current approver below.
        const jsaCurrent = cur?.code === 'jsa' && cur.signer_id === user.userid;
        if (pre && jsaCurrent && (await visible(user, pre)) && !(await deps.jsaCompleted(pre.number, 'hot'))) {
          throw badRequest('permits.jsaMissing', ['jsa']);
        }
      }
      await change(user, input.id, async (tx, p) => {
        const steps = await repo.steps(tx, [p.id]);
        const cur = currentStep(p.status, steps);
        if (!cur) {
          throw conflict('permits.notSigning', ['step']);
        }
        if (cur.code !== input.step) {
          throw conflict('permits.stepNotCurrent', ['step']);
        }
        // A signature is given by the signer on their own session, never on someone's behalf.
        if (cur.signer_id !== user.userid) {
          throw forbidden('permits.notCurrentApprover');
        }
        if (cur.code === 'gas' && (await repo.gas(tx, p.id)).length === 0) {
          throw badRequest('permits.noSampleYet', ['gas']);
        }
        const pos = p.guardian_tag && cur.code === 'guardian' ? deps.positions.last(p.guardian_tag) : undefined;
        const ok = await repo.signStep(tx, cur.id, { signed_at: at, signature: input.signature, sign_pos: pos ? JSON.stringify(pos) : null, comment: input.comment ?? null });
        if (!ok) {
          throw conflict('permits.stepNotCurrent', ['step']);
        }
        await completeTodos(tx, { kind: TODO_SIGN, ref: p.id, userid: user.userid });
        await audit(tx, user, 'permit.sign', 'permit', p.id, { step: cur.code, comment: input.comment ?? null, measures: input.measures ?? null, pos: pos ?? null });
        if (cur.code === 'acceptance') {
          await repo.update(tx, p.id, { status: 'closed' });
          await audit(tx, user, 'permit.close', 'permit', p.id, { number: p.number });
        } else if (!currentStep(p.status, await repo.steps(tx, [p.id]))) {
          await repo.update(tx, p.id, { status: 'approved' });
        }
        await todoNext(tx, p, at);
      });
      return detail(user, input.id, lang);
    },

    async addGas(user: AuthUser, input: z.output<typeof gasAddInput>, lang: Lang): Promise<PermitDetail> {
      if (input.reading === undefined && input.o2 === undefined) {
        throw badRequest('permits.gasSampleEmpty', ['reading']);
      }
      const t = input.t ?? now();
      await change(user, input.id, async (tx, p) => {
        if (p.status === 'closed' || p.status === 'cancelled' || p.status === 'completed') {
          throw conflict('permits.notSigning');
        }
        await repo.addGas(tx, {
          permit_id: p.id,
          t,
          lel: input.lel ?? null,
          reading: input.reading ?? null,
          unit: input.unit ?? null,
          o2: input.o2 ?? null,
          analyst_id: user.userid,
          analyst: user.username,
        });
        await audit(tx, user, 'permit.gas', 'permit', p.id, { t, lel: input.lel ?? null, reading: input.reading ?? null, unit: input.unit ?? null, o2: input.o2 ?? null });
      });
      return detail(user, input.id, lang);
    },

    /** Work starts once every step before it is signed and the rules pass now (gas sample age, validity). */
    async start(user: AuthUser, id: number, lang: Lang): Promise<PermitDetail> {
      const at = now();
      // Conflicts are read before the transaction (SQLite's one connection); a permit the caller cannot see is refused as not found below.
      const pre = await repo.permit(store.db, id);
      if (pre && pre.status === 'approved' && (await visible(user, pre))) {
        const refused = (await conflictsOf(factsOf(pre), 'start')).find((c) => c.severity === 'refuse');
        if (refused) {
          refuseConflict(refused);
        }
        refuseWhileGasAlarm(pre, 'start');
        // A contraindication found after the application still keeps the worker out.
        await refuseBarredWorkers(JSON.parse(pre.workers) as string[], pre.type as PermitType, specialWorkersOf(pre));
        const notLocked = (await deps.isolationSheets?.(pre.number))?.find((x) => x.status !== 4);
        if (notLocked) {
          throw conflict('permits.isolationNotInEffect', ['isolation'], { number: notLocked.number });
        }
      }
      await change(user, id, async (tx, p, calendar) => {
        if (p.status !== 'approved') {
          throw conflict('permits.notReadyToStart');
        }
        const steps = await repo.steps(tx, [p.id]);
        const starters = new Set([p.applicant_id, p.leader_id, p.guardian_id, ...steps.filter((s) => s.code === 'shiftCheck').map((s) => s.signer_id)]);
        if (!starters.has(user.userid)) {
          throw forbidden('permits.notParty');
        }
        // The sample must be at most 30 min before the work really starts: a late start is judged at its own moment.
        const body = bodyOf(p, await repo.gas(tx, p.id), at);
        const judged = judgeWith(calendar, { ...body, start: Math.max(body.start, at) });
        if (!judged.ok) {
          refuse(judged);
        }
        await repo.update(tx, p.id, { status: 'active', started_at: at });
        await audit(tx, user, 'permit.start', 'permit', p.id, { at });
      });
      return detail(user, id, lang);
    },

    suspend: (actor: AuthUser | null, id: number, reason: string, lang: Lang) => suspend(actor, id, reason, lang),

    /**
     * A gas detector's alarm or an emergency shutdown trip (issue 25 §5): hot
     * work and confined space in effect in or near its region are suspended at
     * once, as the system, with the source named in the reason and the alarm
     * in the audit row.
     * Returns the permits suspended.
     */
    async gasAlarm(alarm: GasAlarmFacts & { key: string; source: string }): Promise<number[]> {
      const { rows } = await repo.list(store.db, { statuses: ['active'], regionIds: null, offset: 0, limit: 5000 });
      const parents = deps.regions.parentOf();
      const hit = rows.filter((r) => gasAlarmSuspends(placed(r), alarm, parents));
      const done: number[] = [];
      for (const r of hit) {
        await suspend(null, r.id, `${alarm.esd ? 'esd' : 'gasAlarm'}|${alarm.source}`, 'zh', { alarm: alarm.key, alarmType: alarm.type, alarmRegion: alarm.regionId });
        done.push(r.id);
      }
      return done;
    },

    /** Reports every permit in effect to the four-colour map (server start: the risk module keeps no causes across a restart). */
    async reportInEffect(): Promise<number> {
      const { rows } = await repo.list(store.db, { statuses: ['active'], regionIds: null, offset: 0, limit: 5000 });
      rows.forEach((r) => syncRisk(r, r.started_at === null ? now() : Number(r.started_at)));
      return rows.length;
    },

    /** The guardian, back in the zone, signs the resumption; a break longer than the grade allows needs a fresh gas analysis. */
    async resume(user: AuthUser, id: number, signature: string, lang: Lang): Promise<PermitDetail> {
      const at = now();
      await change(user, id, async (tx, p, calendar) => {
        if (p.status !== 'suspended') {
          throw conflict('permits.notSuspended');
        }
        if (p.guardian_id !== user.userid) {
          throw forbidden('permits.onlyGuardianResumes');
        }
        if (p.guardian_tag) {
          const fix = deps.positions.last(p.guardian_tag);
          if (!fix || haversineDistance([fix.lon, fix.lat], [p.lng, p.lat]) > p.radius_m) {
            throw conflict('permits.guardianNotInZone', ['guardianTag']);
          }
        }
        refuseWhileGasAlarm(p, 'resume');
        const breakMinutes = p.suspended_at === null ? 0 : (at - Number(p.suspended_at)) / 60_000;
        const judged = judgeWith(calendar, bodyOf(p, await repo.gas(tx, p.id), at, breakMinutes));
        if (!judged.ok) {
          refuse(judged);
        }
        await repo.update(tx, p.id, { status: 'active', suspend_reason: null, suspended_at: null });
        await completeTodos(tx, { kind: TODO_RESUME, ref: p.id });
        await audit(tx, user, 'permit.resume', 'permit', p.id, { at, breakMinutes: Math.round(breakMinutes * 10) / 10, signature });
      });
      return detail(user, id, lang);
    },

    async complete(user: AuthUser, id: number, result: (typeof finishResults)[number], lang: Lang): Promise<PermitDetail> {
      const at = now();
      const completion = async (tx: Tx, p: PermitRow) => {
        if (p.status !== 'active' && p.status !== 'suspended') {
          throw conflict('permits.notActive');
        }
        if (user.userid !== p.leader_id && user.userid !== p.applicant_id) {
          throw forbidden('permits.notParty');
        }
        await repo.update(tx, p.id, { status: 'completed', finish_result: result });
        await completeTodos(tx, { kind: TODO_RESUME, ref: p.id });
        await audit(tx, user, 'permit.complete', 'permit', p.id, { result, at });
        await todoNext(tx, p, at);
      };
      const before = await repo.permit(store.db, id);
      if (!before || !(await visible(user, before))) {
        throw notFound();
      }
      // Another record's change may hold the completion (the blind register): one transaction for both.
      const within = deps.completeWithin
        ? await deps.completeWithin(user, before, result, async (tx) => {
            const p = await repo.permitForUpdate(tx, id, postgres());
            if (!p) {
              throw notFound();
            }
            await completion(tx, p);
          })
        : false;
      if (within) {
        deps.bus.publish('permit.changed', { id });
        const after = await repo.permit(store.db, id);
        if (after) {
          syncRisk(after);
        }
      } else {
        await change(user, id, (tx, p) => completion(tx, p));
      }
      return detail(user, id, lang);
    },

    signerOptions: () => repo.allUsers(store.db),

    /** The rules' findings on a stored permit now (the gas analysis search shows the same verdict as every transition). */
    async findingsNow(p: PermitRow, gas: PermitGasRow[]): Promise<{ code: string; field: string }[]> {
      const at = now();
      const breakMinutes = p.status === 'suspended' && p.suspended_at !== null ? (at - Number(p.suspended_at)) / 60_000 : undefined;
      return (await judge(bodyOf(p, gas, at, breakMinutes))).violations;
    },
  };
}

export type PermitsService = ReturnType<typeof createPermitsService>;
