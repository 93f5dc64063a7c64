import { z } from 'zod';
import { resolveSubstance } from '../../../shared/domain/gb18218.js';
import { seedSubstances, type Substance } from '../../../shared/domain/substances.js';
import type { DocBlock, PrintDocument } from '../../../shared/documents/document.js';
import { dangerSourceDeviceLedger, dangerSourceLedger, deviceTypes, unitKinds } from '../../../shared/major-hazard/ledgers.js';
import { cardTypes, dangerCardLedger, dangerCardTemplateLedger, defaultCardFields } from '../../../shared/major-hazard/ledgers-more.js';
import type { GradeResultItem } from '../../../shared/major-hazard/contracts.js';
import type { RecordItem } from '../../../shared/records/contracts.js';
import type { Lang } from '../../../shared/time.js';
import type { AuthUser } from '../../http/app.js';
import type { PublicKind } from '../documents/port.js';
import type { RecordsPort } from '../records/port.js';

/*
 * The three cards of a major hazard source (issue 20 §6): 风险告知卡,
 * 应急处置卡 and 岗位安全卡, each a DangerCard record naming its source, post
 * and template. The card is drawn as a PrintDocument from the template's
 * chosen fields — the source from the register (name, grade, substances,
 * devices) and each substance from the chemical catalogue (identifiers,
 * hazards, physical data, exposure limits, MSDS sections) — then the
 * template's own text. The same document is the page's preview, the A4 PDF
 * and what the public link (QR code) opens on a phone.
 */

type Bi = { zh: string; en: string };
const L = {
  source: { zh: '重大危险源', en: 'Major hazard source' },
  code: { zh: '编号', en: 'Code' },
  kind: { zh: '单元类型', en: 'Kind' },
  post: { zh: '岗位', en: 'Post' },
  responsible: { zh: '责任人', en: 'Responsible person' },
  grade: { zh: '级别', en: 'Grade' },
  notMajor: { zh: '不构成重大危险源', en: 'Not a major hazard source' },
  notIdentified: { zh: '尚未辨识', en: 'Not identified yet' },
  substances: { zh: '危险化学品', en: 'Hazardous chemicals' },
  name: { zh: '名称', en: 'Name' },
  cas: { zh: 'CAS号', en: 'CAS No.' },
  un: { zh: 'UN号', en: 'UN No.' },
  categories: { zh: '危险性类别', en: 'Categories' },
  q: { zh: '设计最大量 (t)', en: 'Design maximum (t)' },
  Q: { zh: '临界量 (t)', en: 'Critical quantity (t)' },
  devices: { zh: '设备设施', en: 'Devices' },
  type: { zh: '类型', en: 'Type' },
  capacity: { zh: '容积 (m³)', en: 'Capacity (m³)' },
  medium: { zh: '介质', en: 'Medium' },
  flash: { zh: '闪点', en: 'Flash point' },
  boil: { zh: '沸点', en: 'Boiling point' },
  limits: { zh: '爆炸极限', en: 'Explosive limits' },
  oel: { zh: '职业接触限值', en: 'Exposure limits' },
  risks: { zh: '主要风险', en: 'Main risks' },
  controls: { zh: '管控措施 / 操作要点', en: 'Controls / operating rules' },
  emergency: { zh: '应急处置措施', en: 'Emergency steps' },
  contacts: { zh: '应急电话', en: 'Emergency phones' },
  notes: { zh: '补充说明', en: 'Notes' },
  notInCatalogue: { zh: '化学品目录中没有该物质的资料', en: 'The catalogue holds no data on this substance' },
  footer: { zh: '依据 GB 18218-2018、GB/T 16483-2008 与本企业台账生成', en: 'From GB 18218-2018, GB/T 16483-2008 and this plant’s register' },
} as const;

