/**
 * The tables of GB 18218-2018 危险化学品重大危险源辨识 (identification of
 * major hazard installations for hazardous chemicals), as data. The rules that
 * read them are in `gb18218.ts` (DOMAIN.md §1).
 *
 * Sources, proofread against each other (public copies of the standard are
 * OCR and confuse characters such as 氯/氨, 氟/氢, 钾/砷 and numbers 5/50):
 * - two transcriptions of the standard's PDF (one with its CAS check digits
 *   verified, one an OCR copy with the sequence numbers) and a third seed
 *   list; all three give 85 rows in Table 1 with the values below;
 * - every CAS number's check digit is verified by the tests;
 * - the rows DOMAIN.md lists agree with these values.
 * Readings that differ between copies and how they were settled are noted on
 * the rows concerned.
 *
 * English names are ours (the standard is in Chinese); Chinese names, 别名
 * (synonyms), CAS numbers and critical quantities are the standard's.
 */

/** A name or text in both languages. */
export interface Bilingual {
  zh: string;
  en: string;
}

/** One row of Table 1 (危险化学品名称及其临界量). */
export interface Table1Row {
  /** 序号 in Table 1. */
  seq: number;
  /** The name as printed, without the bracketed 说明. */
  name: Bilingual;
  /**
   * The bracketed 说明 printed after the name: a condition that sets this row
   * apart from another row of the same substance (硝酸铵 含可燃物>0.2 % vs
   * ≤0.2 %) or limits the row (甲醛 含量>90 %, 氯化氢 无水).
   */
  condition?: Bilingual;
  /** 别名 as printed, then names people commonly type (English synonyms, formulas). */
  synonyms: readonly string[];
  /** CAS numbers as printed; empty where the standard prints none (煤气, 硝酸铵肥料, 烷基铝). */
  cas: readonly string[];
  /**
   * CAS numbers of a component the row names in words without printing its
   * CAS: 煤气 "(CO，CO和H2、CH4的混合物等)" names carbon monoxide, so CO on its own
   * is counted under row 13 (and its β is Table 3's 一氧化碳).
   */
  componentCas?: readonly string[];
  /** Critical quantity Q, t. */
  Q: number;
}

