/**
 * Storage compatibility of hazardous chemicals (DOMAIN.md §10): which storage
 * classes may share a store, after the 化学危险品混存性能互抵表 of
 * GB 15603-1995 常用化学危险品贮存通则, Annex A.
 *
 * The table marks each pair of classes ○ (may be stored together), × (must
 * not), 分 (same store, separate areas by class) or 消 (not incompatible but
 * fought with different extinguishing methods: store apart where possible).
 * Here ○ is `share`, × is `forbid`, 分 and 消 are `separate`
 * (隔离/分离储存: a warning, not a refusal).
 *
 * Where our classes merge sub-classes of the table (its four kinds of
 * explosives, two grades of pyrophoric, water-reactive, flammable liquids and
 * solids), a merged cell takes the strictest mark of its sub-cells that lie
 * between two different classes; within one merged class a × between its
 * grades becomes `separate`, so one substance never refuses another of its
 * own class. Cells the secondary copy we read did not show (flammable solids,
 * toxics and corrosives against the rest) follow the table's pattern and the
 * stated reasons; each cell names its reason, so a plant reviewing the matrix
 * sees why.
 *
 * The matrix is data a plant may edit (`validateCompatibilityMatrix` checks an
 * edited one); substance rules keyed on CAS pairs override it for pairs the
 * class view gets wrong or too mildly (chlorine with ammonia, cyanide with acid).
 */
import type { ChemicalMessageCode } from '../chemicals/messages.js';
import { chemicalMessages } from '../chemicals/messages.js';
import type { FieldIssue, Message } from '../messages/catalog.js';
import { isStorageClass, storageClassCodes, type StorageClass } from './storage-classes.js';

export const compatibilityMarks = ['share', 'separate', 'forbid'] as const;
export type CompatibilityMark = (typeof compatibilityMarks)[number];

const markRank: Record<CompatibilityMark, number> = { share: 0, separate: 1, forbid: 2 };

export function isCompatibilityMark(v: unknown): v is CompatibilityMark {
  return typeof v === 'string' && (compatibilityMarks as readonly string[]).includes(v);
}

/** One cell of the matrix: the mark and why (a message code of `chemicalMessages`). */
export interface MatrixCell {
  mark: CompatibilityMark;
  reason: ChemicalMessageCode;
}

/** The full square: `matrix[a][b]`, equal to `matrix[b][a]`. */
export type CompatibilityMatrix = Record<StorageClass, Record<StorageClass, MatrixCell>>;

/** Shorthands of the table below; each stands for one mark with one reason. */
const cells = {
  SAME: { mark: 'share', reason: 'chemicals.reason.sameClass' },
  OK: { mark: 'share', reason: 'chemicals.reason.compatible' },
  Z: { mark: 'separate', reason: 'chemicals.reason.zoned' },
  FF: { mark: 'separate', reason: 'chemicals.reason.fireFighting' },
  EX: { mark: 'forbid', reason: 'chemicals.reason.explosive' },
  EXK: { mark: 'separate', reason: 'chemicals.reason.explosiveKinds' },
  PY: { mark: 'forbid', reason: 'chemicals.reason.pyrophoric' },
  PYG: { mark: 'separate', reason: 'chemicals.reason.pyrophoricGrades' },
  WR: { mark: 'forbid', reason: 'chemicals.reason.waterReactive' },
  WRG: { mark: 'separate', reason: 'chemicals.reason.waterReactiveGrades' },
  OXF: { mark: 'forbid', reason: 'chemicals.reason.oxidizerFlammable' },
  OXIO: { mark: 'forbid', reason: 'chemicals.reason.oxidizerInorganicOrganic' },
  OXG: { mark: 'separate', reason: 'chemicals.reason.oxidizerSameGrade' },
  OXT: { mark: 'forbid', reason: 'chemicals.reason.oxidizerToxic' },
  OXA: { mark: 'forbid', reason: 'chemicals.reason.oxidizerAcid' },
  TG: { mark: 'forbid', reason: 'chemicals.reason.toxicGas' },
  GAS: { mark: 'forbid', reason: 'chemicals.reason.compressedGas' },
  PER: { mark: 'forbid', reason: 'chemicals.reason.organicPeroxide' },
  PERZ: { mark: 'separate', reason: 'chemicals.reason.organicPeroxideZone' },
  AA: { mark: 'forbid', reason: 'chemicals.reason.acidAlkali' },
} as const satisfies Record<string, MatrixCell>;

