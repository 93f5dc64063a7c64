import { Tag } from 'antd';
import type { RecordItem } from '../../../shared/records/contracts';
import { fieldTypes, statusOf, valueText, type FieldDef, type RecordDefinition } from '../../../shared/records/definition';
import { hazardMatrixText } from '../../../shared/records/field-catalogue';
import { isSignedValue, optionsOf, type ReceiptEntry, type ReminderValue } from '../../../shared/records/validator';
import { formatDate } from '../../../shared/time';
import { pick, type Lang } from '../../app/i18n';
import type { Pickers } from './use-pickers';

/**
 * A stored value as text for lists and details, names in place of ids. Link
 * and work-type fields take their record's name from the item's `_links`
 * (`#id` when the user may not see it; text stored before the field was a link, as written).
 */
export function displayValue(f: FieldDef, v: unknown, lang: Lang, p: Pickers, links?: RecordItem['_links']): string {
  if (v === null || v === undefined || (Array.isArray(v) && v.length === 0)) {
    return '';
  }
  const many = (x: unknown) => (Array.isArray(x) ? (x as unknown[]) : [x]);
  const option = (x: unknown) => {
    const o = optionsOf(f, p.dictionaries).find((q) => q.value === x);
    return o ? pick(lang, o.label.zh, o.label.en) : String(x);
  };
  const userName = (id: unknown) => p.users.find((u) => u.userid === id)?.username ?? `#${String(id)}`;
  switch (f.type) {
    case fieldTypes.enum:
    case fieldTypes.enumMulti:
    case fieldTypes.businessCategory:
    case fieldTypes.businessCategories:
    case fieldTypes.permitTypes:
    case fieldTypes.chemicalCategory:
    case fieldTypes.chemical:
      return many(v).map(option).join('; ');
    case fieldTypes.enumParam:
      return many(v)
        .map((x) => {
          const e = x as { value?: unknown; param?: string };
          return e.param ? `${option(e.value)}（${e.param}）` : option(e.value);
        })
        .join('; ');
    case fieldTypes.openPermits:
      return many(v).map((id) => `#${String(id as number)}`).join('; ');
    case fieldTypes.receipt: {
      const entries = many(v) as ReceiptEntry[];
      const done = entries.filter((e) => e.at !== null).length;
      return `${done}/${entries.length} ${entries.map((e) => `${userName(e.userid)}${e.at !== null ? ' ✓' : ''}`).join(', ')}`;
    }
    case fieldTypes.hazardMatrix: {
      const m = v as { l?: number; s?: number };
      return typeof m.l === 'number' && typeof m.s === 'number' ? hazardMatrixText({ l: m.l, s: m.s }, lang) : JSON.stringify(v);
    }
    case fieldTypes.reminder: {
      const r = v as ReminderValue;
      return typeof r.expires === 'number' ? `${formatDate(r.expires, 'YYYY-MM-DD')} (${lang === 'en' ? `${r.remindDays} d before` : `提前${r.remindDays}天`})` : '';
    }
    case fieldTypes.post: {
      const post = p.posts.find((x) => x.postid === v);
      return post ? pick(lang, post.postname, post.postname_en) : `#${valueText(v)}`;
    }
    case fieldTypes.time:
      return formatDate(v as number, 'YYYY-MM-DD HH:mm');
    case fieldTypes.dept:
    case fieldTypes.depts:
      return many(v)
        .map((id) => {
          const d = p.depts.find((x) => x.deptid === id);
          return d ? pick(lang, d.deptname, d.deptname_en) : `#${String(id)}`;
        })
        .join('; ');
    case fieldTypes.region:
      return many(v)
        .map((id) => {
          const r = p.regions.find((x) => x.regionid === id);
          return r ? pick(lang, r.regionname, r.regionname_en) : `#${String(id)}`;
        })
        .join('; ');
    case fieldTypes.person:
    case fieldTypes.people:
      return many(v).map(userName).join('; ');
    case fieldTypes.attachment:
    case fieldTypes.image:
      // Seed 1 §3.7: attachments read "Attachment n", joined with semicolons.
      return many(v)
        .map((_, i) => (lang === 'en' ? `Attachment ${i + 1}` : `附件${i + 1}`))
        .join(';');
    case fieldTypes.table:
      return lang === 'en' ? `${many(v).length} row(s)` : `${many(v).length} 行`;
    case fieldTypes.signature:
      return isSignedValue(v) ? `${v.signerName} ✓ ${formatDate(v.at, 'YYYY-MM-DD HH:mm')}` : '✓';
    case fieldTypes.workType:
    case fieldTypes.link:
    case fieldTypes.chemicalStore:
    case fieldTypes.chemicalZone: {
      const n = links?.[f.key];
      return n ? pick(lang, n.zh, n.en) : typeof v === 'number' ? `#${v}` : typeof v === 'string' ? v : JSON.stringify(v);
    }
    case fieldTypes.text:
    case fieldTypes.blankText:
    case fieldTypes.systemLabel:
    case fieldTypes.remark:
    case fieldTypes.plainText:
    case fieldTypes.device:
    case fieldTypes.number:
      return typeof v === 'string' || typeof v === 'number' ? String(v) : JSON.stringify(v);
  }
}

export function StatusTag({ def, status, lang }: { def: RecordDefinition; status: number; lang: Lang }) {
  const s = statusOf(def, status);
  return (
    <Tag color={s.color} data-testid="record-status">
      {pick(lang, s.label.zh, s.label.en)}
    </Tag>
  );
}
