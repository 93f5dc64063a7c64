import { bandOf, defaultLsBands, riskLevelInfo, type RiskBandTable, type RiskLevel } from '../domain/risk-evaluation.js';
import { storageClassCodes, storageClasses } from '../domain/storage-classes.js';
import { seedSubstances } from '../domain/substances.js';
import { permitTypeCodes } from '../domain/gb30871-input.js';
import { fieldTypes, type EnumOption, type FieldTypeCode } from './definition.js';

/**
 * The seed's field types (seed 1 §3.4, both readings) as the designer offers
 * them: number, name in both languages, and whether a ledger may use the
 * type yet (`note` says why not). Type 100 (link) is ours.
 */
export const fieldTypeInfo: Record<FieldTypeCode, { zh: string; en: string; note?: { zh: string; en: string } }> = {
  1: { zh: '部门', en: 'Department' },
  2: { zh: '区域', en: 'Region' },
  3: { zh: '人员', en: 'Person' },
  4: { zh: '文本', en: 'Text' },
  5: { zh: '时间', en: 'Time' },
  6: { zh: '附件', en: 'Attachment' },
  7: { zh: '枚举', en: 'Enumeration' },
  8: { zh: '空白文本', en: 'Blank text' },
  9: { zh: '多选人员', en: 'People' },
  10: { zh: '岗位', en: 'Post' },
  11: { zh: '工种', en: 'Work type' },
  12: { zh: '表格', en: 'Table' },
  13: { zh: '设备', en: 'Device' },
  14: { zh: '带参数枚举多选', en: 'Multi-select with parameter' },
  15: { zh: '系统生成编号', en: 'System label' },
  16: { zh: '业务类别', en: 'Business category' },
  17: { zh: '备注', en: 'Remark' },
  18: { zh: '三证合一作业类型', en: 'Combined-licence permit types' },
  19: {
    zh: '未关闭作业票',
    en: 'Unclosed permits',
    note: { zh: '待作业票模块提供未关闭作业票列表后可用', en: 'Available once the permits module provides its list of unclosed permits' },
  },
  20: { zh: '业务类别多选', en: 'Business categories' },
  21: { zh: '枚举多选', en: 'Multi-select' },
  22: { zh: '数值', en: 'Number' },
  28: { zh: '人员回执确认', en: 'Receipt confirmation' },
  42: { zh: '隐患矩阵', en: 'Hazard matrix' },
  43: { zh: '多选部门', en: 'Departments' },
  44: { zh: '人员签名', en: 'Signature' },
  45: { zh: '纯文本', en: 'Plain text' },
  49: { zh: '化学品类别', en: 'Chemical category' },
  50: { zh: '化学品储存设施', en: 'Chemical store' },
  51: {
    zh: '化学品储存区',
    en: 'Chemical storage zone',
    note: { zh: '待化学品模块建立储存区台账后可用', en: 'Available once the chemicals module keeps a ledger of storage zones' },
  },
  52: { zh: '化学品详细信息', en: 'Chemical' },
  53: { zh: '图片', en: 'Image' },
  54: { zh: '附件到期提醒', en: 'Attachment reminder' },
  100: { zh: '关联台账记录', en: 'Record of a ledger' },
};

/** Types a definition may not use yet (what they choose from does not exist). */
export const UNAVAILABLE_TYPES: readonly number[] = [fieldTypes.openPermits, fieldTypes.chemicalZone];

/** Type 18: the eight special operations of GB 30871-2022 a combined licence may cover. */
const permitTypeNames: Record<(typeof permitTypeCodes)[number], { zh: string; en: string }> = {
  hot: { zh: '动火作业', en: 'Hot work' },
  confined: { zh: '受限空间作业', en: 'Confined space entry' },
  blind: { zh: '盲板抽堵作业', en: 'Blinding' },
  lifting: { zh: '吊装作业', en: 'Lifting' },
  height: { zh: '高处作业', en: 'Work at height' },
  power: { zh: '临时用电作业', en: 'Temporary power' },
  excavation: { zh: '动土作业', en: 'Excavation' },
  road: { zh: '断路作业', en: 'Road closure' },
};
export const permitTypeOptions: EnumOption[] = permitTypeCodes.map((c) => ({ value: c, label: permitTypeNames[c] }));

/** Type 49: the storage classes of DOMAIN.md §10. */
export const chemicalCategoryOptions: EnumOption[] = storageClassCodes.map((c) => ({ value: c, label: { zh: storageClasses[c].zh, en: storageClasses[c].en } }));

/** Type 52: the substances of the chemical catalogue, by code. */
export const chemicalOptions: EnumOption[] = seedSubstances.map((s) => ({ value: s.code, label: { zh: s.name.zh, en: s.name.en || s.name.zh } }));

/** The fixed choices of a type that has them (18, 49, 52); undefined for others. */
export function fixedOptionsOf(type: number): readonly EnumOption[] | undefined {
  return type === fieldTypes.permitTypes
    ? permitTypeOptions
    : type === fieldTypes.chemicalCategory
      ? chemicalCategoryOptions
      : type === fieldTypes.chemical
        ? chemicalOptions
        : undefined;
}

/** A hazard-matrix value: likelihood and severity, 1 to 5. */
export interface HazardMatrixValue {
  l: number;
  s: number;
}

/**
 * R = L × S and its level by the LS bands (DOMAIN.md §2: 20–25 red, 9–16
 * orange, 4–8 yellow, 1–3 blue by default) until the risk module makes the
 * bands plant data.
 */
export function hazardMatrixLevel(v: HazardMatrixValue, bands: RiskBandTable = defaultLsBands): { r: number; level: RiskLevel | null } {
  const r = v.l * v.s;
  return { r, level: bandOf(r, bands)?.level ?? null };
}

/** "L3 × S4 = 12 较大风险" in the reader's language. */
export function hazardMatrixText(v: HazardMatrixValue, lang: 'zh' | 'en'): string {
  const { r, level } = hazardMatrixLevel(v);
  const name = level ? (lang === 'en' ? riskLevelInfo[level].en : riskLevelInfo[level].zh) : '';
  return `L${v.l} × S${v.s} = ${r}${name ? ` ${name}` : ''}`;
}

/** A value the hazard-matrix cell or export reads back: "L3 × S4 = 12 …", "3×4", "3,4". */
export function parseHazardMatrix(text: string): HazardMatrixValue | null {
  const m = /^\s*L?\s*([1-5])\s*(?:[×xX*,，\s]\s*)S?\s*([1-5])\b/.exec(text);
  return m ? { l: Number(m[1]), s: Number(m[2]) } : null;
}

/** The colour of a risk level (antd tag colours). */
export const riskLevelColour = (level: RiskLevel): string => riskLevelInfo[level].colour;
