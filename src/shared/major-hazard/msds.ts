import { criticalQuantity } from '../domain/gb18218.js';
import { table2 } from '../domain/gb18218-tables.js';
import { msdsSections, type MsdsSection, type Substance } from '../domain/substances.js';
import type { Lang } from '../time.js';

/*
 * A substance of the catalogue as a safety data sheet in the 16 sections of
 * GB/T 16483-2008 §5 (/majorHazard88/instructions, and its A4 PDF): the
 * sheet's own text where the catalogue holds one, and under it the
 * catalogue's data that belongs to the section (names, CAS and UN number in
 * 1; GB 18218 categories and critical quantity in 2 and 15; exposure limits in
 * 8; physical data in 9; UN number in 14). A section with neither says so.
 */

export interface MsdsField {
  label: string;
  value: string;
}
export interface MsdsSheetSection {
  key: MsdsSection;
  /** "1 化学品及企业标识". */
  title: string;
  text: string;
  fields: MsdsField[];
}

const L = {
  nameZh: { zh: '中文名', en: 'Chinese name' },
  nameEn: { zh: '英文名', en: 'English name' },
  synonyms: { zh: '别名', en: 'Synonyms' },
  cas: { zh: 'CAS号', en: 'CAS No.' },
  un: { zh: 'UN号', en: 'UN No.' },
  categories: { zh: 'GB 18218 危险性类别', en: 'GB 18218 categories' },
  Q: { zh: 'GB 18218 临界量', en: 'GB 18218 critical quantity' },
  beta: { zh: '校正系数 β', en: 'Correction factor β' },
  state: { zh: '状态', en: 'State' },
  flash: { zh: '闪点', en: 'Flash point' },
  boil: { zh: '沸点', en: 'Boiling point' },
  limits: { zh: '爆炸极限', en: 'Explosive limits' },
  molar: { zh: '摩尔质量', en: 'Molar mass' },
  mac: { zh: 'MAC', en: 'MAC' },
  twa: { zh: 'PC-TWA', en: 'PC-TWA' },
  stel: { zh: 'PC-STEL', en: 'PC-STEL' },
  remarks: { zh: '备注', en: 'Remarks' },
  oelSource: { zh: '依据', en: 'Source' },
  surveillance: { zh: '职业健康检查周期', en: 'Medical examination cycle' },
  noData: { zh: '化学品目录中暂无本项数据。', en: 'The catalogue holds no data for this section.' },
  notFlammable: { zh: '不燃', en: 'not flammable' },
  months: { zh: '{n} 个月（GBZ 188-2014）', en: '{n} months (GBZ 188-2014)' },
} as const;
const STATE = { gas: { zh: '气体', en: 'gas' }, liquid: { zh: '液体', en: 'liquid' }, solid: { zh: '固体', en: 'solid' } } as const;

/** The Q and β GB 18218 gives the substance, or null when it can be placed neither by name nor by category. */
export function substanceThreshold(
  s: Substance,
  catalogue: readonly Substance[],
): { Q: number; beta: number; seq?: number; category?: string } | null {
  try {
    const cq = criticalQuantity({ name: s.name.zh, ...(s.cas ? { cas: s.cas } : {}) }, catalogue);
    return { Q: cq.Q, beta: cq.beta, seq: cq.seq, category: cq.category };
  } catch {
    return null;
  }
}

export function msdsSheet(s: Substance, lang: Lang, catalogue: readonly Substance[]): MsdsSheetSection[] {
  const t = (x: { zh: string; en: string }) => x[lang];
  const f = (label: { zh: string; en: string }, value: string | number | null | undefined): MsdsField[] =>
    value === null || value === undefined || value === '' ? [] : [{ label: t(label), value: String(value) }];
  const p = s.physical;
  const oel = s.oel;
  const q = substanceThreshold(s, catalogue);
  const cats = s.categories.map((c) => {
    const row = table2.find((r) => r.code === c);
    return row ? `${c} ${t(row.hazard)}` : c;
  });
  const qText = q
    ? `${q.Q} t${q.seq ? (lang === 'zh' ? `（表1第${q.seq}项）` : ` (Table 1 row ${q.seq})`) : q.category ? (lang === 'zh' ? `（表2 ${q.category}）` : ` (Table 2 ${q.category})`) : ''}`
    : null;
  const extra: Partial<Record<MsdsSection, MsdsField[]>> = {
    identification: [
      ...f(L.nameZh, s.name.zh),
      ...f(L.nameEn, s.name.en),
      ...f(L.synonyms, s.synonyms.join('、')),
      ...f(L.cas, s.cas),
      ...f(L.un, s.un),
    ],
    hazards: [...f(L.categories, cats.join('；'))],
    exposureControls: oel
      ? [
          ...f(L.mac, oel.mac === null ? null : `${oel.mac} mg/m³`),
          ...f(L.twa, oel.twa === null ? null : `${oel.twa} mg/m³`),
          ...f(L.stel, oel.stel === null ? null : `${oel.stel} mg/m³`),
          ...f(L.remarks, oel.remarks.join('、')),
          ...f(L.oelSource, oel.source),
          ...f(L.surveillance, s.surveillanceMonths === null ? null : t(L.months).replace('{n}', String(s.surveillanceMonths))),
        ]
      : [],
    physicalChemical: [
      ...f(L.state, t(STATE[p.state])),
      ...f(L.flash, p.flashPointC === null ? t(L.notFlammable) : `${p.flashPointC} °C`),
      ...f(L.boil, p.boilingPointC === null ? null : `${p.boilingPointC} °C`),
      ...f(L.limits, p.lel === null || p.uel === null ? null : `${p.lel}%–${p.uel}% (V/V)`),
      ...f(L.molar, `${p.molarMass} g/mol`),
    ],
    transport: [...f(L.un, s.un)],
    regulatory: [...f(L.Q, qText), ...f(L.beta, q ? q.beta : null)],
  };
  return msdsSections.map(({ key, zh, en }, i) => {
    const own = s.msds?.[key];
    const fields = extra[key] ?? [];
    return {
      key,
      title: `${i + 1} ${lang === 'en' ? en : zh}`,
      text: own ? own[lang] : fields.length === 0 ? t(L.noData) : '',
      fields,
    };
  });
}