/** GB 18218-2018 Table 1: the 85 named hazardous chemicals and their critical quantities. */
export const table1: readonly Table1Row[] = [
  {
    seq: 1,
    name: { zh: '氨', en: 'ammonia' },
    synonyms: ['液氨', '氨气', 'anhydrous ammonia', 'liquid ammonia', 'NH3'],
    cas: ['7664-41-7'],
    Q: 10,
  },
  { seq: 2, name: { zh: '二氟化氧', en: 'oxygen difluoride' }, synonyms: ['一氧化二氟', 'OF2'], cas: ['7783-41-7'], Q: 1 },
  { seq: 3, name: { zh: '二氧化氮', en: 'nitrogen dioxide' }, synonyms: ['NO2'], cas: ['10102-44-0'], Q: 1 },
  { seq: 4, name: { zh: '二氧化硫', en: 'sulfur dioxide' }, synonyms: ['亚硫酸酐', 'sulphur dioxide', 'SO2'], cas: ['7446-09-5'], Q: 20 },
  { seq: 5, name: { zh: '氟', en: 'fluorine' }, synonyms: ['氟气', 'F2'], cas: ['7782-41-4'], Q: 1 },
  { seq: 6, name: { zh: '碳酰氯', en: 'carbonyl dichloride' }, synonyms: ['光气', 'phosgene', 'COCl2'], cas: ['75-44-5'], Q: 0.3 },
  { seq: 7, name: { zh: '环氧乙烷', en: 'ethylene oxide' }, synonyms: ['氧化乙烯', 'oxirane', 'EO'], cas: ['75-21-8'], Q: 10 },
  {
    seq: 8,
    name: { zh: '甲醛', en: 'formaldehyde' },
    condition: { zh: '含量>90%', en: 'content > 90 %' },
    synonyms: ['蚁醛', 'methanal'],
    cas: ['50-00-0'],
    Q: 5,
  },
  { seq: 9, name: { zh: '磷化氢', en: 'phosphine' }, synonyms: ['磷化三氢', '膦', 'PH3'], cas: ['7803-51-2'], Q: 1 },
  { seq: 10, name: { zh: '硫化氢', en: 'hydrogen sulfide' }, synonyms: ['hydrogen sulphide', 'H2S'], cas: ['7783-06-4'], Q: 5 },
  {
    seq: 11,
    name: { zh: '氯化氢', en: 'hydrogen chloride' },
    condition: { zh: '无水', en: 'anhydrous' },
    synonyms: ['无水氯化氢', 'anhydrous hydrogen chloride', 'HCl'],
    cas: ['7647-01-0'],
    Q: 20,
  },
  { seq: 12, name: { zh: '氯', en: 'chlorine' }, synonyms: ['液氯', '氯气', 'liquid chlorine', 'Cl2'], cas: ['7782-50-5'], Q: 5 },
  {
    seq: 13,
    name: { zh: '煤气', en: 'fuel gas (coal gas)' },
    condition: { zh: 'CO，CO和H2、CH4的混合物等', en: 'CO; mixtures of CO with H2, CH4 and the like' },
    synonyms: ['一氧化碳', 'carbon monoxide', 'CO', 'coal gas', 'town gas', 'syngas', '合成气'],
    cas: [],
    componentCas: ['630-08-0'],
    Q: 20,
  },
  { seq: 14, name: { zh: '砷化氢', en: 'arsine' }, synonyms: ['砷化三氢', '胂', 'AsH3'], cas: ['7784-42-1'], Q: 1 },
  { seq: 15, name: { zh: '锑化氢', en: 'stibine' }, synonyms: ['三氢化锑', '锑化三氢', 'SbH3'], cas: ['7803-52-3'], Q: 1 },
  { seq: 16, name: { zh: '硒化氢', en: 'hydrogen selenide' }, synonyms: ['H2Se'], cas: ['7783-07-5'], Q: 1 },
  { seq: 17, name: { zh: '溴甲烷', en: 'methyl bromide' }, synonyms: ['甲基溴', 'bromomethane'], cas: ['74-83-9'], Q: 10 },
  {
    seq: 18,
    name: { zh: '丙酮氰醇', en: 'acetone cyanohydrin' },
    synonyms: ['丙酮合氰化氢', '2-羟基异丁腈', '氰丙醇'],
    cas: ['75-86-5'],
    Q: 20,
  },
  { seq: 19, name: { zh: '丙烯醛', en: 'acrolein' }, synonyms: ['烯丙醛', '败脂醛', 'acrylaldehyde'], cas: ['107-02-8'], Q: 20 },
  { seq: 20, name: { zh: '氟化氢', en: 'hydrogen fluoride' }, synonyms: ['HF'], cas: ['7664-39-3'], Q: 1 },
  {
    seq: 21,
    name: { zh: '1-氯-2,3-环氧丙烷', en: '1-chloro-2,3-epoxypropane' },
    synonyms: ['环氧氯丙烷', '3-氯-1,2-环氧丙烷', 'epichlorohydrin'],
    cas: ['106-89-8'],
    Q: 20,
  },
  {
    seq: 22,
    name: { zh: '3-溴-1,2-环氧丙烷', en: '3-bromo-1,2-epoxypropane' },
    synonyms: ['环氧溴丙烷', '溴甲基环氧乙烷', '表溴醇', 'epibromohydrin'],
    cas: ['3132-64-7'],
    Q: 20,
  },
  // The standard prints 26471-62-5 (TDI, mixed isomers), not 584-84-9 (2,4-TDI); all copies agree.
  { seq: 23, name: { zh: '甲苯二异氰酸酯', en: 'toluene diisocyanate' }, synonyms: ['二异氰酸甲苯酯', 'TDI'], cas: ['26471-62-5'], Q: 100 },
  { seq: 24, name: { zh: '一氯化硫', en: 'sulfur monochloride' }, synonyms: ['氯化硫', 'disulfur dichloride'], cas: ['10025-67-9'], Q: 1 },
  { seq: 25, name: { zh: '氰化氢', en: 'hydrogen cyanide' }, synonyms: ['无水氢氰酸', 'HCN'], cas: ['74-90-8'], Q: 1 },
  { seq: 26, name: { zh: '三氧化硫', en: 'sulfur trioxide' }, synonyms: ['硫酸酐', 'SO3'], cas: ['7446-11-9'], Q: 75 },
  { seq: 27, name: { zh: '3-氨基丙烯', en: '3-aminopropene' }, synonyms: ['烯丙胺', 'allylamine'], cas: ['107-11-9'], Q: 20 },
  { seq: 28, name: { zh: '溴', en: 'bromine' }, synonyms: ['溴素', 'Br2'], cas: ['7726-95-6'], Q: 20 },
  {
    seq: 29,
    name: { zh: '乙撑亚胺', en: 'ethyleneimine' },
    synonyms: ['吖丙啶', '1-氮杂环丙烷', '氮丙啶', 'aziridine'],
    cas: ['151-56-4'],
    Q: 20,
  },
  { seq: 30, name: { zh: '异氰酸甲酯', en: 'methyl isocyanate' }, synonyms: ['甲基异氰酸酯', 'MIC'], cas: ['624-83-9'], Q: 0.75 },
  { seq: 31, name: { zh: '叠氮化钡', en: 'barium azide' }, synonyms: ['叠氮钡'], cas: ['18810-58-7'], Q: 0.5 },
  { seq: 32, name: { zh: '叠氮化铅', en: 'lead azide' }, synonyms: [], cas: ['13424-46-9'], Q: 0.5 },
  { seq: 33, name: { zh: '雷汞', en: 'mercury fulminate' }, synonyms: ['二雷酸汞', '雷酸汞'], cas: ['628-86-4'], Q: 0.5 },
  { seq: 34, name: { zh: '三硝基苯甲醚', en: 'trinitroanisole' }, synonyms: ['三硝基茴香醚'], cas: ['28653-16-9'], Q: 5 },
  { seq: 35, name: { zh: '2,4,6-三硝基甲苯', en: '2,4,6-trinitrotoluene' }, synonyms: ['梯恩梯', 'TNT'], cas: ['118-96-7'], Q: 5 },
  {
    seq: 36,
    name: { zh: '硝化甘油', en: 'nitroglycerin' },
    synonyms: ['硝化丙三醇', '甘油三硝酸酯', 'glyceryl trinitrate'],
    cas: ['55-63-0'],
    Q: 1,
  },
  {
    seq: 37,
    name: { zh: '硝化纤维素', en: 'nitrocellulose' },
    condition: { zh: '干的或含水(或乙醇)<25%', en: 'dry, or wetted with < 25 % water (or alcohol)' },
    synonyms: ['硝化棉'],
    cas: ['9004-70-0'],
    Q: 1,
  },
  {
    seq: 38,
    name: { zh: '硝化纤维素', en: 'nitrocellulose' },
    condition: { zh: '未改型的，或增塑的，含增塑剂<18%', en: 'unmodified, or plasticized with < 18 % plasticizer' },
    synonyms: ['硝化棉'],
    cas: ['9004-70-0'],
    Q: 1,
  },
  {
    seq: 39,
    name: { zh: '硝化纤维素', en: 'nitrocellulose' },
    condition: { zh: '含乙醇≥25%', en: 'with ≥ 25 % alcohol' },
    synonyms: ['硝化棉'],
    cas: ['9004-70-0'],
    Q: 10,
  },
  {
    seq: 40,
    name: { zh: '硝化纤维素', en: 'nitrocellulose' },
    condition: { zh: '含氮≤12.6%', en: 'nitrogen ≤ 12.6 %' },
    synonyms: ['硝化棉'],
    cas: ['9004-70-0'],
    Q: 50,
  },
  {
    seq: 41,
    name: { zh: '硝化纤维素', en: 'nitrocellulose' },
    condition: { zh: '含水≥25%', en: 'with ≥ 25 % water' },
    synonyms: ['硝化棉'],
    cas: ['9004-70-0'],
    Q: 50,
  },
  // One copy reads 含硝化纤维素≤25 %; the PDF transcriptions read ≤55 %, which is also UN 2059's wording.
  {
    seq: 42,
    name: { zh: '硝化纤维素溶液', en: 'nitrocellulose solution' },
    condition: { zh: '含氮量≤12.6%，含硝化纤维素≤55%', en: 'nitrogen ≤ 12.6 %, nitrocellulose ≤ 55 %' },
    synonyms: ['硝化棉溶液'],
    cas: ['9004-70-0'],
    Q: 50,
  },
  {
    seq: 43,
    name: { zh: '硝酸铵', en: 'ammonium nitrate' },
    condition: {
      zh: '含可燃物>0.2%，包括以碳计算的任何有机物，但不包括任何其他添加剂',
      en: 'combustible substances > 0.2 %, including any organic substance calculated as carbon, excluding any other added substance',
    },
    synonyms: [],
    cas: ['6484-52-2'],
    Q: 5,
  },
  {
    seq: 44,
    name: { zh: '硝酸铵', en: 'ammonium nitrate' },
    condition: { zh: '含可燃物≤0.2%', en: 'combustible substances ≤ 0.2 %' },
    synonyms: [],
    cas: ['6484-52-2'],
    Q: 50,
  },
  {
    seq: 45,
    name: { zh: '硝酸铵肥料', en: 'ammonium nitrate fertiliser' },
    condition: { zh: '含可燃物≤0.4%', en: 'combustible substances ≤ 0.4 %' },
    synonyms: ['ammonium nitrate fertilizer'],
    cas: [],
    Q: 200,
  },
  // A single row in every copy of the 2018 text (a draft split it by combustible content).
  { seq: 46, name: { zh: '硝酸钾', en: 'potassium nitrate' }, synonyms: [], cas: ['7757-79-1'], Q: 1000 },
  { seq: 47, name: { zh: '1,3-丁二烯', en: '1,3-butadiene' }, synonyms: ['联乙烯', 'butadiene'], cas: ['106-99-0'], Q: 5 },
  { seq: 48, name: { zh: '二甲醚', en: 'dimethyl ether' }, synonyms: ['甲醚', 'DME'], cas: ['115-10-6'], Q: 50 },
  {
    seq: 49,
    name: { zh: '甲烷，天然气', en: 'methane, natural gas' },
    synonyms: ['甲烷', '天然气', 'methane', 'natural gas', 'CH4'],
    cas: ['74-82-8', '8006-14-2'],
    Q: 50,
  },
  { seq: 50, name: { zh: '氯乙烯', en: 'vinyl chloride' }, synonyms: ['乙烯基氯', 'chloroethylene', 'VCM'], cas: ['75-01-4'], Q: 50 },
  { seq: 51, name: { zh: '氢', en: 'hydrogen' }, synonyms: ['氢气', 'H2'], cas: ['1333-74-0'], Q: 5 },
  {
    seq: 52,
    name: { zh: '液化石油气', en: 'liquefied petroleum gas' },
    condition: { zh: '含丙烷、丁烷及其混合物', en: 'propane, butane and their mixtures' },
    synonyms: ['石油气(液化的)', 'LPG', '丙烷', '丁烷', 'propane', 'butane'],
    cas: ['68476-85-7', '74-98-6', '106-97-8'],
    Q: 50,
  },
  { seq: 53, name: { zh: '一甲胺', en: 'monomethylamine' }, synonyms: ['氨基甲烷', '甲胺', 'methylamine'], cas: ['74-89-5'], Q: 5 },
  { seq: 54, name: { zh: '乙炔', en: 'acetylene' }, synonyms: ['电石气', 'ethyne'], cas: ['74-86-2'], Q: 1 },
  { seq: 55, name: { zh: '乙烯', en: 'ethylene' }, synonyms: ['ethene'], cas: ['74-85-1'], Q: 50 },
  {
    seq: 56,
    name: { zh: '氧', en: 'oxygen' },
    condition: { zh: '压缩的或液化的', en: 'compressed or liquefied' },
    synonyms: ['液氧', '氧气', 'liquid oxygen', 'O2'],
    cas: ['7782-44-7'],
    Q: 200,
  },
  { seq: 57, name: { zh: '苯', en: 'benzene' }, synonyms: ['纯苯'], cas: ['71-43-2'], Q: 50 },
  { seq: 58, name: { zh: '苯乙烯', en: 'styrene' }, synonyms: ['乙烯苯', 'vinylbenzene'], cas: ['100-42-5'], Q: 500 },
  { seq: 59, name: { zh: '丙酮', en: 'acetone' }, synonyms: ['二甲基酮', 'propanone'], cas: ['67-64-1'], Q: 500 },
  {
    seq: 60,
    name: { zh: '2-丙烯腈', en: 'acrylonitrile' },
    synonyms: ['丙烯腈', '乙烯基氰', '氰基乙烯', '2-propenenitrile'],
    cas: ['107-13-1'],
    Q: 50,
  },
  { seq: 61, name: { zh: '二硫化碳', en: 'carbon disulfide' }, synonyms: ['carbon disulphide', 'CS2'], cas: ['75-15-0'], Q: 50 },
  { seq: 62, name: { zh: '环己烷', en: 'cyclohexane' }, synonyms: ['六氢化苯'], cas: ['110-82-7'], Q: 500 },
  {
    seq: 63,
    name: { zh: '1,2-环氧丙烷', en: '1,2-epoxypropane' },
    synonyms: ['氧化丙烯', '甲基环氧乙烷', 'propylene oxide'],
    cas: ['75-56-9'],
    Q: 10,
  },
  { seq: 64, name: { zh: '甲苯', en: 'toluene' }, synonyms: ['甲基苯', '苯基甲烷', 'methylbenzene'], cas: ['108-88-3'], Q: 500 },
  { seq: 65, name: { zh: '甲醇', en: 'methanol' }, synonyms: ['木醇', '木精', 'methyl alcohol'], cas: ['67-56-1'], Q: 500 },
  {
    seq: 66,
    name: { zh: '汽油', en: 'gasoline' },
    condition: { zh: '乙醇汽油、甲醇汽油', en: 'including ethanol gasoline and methanol gasoline' },
    synonyms: ['乙醇汽油', '甲醇汽油', 'petrol'],
    cas: ['86290-81-5'],
    Q: 200,
  },
  { seq: 67, name: { zh: '乙醇', en: 'ethanol' }, synonyms: ['酒精', 'ethyl alcohol'], cas: ['64-17-5'], Q: 500 },
  { seq: 68, name: { zh: '乙醚', en: 'diethyl ether' }, synonyms: ['二乙基醚', 'ether', 'ethyl ether'], cas: ['60-29-7'], Q: 10 },
  { seq: 69, name: { zh: '乙酸乙酯', en: 'ethyl acetate' }, synonyms: ['醋酸乙酯'], cas: ['141-78-6'], Q: 500 },
  { seq: 70, name: { zh: '正己烷', en: 'n-hexane' }, synonyms: ['己烷', 'hexane'], cas: ['110-54-3'], Q: 500 },
  {
    seq: 71,
    name: { zh: '过乙酸', en: 'peracetic acid' },
    synonyms: ['过醋酸', '过氧乙酸', '乙酰过氧化氢', 'peroxyacetic acid'],
    cas: ['79-21-0'],
    Q: 10,
  },
  {
    seq: 72,
    name: { zh: '过氧化甲基乙基酮', en: 'methyl ethyl ketone peroxide' },
    condition: { zh: '10%<有效氧含量≤10.7%，含A型稀释剂≥48%', en: '10 % < available oxygen ≤ 10.7 %, with ≥ 48 % type A diluent' },
    synonyms: ['MEKP'],
    cas: ['1338-23-4'],
    Q: 10,
  },
  { seq: 73, name: { zh: '白磷', en: 'white phosphorus' }, synonyms: ['黄磷', 'yellow phosphorus'], cas: ['12185-10-3'], Q: 50 },
  { seq: 74, name: { zh: '烷基铝', en: 'alkylaluminium' }, synonyms: ['三烷基铝', 'trialkylaluminium'], cas: [], Q: 1 },
  { seq: 75, name: { zh: '戊硼烷', en: 'pentaborane' }, synonyms: ['五硼烷'], cas: ['19624-22-7'], Q: 1 },
  { seq: 76, name: { zh: '过氧化钾', en: 'potassium peroxide' }, synonyms: [], cas: ['17014-71-0'], Q: 20 },
  { seq: 77, name: { zh: '过氧化钠', en: 'sodium peroxide' }, synonyms: ['双氧化钠', '二氧化钠'], cas: ['1313-60-6'], Q: 20 },
  { seq: 78, name: { zh: '氯酸钾', en: 'potassium chlorate' }, synonyms: [], cas: ['3811-04-9'], Q: 100 },
  { seq: 79, name: { zh: '氯酸钠', en: 'sodium chlorate' }, synonyms: [], cas: ['7775-09-9'], Q: 100 },
  { seq: 80, name: { zh: '发烟硝酸', en: 'fuming nitric acid' }, synonyms: [], cas: ['52583-42-3'], Q: 20 },
  {
    seq: 81,
    name: { zh: '硝酸', en: 'nitric acid' },
    condition: { zh: '发红烟的除外，含硝酸>70%', en: 'other than red fuming, HNO3 > 70 %' },
    synonyms: [],
    cas: ['7697-37-2'],
    Q: 100,
  },
  { seq: 82, name: { zh: '硝酸胍', en: 'guanidine nitrate' }, synonyms: ['硝酸亚氨脲'], cas: ['506-93-4'], Q: 50 },
  { seq: 83, name: { zh: '碳化钙', en: 'calcium carbide' }, synonyms: ['电石'], cas: ['75-20-7'], Q: 100 },
  { seq: 84, name: { zh: '钾', en: 'potassium' }, synonyms: ['金属钾'], cas: ['7440-09-7'], Q: 1 },
  { seq: 85, name: { zh: '钠', en: 'sodium' }, synonyms: ['金属钠'], cas: ['7440-23-5'], Q: 10 },
];

