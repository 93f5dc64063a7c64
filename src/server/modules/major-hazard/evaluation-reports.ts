import type { EvaluationReportRow } from '../../../shared/major-hazard/archive-contracts.js';
import { reassessNoticeAt, reportStatus } from '../../../shared/domain/evaluation-report.js';
import { evaluationReportLedger } from '../../../shared/major-hazard/ledgers-evaluation.js';
import { dangerSourceLedger, dangerSourceResponsibleLedger } from '../../../shared/major-hazard/ledgers.js';
import type { RecordItem } from '../../../shared/records/contracts.js';
import { formatDate } from '../../../shared/time.js';
import { completeTodosExcept, openTodo, todoEverOpened } from '../../common/todos.js';
import type { AuthUser } from '../../http/app.js';
import { inTransaction, type Store } from '../../store/db.js';
import type { OrgPort } from '../org/port.js';
import type { RecordsPort } from '../records/port.js';

/*
 * Assessment reports of major hazard sources (issue 20 §2; the ledger is
 * `EvaluationReport`, the rules `shared/domain/evaluation-report.ts`). A
 * source's current report is its latest by report date; the others are
 * superseded. 30 days before the current report's re-assessment falls due
 * its source's principal responsible person (else technical, else
 * operational; else the report's author) gets a to-do leading to the ledger.
 * Once per report and due date: a to-do done is not opened again, a new due
 * date (a change recorded) opens a new one; kept in the store, so a restart
 * neither repeats nor forgets it. A superseded report's open to-do is done.
 */

export const REASSESS_TODO = 'majorHazard.reassessmentDue';
const HREF = '/dangerSourceManagement/evaluationReport';
const todoRef = (id: number, dueAt: number) => `mhe:${id}:${dueAt}`;
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const TIER_ORDER = ['main', 'technical', 'operation'];

export interface EvaluationReports {
  /** The reports of one source the caller may see, newest first, with their status. */
  ofSource(caller: AuthUser, sourceId: number): Promise<EvaluationReportRow[]>;
  /** Opens the re-assessment to-dos that came due; answers how many were opened. */
  sweep(at?: number): Promise<number>;
}

/** Each source's current report: the latest by report date (then by id). */
function currentOf(reports: readonly RecordItem[]): Map<number, RecordItem> {
  const out = new Map<number, RecordItem>();
  for (const r of reports) {
    const source = num(r.source);
    const date = num(r.reportDate);
    if (source === null || date === null) {
      continue;
    }
    const before = out.get(source);
    if (!before || date > num(before.reportDate)! || (date === num(before.reportDate) && r.id > before.id)) {
      out.set(source, r);
    }
  }
  return out;
}

function rowOf(r: RecordItem, current: boolean, at: number): EvaluationReportRow {
  const s = reportStatus({ reportDate: num(r.reportDate) ?? 0, changeDate: num(r.changeDate), filedDate: num(r.filedDate), now: at });
  return {
    id: r.id,
    reportNo: text(r.reportNo),
    organisation: text(r.organisation),
    reportDate: num(r.reportDate) ?? 0,
    conclusionLevel: text(r.conclusionLevel),
    filedDate: num(r.filedDate),
    changeDate: num(r.changeDate),
    dueAt: s.dueAt,
    daysLeft: s.daysLeft,
    reassess: s.reassess,
    filing: s.filing,
    fileBy: s.fileBy,
    current,
  };
}

export function createEvaluationReports(deps: {
  store: Store;
  records: Pick<RecordsPort, 'allRecords' | 'list'>;
  org: Pick<OrgPort, 'useridOf'>;
  now?: () => number;
}): EvaluationReports {
  const now = deps.now ?? Date.now;
  const db = deps.store.db;

  async function recipient(report: RecordItem, responsible: readonly RecordItem[]): Promise<number | null> {
    const source = num(report.source);
    const people = responsible
      .filter((p) => num(p.source) === source && num(p.person) !== null)
      .sort((a, b) => TIER_ORDER.indexOf(text(a.role)) - TIER_ORDER.indexOf(text(b.role)));
    return people.length ? num(people[0].person) : deps.org.useridOf(report.createdBy);
  }

  return {
    async ofSource(caller, sourceId) {
      const at = now();
      const all = { page: 1, pageSize: 1000, keyword: '', filters: {} };
      const mine = (await deps.records.list(caller, evaluationReportLedger, all)).items.filter((r) => num(r.source) === sourceId);
      // "Current" is decided among every report of the source, seen or not.
      const current = currentOf(await deps.records.allRecords(evaluationReportLedger)).get(sourceId);
      return mine.map((r) => rowOf(r, r.id === current?.id, at)).sort((a, b) => b.reportDate - a.reportDate || b.id - a.id);
    },

    async sweep(at = now()) {
      const [reports, sources, responsible] = await Promise.all([
        deps.records.allRecords(evaluationReportLedger),
        deps.records.allRecords(dangerSourceLedger),
        deps.records.allRecords(dangerSourceResponsibleLedger),
      ]);
      const names = new Map(sources.map((s) => [s.id, text(s.name)]));
      const due: { report: RecordItem; dueAt: number; userid: number }[] = [];
      const refs = new Set<string>();
      for (const r of currentOf(reports).values()) {
        const { dueAt } = reportStatus({ reportDate: num(r.reportDate)!, changeDate: num(r.changeDate), filedDate: num(r.filedDate), now: at });
        refs.add(todoRef(r.id, dueAt));
        if (at < reassessNoticeAt(dueAt)) {
          continue;
        }
        const userid = await recipient(r, responsible);
        if (userid !== null) {
          due.push({ report: r, dueAt, userid });
        }
      }
      return inTransaction(db, async (tx) => {
        // The to-do of a report superseded (or of a due date moved by a change) is done: a newer one stands for it.
        await completeTodosExcept(tx, REASSESS_TODO, refs);
        let opened = 0;
        for (const { report, dueAt, userid } of due) {
          const ref = todoRef(report.id, dueAt);
          // Once per report and due date, whatever became of it (done or dismissed): never opened twice.
          if (await todoEverOpened(tx, REASSESS_TODO, ref)) {
            continue;
          }
          const source = num(report.source) ?? 0;
          await openTodo(tx, {
            userid,
            kind: REASSESS_TODO,
            ref,
            href: HREF,
            title: 'majorHazard.todo.reassessmentDue',
            params: { source: names.get(source) ?? `#${source}`, due: formatDate(dueAt, 'YYYY-MM-DD'), report: text(report.reportNo) },
            at,
          });
          opened++;
        }
        return opened;
      });
    },
  };
}
