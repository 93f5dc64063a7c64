import type { Bilingual, CatalogueSubstance } from './gb18218.js';
import type { StorageClass } from './storage-classes.js';

/*
 * The seed of the portal's one chemical catalogue (ARCHITECTURE.md §9): the
 * media of the demo plant (tank farm, loading bays, process units, gas
 * detectors: `map-styles/demo-plant.geojson`) and other common ones. Major
 * hazard, chemicals, occupational health and permits all read a substance
 * from here; a plant edits its own copy in the store.
 *
 * Sources, per field:
 * - `categories`: GB 18218-2018 Table 2 codes from the substance's GHS
 *   classification (GB 30000 series); `table1Seq` the Table 1 row
 *   (`gb18218-tables.ts`).
 * - `physical`: typical handbook values (ICSC, NIOSH Pocket Guide) at
 *   101.3 kPa; flash point closed cup. A mixture (LPG) gives the values of
 *   its main component, said in `notes`.
 * - `oel`: GBZ 2.1-2019 工作场所有害因素职业接触限值 第1部分：化学有害因素,
 *   Table 1, in mg/m³; null where it sets none (simple asphyxiants, most
 *   flammable gases).
 * - `surveillanceMonths`: the periodic examination cycle GBZ 188-2014 sets
 *   for workers exposed to the substance (DOMAIN.md §11); null where it names
 *   none for this substance.
 * - `msds`: the 16 sections of GB/T 16483-2008, short, for the demo plant's
 *   media; a plant replaces them with its suppliers' sheets.
 */

/** State at 20 °C and 101.3 kPa. */
export type PhysicalState = 'gas' | 'liquid' | 'solid';

export interface PhysicalData {
  state: PhysicalState;
  /** °C, closed cup; null: not flammable. */
  flashPointC: number | null;
  /** °C at 101.3 kPa (sublimation point for acetylene); null: a mixture boiling over a range. */
  boilingPointC: number | null;
  /** Lower and upper explosive limits, % by volume in air; null: not flammable. */
  lel: number | null;
  uel: number | null;
  /** g/mol; converts ppm to mg/m³ (mg/m³ = ppm × M / 24.45, DOMAIN.md §11). */
  molarMass: number;
}

/** Occupational exposure limits, mg/m³ (GBZ 2.1-2019). */
export interface ExposureLimits {
  /** Maximum allowable concentration. */
  mac: number | null;
  /** Permissible concentration, time-weighted average over 8 h. */
  twa: number | null;
  /** Permissible concentration, short-term (15 min). */
  stel: number | null;
  /** GBZ 2.1-2019 remarks: 皮 (skin absorption), G1 (confirmed human carcinogen) … */
  remarks: readonly string[];
  source: string;
}

/** The 16 sections of a safety data sheet, GB/T 16483-2008 §5. */
export const msdsSections = [
  { key: 'identification', zh: '化学品及企业标识', en: 'Identification of the chemical and the supplier' },
  { key: 'hazards', zh: '危险性概述', en: 'Hazards identification' },
  { key: 'composition', zh: '成分/组成信息', en: 'Composition and information on ingredients' },
  { key: 'firstAid', zh: '急救措施', en: 'First-aid measures' },
  { key: 'fireFighting', zh: '消防措施', en: 'Fire-fighting measures' },
  { key: 'accidentalRelease', zh: '泄漏应急处理', en: 'Accidental release measures' },
  { key: 'handlingStorage', zh: '操作处置与储存', en: 'Handling and storage' },
  { key: 'exposureControls', zh: '接触控制和个体防护', en: 'Exposure controls and personal protection' },
  { key: 'physicalChemical', zh: '理化特性', en: 'Physical and chemical properties' },
  { key: 'stabilityReactivity', zh: '稳定性和反应性', en: 'Stability and reactivity' },
  { key: 'toxicology', zh: '毒理学信息', en: 'Toxicological information' },
  { key: 'ecology', zh: '生态学信息', en: 'Ecological information' },
  { key: 'disposal', zh: '废弃处置', en: 'Disposal considerations' },
  { key: 'transport', zh: '运输信息', en: 'Transport information' },
  { key: 'regulatory', zh: '法规信息', en: 'Regulatory information' },
  { key: 'other', zh: '其他信息', en: 'Other information' },
] as const;
export type MsdsSection = (typeof msdsSections)[number]['key'];
export type Msds = Record<MsdsSection, Bilingual>;

export interface Substance extends CatalogueSubstance {
  /** UN number (four digits) of its usual transport entry; null: not dangerous goods. */
  un: string | null;
  physical: PhysicalData;
  oel: ExposureLimits | null;
  /** Classes of the 储存性能互抵表 (GB 15603, DOMAIN.md §10) the storage compatibility matrix reads. */
  storageClasses: readonly StorageClass[];
  /** GBZ 188-2014 periodic medical examination cycle, months; null where none is named. */
  surveillanceMonths: number | null;
  msds: Msds | null;
  /** Why a value is what it is, where that is not obvious. */
  notes?: Bilingual;
}

/**
 * The CAS Registry check digit: the last digit equals the sum of the other
 * digits, each weighted by its place counted from the right, modulo 10
 * (67-56-1: 6·4 + 7·3 + 5·2 + 6·1 = 61 → 1).
 */
export function isCasNumber(cas: string): boolean {
  const m = /^(\d{2,7})-(\d{2})-(\d)$/.exec(cas);
  if (!m) {
    return false;
  }
  const digits = (m[1] + m[2]).split('').reverse();
  const sum = digits.reduce((s, d, i) => s + Number(d) * (i + 1), 0);
  return sum % 10 === Number(m[3]);
}

const GBZ = 'GBZ 2.1-2019 表1';
const demoOther: Bilingual = {
  zh: '演示数据，供平台演示使用；实际使用以供应商提供的安全技术说明书为准。',
  en: 'Demonstration data; in practice the supplier’s safety data sheet governs.',
};

/** Section texts in the order of `msdsSections`, each [zh, en]; `other` defaults to the demo notice. */
function msds(texts: Omit<Record<MsdsSection, readonly [string, string]>, 'other'> & { other?: readonly [string, string] }): Msds {
  const out = {} as Msds;
  for (const { key } of msdsSections) {
    const t = texts[key];
    out[key] = t ? { zh: t[0], en: t[1] } : demoOther;
  }
  return out;
}

