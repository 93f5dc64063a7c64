import { Tag } from 'antd';
import type { RecordItem } from '../../../shared/records/contracts';
import { fieldTypes, statusOf, type FieldDef, type RecordDefinition } from '../../../shared/records/definition';
import { optionsOf } from '../../../shared/records/validator';
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
  switch (f.type) {
    case fieldTypes.enum:
    case fieldTypes.enumMulti:
      return many(v).map(option).join('; ');
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
      return many(v)
        .map((id) => p.users.find((u) => u.userid === id)?.username ?? `#${String(id as number)}`)
        .join('; ');
    case fieldTypes.attachment:
    case fieldTypes.image:
      // Seed 1 §3.7: attachments read "Attachment n", joined with semicolons.
      return many(v)
        .map((_, i) => (lang === 'en' ? `Attachment ${i + 1}` : `附件${i + 1}`))
        .join(';');
    case fieldTypes.table:
      return `${many(v).length}`;
    case fieldTypes.signature:
      return '✓';
    case fieldTypes.workType:
    case fieldTypes.link: {
      const n = links?.[f.key];
      return n ? pick(lang, n.zh, n.en) : typeof v === 'number' ? `#${v}` : typeof v === 'string' ? v : JSON.stringify(v);
    }
    case fieldTypes.text:
    case fieldTypes.remark:
    case fieldTypes.plainText:
    case fieldTypes.device:
    case fieldTypes.number:
    case fieldTypes.post:
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