const MSDS_KEYS = {
  'chem.hazards': 'hazards',
  'chem.firstAid': 'firstAid',
  'chem.fireFighting': 'fireFighting',
  'chem.release': 'accidentalRelease',
  'chem.handling': 'handlingStorage',
  'chem.protection': 'exposureControls',
} as const;
const MSDS_TITLES: Record<string, Bi> = {
  hazards: { zh: '危险性概述', en: 'Hazards' },
  firstAid: { zh: '急救措施', en: 'First aid' },
  fireFighting: { zh: '消防措施', en: 'Fire-fighting' },
  accidentalRelease: { zh: '泄漏应急处理', en: 'Accidental release' },
  handlingStorage: { zh: '操作处置与储存', en: 'Handling and storage' },
  exposureControls: { zh: '个体防护', en: 'Personal protection' },
};

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const optionLabel = (options: readonly { value: string; label: Bi }[], v: unknown, lang: Lang) => {
  const o = options.find((x) => x.value === v);
  return o ? o.label[lang] : text(v);
};

export interface CardSources {
  records: Pick<RecordsPort, 'get' | 'list'>;
  identification(unitId: number): Promise<GradeResultItem | null>;
}

/** The catalogue entry of one of a unit's substance rows, if any. */
function catalogueOf(row: Record<string, unknown>): Substance | null {
  const name = text(row.name).trim();
  const cas = text(row.cas).trim();
  if (!name && !cas) {
    return null;
  }
  const m = resolveSubstance({ ...(name ? { name } : {}), ...(cas ? { cas } : {}) }, seedSubstances);
  const code = m?.entry?.code;
  return code ? (seedSubstances.find((s) => s.code === code) ?? null) : null;
}

function substanceBlocks(s: Substance, fields: readonly string[], lang: Lang): DocBlock[] {
  const out: DocBlock[] = [{ kind: 'heading', text: `${s.name[lang] || s.name.zh}${s.cas ? ` (CAS ${s.cas})` : ''}` }];
  const items: { label: string; value: string }[] = [];
  if (fields.includes('chem.ids')) {
    items.push({ label: L.cas[lang], value: s.cas ?? '—' }, { label: L.un[lang], value: s.un ?? '—' }, { label: L.categories[lang], value: s.categories.join(', ') || '—' });
  }
  if (fields.includes('chem.physical')) {
    const p = s.physical;
    items.push(
      { label: L.flash[lang], value: p.flashPointC === null || p.flashPointC === undefined ? '—' : `${p.flashPointC} °C` },
      { label: L.boil[lang], value: p.boilingPointC === null || p.boilingPointC === undefined ? '—' : `${p.boilingPointC} °C` },
      { label: L.limits[lang], value: p.lel !== null && p.lel !== undefined ? `${p.lel}–${p.uel ?? '?'} %` : '—' },
    );
  }
  if (fields.includes('chem.oel')) {
    const o = s.oel;
    const parts = o ? [o.mac !== null ? `MAC ${o.mac}` : '', o.twa !== null ? `PC-TWA ${o.twa}` : '', o.stel !== null ? `PC-STEL ${o.stel}` : ''].filter(Boolean) : [];
    items.push({ label: L.oel[lang], value: parts.length > 0 ? `${parts.join(' · ')} mg/m³` : '—' });
  }
  if (items.length > 0) {
    out.push({ kind: 'fields', items });
  }
  for (const [f, key] of Object.entries(MSDS_KEYS)) {
    if (!fields.includes(f)) {
      continue;
    }
    const body = s.msds?.[key];
    const t = body ? body[lang] || body.zh : '';
    if (t) {
      out.push({ kind: 'paragraph', text: `${MSDS_TITLES[key][lang]}：${t}` });
    }
  }
  return out;
}

