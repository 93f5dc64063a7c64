import type { z } from 'zod';
import {
  deadlineState,
  hiddenDangerSeedStatus,
  hiddenDangerStatuses,
  mayTransition,
  type DeadlinePolicy,
  type HiddenDangerAction,
  type HiddenDangerRecord,
  type HiddenDangerStatus,
  defaultDeadlinePolicy,
} from '../../../shared/domain/hidden-danger.js';
import type {
  DeadlineItem,
  hiddenDangerAssignInput,
  hiddenDangerCriterionSave,
  MajorCriterionItem,
  hiddenDangerDeadlineList,
  hiddenDangerPlainInput,
  hiddenDangerReasonInput,
  hiddenDangerRectifyInput,
  hiddenDangerRegisterInput,
  hiddenDangerCleanupSummary,
  hiddenDangerStatistics,
} from '../../../shared/hidden-dangers/contracts.js';
import { summariseHiddenDangers, type SummaryFact } from '../../../shared/domain/hidden-danger-summary.js';
import { calendarOf } from '../../../shared/domain/plant-calendar.js';
import { loadPlantCalendar } from '../../common/plant-calendar.js';
import { hiddenDangerLedger } from '../../../shared/hidden-dangers/ledger.js';
import type { HiddenDangerMessageCode } from '../../../shared/hidden-dangers/messages.js';
import type { RecordItem } from '../../../shared/records/contracts.js';
import type { MessageCode } from '../../../shared/messages/catalog.js';
import { completeTodos, openTodo } from '../../common/todos.js';
import type { Lang } from '../../../shared/time.js';
import type { Cell } from '../../common/excel.js';
import type { AuthUser } from '../../http/app.js';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.js';
import { audit, type Actor } from '../../store/audit.js';
import { inTransaction, type Store, type Tx } from '../../store/db.js';
import type { OrgPort } from '../org/port.js';
import type { RecordsPort } from '../records/port.js';
import { createCriteriaRepository, type CriterionRow } from './hidden-dangers.repository.js';
import { majorReportRows } from './major-report.js';

type In<T extends z.ZodType> = z.output<T>;
type Out<C extends { output: z.ZodType }> = z.output<C['output']>;

const def = hiddenDangerLedger;
const TODO = 'hiddenDanger.step';
const DEADLINE_TODO = 'hiddenDanger.deadline';
const todoRef = (id: number) => `hd:${id}`;
/** The danger's page (to-dos, the zone page's cause link). */
export const dangerHref = (id: number) => `/SecurityRiskManagement/RectificationSearch?id=${id}`;
const href = dangerHref;

const statusOfCode = new Map<number, HiddenDangerStatus>(hiddenDangerStatuses.map((s) => [hiddenDangerSeedStatus[s], s]));
export const statusName = (code: number): HiddenDangerStatus => statusOfCode.get(code) ?? 'found';
const OPEN_WITH_DEADLINE: number[] = [hiddenDangerSeedStatus.assigned, hiddenDangerSeedStatus.rectified, hiddenDangerSeedStatus.verified];

const criterionItem = (r: CriterionRow): MajorCriterionItem => ({ no: r.no, zh: r.zh, en: r.en, enabled: r.enabled === 1, updated: r.updated_at, updatedBy: r.updated_by });

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
/** The danger's responsible department: its `dept` field (the ledger isolates by region only, so the record's own deptid is empty). */
const deptOf = (r: RecordItem): number | null => num(r.dept) ?? r.deptid ?? null;
/** What the board and the cleanup summary count of one danger. */
const factOf = (r: RecordItem): SummaryFact => ({
  status: statusName(r.status),
  grade: str(r.grade),
  deptid: deptOf(r),
  regionid: r.regionid,
  created: r.created,
  deadline: num(r.deadline),
  rectifiedAt: num(r.rectifiedAt),
  closedAt: num(r.closedAt),
  money: num(r.money),
});

/** The loop's view of a stored record. */
function loopRecord(r: RecordItem): HiddenDangerRecord {
  const grade = r.grade === 'general' || r.grade === 'major' ? r.grade : null;
  return {
    status: statusName(r.status),
    grade,
    criteria: Array.isArray(r.criteria) ? r.criteria.map(Number) : [],
    finderId: num(r.finder) ?? 0,
    responsibleId: num(r.responsible),
    rectifierId: num(r.rectifier),
  };
}

