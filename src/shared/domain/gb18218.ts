import { z } from 'zod';
import type { FieldIssue } from '../messages/catalog.js';
import type { MessageParams } from '../messages/define.js';
import type { MajorHazardMessageCode } from '../major-hazard/messages.js';
import {
  categoryCodes,
  table1,
  table2,
  table3,
  table4,
  table5,
  table6,
  type Bilingual,
  type CategoryCode,
  type HazardGrade,
  type Table1Row,
  type Table2Row,
  type Table3Row,
  type Table5Row,
  type Table6Row,
} from './gb18218-tables.js';

/*
 * Identification and grading of major hazard sources, GB 18218-2018
 * (DOMAIN.md §1). Pure and deterministic: the tables are data
 * (`gb18218-tables.ts`), the chemical catalogue is passed in.
 *
 * - Q (§4.1, Tables 1 and 2): from Table 1 when the substance is named there;
 *   otherwise from Table 2 by hazard category, the smallest Q when several
 *   categories apply.
 * - β (§4.2.2, Tables 3 and 4) goes with the Q used: Table 3 for the named
 *   toxic gases; otherwise the Table 4 β of the category that gave the Q, the
 *   larger β where two categories give the same Q.
 *   A substance named in Table 1 that is not a Table 3 gas has no category
 *   that "gave" its Q; it takes the largest Table 4 β of its categories (the
 *   most severe of its hazards, as the smallest Q is for a category
 *   substance), and β = 1 when neither the input nor the catalogue gives a
 *   category (the smallest β of Table 4, said in a reason step so a reader
 *   sees it was assumed).
 * - S = Σ q/Q with q the unit's design maximum (DOMAIN.md §1); S ≥ 1 is a
 *   major hazard source (§4.2.1). Only those are graded (§4.3):
 *   R = α · Σ β·q/Q, α from Table 5, the grade from Table 6.
 */

export type { Bilingual, CategoryCode, HazardGrade, Table1Row };

/**
 * A plant's grading method (/majorHazard88/configPage): the β of Table 3
 * (by Table 1 row) and Table 4 (by category) and the α of Table 5 (by band,
 * in Table 5's order) where the plant adjusts them; anything not given is
 * the standard's. Q (Tables 1 and 2) and the grades (Table 6) are not
 * adjustable: identification stays the standard's.
 */
export interface GradingMethod {
  table3Beta?: Readonly<Record<number, number>>;
  table4Beta?: Readonly<Partial<Record<string, number>>>;
  table5Alpha?: readonly (number | null)[];
}

/** One step of a calculation, rendered by the page in the reader's language. */
export interface ReasonStep {
  code: MajorHazardMessageCode;
  params?: MessageParams;
}

/** A substance as the chemical catalogue holds it: what identification needs of it. */
export interface CatalogueSubstance {
  code: string;
  name: Bilingual;
  synonyms: readonly string[];
  cas: string | null;
  /** GB 18218 Table 2 hazard category codes. */
  categories: readonly CategoryCode[];
  /** Table 1 row the substance is named in (the row of its condition where Table 1 has several); null: not named. */
  table1Seq: number | null;
}

/** How a caller names a substance: a Table 1 row number, a CAS number or a name. */
export interface SubstanceRef {
  name?: string;
  cas?: string;
  /** Table 1 row, to choose among the rows of one substance listed by condition (硝酸铵, 硝化纤维素). */
  seq?: number;
}

export interface SubstanceMatch {
  /** The Table 1 row whose Q applies; null: not named in Table 1. */
  row: Table1Row | null;
  /** Every Table 1 row the reference matched; several where Table 1 lists the substance by condition. */
  variants: readonly Table1Row[];
  /** The catalogue entry matched, when a catalogue was given. */
  entry: CatalogueSubstance | null;
  by: 'seq' | 'cas' | 'name';
}

export function isCategoryCode(v: unknown): v is CategoryCode {
  return typeof v === 'string' && (categoryCodes as readonly string[]).includes(v);
}

/** Names compare without case, width (（ vs (, ＣＯ vs CO) or spaces. */
function nameKey(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
}

/** CAS numbers compare by their digits, so 67561 finds 67-56-1. */
function casKey(s: string): string {
  return s.normalize('NFKC').replace(/\D/g, '');
}