type CellKey = keyof typeof cells;

/**
 * The lower triangle, as the standard prints it: each class against itself and
 * every class before it. `buildCompatibilityMatrix` mirrors it into the square.
 */
const lowerTriangle: { [A in StorageClass]: Partial<Record<StorageClass, CellKey>> } = {
  // Table rows 点火器材 … 其他爆炸品: ○ among igniters, × between detonators and charges.
  explosive: { explosive: 'EXK' },
  // 易燃气体: × with explosives and all oxidisers; × with 剧毒 gases.
  'gas-flammable': { explosive: 'EX', 'gas-flammable': 'SAME' },
  // 助燃气体: × with flammable gas; 剧毒 gas ○ in the table, but DOMAIN §10 keeps toxic gases from oxidisers: separate.
  'gas-oxidizing': { explosive: 'EX', 'gas-flammable': 'OXF', 'gas-oxidizing': 'SAME' },
  'gas-toxic': { explosive: 'EX', 'gas-flammable': 'TG', 'gas-oxidizing': 'Z', 'gas-toxic': 'SAME' },
  // 不燃气体: ○ with the other gases.
  'gas-inert': { explosive: 'EX', 'gas-flammable': 'OK', 'gas-oxidizing': 'OK', 'gas-toxic': 'OK', 'gas-inert': 'SAME' },
  // 自燃物品: × with everything before it; 一级 × 二级.
  pyrophoric: { explosive: 'EX', 'gas-flammable': 'PY', 'gas-oxidizing': 'PY', 'gas-toxic': 'PY', 'gas-inert': 'PY', pyrophoric: 'PYG' },
  // 遇湿易燃物品: 一级 × with everything before it (二级 消 with some; the merged class takes ×).
  'water-reactive': {
    explosive: 'EX',
    'gas-flammable': 'WR',
    'gas-oxidizing': 'WR',
    'gas-toxic': 'WR',
    'gas-inert': 'WR',
    pyrophoric: 'WR',
    'water-reactive': 'WRG',
  },
  // 易燃液体: × with explosives, oxidisers, every gas, pyrophoric, water-reactive; 一级 ○ 二级.
  'flammable-liquid': {
    explosive: 'EX',
    'gas-flammable': 'GAS',
    'gas-oxidizing': 'OXF',
    'gas-toxic': 'GAS',
    'gas-inert': 'GAS',
    pyrophoric: 'PY',
    'water-reactive': 'WR',
    'flammable-liquid': 'SAME',
  },
  'flammable-solid': {
    explosive: 'EX',
    'gas-flammable': 'GAS',
    'gas-oxidizing': 'OXF',
    'gas-toxic': 'GAS',
    'gas-inert': 'GAS',
    pyrophoric: 'PY',
    'water-reactive': 'WR',
    'flammable-liquid': 'FF',
    'flammable-solid': 'SAME',
  },
  // 一级无机氧化剂: × with explosives and every gas but 不燃 (分); ① against itself.
  'oxidizer-inorganic-1': {
    explosive: 'EX',
    'gas-flammable': 'OXF',
    'gas-oxidizing': 'GAS',
    'gas-toxic': 'TG',
    'gas-inert': 'Z',
    pyrophoric: 'PY',
    'water-reactive': 'WR',
    'flammable-liquid': 'OXF',
    'flammable-solid': 'OXF',
    'oxidizer-inorganic-1': 'OXG',
  },
  // 二级无机氧化剂: ○ with 一级无机, 分 with 助燃 and 不燃 gases, ② against itself.
  'oxidizer-inorganic-2': {
    explosive: 'EX',
    'gas-flammable': 'OXF',
    'gas-oxidizing': 'Z',
    'gas-toxic': 'TG',
    'gas-inert': 'Z',
    pyrophoric: 'PY',
    'water-reactive': 'WR',
    'flammable-liquid': 'OXF',
    'flammable-solid': 'OXF',
    'oxidizer-inorganic-1': 'OK',
    'oxidizer-inorganic-2': 'OXG',
  },
  // 一级有机氧化剂: × with inorganic oxidisers, 消 with 不燃 gases.
  'oxidizer-organic-1': {
    explosive: 'EX',
    'gas-flammable': 'OXF',
    'gas-oxidizing': 'GAS',
    'gas-toxic': 'TG',
    'gas-inert': 'FF',
    pyrophoric: 'PY',
    'water-reactive': 'WR',
    'flammable-liquid': 'OXF',
    'flammable-solid': 'OXF',
    'oxidizer-inorganic-1': 'OXIO',
    'oxidizer-inorganic-2': 'OXIO',
    'oxidizer-organic-1': 'SAME',
  },
  // 二级有机氧化剂: ○ with 一级有机, × with inorganic, 分 with 不燃 gases.
  'oxidizer-organic-2': {
    explosive: 'EX',
    'gas-flammable': 'OXF',
    'gas-oxidizing': 'GAS',
    'gas-toxic': 'TG',
    'gas-inert': 'Z',
    pyrophoric: 'PY',
    'water-reactive': 'WR',
    'flammable-liquid': 'OXF',
    'flammable-solid': 'OXF',
    'oxidizer-inorganic-1': 'OXIO',
    'oxidizer-inorganic-2': 'OXIO',
    'oxidizer-organic-1': 'OK',
    'oxidizer-organic-2': 'SAME',
  },
  // The 1995 table counts organic peroxides among 一级有机氧化剂; kept apart from them in a store because they are the less stable.
  'organic-peroxide': {
    explosive: 'EX',
    'gas-flammable': 'OXF',
    'gas-oxidizing': 'GAS',
    'gas-toxic': 'TG',
    'gas-inert': 'FF',
    pyrophoric: 'PY',
    'water-reactive': 'WR',
    'flammable-liquid': 'OXF',
    'flammable-solid': 'OXF',
    'oxidizer-inorganic-1': 'PER',
    'oxidizer-inorganic-2': 'PER',
    'oxidizer-organic-1': 'PERZ',
    'oxidizer-organic-2': 'PERZ',
    'organic-peroxide': 'SAME',
  },
  toxic: {
    explosive: 'EX',
    'gas-flammable': 'Z',
    'gas-oxidizing': 'Z',
    'gas-toxic': 'Z',
    'gas-inert': 'Z',
    pyrophoric: 'PY',
    'water-reactive': 'WR',
    'flammable-liquid': 'Z',
    'flammable-solid': 'Z',
    'oxidizer-inorganic-1': 'OXT',
    'oxidizer-inorganic-2': 'OXT',
    'oxidizer-organic-1': 'OXT',
    'oxidizer-organic-2': 'OXT',
    'organic-peroxide': 'PER',
    toxic: 'SAME',
  },
  'corrosive-acid': {
    explosive: 'EX',
    'gas-flammable': 'Z',
    'gas-oxidizing': 'Z',
    'gas-toxic': 'Z',
    'gas-inert': 'Z',
    pyrophoric: 'PY',
    'water-reactive': 'WR',
    'flammable-liquid': 'Z',
    'flammable-solid': 'Z',
    'oxidizer-inorganic-1': 'OXA',
    'oxidizer-inorganic-2': 'OXA',
    'oxidizer-organic-1': 'OXA',
    'oxidizer-organic-2': 'OXA',
    'organic-peroxide': 'PER',
    toxic: 'Z',
    'corrosive-acid': 'SAME',
  },
  'corrosive-alkaline': {
    explosive: 'EX',
    'gas-flammable': 'Z',
    'gas-oxidizing': 'Z',
    'gas-toxic': 'Z',
    'gas-inert': 'Z',
    pyrophoric: 'PY',
    'water-reactive': 'WR',
    'flammable-liquid': 'Z',
    'flammable-solid': 'Z',
    'oxidizer-inorganic-1': 'Z',
    'oxidizer-inorganic-2': 'Z',
    'oxidizer-organic-1': 'Z',
    'oxidizer-organic-2': 'Z',
    'organic-peroxide': 'PER',
    toxic: 'Z',
    'corrosive-acid': 'AA',
    'corrosive-alkaline': 'SAME',
  },
};