/** The card as `viewer` may see it now, in `lang`; throws the record engine's 403/404 otherwise. */
export async function cardDocument(deps: CardSources, viewer: AuthUser, id: number, lang: Lang): Promise<{ doc: PrintDocument; card: RecordItem; cardType: string }> {
  const card = (await deps.records.get(viewer, dangerCardLedger, id)).record;
  const [template, source] = await Promise.all([
    deps.records.get(viewer, dangerCardTemplateLedger, num(card.template) ?? 0).then((d) => d.record),
    deps.records.get(viewer, dangerSourceLedger, num(card.source) ?? 0).then((d) => d.record),
  ]);
  const cardType = text(template.cardType);
  const chosen = Array.isArray(template.fields) ? template.fields.filter((x): x is string => typeof x === 'string') : [];
  const fields = chosen.length > 0 ? chosen : (defaultCardFields[cardType] ?? []);
  const rows = Array.isArray(source.substances) ? (source.substances as Record<string, unknown>[]) : [];
  const blocks: DocBlock[] = [];

  if (fields.includes('source.basic')) {
    blocks.push({
      kind: 'fields',
      items: [
        { label: L.source[lang], value: text(source.name) },
        { label: L.code[lang], value: text(source.code) || '—' },
        { label: L.kind[lang], value: optionLabel(unitKinds, source.kind, lang) },
        { label: L.post[lang], value: text(card.post) || '—' },
        { label: L.responsible[lang], value: text(card.responsible) || '—' },
      ],
    });
  }
  if (fields.includes('source.grade')) {
    const r = await deps.identification(source.id);
    const value = !r ? L.notIdentified[lang] : !r.isMajor || r.grade === null ? L.notMajor[lang] : `${['一级', '二级', '三级', '四级'][r.grade - 1]}${lang === 'en' ? ` (grade ${r.grade})` : ''} · R = ${Number((r.R ?? 0).toPrecision(4))} · S = ${Number(r.S.toPrecision(4))}`;
    blocks.push({ kind: 'fields', items: [{ label: L.grade[lang], value }] });
  }
  if (fields.includes('source.substances') && rows.length > 0) {
    const r = await deps.identification(source.id);
    blocks.push({ kind: 'heading', text: L.substances[lang] });
    blocks.push({
      kind: 'table',
      columns: [L.name[lang], L.cas[lang], L.q[lang], L.Q[lang]],
      rows: rows.map((row, i) => [text(row.name) || '—', text(row.cas) || '—', String(num(row.q) ?? ''), r?.substances[i] ? String(r.substances[i].Q) : '—']),
    });
  }
  if (fields.includes('source.devices')) {
    const devices = (await deps.records.list(viewer, dangerSourceDeviceLedger, { page: 1, pageSize: 200, filters: {}, keyword: '' })).items.filter(
      (d) => d.source === source.id,
    );
    if (devices.length > 0) {
      blocks.push({ kind: 'heading', text: L.devices[lang] });
      blocks.push({
        kind: 'table',
        columns: [L.name[lang], L.code[lang], L.type[lang], L.capacity[lang], L.medium[lang]],
        rows: devices.map((d) => [text(d.name), text(d.code), optionLabel(deviceTypes, d.type, lang), String(num(d.capacity) ?? '—'), text(d.medium) || '—']),
      });
    }
  }
  const para = (label: Bi, v: unknown) => {
    const t = text(v).trim();
    if (t) {
      blocks.push({ kind: 'heading', text: label[lang] }, { kind: 'paragraph', text: t });
    }
  };
  para(L.risks, template.hazardText);
  if (fields.some((f) => f.startsWith('chem.'))) {
    const seen = new Set<string>();
    for (const row of rows) {
      const s = catalogueOf(row);
      if (s && !seen.has(s.code)) {
        seen.add(s.code);
        blocks.push(...substanceBlocks(s, fields, lang));
      } else if (!s) {
        blocks.push({ kind: 'paragraph', text: `${text(row.name) || text(row.cas)}：${L.notInCatalogue[lang]}` });
      }
    }
  }
  para(L.controls, template.controlText);
  para(L.emergency, template.emergencyText);
  para(L.notes, card.remark);
  const contacts = text(template.contacts).trim();
  if (contacts) {
    blocks.push({ kind: 'fields', items: [{ label: L.contacts[lang], value: contacts }] });
  }
  const typeLabel = optionLabel(cardTypes, cardType, lang);
  return {
    card,
    cardType,
    doc: {
      title: `${typeLabel} · ${text(card.name)}`,
      subtitle: [text(source.name), text(card.post)].filter(Boolean).join(' · '),
      number: text(source.code),
      blocks,
      footer: L.footer[lang],
      lang,
    },
  };
}

const cardTarget = z.object({ id: z.number().int().positive() });

/** The public link kind of a card: published by who may see the card, opened as them. */
export function cardLinkKind(deps: CardSources): PublicKind<z.infer<typeof cardTarget>> {
  return {
    target: cardTarget,
    async authorize(caller, target, lang) {
      const { doc } = await cardDocument(deps, caller, target.id, lang);
      return { title: doc.title };
    },
    async render(target, viewer, lang) {
      return (await cardDocument(deps, viewer, target.id, lang)).doc;
    },
  };
}