/**
 * The hazard category codes of Table 2 (health hazards J, physical hazards W),
 * in the standard's order. Table 4 gives each its β.
 */
export const categoryCodes = [
  'J1',
  'J2',
  'J3',
  'J4',
  'J5',
  'W1.1',
  'W1.2',
  'W1.3',
  'W2',
  'W3',
  'W4',
  'W5.1',
  'W5.2',
  'W5.3',
  'W5.4',
  'W6.1',
  'W6.2',
  'W7.1',
  'W7.2',
  'W8',
  'W9.1',
  'W9.2',
  'W10',
  'W11',
] as const;
export type CategoryCode = (typeof categoryCodes)[number];

/** One row of Table 2 (未在表1中列举的危险化学品类别及其临界量). */
export interface Table2Row {
  code: CategoryCode;
  /** 类别: the GHS hazard class (急性毒性, 易燃气体 …). */
  hazard: Bilingual;
  /** 危险性分类及说明: which categories of that class the code covers. */
  description: Bilingual;
  /** Critical quantity Q, t (W3: net mass of the aerosols). */
  Q: number;
}

const acuteToxicity: Bilingual = { zh: '急性毒性', en: 'Acute toxicity' };
const explosives: Bilingual = { zh: '爆炸物', en: 'Explosives' };
const flammableLiquids: Bilingual = { zh: '易燃液体', en: 'Flammable liquids' };
const selfReactive: Bilingual = { zh: '自反应物质和混合物', en: 'Self-reactive substances and mixtures' };
const organicPeroxides: Bilingual = { zh: '有机过氧化物', en: 'Organic peroxides' };
const oxidisingSolidsLiquids: Bilingual = { zh: '氧化性固体和液体', en: 'Oxidising solids and liquids' };