function printedName(row: Table1Row): Bilingual {
  return row.condition ? { zh: `${row.name.zh}（${row.condition.zh}）`, en: `${row.name.en} (${row.condition.en})` } : row.name;
}

function addTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (!list) {
    map.set(key, [value]);
  } else if (!list.includes(value)) {
    list.push(value);
  }
}

const rowBySeq = new Map(table1.map((r) => [r.seq, r]));
const rowsByCas = new Map<string, Table1Row[]>();
const rowsByName = new Map<string, Table1Row[]>();
for (const row of table1) {
  for (const cas of [...row.cas, ...(row.componentCas ?? [])]) {
    addTo(rowsByCas, casKey(cas), row);
  }
  const printed = printedName(row);
  for (const name of [row.name.zh, row.name.en, printed.zh, printed.en, ...row.synonyms]) {
    addTo(rowsByName, nameKey(name), row);
  }
}
const table3BySeq = new Map<number, Table3Row>(table3.map((r) => [r.seq, r]));
const table2ByCode = new Map<CategoryCode, Table2Row>(table2.map((r) => [r.code, r]));
const betaByCode = new Map<CategoryCode, number>(table4.map((r) => [r.code, r.beta]));

function findInCatalogue(
  catalogue: readonly CatalogueSubstance[],
  ref: SubstanceRef,
): { entry: CatalogueSubstance; by: 'cas' | 'name' } | null {
  const cas = ref.cas ? casKey(ref.cas) : '';
  if (cas) {
    const entry = catalogue.find((e) => e.cas !== null && casKey(e.cas) === cas);
    if (entry) {
      return { entry, by: 'cas' };
    }
  }
  const name = ref.name ? nameKey(ref.name) : '';
  if (name) {
    const entry = catalogue.find((e) => [e.code, e.name.zh, e.name.en, ...e.synonyms].some((n) => nameKey(n) === name));
    if (entry) {
      return { entry, by: 'name' };
    }
  }
  return null;
}

/** A bare string is a CAS number when it is written like one (digits-digits-digit), otherwise a name. */
function refOf<T extends SubstanceRef>(input: string | T): SubstanceRef | T {
  if (typeof input !== 'string') {
    return input;
  }
  return /^\s*\d{2,7}-\d{2}-\d\s*$/.test(input) ? { cas: input } : { name: input };
}

/** The row of least Q (then of lowest number): where the condition is not known, the stricter row applies. */
function strictest(rows: readonly Table1Row[]): Table1Row {
  return rows.reduce((a, b) => (b.Q < a.Q || (b.Q === a.Q && b.seq < a.seq) ? b : a));
}

/**
 * Finds a substance in Table 1 (and in the catalogue when one is given): by
 * Table 1 row number, else by CAS number, else by name (a bare string is
 * read as a CAS number when written like one, otherwise as a name) (Chinese or English
 * name, the printed name with its condition, synonyms; trimmed, without case).
 * Where Table 1 lists the substance in several rows by condition and the
 * reference does not say which, the row of least Q is used; a catalogue entry
 * that names its row settles it. Null when neither Table 1 nor the catalogue
 * knows the substance.
 */
export function resolveSubstance(input: string | SubstanceRef, catalogue: readonly CatalogueSubstance[] = []): SubstanceMatch | null {
  const ref = refOf(input);
  let variants: Table1Row[] = [];
  let by: SubstanceMatch['by'] | null = null;
  let found: { entry: CatalogueSubstance; by: 'cas' | 'name' } | null = null;

  if (ref.seq !== undefined) {
    const row = rowBySeq.get(ref.seq);
    if (!row) {
      return null;
    }
    variants = [row];
    by = 'seq';
  } else {
    const cas = ref.cas ? casKey(ref.cas) : '';
    const name = ref.name ? nameKey(ref.name) : '';
    const byCas = cas ? (rowsByCas.get(cas) ?? []) : [];
    const foundByCas = cas ? findInCatalogue(catalogue, { cas: ref.cas }) : null;
    // A CAS number is the more exact reference; the name is read only when the CAS number finds nothing.
    if (byCas.length > 0 || foundByCas) {
      variants = byCas;
      found = foundByCas;
      by = 'cas';
    } else if (name) {
      const byName = rowsByName.get(name) ?? [];
      const foundByName = findInCatalogue(catalogue, { name: ref.name });
      if (byName.length > 0 || foundByName) {
        variants = byName;
        found = foundByName;
        by = 'name';
      }
    }
  }
  if (by === null) {
    return null;
  }

  let entry = found?.entry ?? null;
  if (!entry && variants.length > 0) {
    entry = catalogue.find((e) => e.table1Seq !== null && variants.some((r) => r.seq === e.table1Seq)) ?? null;
  }
  // The catalogue knows which of a substance's rows the plant holds (which ammonium nitrate it stocks).
  const entryRow = entry && entry.table1Seq !== null ? rowBySeq.get(entry.table1Seq) : undefined;
  if (by !== 'seq' && entryRow && (variants.length === 0 || variants.includes(entryRow))) {
    variants = [entryRow];
  }
  return { row: variants.length > 0 ? strictest(variants) : null, variants, entry, by };
}