/** A refusal of the loop's rule as an HTTP error naming its field. */
function refused(v: { code: HiddenDangerMessageCode; field?: string; params?: Record<string, string | number> }): AppError {
  return v.code === 'hiddenDangers.notResponsible' || v.code === 'hiddenDangers.verifierIsRectifier'
    ? forbidden(v.code, v.params ?? {})
    : new AppError(v.code === 'hiddenDangers.notAllowedNow' ? 409 : 400, v.code, v.field ? [v.field] : [], v.params ?? {});
}

export interface ReportInput {
  title: string;
  category: string;
  source?: string;
  region: number;
  dept?: number | null;
  place?: string;
  lon?: number | null;
  lat?: number | null;
  photos?: number[];
  detail?: string;
  point?: string;
  /**
   * Items of the 2017 major-hazard criteria (安监总管三〔2017〕121号) the finding meets
   * by its nature (chemicals: incompatible substances stored together, item 20): such a
   * danger is 重大 by rule, so it is registered as such at once, not left to a grader.
   */
  criteria?: number[];
}

export interface HiddenDangersService {
  /** A danger reported from another module (an abnormal inspection reading): saved as the caller, the finder. */
  report(caller: AuthUser, input: ReportInput): Promise<RecordItem>;
  register(caller: AuthUser, input: In<typeof hiddenDangerRegisterInput>): Promise<RecordItem>;
  assign(caller: AuthUser, input: In<typeof hiddenDangerAssignInput>): Promise<RecordItem>;
  rectify(caller: AuthUser, input: In<typeof hiddenDangerRectifyInput>): Promise<RecordItem>;
  verify(caller: AuthUser, input: In<typeof hiddenDangerPlainInput>): Promise<RecordItem>;
  close(caller: AuthUser, input: In<typeof hiddenDangerPlainInput>): Promise<RecordItem>;
  sendBack(caller: AuthUser, input: In<typeof hiddenDangerReasonInput>): Promise<RecordItem>;
  void(caller: AuthUser, input: In<typeof hiddenDangerReasonInput>): Promise<RecordItem>;
  /** Opens the first to-dos of dangers created on the ledger page or imported (the finder's report waits for grading). */
  announce(ids: number[]): Promise<void>;
  /** The rows of the regulator's 重大 table: the caller's 重大 dangers found in [from, to), voided ones left out. */
  majorReport(caller: AuthUser, input: { from?: number; to?: number }, lang: Lang): Promise<Cell[][]>;
  /** The plant's 重大 criteria list (121 号 as seeded, with its edits). */
  criteria(): Promise<MajorCriterionItem[]>;
  /** Changes an item's wording or switches it off or on, audited in the same transaction. */
  saveCriterion(caller: AuthUser, input: In<(typeof hiddenDangerCriterionSave)['input']>): Promise<MajorCriterionItem>;
  deadlines(caller: AuthUser, input: In<(typeof hiddenDangerDeadlineList)['input']>): Promise<Out<typeof hiddenDangerDeadlineList>>;
  /** Reminds and escalates what is due at `at` (the server's clock when omitted); each reminder and level once. */
  checkDeadlines(actor: Actor, at?: number): Promise<{ reminded: number; escalated: number }>;
  statistics(caller: AuthUser, input: { from?: number; to?: number }): Promise<Out<typeof hiddenDangerStatistics>>;
  /** The caller's dangers (their regions), found in [from, to), as the facts the performance board counts. */
  facts(caller: AuthUser, input: { from?: number; to?: number }): Promise<DangerBoardFact[]>;
  /** TroubleCleanupSummary: the caller's regions' year, per plant-local quarter and for the year. */
  cleanupSummary(caller: AuthUser, input: { year: number }): Promise<Out<typeof hiddenDangerCleanupSummary>>;
}

/** What the performance board needs of one danger (`shared/domain/dual-prevention-performance.ts` counts them). */
export type DangerBoardFact = Omit<SummaryFact, 'rectifiedAt' | 'money'>;

