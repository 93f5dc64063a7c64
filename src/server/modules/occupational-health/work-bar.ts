import {
  contraindicationBlock,
  examResultCategoryCodes,
  examTypeCodes,
  type ExamFinding,
  type ExamResultCategory,
  type ExamType,
} from '../../../shared/domain/medical-surveillance.js';
import { examRecordLedger } from '../../../shared/occupational-health/ledger.js';
import { positioningObjectLedger } from '../../../shared/records/ledgers/positioning-object.js';
import { formatDate } from '../../../shared/time.js';
import type { WorkerCheck } from '../permits/port.js';
import type { RecordsPort } from '../records/port.js';

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const isExamType = (v: string): v is ExamType => (examTypeCodes as string[]).includes(v);
const isCategory = (v: string): v is ExamResultCategory => (examResultCategoryCodes as string[]).includes(v);

/**
 * The permits' check of their workers (DOMAIN.md §11, GBZ 188-2014): a worker
 * whose latest exam for the special work behind a permit type (the map of
 * `contraindicationBlock`) found an occupational contraindication is barred.
 * Workers are named as on the positioning roster; a worker's exams are those
 * of the roster people of that name, or recorded under that name.
 */
export function contraindicationCheck(records: Pick<RecordsPort, 'allRecords'>): WorkerCheck {
  return async (workers, type) => {
    const wanted = new Set(workers.map((w) => w.trim()));
    const exams = await records.allRecords(examRecordLedger);
    if (!exams.some((e) => str(e.result) === 'contraindication')) {
      return [];
    }
    const namesOf = new Map<number, string>();
    for (const p of await records.allRecords(positioningObjectLedger)) {
      if (wanted.has(str(p.name))) {
        namesOf.set(p.id, str(p.name));
      }
    }
    const findingsOf = new Map<string, ExamFinding[]>();
    for (const e of exams) {
      const worker = (typeof e.person === 'number' ? namesOf.get(e.person) : undefined) ?? (wanted.has(str(e.personName)) ? str(e.personName) : null);
      const examType = str(e.examType);
      const category = str(e.result);
      if (worker === null || typeof e.date !== 'number' || !isExamType(examType) || !isCategory(category)) {
        continue;
      }
      const date = formatDate(e.date, 'YYYY-MM-DD');
      const targets = Array.isArray(e.hazards) ? e.hazards.filter((h): h is string => typeof h === 'string') : [];
      const list = findingsOf.get(worker) ?? [];
      list.push(...targets.map((target) => ({ date, examType, category, target })));
      findingsOf.set(worker, list);
    }
    return workers.flatMap((worker, index) => {
      const block = contraindicationBlock(findingsOf.get(worker.trim()) ?? [], type);
      const reason = block.reasons[0];
      return reason ? [{ index, worker, reason: { code: 'health.contraindication.barsWorker' as const, params: reason.params ?? {} } }] : [];
    });
  };
}