/** Q, β and how they were found, for one substance. */
export interface CriticalQuantity {
  /** Critical quantity, t. */
  Q: number;
  /** Correction factor β for grading. */
  beta: number;
  source: 'table1' | 'category';
  /** The Table 2 category that gave Q (source 'category' only). */
  category?: CategoryCode;
  /** Table 1 row (source 'table1' only). */
  seq?: number;
  /** The step that gave Q. */
  reason: ReasonStep;
  /** Every step, Q first, then β. */
  reasons: ReasonStep[];
}

export interface SubstanceInput extends SubstanceRef {
  categories?: readonly string[];
}

/** Raised when a calculation is asked for an input the validator refuses; `issues` name the fields. */
export class Gb18218InputError extends Error {
  readonly issues: FieldIssue[];
  constructor(issues: FieldIssue[]) {
    super(issues.map((i) => `${i.field}: ${i.code}`).join('; '));
    this.name = 'Gb18218InputError';
    this.issues = issues;
  }
}

/** Trimmed, upper-case, without repeats; unknown codes stay in so the validator can name them. */
function normaliseCategories(categories: readonly string[] | undefined): string[] {
  return [...new Set((categories ?? []).map((c) => c.normalize('NFKC').trim().toUpperCase()).filter((c) => c !== ''))];
}

/** A number for a reason step: six significant digits, as a person would write it. */
function shown(x: number): number {
  return Number(x.toPrecision(6));
}

function joined(codes: readonly string[]): MessageParams {
  return { categories: codes.join('、'), categories_en: codes.join(', ') };
}

function refName(ref: SubstanceRef): string {
  return ref.cas?.trim() || ref.name?.trim() || '';
}

function field(prefix: string, name: string): string {
  return prefix ? `${prefix}.${name}` : name;
}

/** The issues of one substance's identification (categories, row, name or CAS); fields under `prefix`. */
function substanceIssues(sub: SubstanceInput, prefix: string, catalogue: readonly CatalogueSubstance[]): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const raw = sub.categories ?? [];
  raw.forEach((c, j) => {
    const code = typeof c === 'string' ? c.normalize('NFKC').trim().toUpperCase() : '';
    if (!isCategoryCode(code)) {
      issues.push({ field: field(prefix, `categories.${j}`), code: 'gb18218.refusal.unknownCategory', params: { category: String(c) } });
    }
  });
  if (sub.seq !== undefined && !rowBySeq.has(sub.seq)) {
    issues.push({ field: field(prefix, 'seq'), code: 'gb18218.refusal.unknownRow', params: { seq: sub.seq } });
    return issues;
  }
  const match = resolveSubstance(sub, catalogue);
  if (match?.row) {
    return issues;
  }
  const hasCategories = normaliseCategories(sub.categories).length > 0 || (match?.entry?.categories.length ?? 0) > 0;
  if (hasCategories) {
    return issues;
  }
  const cas = sub.cas?.trim();
  const name = sub.name?.trim();
  if (!match && (cas || name)) {
    issues.push({
      field: field(prefix, cas ? 'cas' : 'name'),
      code: 'gb18218.refusal.unknownSubstance',
      params: { value: cas || name || '' },
    });
  } else {
    issues.push({ field: field(prefix, 'categories'), code: 'gb18218.refusal.noCategory' });
  }
  return issues;
}