export const seedSubstances: readonly Substance[] = [
  {
    code: 'methanol',
    name: { zh: '甲醇', en: 'methanol' },
    synonyms: ['木醇', '木精', 'methyl alcohol'],
    cas: '67-56-1',
    un: '1230',
    categories: ['W5.3'],
    table1Seq: 65,
    physical: { state: 'liquid', flashPointC: 11, boilingPointC: 64.7, lel: 5.5, uel: 44, molarMass: 32.04 },
    oel: { mac: null, twa: 25, stel: 50, remarks: ['皮'], source: GBZ },
    storageClasses: ['flammable-liquid'],
    surveillanceMonths: 36,
    msds: msds({
      identification: [
        '甲醇（木醇）；CAS 67-56-1；用途：本厂合成装置产品，储存于罐区A并经装车站外运。',
        'Methanol (methyl alcohol); CAS 67-56-1; product of the synthesis unit, stored in tank farm A and shipped from the loading station.',
      ],
      hazards: [
        '易燃液体，类别2；急性毒性（经口、经皮、吸入）类别3；特异性靶器官毒性（视神经）。蒸气与空气可形成爆炸性混合物。',
        'Flammable liquid, category 2; acute toxicity (oral, dermal, inhalation) category 3; specific target organ toxicity (optic nerve). Vapour forms explosive mixtures with air.',
      ],
      composition: ['纯品，甲醇含量≥99.5%。', 'Pure substance, methanol ≥ 99.5 %.'],
      firstAid: [
        '吸入：移至新鲜空气处，就医。皮肤接触：脱去污染衣着，用流动清水冲洗。眼睛接触：用流动清水冲洗至少15 min。食入：饮足量温水，催吐，立即就医（可能致盲）。',
        'Inhalation: move to fresh air, seek medical care. Skin: remove contaminated clothing, rinse with running water. Eyes: rinse with running water for at least 15 min. Ingestion: drink warm water, induce vomiting, seek medical care at once (risk of blindness).',
      ],
      fireFighting: [
        '用抗溶性泡沫、干粉、二氧化碳、砂土灭火；用水灭火无效，可用水冷却容器。火焰在日光下不易看见。',
        'Extinguish with alcohol-resistant foam, dry powder, carbon dioxide or sand; water is ineffective but cools containers. The flame is hard to see in daylight.',
      ],
      accidentalRelease: [
        '切断火源，隔离泄漏区；用砂土或不燃材料吸收，大量泄漏筑堤收容，用防爆泵转移。',
        'Remove ignition sources, isolate the area; absorb with sand or non-combustible material; contain a large spill with a dike and transfer with an explosion-proof pump.',
      ],
      handlingStorage: [
        '密闭操作，全面通风，使用防爆设备；储存于阴凉通风处，远离火种、热源及氧化剂，罐区设防火堤。',
        'Closed handling, general ventilation, explosion-proof equipment; store cool and ventilated, away from ignition, heat and oxidisers, tanks within a fire dike.',
      ],
      exposureControls: [
        'GBZ 2.1-2019：PC-TWA 25 mg/m³，PC-STEL 50 mg/m³（皮）。佩戴过滤式防毒面具、化学安全防护眼镜、防护手套。',
        'GBZ 2.1-2019: PC-TWA 25 mg/m³, PC-STEL 50 mg/m³ (skin). Filter respirator, chemical goggles, protective gloves.',
      ],
      physicalChemical: [
        '无色透明液体，有刺激性气味；沸点64.7 ℃，闪点11 ℃，爆炸极限5.5%~44%（体积）；与水混溶。',
        'Colourless clear liquid with a pungent odour; boiling point 64.7 °C, flash point 11 °C, explosive limits 5.5–44 % vol; miscible with water.',
      ],
      stabilityReactivity: [
        '稳定。禁配物：强氧化剂、酸类、酸酐、碱金属。',
        'Stable. Incompatible with strong oxidisers, acids, acid anhydrides, alkali metals.',
      ],
      toxicology: [
        '对中枢神经系统有麻醉作用，对视神经和视网膜有特殊选择作用，可致失明；代谢产物甲酸致代谢性酸中毒。',
        'Narcotic to the central nervous system; selectively damages the optic nerve and retina and may cause blindness; its metabolite formic acid causes metabolic acidosis.',
      ],
      ecology: ['易生物降解，对水生生物毒性低。', 'Readily biodegradable; low toxicity to aquatic life.'],
      disposal: ['焚烧处置；不得排入下水道。', 'Dispose of by incineration; do not discharge to drains.'],
      transport: ['UN 1230，第3类（次要危险性6.1），包装类别Ⅱ。', 'UN 1230, class 3 (subsidiary 6.1), packing group II.'],
      regulatory: [
        '列入《危险化学品目录》和首批重点监管的危险化学品；GB 18218-2018 表1第65项，临界量500 t。',
        'Listed in the Catalogue of Hazardous Chemicals and the first batch of key supervised hazardous chemicals; GB 18218-2018 Table 1 row 65, critical quantity 500 t.',
      ],
    }),
  },
  {
    code: 'toluene',
    name: { zh: '甲苯', en: 'toluene' },
    synonyms: ['甲基苯', '苯基甲烷', 'methylbenzene'],
    cas: '108-88-3',
    un: '1294',
    categories: ['W5.3'],
    table1Seq: 64,
    physical: { state: 'liquid', flashPointC: 4, boilingPointC: 110.6, lel: 1.1, uel: 7.1, molarMass: 92.14 },
    oel: { mac: null, twa: 50, stel: 100, remarks: ['皮'], source: GBZ },
    storageClasses: ['flammable-liquid'],
    surveillanceMonths: null,
    msds: msds({
      identification: [
        '甲苯（甲基苯）；CAS 108-88-3；用途：精馏装置产品及氯化装置原料，储存于罐区A。',
        'Toluene (methylbenzene); CAS 108-88-3; product of the distillation unit and feed of the chlorination unit, stored in tank farm A.',
      ],
      hazards: [
        '易燃液体，类别2；皮肤刺激；生殖毒性类别2；特异性靶器官毒性；吸入危害类别1。',
        'Flammable liquid, category 2; skin irritant; reproductive toxicity category 2; specific target organ toxicity; aspiration hazard category 1.',
      ],
      composition: ['纯品，甲苯含量≥99.5%。', 'Pure substance, toluene ≥ 99.5 %.'],
      firstAid: [
        '吸入：移至新鲜空气处，必要时输氧，就医。皮肤接触：用肥皂水和清水冲洗。眼睛接触：用流动清水冲洗。食入：不得催吐（吸入危害），就医。',
        'Inhalation: move to fresh air, give oxygen if needed, seek medical care. Skin: wash with soap and water. Eyes: rinse with running water. Ingestion: do not induce vomiting (aspiration hazard), seek medical care.',
      ],
      fireFighting: [
        '用泡沫、干粉、二氧化碳、砂土灭火；用水灭火无效，用水冷却容器。',
        'Extinguish with foam, dry powder, carbon dioxide or sand; water is ineffective but cools containers.',
      ],
      accidentalRelease: [
        '切断火源；用活性炭或砂土吸收；大量泄漏筑堤收容，用泡沫覆盖降低蒸气危害。',
        'Remove ignition sources; absorb with activated carbon or sand; contain a large spill with a dike and cover with foam to reduce vapour.',
      ],
      handlingStorage: [
        '密闭操作，防静电，使用防爆设备；储存于阴凉通风处，远离火种和氧化剂。',
        'Closed handling, antistatic measures, explosion-proof equipment; store cool and ventilated, away from ignition and oxidisers.',
      ],
      exposureControls: [
        'GBZ 2.1-2019：PC-TWA 50 mg/m³，PC-STEL 100 mg/m³（皮）。佩戴过滤式防毒面具、防护眼镜、防护手套。',
        'GBZ 2.1-2019: PC-TWA 50 mg/m³, PC-STEL 100 mg/m³ (skin). Filter respirator, goggles, protective gloves.',
      ],
      physicalChemical: [
        '无色透明液体，有芳香气味；沸点110.6 ℃，闪点4 ℃，爆炸极限1.1%~7.1%（体积）；不溶于水。',
        'Colourless clear liquid with an aromatic odour; boiling point 110.6 °C, flash point 4 °C, explosive limits 1.1–7.1 % vol; insoluble in water.',
      ],
      stabilityReactivity: ['稳定。禁配物：强氧化剂。', 'Stable. Incompatible with strong oxidisers.'],
      toxicology: [
        '对中枢神经系统有麻醉作用，对皮肤黏膜有刺激；高浓度可致意识丧失。',
        'Narcotic to the central nervous system, irritates skin and mucous membranes; high concentrations cause loss of consciousness.',
      ],
      ecology: ['对水生生物有害，可生物降解。', 'Harmful to aquatic life; biodegradable.'],
      disposal: ['焚烧处置或回收利用。', 'Incinerate or recover.'],
      transport: ['UN 1294，第3类，包装类别Ⅱ。', 'UN 1294, class 3, packing group II.'],
      regulatory: [
        '列入《危险化学品目录》、首批重点监管的危险化学品和第三类易制毒化学品；GB 18218-2018 表1第64项，临界量500 t。',
        'Listed in the Catalogue of Hazardous Chemicals, the first batch of key supervised hazardous chemicals and category 3 precursor chemicals; GB 18218-2018 Table 1 row 64, critical quantity 500 t.',
      ],
    }),
  },
  {
    code: 'benzene',
    name: { zh: '苯', en: 'benzene' },
    synonyms: ['纯苯', 'benzol'],
    cas: '71-43-2',
    un: '1114',
    categories: ['W5.3'],
    table1Seq: 57,
    physical: { state: 'liquid', flashPointC: -11, boilingPointC: 80.1, lel: 1.2, uel: 8.0, molarMass: 78.11 },
    oel: { mac: null, twa: 6, stel: 10, remarks: ['皮', 'G1'], source: GBZ },
    storageClasses: ['flammable-liquid'],
    surveillanceMonths: 12,
    msds: msds({
      identification: [
        '苯（纯苯）；CAS 71-43-2；用途：精馏装置产品，储存于罐区A。',
        'Benzene; CAS 71-43-2; product of the distillation unit, stored in tank farm A.',
      ],
      hazards: [
        '易燃液体，类别2；致癌性类别1A；生殖细胞致突变性类别1B；特异性靶器官毒性（血液系统）；吸入危害类别1。',
        'Flammable liquid, category 2; carcinogenicity category 1A; germ cell mutagenicity category 1B; specific target organ toxicity (blood); aspiration hazard category 1.',
      ],
      composition: ['纯品，苯含量≥99.8%。', 'Pure substance, benzene ≥ 99.8 %.'],
      firstAid: [
        '吸入：迅速移至新鲜空气处，呼吸困难时输氧，就医。皮肤接触：用肥皂水和清水冲洗。眼睛接触：用流动清水冲洗。食入：不得催吐，就医。',
        'Inhalation: move to fresh air at once, give oxygen if breathing is difficult, seek medical care. Skin: wash with soap and water. Eyes: rinse with running water. Ingestion: do not induce vomiting, seek medical care.',
      ],
      fireFighting: [
        '用泡沫、干粉、二氧化碳、砂土灭火；用水冷却容器。蒸气比空气重，可沿地面扩散至远处遇火源回燃。',
        'Extinguish with foam, dry powder, carbon dioxide or sand; cool containers with water. The vapour is heavier than air and can travel along the ground to a distant ignition source and flash back.',
      ],
      accidentalRelease: [
        '切断火源，佩戴正压式空气呼吸器；用活性炭或砂土吸收，大量泄漏用泡沫覆盖并转移回收。',
        'Remove ignition sources, wear self-contained breathing apparatus; absorb with activated carbon or sand, cover a large spill with foam and recover it.',
      ],
      handlingStorage: [
        '密闭操作，局部排风，防静电；储存温度高于5.5 ℃以防凝固，远离火种和氧化剂。',
        'Closed handling, local exhaust, antistatic measures; keep above 5.5 °C so it does not freeze, away from ignition and oxidisers.',
      ],
      exposureControls: [
        'GBZ 2.1-2019：PC-TWA 6 mg/m³，PC-STEL 10 mg/m³（皮，G1）。佩戴过滤式防毒面具或空气呼吸器、防护手套。',
        'GBZ 2.1-2019: PC-TWA 6 mg/m³, PC-STEL 10 mg/m³ (skin, G1). Filter respirator or breathing apparatus, protective gloves.',
      ],
      physicalChemical: [
        '无色透明液体，有芳香气味；熔点5.5 ℃，沸点80.1 ℃，闪点−11 ℃，爆炸极限1.2%~8.0%（体积）。',
        'Colourless clear liquid with an aromatic odour; melting point 5.5 °C, boiling point 80.1 °C, flash point −11 °C, explosive limits 1.2–8.0 % vol.',
      ],
      stabilityReactivity: ['稳定。禁配物：强氧化剂。', 'Stable. Incompatible with strong oxidisers.'],
      toxicology: [
        '确认的人类致癌物（白血病）；长期接触损害造血系统；急性高浓度接触致中枢神经抑制。',
        'Confirmed human carcinogen (leukaemia); long-term exposure damages the blood-forming system; acute high exposure depresses the central nervous system.',
      ],
      ecology: ['对水生生物有毒。', 'Toxic to aquatic life.'],
      disposal: ['焚烧处置。', 'Dispose of by incineration.'],
      transport: ['UN 1114，第3类，包装类别Ⅱ。', 'UN 1114, class 3, packing group II.'],
      regulatory: [
        '列入《危险化学品目录》和首批重点监管的危险化学品；GB 18218-2018 表1第57项，临界量50 t；职业病危害因素，GBZ 188 规定每年一次在岗体检。',
        'Listed in the Catalogue of Hazardous Chemicals and the first batch of key supervised hazardous chemicals; GB 18218-2018 Table 1 row 57, critical quantity 50 t; an occupational hazard with yearly examinations under GBZ 188.',
      ],
    }),
  },
  {
    code: 'acetone',
    name: { zh: '丙酮', en: 'acetone' },
    synonyms: ['二甲基酮', 'propanone', 'dimethyl ketone'],
    cas: '67-64-1',
    un: '1090',
    categories: ['W5.3'],
    table1Seq: 59,
    physical: { state: 'liquid', flashPointC: -20, boilingPointC: 56.1, lel: 2.5, uel: 13, molarMass: 58.08 },
    oel: { mac: null, twa: 300, stel: 450, remarks: [], source: GBZ },
    storageClasses: ['flammable-liquid'],
    surveillanceMonths: null,
    msds: msds({
      identification: [
        '丙酮（二甲基酮）；CAS 67-64-1；用途：溶剂，储存于罐区A溶剂罐。',
        'Acetone (dimethyl ketone); CAS 67-64-1; solvent, stored in the solvent tanks of tank farm A.',
      ],
      hazards: [
        '易燃液体，类别2；严重眼刺激；特异性靶器官毒性（麻醉效应）。',
        'Flammable liquid, category 2; serious eye irritation; specific target organ toxicity (narcotic effects).',
      ],
      composition: ['纯品，丙酮含量≥99.5%。', 'Pure substance, acetone ≥ 99.5 %.'],
      firstAid: [
        '吸入：移至新鲜空气处。皮肤接触：用清水冲洗。眼睛接触：用流动清水冲洗至少15 min。食入：饮水，就医。',
        'Inhalation: move to fresh air. Skin: rinse with water. Eyes: rinse with running water for at least 15 min. Ingestion: drink water, seek medical care.',
      ],
      fireFighting: [
        '用抗溶性泡沫、干粉、二氧化碳、砂土灭火；用水冷却容器。',
        'Extinguish with alcohol-resistant foam, dry powder, carbon dioxide or sand; cool containers with water.',
      ],
      accidentalRelease: [
        '切断火源；用砂土吸收，大量泄漏筑堤收容后回收；可用大量水稀释。',
        'Remove ignition sources; absorb with sand, contain a large spill with a dike and recover; can be diluted with much water.',
      ],
      handlingStorage: [
        '密闭操作，防静电，使用防爆设备；储存于阴凉通风处，远离火种和氧化剂。',
        'Closed handling, antistatic measures, explosion-proof equipment; store cool and ventilated, away from ignition and oxidisers.',
      ],
      exposureControls: [
        'GBZ 2.1-2019：PC-TWA 300 mg/m³，PC-STEL 450 mg/m³。佩戴过滤式防毒面具、防护眼镜。',
        'GBZ 2.1-2019: PC-TWA 300 mg/m³, PC-STEL 450 mg/m³. Filter respirator, goggles.',
      ],
      physicalChemical: [
        '无色透明易挥发液体，有芳香气味；沸点56.1 ℃，闪点−20 ℃，爆炸极限2.5%~13%（体积）；与水混溶。',
        'Colourless, volatile clear liquid with a sweetish odour; boiling point 56.1 °C, flash point −20 °C, explosive limits 2.5–13 % vol; miscible with water.',
      ],
      stabilityReactivity: [
        '稳定。禁配物：强氧化剂、强还原剂、碱。',
        'Stable. Incompatible with strong oxidisers, strong reducers, bases.',
      ],
      toxicology: [
        '低毒；高浓度对中枢神经系统有麻醉作用，对眼和呼吸道有刺激。',
        'Low toxicity; high concentrations are narcotic and irritate the eyes and airways.',
      ],
      ecology: ['易生物降解。', 'Readily biodegradable.'],
      disposal: ['焚烧处置或回收。', 'Incinerate or recover.'],
      transport: ['UN 1090，第3类，包装类别Ⅱ。', 'UN 1090, class 3, packing group II.'],
      regulatory: [
        '列入《危险化学品目录》和第三类易制毒化学品；GB 18218-2018 表1第59项，临界量500 t。',
        'Listed in the Catalogue of Hazardous Chemicals and category 3 precursor chemicals; GB 18218-2018 Table 1 row 59, critical quantity 500 t.',
      ],
    }),
  },
  {
    code: 'ethyl-acetate',
    name: { zh: '乙酸乙酯', en: 'ethyl acetate' },
    synonyms: ['醋酸乙酯', 'ethyl ethanoate'],
    cas: '141-78-6',
    un: '1173',
    categories: ['W5.3'],
    table1Seq: 69,
    physical: { state: 'liquid', flashPointC: -4, boilingPointC: 77.1, lel: 2.0, uel: 11.5, molarMass: 88.11 },
    oel: { mac: null, twa: 200, stel: 300, remarks: [], source: GBZ },
    storageClasses: ['flammable-liquid'],
    surveillanceMonths: null,
    msds: msds({
      identification: [
        '乙酸乙酯（醋酸乙酯）；CAS 141-78-6；用途：溶剂，储存于罐区A溶剂罐。',
        'Ethyl acetate; CAS 141-78-6; solvent, stored in the solvent tanks of tank farm A.',
      ],
      hazards: [
        '易燃液体，类别2；严重眼刺激；特异性靶器官毒性（麻醉效应）。',
        'Flammable liquid, category 2; serious eye irritation; specific target organ toxicity (narcotic effects).',
      ],
      composition: ['纯品，乙酸乙酯含量≥99.5%。', 'Pure substance, ethyl acetate ≥ 99.5 %.'],
      firstAid: [
        '吸入：移至新鲜空气处。皮肤接触：用清水冲洗。眼睛接触：用流动清水冲洗。食入：饮水，就医。',
        'Inhalation: move to fresh air. Skin: rinse with water. Eyes: rinse with running water. Ingestion: drink water, seek medical care.',
      ],
      fireFighting: [
        '用抗溶性泡沫、干粉、二氧化碳、砂土灭火；用水冷却容器。',
        'Extinguish with alcohol-resistant foam, dry powder, carbon dioxide or sand; cool containers with water.',
      ],
      accidentalRelease: [
        '切断火源；用砂土吸收，大量泄漏筑堤收容，用防爆泵转移。',
        'Remove ignition sources; absorb with sand, contain a large spill with a dike and transfer with an explosion-proof pump.',
      ],
      handlingStorage: [
        '密闭操作，防静电；储存于阴凉通风处，远离火种、氧化剂和碱。',
        'Closed handling, antistatic measures; store cool and ventilated, away from ignition, oxidisers and bases.',
      ],
      exposureControls: [
        'GBZ 2.1-2019：PC-TWA 200 mg/m³，PC-STEL 300 mg/m³。佩戴过滤式防毒面具、防护眼镜。',
        'GBZ 2.1-2019: PC-TWA 200 mg/m³, PC-STEL 300 mg/m³. Filter respirator, goggles.',
      ],
      physicalChemical: [
        '无色透明液体，有水果香味；沸点77.1 ℃，闪点−4 ℃，爆炸极限2.0%~11.5%（体积）。',
        'Colourless clear liquid with a fruity odour; boiling point 77.1 °C, flash point −4 °C, explosive limits 2.0–11.5 % vol.',
      ],
      stabilityReactivity: ['稳定。禁配物：强氧化剂、碱类、酸类。', 'Stable. Incompatible with strong oxidisers, bases and acids.'],
      toxicology: [
        '低毒；对眼、鼻、咽喉有刺激，高浓度有麻醉作用。',
        'Low toxicity; irritates eyes, nose and throat; high concentrations are narcotic.',
      ],
      ecology: ['易生物降解。', 'Readily biodegradable.'],
      disposal: ['焚烧处置或回收。', 'Incinerate or recover.'],
      transport: ['UN 1173，第3类，包装类别Ⅱ。', 'UN 1173, class 3, packing group II.'],
      regulatory: [
        '列入《危险化学品目录》和首批重点监管的危险化学品；GB 18218-2018 表1第69项，临界量500 t。',
        'Listed in the Catalogue of Hazardous Chemicals and the first batch of key supervised hazardous chemicals; GB 18218-2018 Table 1 row 69, critical quantity 500 t.',
      ],
    }),
  },
  {
    code: 'ammonia',
    name: { zh: '氨', en: 'ammonia' },
    synonyms: ['液氨', '氨气', 'liquid ammonia', 'anhydrous ammonia', 'NH3'],
    cas: '7664-41-7',
    un: '1005',
    categories: ['W2', 'J3'],
    table1Seq: 1,
    physical: { state: 'gas', flashPointC: null, boilingPointC: -33.4, lel: 15, uel: 28, molarMass: 17.03 },
    oel: { mac: null, twa: 20, stel: 30, remarks: [], source: GBZ },
    storageClasses: ['gas-toxic', 'gas-flammable'],
    surveillanceMonths: 12,
    msds: msds({
      identification: [
        '氨（液氨、氨气）；CAS 7664-41-7；用途：制冷剂及原料，常压冷冻储存于罐区C，经装车站外运。',
        'Ammonia (liquid ammonia); CAS 7664-41-7; refrigerant and feedstock, stored refrigerated at atmospheric pressure in tank farm C and shipped from the loading station.',
      ],
      hazards: [
        '易燃气体，类别2；加压气体；急性毒性（吸入）类别3；皮肤腐蚀类别1B；严重眼损伤类别1；对水生生物毒性极大。',
        'Flammable gas, category 2; gas under pressure; acute toxicity (inhalation) category 3; skin corrosion category 1B; serious eye damage category 1; very toxic to aquatic life.',
      ],
      composition: ['纯品，氨含量≥99.6%。', 'Pure substance, ammonia ≥ 99.6 %.'],
      firstAid: [
        '吸入：迅速脱离现场至上风向空气新鲜处，保持呼吸道通畅，呼吸困难时输氧，就医。皮肤接触：立即用大量流动清水冲洗至少15 min。眼睛接触：立即提起眼睑，用大量流动清水冲洗至少15 min，就医。冻伤：用温水复温。',
        'Inhalation: leave to fresh air upwind at once, keep the airway open, give oxygen if breathing is difficult, seek medical care. Skin: rinse at once with plenty of running water for at least 15 min. Eyes: hold the eyelids open and rinse with plenty of running water for at least 15 min, seek medical care. Frostbite: rewarm with lukewarm water.',
      ],
      fireFighting: [
        '切断气源；不能切断时不得扑灭正在燃烧的气体。用雾状水、抗溶性泡沫、二氧化碳、砂土灭火，用水冷却容器。',
        'Shut off the supply; do not extinguish a burning leak that cannot be stopped. Use water spray, alcohol-resistant foam, carbon dioxide or sand; cool containers with water.',
      ],
      accidentalRelease: [
        '撤离泄漏区人员至上风向，隔离至气体散尽；应急人员佩戴正压式空气呼吸器和防化服；用雾状水稀释吸收，收容产生的废水。',
        'Evacuate people upwind and isolate the area until the gas has dispersed; responders wear self-contained breathing apparatus and chemical suits; knock down with water spray and contain the run-off.',
      ],
      handlingStorage: [
        '严加密闭，提供充分的局部排风；储存于阴凉通风处，远离火种、热源、酸类、卤素和氧化剂；不得与液氯同库储存。',
        'Keep tightly closed, provide ample local exhaust; store cool and ventilated, away from ignition, heat, acids, halogens and oxidisers; never store with liquid chlorine.',
      ],
      exposureControls: [
        'GBZ 2.1-2019：PC-TWA 20 mg/m³，PC-STEL 30 mg/m³。佩戴过滤式防毒面具（氨型滤毒罐），紧急事态佩戴空气呼吸器；化学安全防护眼镜、防化服。',
        'GBZ 2.1-2019: PC-TWA 20 mg/m³, PC-STEL 30 mg/m³. Filter respirator (ammonia cartridge), breathing apparatus in an emergency; chemical goggles, chemical suit.',
      ],
      physicalChemical: [
        '无色气体，有强烈刺激性气味；沸点−33.4 ℃，爆炸极限15%~28%（体积）；极易溶于水，水溶液呈碱性；气体比空气轻。',
        'Colourless gas with a strong pungent odour; boiling point −33.4 °C, explosive limits 15–28 % vol; very soluble in water, giving an alkaline solution; lighter than air.',
      ],
      stabilityReactivity: [
        '稳定。禁配物：卤素、酰基氯、酸类、氯仿、强氧化剂；与氯可反应生成易爆的三氯化氮。',
        'Stable. Incompatible with halogens, acyl chlorides, acids, chloroform, strong oxidisers; with chlorine can form explosive nitrogen trichloride.',
      ],
      toxicology: [
        '对眼、呼吸道和皮肤有强烈刺激和腐蚀作用；高浓度吸入可致喉头水肿、化学性肺炎和肺水肿。',
        'Strongly irritant and corrosive to eyes, airways and skin; high concentrations cause laryngeal oedema, chemical pneumonitis and pulmonary oedema.',
      ],
      ecology: ['对水生生物毒性极大。', 'Very toxic to aquatic life.'],
      disposal: ['经中和、稀释后处理；不得直接排放。', 'Neutralise and dilute before treatment; never discharge directly.'],
      transport: ['UN 1005，第2.3类（次要危险性8），加压液化气体。', 'UN 1005, class 2.3 (subsidiary 8), liquefied gas under pressure.'],
      regulatory: [
        '列入《危险化学品目录》和首批重点监管的危险化学品；GB 18218-2018 表1第1项，临界量10 t，表3校正系数β=2。',
        'Listed in the Catalogue of Hazardous Chemicals and the first batch of key supervised hazardous chemicals; GB 18218-2018 Table 1 row 1, critical quantity 10 t, Table 3 β = 2.',
      ],
    }),
  },
  {
    code: 'chlorine',
    name: { zh: '氯', en: 'chlorine' },
    synonyms: ['液氯', '氯气', 'liquid chlorine', 'Cl2'],
    cas: '7782-50-5',
    un: '1017',
    categories: ['W4', 'J3'],
    table1Seq: 12,
    physical: { state: 'gas', flashPointC: null, boilingPointC: -34.0, lel: null, uel: null, molarMass: 70.9 },
    oel: { mac: 1, twa: null, stel: null, remarks: [], source: GBZ },
    storageClasses: ['gas-toxic', 'gas-oxidizing'],
    surveillanceMonths: 12,
    msds: msds({
      identification: [
        '氯（液氯、氯气）；CAS 7782-50-5；用途：氯化装置原料，钢瓶储存于液氯钢瓶库。',
        'Chlorine (liquid chlorine); CAS 7782-50-5; feed of the chlorination unit, kept in cylinders in the chlorine cylinder store.',
      ],
      hazards: [
        '氧化性气体，类别1；加压气体；急性毒性（吸入）类别2；皮肤刺激；严重眼刺激；特异性靶器官毒性（呼吸道）；对水生生物毒性极大。',
        'Oxidising gas, category 1; gas under pressure; acute toxicity (inhalation) category 2; skin and serious eye irritation; specific target organ toxicity (airways); very toxic to aquatic life.',
      ],
      composition: ['纯品，氯含量≥99.6%。', 'Pure substance, chlorine ≥ 99.6 %.'],
      firstAid: [
        '吸入：迅速脱离现场至上风向空气新鲜处，保持安静和保暖，呼吸困难时输氧，就医（注意迟发性肺水肿）。皮肤、眼睛接触：用大量流动清水冲洗至少15 min，就医。',
        'Inhalation: leave to fresh air upwind at once, keep at rest and warm, give oxygen if breathing is difficult, seek medical care (delayed pulmonary oedema). Skin and eyes: rinse with plenty of running water for at least 15 min, seek medical care.',
      ],
      fireFighting: [
        '本品不燃，但助燃。切断气源，用雾状水冷却容器，可用雾状水吸收泄漏气体。',
        'Not combustible but supports combustion. Shut off the supply, cool containers with water spray; water spray also absorbs the escaping gas.',
      ],
      accidentalRelease: [
        '撤离人员至上风向，严格限制出入；应急人员佩戴正压式空气呼吸器和气密型防化服；泄漏钢瓶转入碱液池或用碱液吸收，尾气送吸收塔。',
        'Evacuate people upwind and restrict access; responders wear self-contained breathing apparatus and gas-tight suits; move a leaking cylinder into a caustic pit or absorb in caustic, send vent gas to the scrubber.',
      ],
      handlingStorage: [
        '严加密闭，设有毒气体报警和事故吸收装置；钢瓶储存于阴凉通风的专用库房，远离易燃物、还原剂、氨和金属粉末；不得与液氨同库储存。',
        'Keep tightly closed with toxic gas alarms and an emergency scrubber; keep cylinders in a dedicated cool ventilated store, away from flammables, reducers, ammonia and metal powders; never store with liquid ammonia.',
      ],
      exposureControls: [
        'GBZ 2.1-2019：MAC 1 mg/m³。佩戴过滤式防毒面具（全面罩），紧急事态佩戴空气呼吸器；防化服、橡胶手套。',
        'GBZ 2.1-2019: MAC 1 mg/m³. Full-face filter respirator, breathing apparatus in an emergency; chemical suit, rubber gloves.',
      ],
      physicalChemical: [
        '黄绿色气体，有刺激性气味；沸点−34.0 ℃；气体约为空气的2.5倍重，泄漏后沿地面积聚。',
        'Greenish-yellow gas with a pungent odour; boiling point −34.0 °C; about 2.5 times heavier than air, collecting at ground level after a release.',
      ],
      stabilityReactivity: [
        '稳定。禁配物：易燃或可燃物、醇类、乙醚、氢、氨、金属粉末；湿氯对多数金属有强腐蚀性。',
        'Stable. Incompatible with flammable or combustible materials, alcohols, ether, hydrogen, ammonia, metal powders; wet chlorine strongly corrodes most metals.',
      ],
      toxicology: [
        '强烈刺激眼和呼吸道，高浓度吸入可致支气管痉挛、肺水肿，甚至“电击样”死亡。',
        'Strongly irritates eyes and airways; high concentrations cause bronchospasm, pulmonary oedema and even sudden death.',
      ],
      ecology: ['对水生生物毒性极大。', 'Very toxic to aquatic life.'],
      disposal: ['用碱液吸收中和后处理。', 'Absorb and neutralise in caustic before treatment.'],
      transport: [
        'UN 1017，第2.3类（次要危险性5.1、8），加压液化气体。',
        'UN 1017, class 2.3 (subsidiaries 5.1 and 8), liquefied gas under pressure.',
      ],
      regulatory: [
        '列入《危险化学品目录》、剧毒化学品和首批重点监管的危险化学品；GB 18218-2018 表1第12项，临界量5 t，表3校正系数β=4。',
        'Listed in the Catalogue of Hazardous Chemicals, as highly toxic, and in the first batch of key supervised hazardous chemicals; GB 18218-2018 Table 1 row 12, critical quantity 5 t, Table 3 β = 4.',
      ],
    }),
  },
  {
    code: 'lpg',
    name: { zh: '液化石油气', en: 'liquefied petroleum gas' },
    synonyms: ['LPG', '石油气(液化的)'],
    cas: '68476-85-7',
    un: '1075',
    categories: ['W2'],
    table1Seq: 52,
    physical: { state: 'gas', flashPointC: null, boilingPointC: -42.1, lel: 2.1, uel: 9.5, molarMass: 44.1 },
    oel: { mac: null, twa: 1000, stel: 1500, remarks: [], source: GBZ },
    storageClasses: ['gas-flammable'],
    surveillanceMonths: null,
    notes: {
      zh: '混合物：物性取其主要组分丙烷（演示工厂储存富丙烷液化石油气）。',
      en: 'A mixture: physical data are those of its main component, propane (the demo plant stores propane-rich LPG).',
    },
    msds: msds({
      identification: [
        '液化石油气（LPG）；CAS 68476-85-7；用途：燃料，压力球罐储存于罐区B，经装车站外运。',
        'Liquefied petroleum gas (LPG); CAS 68476-85-7; fuel, stored in pressure spheres in tank farm B and shipped from the loading station.',
      ],
      hazards: [
        '易燃气体，类别1；加压气体。与空气形成爆炸性混合物，泄漏后气化膨胀约250倍。',
        'Flammable gas, category 1; gas under pressure. Forms explosive mixtures with air; a liquid release expands about 250-fold as it vaporises.',
      ],
      composition: [
        '丙烷、丁烷及少量丙烯、丁烯的混合物。',
        'A mixture of propane and butane with small amounts of propylene and butylenes.',
      ],
      firstAid: [
        '吸入：移至新鲜空气处，呼吸停止时人工呼吸，就医。冻伤：用温水复温，不得揉搓。',
        'Inhalation: move to fresh air, give artificial respiration if breathing has stopped, seek medical care. Frostbite: rewarm with lukewarm water, do not rub.',
      ],
      fireFighting: [
        '切断气源；不能切断时不得扑灭正在燃烧的气体。用雾状水冷却球罐，防止沸腾液体扩展蒸气爆炸（BLEVE）。',
        'Shut off the supply; do not extinguish a burning leak that cannot be stopped. Cool the sphere with water spray to prevent a BLEVE.',
      ],
      accidentalRelease: [
        '消除所有点火源，撤离人员，隔离泄漏区；用雾状水驱散蒸气云；防止进入下水道、地沟等低洼处。',
        'Remove every ignition source, evacuate and isolate the area; disperse the vapour cloud with water spray; keep it out of drains, trenches and low places.',
      ],
      handlingStorage: [
        '密闭操作，防静电，使用防爆设备；球罐设安全阀、紧急切断阀和注水设施，充装量不超过容积的85%。',
        'Closed handling, antistatic measures, explosion-proof equipment; spheres have relief valves, emergency shut-off valves and water injection, filled to at most 85 % of volume.',
      ],
      exposureControls: [
        'GBZ 2.1-2019：PC-TWA 1000 mg/m³，PC-STEL 1500 mg/m³。高浓度环境佩戴空气呼吸器；防静电工作服。',
        'GBZ 2.1-2019: PC-TWA 1000 mg/m³, PC-STEL 1500 mg/m³. Breathing apparatus in high concentrations; antistatic clothing.',
      ],
      physicalChemical: [
        '无色气体，加臭后有特殊气味；丙烷沸点−42.1 ℃，爆炸极限约2.1%~9.5%（体积）；气体比空气重。',
        'Colourless gas, odorised; propane boils at −42.1 °C, explosive limits about 2.1–9.5 % vol; heavier than air.',
      ],
      stabilityReactivity: ['稳定。禁配物：强氧化剂、卤素。', 'Stable. Incompatible with strong oxidisers and halogens.'],
      toxicology: ['低毒，高浓度有麻醉和窒息作用。', 'Low toxicity; high concentrations are narcotic and asphyxiant.'],
      ecology: ['无明显生态毒性。', 'No significant ecotoxicity.'],
      disposal: ['送火炬燃烧处置。', 'Burn in the flare.'],
      transport: ['UN 1075，第2.1类，加压液化气体。', 'UN 1075, class 2.1, liquefied gas under pressure.'],
      regulatory: [
        '列入《危险化学品目录》和首批重点监管的危险化学品；GB 18218-2018 表1第52项，临界量50 t。',
        'Listed in the Catalogue of Hazardous Chemicals and the first batch of key supervised hazardous chemicals; GB 18218-2018 Table 1 row 52, critical quantity 50 t.',
      ],
    }),
  },
  {
    code: 'propylene',
    name: { zh: '丙烯', en: 'propylene' },
    synonyms: ['1-丙烯', 'propene'],
    cas: '115-07-1',
    un: '1077',
    categories: ['W2'],
    table1Seq: null,
    physical: { state: 'gas', flashPointC: null, boilingPointC: -47.7, lel: 2.0, uel: 11.1, molarMass: 42.08 },
    oel: null,
    storageClasses: ['gas-flammable'],
    surveillanceMonths: null,
    notes: {
      zh: 'GB 18218-2018 表1未列名，按表2易燃气体W2确定临界量10 t、β=1.5。',
      en: 'Not named in GB 18218-2018 Table 1: Table 2 flammable gas W2 gives Q = 10 t and β = 1.5.',
    },
    msds: msds({
      identification: [
        '丙烯；CAS 115-07-1；用途：化工原料，压力球罐储存于罐区B，经装车站外运。',
        'Propylene; CAS 115-07-1; feedstock, stored in pressure spheres in tank farm B and shipped from the loading station.',
      ],
      hazards: [
        '易燃气体，类别1；加压气体。与空气形成爆炸性混合物。',
        'Flammable gas, category 1; gas under pressure. Forms explosive mixtures with air.',
      ],
      composition: ['纯品，丙烯含量≥99.5%（聚合级）。', 'Pure substance, propylene ≥ 99.5 % (polymer grade).'],
      firstAid: [
        '吸入：移至新鲜空气处，呼吸困难时输氧，就医。冻伤：用温水复温。',
        'Inhalation: move to fresh air, give oxygen if breathing is difficult, seek medical care. Frostbite: rewarm with lukewarm water.',
      ],
      fireFighting: [
        '切断气源；不能切断时不得扑灭正在燃烧的气体。用雾状水冷却球罐。',
        'Shut off the supply; do not extinguish a burning leak that cannot be stopped. Cool the sphere with water spray.',
      ],
      accidentalRelease: [
        '消除点火源，撤离并隔离泄漏区；用雾状水驱散蒸气云，防止进入低洼处。',
        'Remove ignition sources, evacuate and isolate the area; disperse the vapour cloud with water spray, keep it out of low places.',
      ],
      handlingStorage: [
        '密闭操作，防静电，使用防爆设备；球罐设安全阀和紧急切断阀，远离氧化剂。',
        'Closed handling, antistatic measures, explosion-proof equipment; spheres have relief and emergency shut-off valves; keep away from oxidisers.',
      ],
      exposureControls: [
        'GBZ 2.1-2019 未规定职业接触限值。高浓度环境佩戴空气呼吸器；防静电工作服。',
        'GBZ 2.1-2019 sets no exposure limit. Breathing apparatus in high concentrations; antistatic clothing.',
      ],
      physicalChemical: [
        '无色气体，略有烃类气味；沸点−47.7 ℃，爆炸极限2.0%~11.1%（体积）；气体比空气重。',
        'Colourless gas with a faint hydrocarbon odour; boiling point −47.7 °C, explosive limits 2.0–11.1 % vol; heavier than air.',
      ],
      stabilityReactivity: [
        '稳定；可聚合。禁配物：强氧化剂、卤素。',
        'Stable; can polymerise. Incompatible with strong oxidisers and halogens.',
      ],
      toxicology: ['低毒，高浓度有麻醉和窒息作用。', 'Low toxicity; high concentrations are narcotic and asphyxiant.'],
      ecology: ['无明显生态毒性。', 'No significant ecotoxicity.'],
      disposal: ['送火炬燃烧处置。', 'Burn in the flare.'],
      transport: ['UN 1077，第2.1类，加压液化气体。', 'UN 1077, class 2.1, liquefied gas under pressure.'],
      regulatory: [
        '列入《危险化学品目录》和首批重点监管的危险化学品；GB 18218-2018 表1未列名，按表2类别W2，临界量10 t。',
        'Listed in the Catalogue of Hazardous Chemicals and the first batch of key supervised hazardous chemicals; not named in GB 18218-2018 Table 1, Table 2 category W2, critical quantity 10 t.',
      ],
    }),
  },
  {
    code: 'hydrogen-sulfide',
    name: { zh: '硫化氢', en: 'hydrogen sulfide' },
    synonyms: ['hydrogen sulphide', 'H2S'],
    cas: '7783-06-4',
    un: '1053',
    categories: ['W2', 'J3'],
    table1Seq: 10,
    physical: { state: 'gas', flashPointC: null, boilingPointC: -60.3, lel: 4.0, uel: 46, molarMass: 34.08 },
    oel: { mac: 10, twa: null, stel: null, remarks: [], source: GBZ },
    storageClasses: ['gas-toxic', 'gas-flammable'],
    surveillanceMonths: 36,
    msds: msds({
      identification: [
        '硫化氢；CAS 7783-06-4；来源：合成装置脱硫塔等处的含硫工艺气，设有有毒气体检测报警。',
        'Hydrogen sulfide; CAS 7783-06-4; present in sour process gas at the synthesis unit’s desulphurisation column and elsewhere, watched by toxic gas detectors.',
      ],
      hazards: [
        '易燃气体，类别1；加压气体；急性毒性（吸入）类别2；对水生生物毒性极大。',
        'Flammable gas, category 1; gas under pressure; acute toxicity (inhalation) category 2; very toxic to aquatic life.',
      ],
      composition: ['工艺气中的组分，浓度随工况变化。', 'A component of process gas; its concentration varies with operation.'],
      firstAid: [
        '吸入：救援人员佩戴空气呼吸器，迅速将伤者移至上风向空气新鲜处，呼吸停止时立即心肺复苏，就医。眼睛接触：用流动清水冲洗。',
        'Inhalation: rescuers wear breathing apparatus, move the casualty upwind to fresh air at once, start CPR if breathing has stopped, seek medical care. Eyes: rinse with running water.',
      ],
      fireFighting: [
        '切断气源；不能切断时不得扑灭正在燃烧的气体。用雾状水、泡沫、二氧化碳灭火，燃烧产生二氧化硫。',
        'Shut off the supply; do not extinguish a burning leak that cannot be stopped. Use water spray, foam or carbon dioxide; combustion gives sulfur dioxide.',
      ],
      accidentalRelease: [
        '撤离人员至上风向，隔离泄漏区；应急人员佩戴正压式空气呼吸器；用雾状水稀释吸收。',
        'Evacuate people upwind, isolate the area; responders wear self-contained breathing apparatus; knock down with water spray.',
      ],
      handlingStorage: [
        '密闭操作，设置固定式检测报警；进入可能含硫化氢的受限空间须先检测并佩戴空气呼吸器。',
        'Closed handling with fixed detectors and alarms; before entering a confined space that may hold it, test the atmosphere and wear breathing apparatus.',
      ],
      exposureControls: [
        'GBZ 2.1-2019：MAC 10 mg/m³。佩戴便携式检测仪；可能超限时佩戴空气呼吸器。',
        'GBZ 2.1-2019: MAC 10 mg/m³. Carry a personal detector; wear breathing apparatus where the limit may be exceeded.',
      ],
      physicalChemical: [
        '无色气体，低浓度有臭鸡蛋气味；沸点−60.3 ℃，爆炸极限4.0%~46%（体积）；气体比空气重。',
        'Colourless gas smelling of rotten eggs at low concentrations; boiling point −60.3 °C, explosive limits 4.0–46 % vol; heavier than air.',
      ],
      stabilityReactivity: ['稳定。禁配物：强氧化剂、碱类。', 'Stable. Incompatible with strong oxidisers and bases.'],
      toxicology: [
        '强烈的神经毒物；高浓度使嗅觉迅速麻痹而闻不到气味，可致“电击样”死亡。',
        'A strong nerve poison; high concentrations paralyse the sense of smell at once, so the odour is no warning, and can cause sudden death.',
      ],
      ecology: ['对水生生物毒性极大。', 'Very toxic to aquatic life.'],
      disposal: ['送硫回收或火炬燃烧处置。', 'Send to sulfur recovery or burn in the flare.'],
      transport: [
        'UN 1053，第2.3类（次要危险性2.1），加压液化气体。',
        'UN 1053, class 2.3 (subsidiary 2.1), liquefied gas under pressure.',
      ],
      regulatory: [
        '列入《危险化学品目录》和首批重点监管的危险化学品；GB 18218-2018 表1第10项，临界量5 t，表3校正系数β=5。',
        'Listed in the Catalogue of Hazardous Chemicals and the first batch of key supervised hazardous chemicals; GB 18218-2018 Table 1 row 10, critical quantity 5 t, Table 3 β = 5.',
      ],
    }),
  },
  {
    code: 'carbon-monoxide',
    name: { zh: '一氧化碳', en: 'carbon monoxide' },
    synonyms: ['CO'],
    cas: '630-08-0',
    un: '1016',
    categories: ['W2', 'J3'],
    table1Seq: 13,
    physical: { state: 'gas', flashPointC: null, boilingPointC: -191.5, lel: 12.5, uel: 74, molarMass: 28.01 },
    oel: { mac: null, twa: 20, stel: 30, remarks: ['非高原'], source: GBZ },
    storageClasses: ['gas-toxic', 'gas-flammable'],
    surveillanceMonths: 36,
    notes: {
      zh: 'GB 18218-2018 表1第13项“煤气（CO，CO和H2、CH4的混合物等）”，临界量20 t；表3一氧化碳β=2。合成装置的合成气按此项计。',
      en: 'GB 18218-2018 Table 1 row 13, fuel gas (CO; mixtures of CO with H2, CH4 …), Q = 20 t; Table 3 carbon monoxide β = 2. The synthesis unit’s syngas counts under this row.',
    },
    msds: null,
  },
  {
    code: 'hydrogen',
    name: { zh: '氢', en: 'hydrogen' },
    synonyms: ['氢气', 'H2'],
    cas: '1333-74-0',
    un: '1049',
    categories: ['W2'],
    table1Seq: 51,
    physical: { state: 'gas', flashPointC: null, boilingPointC: -252.9, lel: 4.0, uel: 75, molarMass: 2.016 },
    oel: null,
    storageClasses: ['gas-flammable'],
    surveillanceMonths: null,
    msds: null,
  },
  {
    code: 'natural-gas',
    name: { zh: '甲烷', en: 'methane' },
    synonyms: ['天然气', 'natural gas', 'CH4'],
    cas: '74-82-8',
    un: '1971',
    categories: ['W2'],
    table1Seq: 49,
    physical: { state: 'gas', flashPointC: null, boilingPointC: -161.5, lel: 5.0, uel: 15, molarMass: 16.04 },
    oel: null,
    storageClasses: ['gas-flammable'],
    surveillanceMonths: null,
    msds: null,
  },
  {
    code: 'nitrogen',
    name: { zh: '氮', en: 'nitrogen' },
    synonyms: ['氮气', '液氮', 'N2'],
    cas: '7727-37-9',
    un: '1066',
    categories: [],
    table1Seq: null,
    physical: { state: 'gas', flashPointC: null, boilingPointC: -195.8, lel: null, uel: null, molarMass: 28.01 },
    oel: null,
    storageClasses: ['gas-inert'],
    surveillanceMonths: null,
    notes: {
      zh: '窒息性气体，不属GB 18218-2018辨识范围；受限空间作业须检测氧含量。',
      en: 'An asphyxiant, outside GB 18218-2018; confined-space work tests the oxygen content.',
    },
    msds: null,
  },
  {
    code: 'hydrogen-chloride',
    name: { zh: '氯化氢', en: 'hydrogen chloride' },
    synonyms: ['无水氯化氢', 'anhydrous hydrogen chloride', 'HCl'],
    cas: '7647-01-0',
    un: '1050',
    categories: ['J3'],
    table1Seq: 11,
    physical: { state: 'gas', flashPointC: null, boilingPointC: -85.1, lel: null, uel: null, molarMass: 36.46 },
    oel: { mac: 7.5, twa: null, stel: null, remarks: [], source: GBZ },
    storageClasses: ['gas-toxic', 'corrosive-acid'],
    surveillanceMonths: null,
    notes: {
      zh: '氯化装置副产，经尾气吸收塔吸收。GBZ 2.1-2019 限值为“氯化氢及盐酸”。',
      en: 'By-product of the chlorination unit, absorbed in the tail-gas scrubber. The GBZ 2.1-2019 limit is for hydrogen chloride and hydrochloric acid.',
    },
    msds: null,
  },
  {
    code: 'benzyl-chloride',
    name: { zh: '苄基氯', en: 'benzyl chloride' },
    synonyms: ['氯化苄', 'α-氯甲苯', 'chloromethylbenzene'],
    cas: '100-44-7',
    un: '1738',
    categories: [],
    table1Seq: null,
    physical: { state: 'liquid', flashPointC: 67, boilingPointC: 179, lel: 1.1, uel: null, molarMass: 126.58 },
    oel: { mac: 5, twa: null, stel: null, remarks: [], source: GBZ },
    storageClasses: ['toxic', 'corrosive-acid'],
    surveillanceMonths: null,
    notes: {
      zh: '氯化装置产品。急性毒性（吸入）类别3的液体，沸点高于35 ℃，闪点高于60 ℃，不属GB 18218-2018表2任一类别，不计入辨识。',
      en: 'Product of the chlorination unit. A category 3 inhalation-toxic liquid boiling above 35 °C with a flash point above 60 °C: no GB 18218-2018 Table 2 category applies, so it does not count in identification.',
    },
    msds: null,
  },
  {
    code: 'sodium-hydroxide',
    name: { zh: '氢氧化钠', en: 'sodium hydroxide' },
    synonyms: ['烧碱', '火碱', '苛性钠', 'caustic soda', 'NaOH'],
    cas: '1310-73-2',
    un: '1823',
    categories: [],
    table1Seq: null,
    physical: { state: 'solid', flashPointC: null, boilingPointC: 1388, lel: null, uel: null, molarMass: 40.0 },
    oel: { mac: 2, twa: null, stel: null, remarks: [], source: GBZ },
    storageClasses: ['corrosive-alkaline'],
    surveillanceMonths: null,
    notes: { zh: '尾气吸收塔吸收液（碱液）。', en: 'The tail-gas scrubber’s absorbent (caustic).' },
    msds: null,
  },
  {
    code: 'oxygen',
    name: { zh: '氧', en: 'oxygen' },
    synonyms: ['氧气', '液氧', 'liquid oxygen', 'O2'],
    cas: '7782-44-7',
    un: '1072',
    categories: ['W4'],
    table1Seq: 56,
    physical: { state: 'gas', flashPointC: null, boilingPointC: -183.0, lel: null, uel: null, molarMass: 32.0 },
    oel: null,
    storageClasses: ['gas-oxidizing'],
    surveillanceMonths: null,
    msds: null,
  },
  {
    code: 'sulfuric-acid',
    name: { zh: '硫酸', en: 'sulfuric acid' },
    synonyms: ['sulphuric acid', 'H2SO4'],
    cas: '7664-93-9',
    un: '1830',
    categories: [],
    table1Seq: null,
    physical: { state: 'liquid', flashPointC: null, boilingPointC: 337, lel: null, uel: null, molarMass: 98.08 },
    oel: { mac: null, twa: 1, stel: 2, remarks: ['G1'], source: GBZ },
    storageClasses: ['corrosive-acid'],
    surveillanceMonths: null,
    notes: { zh: 'GBZ 2.1-2019 限值为“硫酸及三氧化硫”。', en: 'The GBZ 2.1-2019 limit is for sulfuric acid and sulfur trioxide.' },
    msds: null,
  },
  {
    code: 'ethylene-oxide',
    name: { zh: '环氧乙烷', en: 'ethylene oxide' },
    synonyms: ['氧化乙烯', 'oxirane', 'EO'],
    cas: '75-21-8',
    un: '1040',
    categories: ['W2', 'J3'],
    table1Seq: 7,
    physical: { state: 'gas', flashPointC: -18, boilingPointC: 10.7, lel: 3.0, uel: 100, molarMass: 44.05 },
    oel: { mac: null, twa: 2, stel: null, remarks: ['G1'], source: GBZ },
    storageClasses: ['gas-flammable', 'gas-toxic'],
    surveillanceMonths: null,
    msds: null,
  },
  {
    code: 'sulfur-dioxide',
    name: { zh: '二氧化硫', en: 'sulfur dioxide' },
    synonyms: ['亚硫酸酐', 'sulphur dioxide', 'SO2'],
    cas: '7446-09-5',
    un: '1079',
    categories: ['J3'],
    table1Seq: 4,
    physical: { state: 'gas', flashPointC: null, boilingPointC: -10.0, lel: null, uel: null, molarMass: 64.07 },
    oel: { mac: null, twa: 5, stel: 10, remarks: [], source: GBZ },
    storageClasses: ['gas-toxic'],
    surveillanceMonths: null,
    msds: null,
  },
  {
    code: 'ethanol',
    name: { zh: '乙醇', en: 'ethanol' },
    synonyms: ['酒精', 'ethyl alcohol'],
    cas: '64-17-5',
    un: '1170',
    categories: ['W5.3'],
    table1Seq: 67,
    physical: { state: 'liquid', flashPointC: 13, boilingPointC: 78.3, lel: 3.3, uel: 19, molarMass: 46.07 },
    oel: null,
    storageClasses: ['flammable-liquid'],
    surveillanceMonths: null,
    msds: null,
  },
  {
    code: 'acetylene',
    name: { zh: '乙炔', en: 'acetylene' },
    synonyms: ['电石气', 'ethyne'],
    cas: '74-86-2',
    un: '1001',
    categories: ['W2'],
    table1Seq: 54,
    physical: { state: 'gas', flashPointC: null, boilingPointC: -84, lel: 2.5, uel: 100, molarMass: 26.04 },
    oel: null,
    storageClasses: ['gas-flammable'],
    surveillanceMonths: null,
    notes: { zh: '溶解乙炔钢瓶，用于检修动火切割。', en: 'Dissolved acetylene in cylinders, for cutting during maintenance hot work.' },
    msds: null,
  },
  {
    code: 'styrene',
    name: { zh: '苯乙烯', en: 'styrene' },
    synonyms: ['乙烯苯', 'vinylbenzene'],
    cas: '100-42-5',
    un: '2055',
    categories: ['W5.4'],
    table1Seq: 58,
    physical: { state: 'liquid', flashPointC: 31, boilingPointC: 145, lel: 0.9, uel: 6.8, molarMass: 104.15 },
    oel: { mac: null, twa: 50, stel: 100, remarks: ['皮'], source: GBZ },
    storageClasses: ['flammable-liquid'],
    surveillanceMonths: null,
    msds: null,
  },
  {
    code: 'cyclohexane',
    name: { zh: '环己烷', en: 'cyclohexane' },
    synonyms: ['六氢化苯', 'hexahydrobenzene'],
    cas: '110-82-7',
    un: '1145',
    categories: ['W5.3'],
    table1Seq: 62,
    physical: { state: 'liquid', flashPointC: -18, boilingPointC: 80.7, lel: 1.3, uel: 8.0, molarMass: 84.16 },
    oel: { mac: null, twa: 250, stel: null, remarks: [], source: GBZ },
    storageClasses: ['flammable-liquid'],
    surveillanceMonths: null,
    msds: null,
  },
  {
    code: 'carbon-disulfide',
    name: { zh: '二硫化碳', en: 'carbon disulfide' },
    synonyms: ['carbon disulphide', 'CS2'],
    cas: '75-15-0',
    un: '1131',
    categories: ['W5.3'],
    table1Seq: 61,
    physical: { state: 'liquid', flashPointC: -30, boilingPointC: 46.2, lel: 1.3, uel: 50, molarMass: 76.14 },
    oel: { mac: null, twa: 5, stel: 10, remarks: ['皮'], source: GBZ },
    storageClasses: ['flammable-liquid'],
    surveillanceMonths: null,
    msds: null,
  },
  {
    code: 'vinyl-chloride',
    name: { zh: '氯乙烯', en: 'vinyl chloride' },
    synonyms: ['乙烯基氯', 'chloroethylene', 'VCM'],
    cas: '75-01-4',
    un: '1086',
    categories: ['W2'],
    table1Seq: 50,
    physical: { state: 'gas', flashPointC: null, boilingPointC: -13.4, lel: 3.6, uel: 33, molarMass: 62.5 },
    oel: { mac: null, twa: 10, stel: null, remarks: ['G1'], source: GBZ },
    storageClasses: ['gas-flammable'],
    surveillanceMonths: null,
    msds: null,
  },
  {
    code: 'acrylonitrile',
    name: { zh: '丙烯腈', en: 'acrylonitrile' },
    synonyms: ['2-丙烯腈', '乙烯基氰', '氰基乙烯', 'vinyl cyanide'],
    cas: '107-13-1',
    un: '1093',
    categories: ['W5.3'],
    table1Seq: 60,
    physical: { state: 'liquid', flashPointC: -1, boilingPointC: 77.3, lel: 3.0, uel: 17, molarMass: 53.06 },
    oel: { mac: null, twa: 1, stel: 2, remarks: ['皮'], source: GBZ },
    storageClasses: ['flammable-liquid', 'toxic'],
    surveillanceMonths: null,
    msds: null,
  },
  {
    code: 'n-hexane',
    name: { zh: '正己烷', en: 'n-hexane' },
    synonyms: ['己烷', 'hexane'],
    cas: '110-54-3',
    un: '1208',
    categories: ['W5.3'],
    table1Seq: 70,
    physical: { state: 'liquid', flashPointC: -22, boilingPointC: 68.7, lel: 1.1, uel: 7.5, molarMass: 86.18 },
    oel: { mac: null, twa: 100, stel: 180, remarks: ['皮'], source: GBZ },
    storageClasses: ['flammable-liquid'],
    surveillanceMonths: null,
    msds: null,
  },
  {
    code: 'xylene',
    name: { zh: '二甲苯', en: 'xylene' },
    synonyms: ['混合二甲苯', 'xylenes', 'dimethylbenzene'],
    cas: '1330-20-7',
    un: '1307',
    categories: ['W5.4'],
    table1Seq: null,
    physical: { state: 'liquid', flashPointC: 27, boilingPointC: 138.5, lel: 1.0, uel: 7.0, molarMass: 106.17 },
    oel: { mac: null, twa: 50, stel: 100, remarks: [], source: GBZ },
    storageClasses: ['flammable-liquid'],
    surveillanceMonths: null,
    notes: {
      zh: 'GB 18218-2018 表1未列名；易燃液体类别3，按表2类别W5.4，临界量5000 t。',
      en: 'Not named in GB 18218-2018 Table 1; a category 3 flammable liquid, Table 2 category W5.4, critical quantity 5000 t.',
    },
    msds: null,
  },
];