/** GB 18218-2018 Table 2: critical quantities by hazard category, for chemicals Table 1 does not name. */
export const table2: readonly Table2Row[] = [
  {
    code: 'J1',
    hazard: acuteToxicity,
    description: { zh: '类别1，所有暴露途径，气体', en: 'Category 1, all exposure routes, gases' },
    Q: 5,
  },
  {
    code: 'J2',
    hazard: acuteToxicity,
    description: { zh: '类别1，所有暴露途径，固体、液体', en: 'Category 1, all exposure routes, solids and liquids' },
    Q: 50,
  },
  {
    code: 'J3',
    hazard: acuteToxicity,
    description: { zh: '类别2、类别3，所有暴露途径，气体', en: 'Categories 2 and 3, all exposure routes, gases' },
    Q: 50,
  },
  {
    code: 'J4',
    hazard: acuteToxicity,
    description: { zh: '类别2、类别3，吸入途径，液体(沸点≤35℃)', en: 'Categories 2 and 3, inhalation, liquids (boiling point ≤ 35 °C)' },
    Q: 50,
  },
  {
    code: 'J5',
    hazard: acuteToxicity,
    description: {
      zh: '类别2，所有暴露途径，液体(除J4外)、固体',
      en: 'Category 2, all exposure routes, liquids (other than J4) and solids',
    },
    Q: 500,
  },
  {
    code: 'W1.1',
    hazard: explosives,
    description: { zh: '不稳定爆炸物；1.1项爆炸物', en: 'Unstable explosives; division 1.1 explosives' },
    Q: 1,
  },
  {
    code: 'W1.2',
    hazard: explosives,
    description: { zh: '1.2、1.3、1.5、1.6项爆炸物', en: 'Division 1.2, 1.3, 1.5 and 1.6 explosives' },
    Q: 10,
  },
  { code: 'W1.3', hazard: explosives, description: { zh: '1.4项爆炸物', en: 'Division 1.4 explosives' }, Q: 50 },
  { code: 'W2', hazard: { zh: '易燃气体', en: 'Flammable gases' }, description: { zh: '类别1和类别2', en: 'Categories 1 and 2' }, Q: 10 },
  {
    code: 'W3',
    hazard: { zh: '气溶胶', en: 'Aerosols' },
    description: { zh: '类别1和类别2（净重）', en: 'Categories 1 and 2 (net mass)' },
    Q: 150,
  },
  { code: 'W4', hazard: { zh: '氧化性气体', en: 'Oxidising gases' }, description: { zh: '类别1', en: 'Category 1' }, Q: 50 },
  {
    code: 'W5.1',
    hazard: flammableLiquids,
    description: { zh: '类别1；类别2和3，工作温度高于沸点', en: 'Category 1; categories 2 and 3 kept above their boiling point' },
    Q: 10,
  },
  {
    code: 'W5.2',
    hazard: flammableLiquids,
    description: {
      zh: '类别2和3，具有引发重大事故的特殊工艺条件，包括危险化工工艺、爆炸极限范围或附近操作、操作压力大于1.6 MPa等',
      en: 'Categories 2 and 3 under special process conditions that can cause a major accident: hazardous chemical processes, operation within or near the explosive range, operating pressure above 1.6 MPa and the like',
    },
    Q: 50,
  },
  {
    code: 'W5.3',
    hazard: flammableLiquids,
    description: { zh: '不属于W5.1或W5.2的其他类别2', en: 'Other category 2, not W5.1 or W5.2' },
    Q: 1000,
  },
  {
    code: 'W5.4',
    hazard: flammableLiquids,
    description: { zh: '不属于W5.1或W5.2的其他类别3', en: 'Other category 3, not W5.1 or W5.2' },
    Q: 5000,
  },
  { code: 'W6.1', hazard: selfReactive, description: { zh: 'A型和B型自反应物质和混合物', en: 'Types A and B' }, Q: 10 },
  { code: 'W6.2', hazard: selfReactive, description: { zh: 'C型、D型、E型自反应物质和混合物', en: 'Types C, D and E' }, Q: 50 },
  { code: 'W7.1', hazard: organicPeroxides, description: { zh: 'A型和B型有机过氧化物', en: 'Types A and B' }, Q: 10 },
  { code: 'W7.2', hazard: organicPeroxides, description: { zh: 'C型、D型、E型、F型有机过氧化物', en: 'Types C, D, E and F' }, Q: 50 },
  {
    code: 'W8',
    hazard: { zh: '自燃液体和自燃固体', en: 'Pyrophoric liquids and solids' },
    description: { zh: '类别1自燃液体；类别1自燃固体', en: 'Category 1 pyrophoric liquids; category 1 pyrophoric solids' },
    Q: 50,
  },
  { code: 'W9.1', hazard: oxidisingSolidsLiquids, description: { zh: '类别1', en: 'Category 1' }, Q: 50 },
  { code: 'W9.2', hazard: oxidisingSolidsLiquids, description: { zh: '类别2、类别3', en: 'Categories 2 and 3' }, Q: 200 },
  {
    code: 'W10',
    hazard: { zh: '易燃固体', en: 'Flammable solids' },
    description: { zh: '类别1易燃固体', en: 'Category 1 flammable solids' },
    Q: 200,
  },
  {
    code: 'W11',
    hazard: { zh: '遇水放出易燃气体的物质和混合物', en: 'Substances and mixtures which, in contact with water, emit flammable gases' },
    description: { zh: '类别1和类别2', en: 'Categories 1 and 2' },
    Q: 200,
  },
];