/**
 * Q and β of one substance (GB 18218-2018 §4.1, §4.2.2; DOMAIN.md §1), with
 * the steps that gave them. Categories given with the substance are used;
 * otherwise those of its catalogue entry. Throws `Gb18218InputError` when the
 * substance can be neither found in Table 1 nor placed by a known category.
 */
export function criticalQuantity(
  input: string | SubstanceInput,
  catalogue: readonly CatalogueSubstance[] = [],
  method: GradingMethod = {},
): CriticalQuantity {
  const betaOf = (code: CategoryCode): number => method.table4Beta?.[code] ?? standardBeta(code);
  const sub: SubstanceInput = refOf(input);
  const issues = substanceIssues(sub, '', catalogue);
  if (issues.length > 0) {
    throw new Gb18218InputError(issues);
  }
  const match = resolveSubstance(sub, catalogue);
  const given = normaliseCategories(sub.categories) as CategoryCode[];
  const entry = match?.entry ?? null;
  const fromCatalogue = given.length === 0 && entry !== null && entry.categories.length > 0;
  const categories: readonly CategoryCode[] = fromCatalogue && entry ? entry.categories : given;
  const reasons: ReasonStep[] = [];
  const adjusted = (standard: number, beta: number, where: string): void => {
    if (beta !== standard) {
      reasons.push({ code: 'gb18218.reason.betaAdjusted', params: { where, standard, beta } });
    }
  };
  const catalogueStep = (): void => {
    if (fromCatalogue && entry) {
      reasons.push({
        code: 'gb18218.reason.fromCatalogue',
        params: { name: entry.name.zh, name_en: entry.name.en, ...joined(categories) },
      });
    }
  };

  const row = match?.row ?? null;
  if (row) {
    const printed = printedName(row);
    const reason: ReasonStep = { code: 'gb18218.reason.table1', params: { seq: row.seq, name: printed.zh, name_en: printed.en, Q: row.Q } };
    reasons.push(reason);
    if (match && match.variants.length > 1) {
      reasons.push({ code: 'gb18218.reason.table1Variants', params: { count: match.variants.length, seq: row.seq, Q: row.Q } });
    }
    const gas = table3BySeq.get(row.seq);
    let beta = 1;
    if (gas) {
      beta = method.table3Beta?.[row.seq] ?? gas.beta;
      reasons.push({ code: 'gb18218.reason.betaTable3', params: { name: gas.name.zh, name_en: gas.name.en, beta } });
      adjusted(gas.beta, beta, gas.name.zh);
    } else if (categories.length > 0) {
      catalogueStep();
      const worst = categories.reduce((a, b) => (betaOf(b) > betaOf(a) ? b : a));
      beta = betaOf(worst);
      reasons.push({ code: 'gb18218.reason.betaNamed', params: { category: worst, beta, ...joined(categories) } });
      adjusted(standardBeta(worst), beta, worst);
    } else {
      reasons.push({ code: 'gb18218.reason.betaDefault', params: { beta } });
    }
    return { Q: row.Q, beta, source: 'table1', seq: row.seq, reason, reasons };
  }

  const label = refName(sub);
  if (label) {
    reasons.push({ code: 'gb18218.reason.notNamed', params: { name: entry?.name.zh ?? label, name_en: entry?.name.en ?? label } });
  }
  catalogueStep();
  const Q = Math.min(...categories.map(qOf));
  const atQ = categories.filter((c) => qOf(c) === Q);
  const category = atQ.reduce((a, b) => (betaOf(b) > betaOf(a) ? b : a));
  const beta = betaOf(category);
  const reason: ReasonStep =
    categories.length === 1
      ? { code: 'gb18218.reason.category', params: { category, Q } }
      : { code: 'gb18218.reason.categorySmallest', params: { category, Q, ...joined(categories) } };
  reasons.push(reason);
  const tie = atQ.length > 1 && atQ.some((c) => betaOf(c) !== beta);
  reasons.push(
    tie
      ? { code: 'gb18218.reason.betaTie', params: { category, beta, ...joined(atQ) } }
      : { code: 'gb18218.reason.betaCategory', params: { category, beta } },
  );
  adjusted(standardBeta(category), beta, category);
  return { Q, beta, source: 'category', category, reason, reasons };
}

function qOf(code: CategoryCode): number {
  const row = table2ByCode.get(code);
  if (!row) {
    throw new Error(`GB 18218 Table 2 has no ${code}`);
  }
  return row.Q;
}