/** The square matrix from a lower triangle; a pair given in neither direction is left out (the validator reports it). */
export function buildCompatibilityMatrix(
  triangle: Partial<Record<StorageClass, Partial<Record<StorageClass, MatrixCell>>>>,
): CompatibilityMatrix {
  const square = Object.fromEntries(storageClassCodes.map((c) => [c, {}])) as Record<
    StorageClass,
    Partial<Record<StorageClass, MatrixCell>>
  >;
  for (const a of storageClassCodes) {
    for (const b of storageClassCodes) {
      const cell = triangle[a]?.[b] ?? triangle[b]?.[a];
      if (cell) {
        square[a][b] = { ...cell };
      }
    }
  }
  return square as CompatibilityMatrix;
}

/** The default matrix (GB 15603-1995 Annex A, DOMAIN.md §10). A plant's edited copy replaces it. */
export const defaultCompatibilityMatrix: CompatibilityMatrix = buildCompatibilityMatrix(
  Object.fromEntries(
    Object.entries(lowerTriangle).map(([a, row]) => [a, Object.fromEntries(Object.entries(row).map(([b, key]) => [b, cells[key]]))]),
  ),
);

/** A rule for one pair of substances by CAS number; it replaces the class matrix for that pair. */
export interface SubstanceRule {
  id: string;
  cas: readonly [string, string];
  mark: CompatibilityMark;
  reason: ChemicalMessageCode;
}