/** One row of Table 3 (毒性气体校正系数β取值表). */
export interface Table3Row {
  /** The gas as Table 3 names it. */
  name: Bilingual;
  /** The Table 1 row of that gas (一氧化碳 is counted under 煤气, row 13). */
  seq: number;
  beta: number;
}

/** GB 18218-2018 Table 3: β of the named toxic gases. */
export const table3: readonly Table3Row[] = [
  { name: { zh: '一氧化碳', en: 'carbon monoxide' }, seq: 13, beta: 2 },
  { name: { zh: '二氧化硫', en: 'sulfur dioxide' }, seq: 4, beta: 2 },
  { name: { zh: '氨', en: 'ammonia' }, seq: 1, beta: 2 },
  { name: { zh: '环氧乙烷', en: 'ethylene oxide' }, seq: 7, beta: 2 },
  { name: { zh: '氯化氢', en: 'hydrogen chloride' }, seq: 11, beta: 3 },
  { name: { zh: '溴甲烷', en: 'methyl bromide' }, seq: 17, beta: 3 },
  { name: { zh: '氯', en: 'chlorine' }, seq: 12, beta: 4 },
  { name: { zh: '硫化氢', en: 'hydrogen sulfide' }, seq: 10, beta: 5 },
  { name: { zh: '氟化氢', en: 'hydrogen fluoride' }, seq: 20, beta: 5 },
  { name: { zh: '二氧化氮', en: 'nitrogen dioxide' }, seq: 3, beta: 10 },
  { name: { zh: '氰化氢', en: 'hydrogen cyanide' }, seq: 25, beta: 10 },
  { name: { zh: '碳酰氯', en: 'carbonyl dichloride (phosgene)' }, seq: 6, beta: 20 },
  { name: { zh: '磷化氢', en: 'phosphine' }, seq: 9, beta: 20 },
  { name: { zh: '异氰酸甲酯', en: 'methyl isocyanate' }, seq: 30, beta: 20 },
];