function standardBeta(code: CategoryCode): number {
  const beta = betaByCode.get(code);
  if (beta === undefined) {
    throw new Error(`GB 18218 Table 4 has no ${code}`);
  }
  return beta;
}

/** Table 5: α by the number of people exposed outside the plant within 500 m. */
export function alphaFor(population: number, method: GradingMethod = {}): Table5Row & { standard: number } {
  const i = table5.findIndex((b) => population >= b.min && (b.max === null || population <= b.max));
  const band = table5[i];
  if (!band) {
    throw new Gb18218InputError([{ field: 'population', code: 'gb18218.refusal.badPopulation' }]);
  }
  return { ...band, alpha: method.table5Alpha?.[i] ?? band.alpha, standard: band.alpha };
}

/** Table 6: the grade of a major hazard source by R (each band includes its lower end). */
export function gradeFor(R: number): Table6Row {
  const band = table6.find((b) => (b.min === null || R >= b.min) && (b.max === null || R < b.max));
  if (!band) {
    throw new Error(`GB 18218 Table 6 has no band for R = ${R}`);
  }
  return band;
}

/**
 * Sums are kept to 1e-9: quantities are typed with a few decimals, and a sum
 * of ratios that is 1 on paper (0.7 + 0.2 + 0.1) must not be 0.9999999999999999
 * and miss the S ≥ 1 threshold, nor R = 100 fall to grade 2.
 */
function settled(x: number): number {
  return Math.round(x * 1e9) / 1e9;
}

/* ───────────────────────── POST UAPI/MajorHazard/GradeCalculate ───────────────────────── */

const codeOf = (v: string) => v.normalize('NFKC').trim().toUpperCase();

/** One substance of a unit. */
export const gradeSubstanceInput = z.object({
  /** Name as Table 1 or the catalogue gives it (Chinese or English, or a synonym). */
  name: z.string().trim().max(200).optional(),
  cas: z.string().trim().max(40).optional(),
  /** Table 1 row, where Table 1 lists the substance by condition. */
  seq: z.number().int().positive().optional(),
  /** GB 18218 Table 2 hazard category codes (J1 … W11); needed when the substance is not named in Table 1. */
  categories: z
    .array(
      z
        .string()
        .trim()
        .superRefine((v, ctx) => {
          if (!isCategoryCode(codeOf(v))) {
            ctx.addIssue({ code: 'custom', message: 'gb18218.refusal.unknownCategory', params: { category: v }, input: v });
          }
        }),
    )
    .max(categoryCodes.length)
    .optional(),
  /** q: the unit's design maximum quantity, t (a 600 t tank counts 600 whatever it holds now). */
  q: z.number({ error: 'gb18218.refusal.badQuantity' }).min(0, 'gb18218.refusal.badQuantity'),
});

/**
 * The body of `POST UAPI/MajorHazard/GradeCalculate`. The schema checks the
 * shape; `validateGradeInput` then checks the substances against Table 1 and
 * the catalogue (which the schema does not know).
 */
export const gradeCalculateInput = z.object({
  substances: z.array(gradeSubstanceInput).min(1, 'gb18218.refusal.noSubstances').max(500),
  /** People exposed outside the plant within 500 m of the unit (Table 5). */
  population: z
    .number({ error: 'gb18218.refusal.badPopulation' })
    .int('gb18218.refusal.badPopulation')
    .min(0, 'gb18218.refusal.badPopulation'),
});
export type GradeCalculateInput = z.input<typeof gradeCalculateInput>;
export type GradeSubstanceInput = z.input<typeof gradeSubstanceInput>;

/** One substance of the result: the input, with its Q, β, q/Q and the steps that gave them. */
export type GradedSubstance = GradeSubstanceInput & {
  Q: number;
  beta: number;
  /** q/Q. */
  ratio: number;
  source: 'table1' | 'category';
  category?: CategoryCode;
  reasons: ReasonStep[];
};

export interface GradeResult {
  /** Identification index S = Σ q/Q. */
  S: number;
  /** S ≥ 1. */
  isMajor: boolean;
  /** Grading index R = α · Σ β·q/Q; null when not major. */
  R: number | null;
  alpha: number | null;
  /** 1 (一级) … 4 (四级); null when not major. */
  grade: HazardGrade | null;
  substances: GradedSubstance[];
  /** Steps of the unit: S, identification, α, R, grade. */
  reasons: ReasonStep[];
}

