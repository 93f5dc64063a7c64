import type { HotGrade, PermitType } from './gb30871-input.js';

/*
 * Names and classes of GB 30871-2022 safe-work permits (DOMAIN.md §7): the
 * eight permit types, hot-work grades, lifting grades, height bands, the
 * approval level of each (Table B.1) and which permits may be extended.
 * Clause numbers were read from secondary copies of the standard.
 */

/** The permit form's edition code (seed 2 §9). */
export const permitFormEdition = 'EHS-R-025';

/** The eight special operations, GB 30871-2022 §5–§12, in the standard's order. */
export const permitTypes = {
  hot: { zh: '动火作业', en: 'Hot work' },
  confined: { zh: '受限空间作业', en: 'Confined space entry' },
  blind: { zh: '盲板抽堵作业', en: 'Blind plate insertion and removal' },
  height: { zh: '高处作业', en: 'Work at height' },
  lifting: { zh: '吊装作业', en: 'Lifting' },
  power: { zh: '临时用电作业', en: 'Temporary power' },
  excavation: { zh: '动土作业', en: 'Excavation' },
  road: { zh: '断路作业', en: 'Road closure' },
} as const satisfies Record<PermitType, { zh: string; en: string }>;

/** GB 30871-2022 §5.1: 特级 (running plant in fire/explosion areas, major-hazard tank dikes), 一级 (other work there, pipe racks), 二级 (the rest). */
export const hotGrades = {
  special: { zh: '特级', en: 'Special grade' },
  '1': { zh: '一级', en: 'Grade 1' },
  '2': { zh: '二级', en: 'Grade 2' },
} as const satisfies Record<HotGrade, { zh: string; en: string }>;

/** Lifting grades, GB 30871-2022 §9: 一级 m > 100 t, 二级 40 t ≤ m ≤ 100 t, 三级 m < 40 t. */
export const liftingGrades = {
  '1': { zh: '一级', en: 'Grade 1' },
  '2': { zh: '二级', en: 'Grade 2' },
  '3': { zh: '三级', en: 'Grade 3' },
} as const;
export type LiftingGrade = keyof typeof liftingGrades;

/** Work-at-height bands, GB/T 3608-2008 as GB 30871-2022 §8 uses them; each band closed on the right. */
export const heightBands = {
  I: { zh: 'Ⅰ级', en: 'Class I' },
  II: { zh: 'Ⅱ级', en: 'Class II' },
  III: { zh: 'Ⅲ级', en: 'Class III' },
  IV: { zh: 'Ⅳ级', en: 'Class IV' },
} as const;
export type HeightBand = keyof typeof heightBands;

/** Who approves, GB 30871-2022 Table B.1 (as DOMAIN.md §7 lists it). */
export const approvalLevels = {
  leader: { zh: '主管领导', en: 'Senior manager in charge' },
  safetyDept: { zh: '安全管理部门', en: 'Safety management department' },
  unit: { zh: '所在基层单位', en: 'Grassroots unit where the work is done' },
  professionalDept: { zh: '专业部门', en: 'Responsible professional department' },
  plantDirector: { zh: '主管厂长或总工程师', en: 'Plant director in charge or chief engineer' },
} as const;
export type ApprovalLevel = keyof typeof approvalLevels;

/**
 * Table B.1 as data. Temporary power, excavation and road closure are not in
 * the table as DOMAIN.md gives it, so they have no level here (the plant's
 * workflow decides) rather than an invented one.
 */
export const approvalTable = {
  hot: { special: 'leader', '1': 'safetyDept', '2': 'unit' },
  confined: 'unit',
  blind: 'unit',
  height: { I: 'unit', II: 'professionalDept', III: 'professionalDept', IV: 'plantDirector' },
  lifting: { '1': 'plantDirector', '2': 'professionalDept', '3': 'professionalDept' },
} as const satisfies {
  hot: Record<HotGrade, ApprovalLevel>;
  confined: ApprovalLevel;
  blind: ApprovalLevel;
  height: Record<HeightBand, ApprovalLevel>;
  lifting: Record<LiftingGrade, ApprovalLevel>;
};

/** Hot work is approved at the level of its EFFECTIVE grade (after the raise). */
export function approvalLevel(type: 'hot', grade: HotGrade): ApprovalLevel;
export function approvalLevel(type: 'height', band: HeightBand): ApprovalLevel;
export function approvalLevel(type: 'lifting', grade: LiftingGrade): ApprovalLevel;
export function approvalLevel(type: 'confined' | 'blind'): ApprovalLevel;
export function approvalLevel(type: PermitType, gradeOrBand?: HotGrade | HeightBand | LiftingGrade): ApprovalLevel | null;
export function approvalLevel(type: PermitType, gradeOrBand?: HotGrade | HeightBand | LiftingGrade): ApprovalLevel | null {
  switch (type) {
    case 'confined':
    case 'blind':
      return approvalTable[type];
    case 'hot':
      return lookup(approvalTable.hot, gradeOrBand);
    case 'height':
      return lookup(approvalTable.height, gradeOrBand);
    case 'lifting':
      return lookup(approvalTable.lifting, gradeOrBand);
    case 'power':
    case 'excavation':
    case 'road':
      return null;
  }
}

function lookup(table: Record<string, ApprovalLevel>, key: string | undefined): ApprovalLevel | null {
  return key !== undefined && Object.prototype.hasOwnProperty.call(table, key) ? (table[key] ?? null) : null;
}

/** GB 30871-2022 §5: an expired hot-work permit is issued anew, never extended (no 延期票); other permits may be. */
export function mayExtend(type: PermitType): boolean {
  return type !== 'hot';
}

// ---------------------------------------------------------------- lifting and height

export interface LiftingLimits {
  /** Below this load (t) no lifting permit is needed. */
  permitFromT: number;
  /** 二级 from this load (t), inclusive. */
  grade2FromT: number;
  /** 一级 above this load (t), exclusive. */
  grade1AboveT: number;
}
export const defaultLiftingLimits: LiftingLimits = { permitFromT: 10, grade2FromT: 40, grade1AboveT: 100 };

/** GB 30871-2022 §9: m > 100 t 一级; 40 ≤ m ≤ 100 二级; 10 ≤ m < 40 三级; m < 10 t: null (no permit). */
export function liftingGrade(loadT: number, limits: LiftingLimits = defaultLiftingLimits): LiftingGrade | null {
  if (loadT < limits.permitFromT) {
    return null;
  }
  if (loadT > limits.grade1AboveT) {
    return '1';
  }
  return loadT >= limits.grade2FromT ? '2' : '3';
}

/** Upper bounds (m, inclusive) of bands Ⅰ–Ⅲ and the height from which work counts as at height. */
export interface HeightLimits {
  fromM: number;
  bandMaxM: readonly [number, number, number];
}
export const defaultHeightLimits: HeightLimits = { fromM: 2, bandMaxM: [5, 15, 30] };

/** GB/T 3608-2008: 2 ≤ h ≤ 5 Ⅰ, 5 < h ≤ 15 Ⅱ, 15 < h ≤ 30 Ⅲ, h > 30 Ⅳ; below 2 m: null (not work at height). */
export function heightBand(heightM: number, limits: HeightLimits = defaultHeightLimits): HeightBand | null {
  if (heightM < limits.fromM) {
    return null;
  }
  const [i, ii, iii] = limits.bandMaxM;
  return heightM <= i ? 'I' : heightM <= ii ? 'II' : heightM <= iii ? 'III' : 'IV';
}