/** One row of Table 4 (未在表3中列举的危险化学品校正系数β取值表). */
export interface Table4Row {
  code: CategoryCode;
  beta: number;
}

/** GB 18218-2018 Table 4: β by hazard category, for chemicals Table 3 does not name. */
export const table4: readonly Table4Row[] = [
  { code: 'J1', beta: 4 },
  { code: 'J2', beta: 1 },
  { code: 'J3', beta: 2 },
  { code: 'J4', beta: 2 },
  { code: 'J5', beta: 1 },
  { code: 'W1.1', beta: 2 },
  { code: 'W1.2', beta: 2 },
  { code: 'W1.3', beta: 2 },
  { code: 'W2', beta: 1.5 },
  { code: 'W3', beta: 1 },
  { code: 'W4', beta: 1 },
  { code: 'W5.1', beta: 1.5 },
  { code: 'W5.2', beta: 1 },
  { code: 'W5.3', beta: 1 },
  { code: 'W5.4', beta: 1 },
  { code: 'W6.1', beta: 1.5 },
  { code: 'W6.2', beta: 1 },
  { code: 'W7.1', beta: 1.5 },
  { code: 'W7.2', beta: 1 },
  { code: 'W8', beta: 1 },
  { code: 'W9.1', beta: 1 },
  { code: 'W9.2', beta: 1 },
  { code: 'W10', beta: 1 },
  { code: 'W11', beta: 1 },
];