const CHLORINE = '7782-50-5';
const AMMONIA = '7664-41-7';
const AMMONIA_SOLUTION = '1336-21-6';
const SODIUM_CYANIDE = '143-33-9';
const POTASSIUM_CYANIDE = '151-50-8';
const HYDROCHLORIC_ACID = '7647-01-0';
const SULFURIC_ACID = '7664-93-9';
const SODIUM_HYPOCHLORITE = '7681-52-9';

/**
 * Pairs the class matrix does not refuse on its own, or refuses for a reason
 * that hides the real one. Chlorine with ammonia is the table's own footnote
 * (剧毒气体: 液氨和液氯有抵触); the class matrix already refuses it through
 * oxidising against flammable gas, the rule names the reaction.
 */
export const defaultSubstanceRules: readonly SubstanceRule[] = [
  { id: 'cas:chlorine-ammonia', cas: [CHLORINE, AMMONIA], mark: 'forbid', reason: 'chemicals.reason.chlorineAmmonia' },
  { id: 'cas:chlorine-ammonia-solution', cas: [CHLORINE, AMMONIA_SOLUTION], mark: 'forbid', reason: 'chemicals.reason.chlorineAmmonia' },
  // Toxic against acidic corrosive is only "separate" by class; a cyanide with an acid gives HCN.
  {
    id: 'cas:sodium-cyanide-hydrochloric-acid',
    cas: [SODIUM_CYANIDE, HYDROCHLORIC_ACID],
    mark: 'forbid',
    reason: 'chemicals.reason.cyanideAcid',
  },
  { id: 'cas:sodium-cyanide-sulfuric-acid', cas: [SODIUM_CYANIDE, SULFURIC_ACID], mark: 'forbid', reason: 'chemicals.reason.cyanideAcid' },
  {
    id: 'cas:potassium-cyanide-hydrochloric-acid',
    cas: [POTASSIUM_CYANIDE, HYDROCHLORIC_ACID],
    mark: 'forbid',
    reason: 'chemicals.reason.cyanideAcid',
  },
  {
    id: 'cas:potassium-cyanide-sulfuric-acid',
    cas: [POTASSIUM_CYANIDE, SULFURIC_ACID],
    mark: 'forbid',
    reason: 'chemicals.reason.cyanideAcid',
  },
  // Sodium hypochlorite solution is an alkaline corrosive; with acid it gives chlorine, with ammonia chloramines.
  {
    id: 'cas:hypochlorite-hydrochloric-acid',
    cas: [SODIUM_HYPOCHLORITE, HYDROCHLORIC_ACID],
    mark: 'forbid',
    reason: 'chemicals.reason.hypochloriteAcid',
  },
  {
    id: 'cas:hypochlorite-sulfuric-acid',
    cas: [SODIUM_HYPOCHLORITE, SULFURIC_ACID],
    mark: 'forbid',
    reason: 'chemicals.reason.hypochloriteAcid',
  },
  { id: 'cas:hypochlorite-ammonia', cas: [SODIUM_HYPOCHLORITE, AMMONIA], mark: 'forbid', reason: 'chemicals.reason.hypochloriteAmmonia' },
  {
    id: 'cas:hypochlorite-ammonia-solution',
    cas: [SODIUM_HYPOCHLORITE, AMMONIA_SOLUTION],
    mark: 'forbid',
    reason: 'chemicals.reason.hypochloriteAmmonia',
  },
];

