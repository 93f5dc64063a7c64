import type { ChemicalMessageCode } from '../../../shared/chemicals/messages.js';
import {
  defaultCompatibilityMatrix,
  isCompatibilityMark,
  type CompatibilityMark,
  type CompatibilityMatrix,
} from '../../../shared/domain/storage-compatibility.js';
import { isStorageClass, storageClassCodes, type StorageClass } from '../../../shared/domain/storage-classes.js';
import type { Db, Tx } from '../../store/db.js';

/*
 * The taboo storage matrix as plant data (TabooStorageRules, issue 26 §1):
 * the seed table of GB 15603 Annex A (`defaultCompatibilityMatrix`) with the
 * plant's edits over it, one row per edited pair of classes (in code order).
 * Every stock-in and the TabooCheck call read the effective matrix.
 */

const plantReason: Record<CompatibilityMark, ChemicalMessageCode> = {
  share: 'chemicals.reason.plantShare',
  separate: 'chemicals.reason.plantSeparate',
  forbid: 'chemicals.reason.plantForbid',
};

/** The pair in code order, the key of a stored edit. */
export function pairKey(a: StorageClass, b: StorageClass): [StorageClass, StorageClass] {
  return storageClassCodes.indexOf(a) <= storageClassCodes.indexOf(b) ? [a, b] : [b, a];
}

export interface MatrixEdit {
  a: StorageClass;
  b: StorageClass;
  mark: CompatibilityMark;
}

export async function loadEdits(db: Db | Tx): Promise<MatrixEdit[]> {
  const rows = await db.selectFrom('chemical_taboo_rule').select(['class_a', 'class_b', 'mark']).execute();
  return rows.flatMap((r) => (isStorageClass(r.class_a) && isStorageClass(r.class_b) && isCompatibilityMark(r.mark) ? [{ a: r.class_a, b: r.class_b, mark: r.mark }] : []));
}

/** The default matrix with the edits over it (both directions of each pair). */
export function applyEdits(edits: readonly MatrixEdit[]): CompatibilityMatrix {
  const m = Object.fromEntries(storageClassCodes.map((a) => [a, { ...defaultCompatibilityMatrix[a] }])) as CompatibilityMatrix;
  for (const e of edits) {
    const cell = { mark: e.mark, reason: plantReason[e.mark] };
    m[e.a][e.b] = cell;
    m[e.b][e.a] = cell;
  }
  return m;
}

export async function effectiveMatrix(db: Db | Tx): Promise<{ matrix: CompatibilityMatrix; edited: Set<string> }> {
  const edits = await loadEdits(db);
  return { matrix: applyEdits(edits), edited: new Set(edits.map((e) => `${e.a}/${e.b}`)) };
}

/** Writes the marks (`default`: the seed table's mark back, the edit removed); answers how many pairs changed. */
export async function writeEdits(
  tx: Tx,
  cells: readonly { a: StorageClass; b: StorageClass; mark: CompatibilityMark | 'default' }[],
  by: string,
  at: number,
): Promise<number> {
  const current = new Map((await loadEdits(tx)).map((e) => [`${e.a}/${e.b}`, e.mark]));
  let changed = 0;
  for (const c of cells) {
    const [a, b] = pairKey(c.a, c.b);
    const key = `${a}/${b}`;
    const before = current.get(key) ?? defaultCompatibilityMatrix[a][b].mark;
    await tx.deleteFrom('chemical_taboo_rule').where('class_a', '=', a).where('class_b', '=', b).execute();
    const mark = c.mark === 'default' || c.mark === defaultCompatibilityMatrix[a][b].mark ? null : c.mark;
    if (mark) {
      await tx.insertInto('chemical_taboo_rule').values({ class_a: a, class_b: b, mark, loginname: by, at }).execute();
    }
    current.set(key, mark ?? defaultCompatibilityMatrix[a][b].mark);
    if ((mark ?? defaultCompatibilityMatrix[a][b].mark) !== before) {
      changed++;
    }
  }
  return changed;
}