/** One row of Table 5 (暴露人员校正系数α取值表): a band of head counts, both ends included. */
export interface Table5Row {
  /** Fewest people in the band. */
  min: number;
  /** Most people in the band; null: no upper end. */
  max: number | null;
  alpha: number;
  label: Bilingual;
}

/** GB 18218-2018 Table 5: α by the number of people exposed outside the plant within 500 m of the unit. */
export const table5: readonly Table5Row[] = [
  { min: 100, max: null, alpha: 2.0, label: { zh: '100人以上', en: '100 or more' } },
  { min: 50, max: 99, alpha: 1.5, label: { zh: '50~99人', en: '50 to 99' } },
  { min: 30, max: 49, alpha: 1.2, label: { zh: '30~49人', en: '30 to 49' } },
  { min: 1, max: 29, alpha: 1.0, label: { zh: '1~29人', en: '1 to 29' } },
  { min: 0, max: 0, alpha: 0.5, label: { zh: '0人', en: 'none' } },
];

export const hazardGrades = [1, 2, 3, 4] as const;
/** 重大危险源级别: 1 (一级) is the most severe. */
export type HazardGrade = (typeof hazardGrades)[number];

/** One row of Table 6 (重大危险源级别和R值的对应关系): min ≤ R < max. */
export interface Table6Row {
  grade: HazardGrade;
  /** Lowest R of the grade (included); null: no lower end. */
  min: number | null;
  /** R from which the next grade up begins (excluded); null: no upper end. */
  max: number | null;
  label: Bilingual;
}

/** GB 18218-2018 Table 6: grade by R. */
export const table6: readonly Table6Row[] = [
  { grade: 1, min: 100, max: null, label: { zh: '一级', en: 'Grade 1' } },
  { grade: 2, min: 50, max: 100, label: { zh: '二级', en: 'Grade 2' } },
  { grade: 3, min: 10, max: 50, label: { zh: '三级', en: 'Grade 3' } },
  { grade: 4, min: null, max: 10, label: { zh: '四级', en: 'Grade 4' } },
];