/**
 * The issues of a GradeCalculate body, each naming its field
 * (`substances.0.cas`, `population`): no substance; a quantity that is
 * negative or not a finite number; an unknown category code; an unknown Table
 * 1 row; a name or CAS number found neither in Table 1 nor in the catalogue
 * and no category to place it; a substance not named in Table 1 without a
 * category; a population that is negative or not a whole number. Empty when
 * the body can be graded.
 */
export function validateGradeInput(input: GradeCalculateInput, catalogue: readonly CatalogueSubstance[] = []): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const substances = Array.isArray(input.substances) ? input.substances : [];
  if (substances.length === 0) {
    issues.push({ field: 'substances', code: 'gb18218.refusal.noSubstances' });
  }
  substances.forEach((sub, i) => {
    const prefix = `substances.${i}`;
    if (typeof sub.q !== 'number' || !Number.isFinite(sub.q) || sub.q < 0) {
      issues.push({ field: `${prefix}.q`, code: 'gb18218.refusal.badQuantity' });
    }
    issues.push(...substanceIssues(sub, prefix, catalogue));
  });
  const p = input.population;
  if (typeof p !== 'number' || !Number.isInteger(p) || p < 0) {
    issues.push({ field: 'population', code: 'gb18218.refusal.badPopulation' });
  }
  return issues;
}

/**
 * Identifies and grades one unit (GB 18218-2018 §4.2, §4.3; DOMAIN.md §1):
 * S = Σ q/Q; a major hazard source when S ≥ 1; only then R = α · Σ β·q/Q and
 * its grade (otherwise R, α and grade are null: a unit below the threshold
 * has no grade at all). q is the unit's design maximum. Throws
 * `Gb18218InputError` with the issues of `validateGradeInput`.
 */
export function gradeCalculate(
  input: GradeCalculateInput,
  catalogue: readonly CatalogueSubstance[] = [],
  method: GradingMethod = {},
): GradeResult {
  const issues = validateGradeInput(input, catalogue);
  if (issues.length > 0) {
    throw new Gb18218InputError(issues);
  }
  const substances: GradedSubstance[] = input.substances.map((sub) => {
    const cq = criticalQuantity(sub, catalogue, method);
    const ratio = sub.q / cq.Q;
    const reasons = [
      ...cq.reasons,
      { code: 'gb18218.reason.ratio', params: { q: sub.q, Q: cq.Q, ratio: shown(ratio) } } satisfies ReasonStep,
    ];
    const graded: GradedSubstance = { ...sub, Q: cq.Q, beta: cq.beta, ratio, source: cq.source, reasons };
    if (cq.category) {
      graded.category = cq.category;
    }
    return graded;
  });
  const S = settled(substances.reduce((s, x) => s + x.ratio, 0));
  const isMajor = S >= 1;
  const reasons: ReasonStep[] = [
    { code: 'gb18218.reason.sum', params: { S: shown(S) } },
    { code: isMajor ? 'gb18218.reason.major' : 'gb18218.reason.notMajor' },
  ];
  if (!isMajor) {
    return { S, isMajor, R: null, alpha: null, grade: null, substances, reasons };
  }
  const band = alphaFor(input.population, method);
  const weighted = substances.reduce((s, x) => s + x.beta * x.ratio, 0);
  const R = settled(band.alpha * weighted);
  const grade = gradeFor(R);
  reasons.push(
    {
      code: 'gb18218.reason.alpha',
      params: { population: input.population, band: band.label.zh, band_en: band.label.en, alpha: band.alpha },
    },
    ...(band.alpha !== band.standard
      ? [{ code: 'gb18218.reason.alphaAdjusted', params: { standard: band.standard, alpha: band.alpha } } satisfies ReasonStep]
      : []),
    { code: 'gb18218.reason.R', params: { alpha: band.alpha, sum: shown(weighted), R: shown(R) } },
    { code: 'gb18218.reason.grade', params: { R: shown(R), grade: grade.label.zh, grade_en: grade.label.en } },
  );
  return { S, isMajor, R, alpha: band.alpha, grade: grade.grade, substances, reasons };
}