/** A substance as the check needs it: looked up in the chemical catalogue by the caller. */
export interface TabooSubstance {
  key: string;
  name: string;
  nameEn?: string;
  cas?: string | null;
  /** Storage classes of the substance; unknown codes are ignored. */
  storageClasses: readonly string[];
}

/** How a substance appears in a result (its classes left out). */
export interface TabooSubstanceRef {
  key: string;
  name: string;
  nameEn?: string;
  cas?: string;
}

export interface TabooRule {
  /** `matrix:<classA>/<classB>` (classes in code order) or the substance rule's id. */
  id: string;
  mark: CompatibilityMark;
  /** The classes of a and b that gave the mark; null for a substance rule. */
  classA: StorageClass | null;
  classB: StorageClass | null;
  reason: Message;
}

export interface TabooConflict {
  a: TabooSubstanceRef;
  b: TabooSubstanceRef;
  rule: TabooRule;
}

/**
 * The outcome of a set of substances meant for one store.
 * - `allowed`: no pair is `forbid`.
 * - `conflicts`: every `forbid` pair (refusals).
 * - `warnings`: every `separate` pair (may share the store, in separate areas).
 * - `unclassified`: substances without a known storage class and with no
 *   substance rule covering them, which the check could not judge.
 * One entry per pair of substances: the strictest class pair decides, the first
 * such in the substances' own class order.
 */
export interface TabooCheckResult {
  allowed: boolean;
  conflicts: TabooConflict[];
  warnings: TabooConflict[];
  unclassified: TabooSubstanceRef[];
}

const normaliseCas = (cas: string | null | undefined): string => (cas ?? '').trim();

function refOf(s: TabooSubstance): TabooSubstanceRef {
  const ref: TabooSubstanceRef = { key: s.key, name: s.name };
  if (s.nameEn) {
    ref.nameEn = s.nameEn;
  }
  const cas = normaliseCas(s.cas);
  if (cas) {
    ref.cas = cas;
  }
  return ref;
}

/** Two entries for the same substance (same CAS, or without CAS the same name) are one stock, not a pair. */
function sameSubstance(a: TabooSubstance, b: TabooSubstance): boolean {
  if (a.key === b.key) {
    return true;
  }
  const casA = normaliseCas(a.cas);
  const casB = normaliseCas(b.cas);
  if (casA && casB) {
    return casA === casB;
  }
  return !casA && !casB && a.name.trim() !== '' && a.name.trim() === b.name.trim();
}

const classOrder = (c: StorageClass) => storageClassCodes.indexOf(c);

function matrixRuleId(a: StorageClass, b: StorageClass): string {
  const [x, y] = classOrder(a) <= classOrder(b) ? [a, b] : [b, a];
  return `matrix:${x}/${y}`;
}

function substanceRuleFor(a: TabooSubstance, b: TabooSubstance, rules: readonly SubstanceRule[]): SubstanceRule | undefined {
  const casA = normaliseCas(a.cas);
  const casB = normaliseCas(b.cas);
  if (!casA || !casB) {
    return undefined;
  }
  return rules.find((r) => (r.cas[0] === casA && r.cas[1] === casB) || (r.cas[0] === casB && r.cas[1] === casA));
}

/** The strictest cell over every class of a against every class of b; null when either has no known class. */
function classRule(classesA: readonly StorageClass[], classesB: readonly StorageClass[], matrix: CompatibilityMatrix): TabooRule | null {
  let worst: TabooRule | null = null;
  for (const ca of classesA) {
    for (const cb of classesB) {
      // A plant's matrix with a hole fails closed: the validator should have caught it before it was saved.
      const cell: MatrixCell = matrix[ca]?.[cb] ?? { mark: 'forbid', reason: 'chemicals.reason.missingCell' };
      if (!worst || markRank[cell.mark] > markRank[worst.mark]) {
        worst = { id: matrixRuleId(ca, cb), mark: cell.mark, classA: ca, classB: cb, reason: { code: cell.reason } };
      }
    }
  }
  return worst;
}