export function createHiddenDangersService(
  store: Store,
  deps: { records: RecordsPort; org: OrgPort; now?: () => number; policy?: DeadlinePolicy },
): HiddenDangersService {
  const now = deps.now ?? Date.now;
  const policy = deps.policy ?? defaultDeadlinePolicy;

  /** Who is who, read before a transaction (SQLite has one connection: nothing outside the transaction may be read inside it). */
  interface Directory {
    regions: Map<number, { parent: number; responsibles: number[] }>;
    managers: number[];
    verifiers: number[];
    holders: { userid: number; deptid: number }[];
  }

  async function directory(): Promise<Directory> {
    const [{ regions }, holders, verifiers] = await Promise.all([
      deps.org.allDeptsAndRegions(),
      deps.org.holdersOf('hiddenDanger:manage'),
      deps.org.holdersOf('hiddenDanger:verify'),
    ]);
    return {
      regions: new Map(
        regions.map((r) => [r.regionid, { parent: r.regionparentid, responsibles: r.responsibles.filter((x) => x.role === 'hiddenDanger').flatMap((x) => x.userids) }]),
      ),
      managers: holders.map((u) => u.userid),
      verifiers: verifiers.map((u) => u.userid),
      holders,
    };
  }

  /** The dangers in the caller's regions, found in [from, to). */
  async function visible(caller: AuthUser, input: { from?: number; to?: number }): Promise<RecordItem[]> {
    const scope = await deps.org.getUserScope(caller.userid);
    return (await deps.records.allRecords(def)).filter(
      (r) =>
        (scope.all || (r.regionid !== null && scope.regionids.includes(r.regionid))) &&
        (input.from === undefined || r.created >= input.from) &&
        (input.to === undefined || r.created < input.to),
    );
  }

  /** The hidden-danger responsible people of the nearest region up the tree that names any. */
  function regionResponsibles(dir: Directory, regionid: number | null): number[] {
    for (let r = regionid === null ? undefined : dir.regions.get(regionid); r; r = dir.regions.get(r.parent)) {
      if (r.responsibles.length > 0) {
        return [...new Set(r.responsibles)];
      }
    }
    return [];
  }

  /** Who grades, assigns and closes: the region's hidden-danger responsible people, else everyone who may manage. */
  function managers(dir: Directory, regionid: number | null): number[] {
    const own = regionResponsibles(dir, regionid);
    return own.length > 0 ? own : dir.managers;
  }

  /** Whose turn it is once the record is in `status`. */
  function turnOf(dir: Directory, r: RecordItem, status: HiddenDangerStatus): { userids: number[]; title: MessageCode } {
    const rectifier = num(r.rectifier);
    switch (status) {
      case 'found':
        return { userids: managers(dir, r.regionid), title: 'hiddenDangers.todo.register' };
      case 'registered':
        return { userids: managers(dir, r.regionid), title: 'hiddenDangers.todo.assign' };
      case 'assigned': {
        const who = num(r.responsible);
        return { userids: who === null ? [] : [who], title: 'hiddenDangers.todo.rectify' };
      }
      case 'rectified': {
        const assigner = num(r.assigner);
        const verifiers = dir.verifiers.filter((u) => u !== rectifier);
        const userids = assigner !== null && assigner !== rectifier && verifiers.includes(assigner) ? [assigner] : verifiers;
        return { userids, title: 'hiddenDangers.todo.verify' };
      }
      case 'verified': {
        const assigner = num(r.assigner);
        return { userids: assigner !== null ? [assigner] : managers(dir, r.regionid), title: 'hiddenDangers.todo.close' };
      }
      case 'closed':
      case 'voided':
        return { userids: [], title: 'hiddenDangers.todo.close' };
    }
  }

  /** The step's to-dos: the previous turn's are done, the next person's open. */
  async function handOver(tx: Tx, dir: Directory, r: RecordItem) {
    await completeTodos(tx, { kind: TODO, ref: todoRef(r.id) });
    const status = statusName(r.status);
    if (status === 'closed' || status === 'voided' || status === 'verified') {
      await completeTodos(tx, { kind: DEADLINE_TODO, ref: todoRef(r.id) });
      await completeTodos(tx, { kind: `${DEADLINE_TODO}.1`, ref: todoRef(r.id) });
      await completeTodos(tx, { kind: `${DEADLINE_TODO}.2`, ref: todoRef(r.id) });
    }
    const turn = turnOf(dir, r, status);
    for (const userid of turn.userids) {
      await openTodo(tx, { userid, kind: TODO, ref: todoRef(r.id), href: href(r.id), title: turn.title, params: { title: r.title } });
    }
  }

  /** Runs one step of the loop through the record engine: the domain rule decides, the engine stores, audits and publishes. */
  async function act(
    caller: AuthUser,
    input: { id: number; version?: number; reason?: string | null },
    action: HiddenDangerAction,
    set: (current: RecordItem, to: HiddenDangerStatus, grade?: string) => Record<string, unknown> | Promise<Record<string, unknown>>,
    guard?: (current: RecordItem) => void,
  ): Promise<RecordItem> {
    const dir = await directory();
    return deps.records.step(
      caller,
      def,
      { id: input.id, version: input.version, action: action.type, reason: input.reason ?? undefined },
      async (current) => {
        guard?.(current);
        const verdict = mayTransition(loopRecord(current), action, { id: caller.userid }, now());
        if (!verdict.ok) {
          throw refused(verdict);
        }
        return {
          to: hiddenDangerSeedStatus[verdict.to],
          set: await set(current, verdict.to, verdict.grade),
          after: (tx, row) => handOver(tx, dir, row),
        };
      },
    );
  }

  const mayManage = (caller: AuthUser) => caller.roles.includes('admin') || caller.permissions.has('hiddenDanger:manage');
  const mayVerify = (caller: AuthUser) => caller.roles.includes('admin') || caller.permissions.has('hiddenDanger:verify');

  return {
    async report(caller, { criteria, ...input }) {
      const saved = await deps.records.save(caller, def, { source: 'inspection', ...input });
      const dir = await directory();
      // The finder is who reported it; set through a step so it is read-only, with the first to-dos.
      const reported = await deps.records.step(caller, def, { id: saved.id, action: 'report' }, async (current) => ({
        to: current.status,
        set: { finder: caller.userid },
        after: (tx, row) => handOver(tx, dir, row),
      }));
      if (!criteria?.length) {
        return reported;
      }
      return act(caller, { id: reported.id }, { type: 'register', grade: 'major', criteria }, (_c, _to, grade) => ({
        grade,
        criteria: criteria.map(String),
      }));
    },

    register: async (caller, input) => {
      // A grader cites the items of the plant's list in force (an automatic report, e.g. incompatible storage, cites its item whatever the list says).
      const inForce = (await createCriteriaRepository(store.db).all()).filter((c) => c.enabled === 1).map((c) => c.no);
      return act(caller, input, { type: 'register', grade: input.grade ?? null, criteria: input.criteria, inForce }, (_c, _to, grade) => ({
        grade,
        criteria: input.criteria.map(String),
      }));
    },

    assign: async (caller, input) => {
      const scope = input.responsibleId ? await deps.org.getUserScope(input.responsibleId) : null;
      return act(
        caller,
        input,
        {
          type: 'assign',
          responsibleId: input.responsibleId ?? null,
          deadline: input.deadline ?? null,
          measures: input.measures ?? null,
          money: input.money ?? null,
          majorPlan: input.majorPlan ?? null,
        },
        (current) => ({
          responsible: input.responsibleId,
          deadline: input.deadline,
          measures: input.measures,
          money: input.money,
          majorPlan: current.grade === 'major' ? JSON.stringify(input.majorPlan ?? {}) : '',
          assigner: caller.userid,
          rectifier: null,
          rectifyNote: null,
          afterPhotos: [],
        }),
        (current) => {
          if (scope && current.regionid !== null && !scope.all && !scope.regionids.includes(current.regionid)) {
            throw badRequest('hiddenDangers.responsibleOutsideRegion', ['responsibleId']);
          }
        },
      );
    },

    rectify: (caller, input) =>
      act(caller, input, { type: 'rectify', note: input.note ?? null }, () => ({
        rectifyNote: input.note,
        afterPhotos: input.afterPhotos,
        rectifier: caller.userid,
        rectifiedAt: now(),
      })),

    verify: (caller, input) => act(caller, input, { type: 'verify' }, () => ({ verifier: caller.userid, verifiedAt: now() })),

    close: (caller, input) => act(caller, input, { type: 'close' }, () => ({ closedAt: now() })),

    sendBack: (caller, input) =>
      act(
        caller,
        input,
        { type: 'sendBack', reason: input.reason ?? null },
        () => ({ lastReason: input.reason }),
        (current) => {
          // Sent back by the one whose turn it is: the responsible person refuses the assignment, an acceptor the work, a manager the rest.
          const status = statusName(current.status);
          const ok =
            mayManage(caller) ||
            (status === 'assigned' && num(current.responsible) === caller.userid) ||
            (status === 'rectified' && mayVerify(caller));
          if (!ok) {
            throw forbidden('hiddenDangers.noTurn');
          }
        },
      ),

    void: (caller, input) => act(caller, input, { type: 'void', reason: input.reason ?? null }, () => ({ lastReason: input.reason })),

    async announce(ids) {
      const fresh = (await deps.records.allRecords(def)).filter((r) => ids.includes(r.id) && statusName(r.status) === 'found');
      const dir = await directory();
      for (const r of fresh) {
        await inTransaction(store.db, (tx) => handOver(tx, dir, r));
      }
    },

    async majorReport(caller, input, lang) {
      const major = (await visible(caller, input)).filter((r) => r.grade === 'major' && statusName(r.status) !== 'voided');
      return majorReportRows(major, await deps.records.orgNames(), lang);
    },

    criteria: async () => (await createCriteriaRepository(store.db).all()).map(criterionItem),

    async saveCriterion(caller, input) {
      const row = await inTransaction(store.db, async (tx) => {
        const repo = createCriteriaRepository(tx);
        const before = await repo.get(input.no);
        if (!before) {
          throw notFound();
        }
        const next: CriterionRow = { no: input.no, zh: input.zh, en: input.en, enabled: input.enabled ? 1 : 0, updated_at: now(), updated_by: caller.loginname };
        await repo.update(next);
        await audit(tx, caller, 'hiddenDanger.criterion.save', 'hidden_danger_criterion', String(input.no), { before: criterionItem(before), after: criterionItem(next) });
        return next;
      });
      return criterionItem(row);
    },

    async deadlines(caller, input) {
      const t = now();
      const scope = await deps.org.getUserScope(caller.userid);
      const all = (await deps.records.allRecords(def)).filter(
        (r) => OPEN_WITH_DEADLINE.includes(r.status) && num(r.deadline) !== null && (scope.all || (r.regionid !== null && scope.regionids.includes(r.regionid))),
      );
      const levels = new Map(
        (await store.db.selectFrom('hidden_danger_deadline').select(['record_id', 'level', 'deadline']).execute()).map((x) => [x.record_id, x]),
      );
      const items: DeadlineItem[] = all
        .map((r) => {
          const deadline = num(r.deadline)!;
          const s = deadlineState(deadline, t, null, policy);
          const stored = levels.get(r.id);
          const level = stored && Number(stored.deadline) === deadline ? stored.level : 0;
          return {
            id: r.id,
            title: r.title,
            status: r.status,
            grade: str(r.grade) || null,
            regionid: r.regionid,
            responsible: num(r.responsible),
            deadline,
            // A level reached on a controlled clock counts as overdue too.
            state: s.state === 'overdue' || level > 0 ? 'overdue' : s.state === 'dueSoon' ? 'dueSoon' : 'onTime',
            level,
            escalatedTo: policy.escalations.slice(0, level).map((e) => e.to),
          } satisfies DeadlineItem;
        })
        .filter((x) => !input.state || x.state === input.state)
        .sort((a, b) => a.deadline - b.deadline);
      const start = (input.page - 1) * input.pageSize;
      return { items: items.slice(start, start + input.pageSize), total: items.length };
    },

    async checkDeadlines(actor, at) {
      const t = at ?? now();
      let reminded = 0;
      let escalated = 0;
      const open = (await deps.records.allRecords(def)).filter((r) => statusName(r.status) === 'assigned' && num(r.deadline) !== null);
      const dir = await directory();
      const holders = dir.holders;
      for (const r of open) {
        const deadline = num(r.deadline)!;
        const s = deadlineState(deadline, t, null, policy);
        if (s.state === 'onTime') {
          continue;
        }
        const targets: number[][] = [];
        for (const to of s.escalatedTo) {
          if (to === 'regionResponsible') {
            const own = regionResponsibles(dir, r.regionid);
            targets.push(own.length > 0 ? own : holders.map((h) => h.userid));
          } else {
            const heads = holders.filter((h) => deptOf(r) !== null && h.deptid === deptOf(r)).map((h) => h.userid);
            targets.push(heads.length > 0 ? heads : holders.map((h) => h.userid));
          }
        }
        await inTransaction(store.db, async (tx) => {
          const row = await tx.selectFrom('hidden_danger_deadline').selectAll().where('record_id', '=', r.id).executeTakeFirst();
          const fresh = !row || Number(row.deadline) !== deadline;
          const remindedAt = fresh ? null : row.reminded_at;
          const level = fresh ? 0 : row.level;
          let changed = false;
          const responsible = num(r.responsible);
          if (remindedAt === null && responsible !== null) {
            await openTodo(tx, { userid: responsible, kind: DEADLINE_TODO, ref: todoRef(r.id), href: href(r.id), title: 'hiddenDangers.todo.remind', params: { title: r.title }, at: t });
            await audit(tx, actor, 'hiddenDanger.remind', `record.${def.entity}`, r.id, { deadline, at: t });
            reminded++;
            changed = true;
          }
          for (let l = level; l < s.level; l++) {
            for (const userid of targets[l] ?? []) {
              await openTodo(tx, { userid, kind: `${DEADLINE_TODO}.${l + 1}`, ref: todoRef(r.id), href: href(r.id), title: 'hiddenDangers.todo.escalated', params: { title: r.title }, at: t });
            }
            await audit(tx, actor, 'hiddenDanger.escalate', `record.${def.entity}`, r.id, { level: l + 1, to: s.escalatedTo[l], userids: targets[l], deadline, at: t });
            escalated++;
            changed = true;
          }
          if (!changed) {
            return;
          }
          const values = { deadline, reminded_at: remindedAt ?? t, level: Math.max(level, s.level), updated_at: t };
          if (row) {
            await tx.updateTable('hidden_danger_deadline').set(values).where('record_id', '=', r.id).execute();
          } else {
            await tx.insertInto('hidden_danger_deadline').values({ record_id: r.id, ...values }).execute();
          }
        });
      }
      return { reminded, escalated };
    },

    async facts(caller, input) {
      return (await visible(caller, input)).map(factOf);
    },
    async cleanupSummary(caller, input) {
      const calendar = calendarOf(await loadPlantCalendar(store.db));
      // Every danger of the caller's regions: one found last year may be closed or overdue this year.
      const facts = (await visible(caller, {})).map(factOf);
      return { year: input.year, periods: summariseHiddenDangers(facts, input.year, calendar, now()) };
    },
    async statistics(caller, input) {
      const t = now();
      const rows = await visible(caller, input);
      const count = (key: (r: RecordItem) => string) => {
        const m = new Map<string, number>();
        rows.forEach((r) => m.set(key(r), (m.get(key(r)) ?? 0) + 1));
        return [...m.entries()].map(([k, c]) => ({ key: k, count: c })).sort((a, b) => b.count - a.count);
      };
      const closed = rows.filter((r) => statusName(r.status) === 'closed' && num(r.closedAt) !== null);
      const overdue = rows.filter((r) => statusName(r.status) === 'assigned' && num(r.deadline) !== null && num(r.deadline)! <= t);
      return {
        total: rows.length,
        closed: closed.length,
        overdue: overdue.length,
        meanDaysToClose: closed.length ? Math.round((closed.reduce((s, r) => s + (num(r.closedAt)! - r.created), 0) / closed.length / 86_400_000) * 10) / 10 : null,
        byCategory: count((r) => str(r.category)),
        byGrade: count((r) => str(r.grade)),
        byStatus: count((r) => statusName(r.status)),
        byRegion: count((r) => String(r.regionid ?? '')),
        byDept: count((r) => String(deptOf(r) ?? '')),
        bySource: count((r) => str(r.source)),
      };
    },
  };
}