/**
 * Checks every pair of the given substances for storage in one store
 * (`POST UAPI/ChemicalsInfor/TabooCheck` calls it after looking the
 * substances up in the catalogue). A substance rule for the pair's CAS numbers
 * wins over the class matrix.
 */
export function tabooCheck(
  substances: readonly TabooSubstance[],
  matrix: CompatibilityMatrix = defaultCompatibilityMatrix,
  substanceRules: readonly SubstanceRule[] = defaultSubstanceRules,
): TabooCheckResult {
  const classes = substances.map((s) => [...new Set(s.storageClasses.filter(isStorageClass))]);
  const conflicts: TabooConflict[] = [];
  const warnings: TabooConflict[] = [];
  const judged = new Set<number>();
  for (let i = 0; i < substances.length; i++) {
    for (let j = i + 1; j < substances.length; j++) {
      const a = substances[i];
      const b = substances[j];
      if (sameSubstance(a, b)) {
        continue;
      }
      const byCas = substanceRuleFor(a, b, substanceRules);
      const rule: TabooRule | null = byCas
        ? { id: byCas.id, mark: byCas.mark, classA: null, classB: null, reason: { code: byCas.reason } }
        : classRule(classes[i], classes[j], matrix);
      if (!rule) {
        continue;
      }
      judged.add(i).add(j);
      if (rule.mark === 'forbid') {
        conflicts.push({ a: refOf(a), b: refOf(b), rule });
      } else if (rule.mark === 'separate') {
        warnings.push({ a: refOf(a), b: refOf(b), rule });
      }
    }
  }
  const unclassified = substances.filter((_, i) => classes[i].length === 0 && !judged.has(i)).map(refOf);
  return { allowed: conflicts.length === 0, conflicts, warnings, unclassified };
}

/**
 * Problems of a matrix a plant edited: a class that does not exist, a pair
 * without a cell, a mark or reason that is not known, a pair whose two
 * directions differ. `field` is `<prefix>.<classA>.<classB>`.
 */
export function validateCompatibilityMatrix(matrix: unknown, prefix = 'matrix'): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (typeof matrix !== 'object' || matrix === null) {
    return [{ field: prefix, code: 'validation.invalid' }];
  }
  const rows = matrix as Record<string, unknown>;
  const cellAt = (a: string, b: string): unknown => {
    const row = rows[a];
    return typeof row === 'object' && row !== null ? (row as Record<string, unknown>)[b] : undefined;
  };
  for (const [a, row] of Object.entries(rows)) {
    if (!isStorageClass(a)) {
      issues.push({ field: `${prefix}.${a}`, code: 'chemicals.matrix.unknownClass', params: { class: a } });
      continue;
    }
    if (typeof row === 'object' && row !== null) {
      for (const b of Object.keys(row)) {
        if (!isStorageClass(b)) {
          issues.push({ field: `${prefix}.${a}.${b}`, code: 'chemicals.matrix.unknownClass', params: { class: b } });
        }
      }
    }
  }
  for (const a of storageClassCodes) {
    for (const b of storageClassCodes) {
      const field = `${prefix}.${a}.${b}`;
      const cell = cellAt(a, b);
      if (typeof cell !== 'object' || cell === null) {
        issues.push({ field, code: 'chemicals.matrix.missingPair', params: { a, b } });
        continue;
      }
      const { mark, reason } = cell as { mark?: unknown; reason?: unknown };
      if (!isCompatibilityMark(mark)) {
        issues.push({ field: `${field}.mark`, code: 'chemicals.matrix.unknownMark', params: { mark: String(mark) } });
      }
      if (typeof reason !== 'string' || !Object.prototype.hasOwnProperty.call(chemicalMessages, reason)) {
        issues.push({ field: `${field}.reason`, code: 'chemicals.matrix.unknownReason', params: { reason: String(reason) } });
      }
      // Each unordered pair once, on the side with the earlier class first.
      if (classOrder(a) < classOrder(b)) {
        const other = cellAt(b, a);
        if (typeof other === 'object' && other !== null && (other as { mark?: unknown }).mark !== mark) {
          issues.push({ field, code: 'chemicals.matrix.asymmetric', params: { a, b } });
        }
      }
    }
  }
  return issues;
}
