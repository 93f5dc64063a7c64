import type { DocBlock, PrintDocument } from '../../../shared/documents/document.js';
import { renderMessage } from '../../../shared/messages/catalog.js';
import type { Lang } from '../../../shared/messages/define.js';
import type { RecordItem } from '../../../shared/records/contracts.js';
import { fieldTypes, statusOf, valueText, type FieldDef, type RecordDefinition } from '../../../shared/records/definition.js';
import type { Dictionaries } from '../../../shared/records/validator.js';
import { cellOf, type Named, type OrgNames } from '../records/port.js';
import { plantTime } from './pdf-render.js';

const text = (n: { zh: string; en: string }, lang: Lang) => (lang === 'en' && n.en ? n.en : n.zh);

/** Names of the records a record's link fields hold, from the `_links` its list or detail call returned. */
function linkNamesOf(item: RecordItem): Map<string, Map<number, Named>> {
  const out = new Map<string, Map<number, Named>>();
  for (const [key, name] of Object.entries(item._links ?? {})) {
    const id = item[key];
    if (typeof id === 'number') {
      out.set(key, new Map([[id, name]]));
    }
  }
  return out;
}

/** A value as a document shows it: as the ledger's Excel export writes it (names, labels, times), never an id. */
export function cellText(f: FieldDef, v: unknown, lang: Lang, dicts: Dictionaries, names: OrgNames): string {
  if (f.type === fieldTypes.attachment || f.type === fieldTypes.image) {
    const n = Array.isArray(v) ? v.length : 0;
    return n === 0 ? '' : renderMessage(lang, 'documents.attachments', { count: n });
  }
  const c = cellOf(f, v, lang, dicts, names);
  return c === null ? '' : String(c);
}

/** The number a record is known by: its first unique text field, else its title, else its id. */
export function numberOf(def: RecordDefinition, item: RecordItem): string {
  const unique = def.fields.find((f) => f.unique && f.type === fieldTypes.text && valueText(item[f.key]) !== '');
  return unique ? valueText(item[unique.key]) : `#${item.id}`;
}

export interface RecordDocumentInput {
  def: RecordDefinition;
  item: RecordItem;
  lang: Lang;
  dicts: Dictionaries;
  names: OrgNames;
  utcOffsetMinutes: number;
  /** Blocks other modules add after the fields (approval flow and its signatures). */
  extra: DocBlock[];
}

/**
 * A record as a document: the ledger's name as title, its number, status and
 * creation as subtitle, every field (tables as tables), then what other
 * modules contribute (the approval steps with their signatures).
 */
export function recordDocument({ def, item, lang, dicts, names, utcOffsetMinutes, extra }: RecordDocumentInput): PrintDocument {
  const all: OrgNames = { ...names, links: linkNamesOf(item) };
  const plainFields = def.fields.filter((f) => f.type !== fieldTypes.table);
  const blocks: DocBlock[] = [
    { kind: 'fields', items: plainFields.map((f) => ({ label: text(f.label, lang), value: cellText(f, item[f.key], lang, dicts, all) })) },
  ];
  for (const f of def.fields.filter((x) => x.type === fieldTypes.table)) {
    const columns = f.columns ?? [];
    const rows = Array.isArray(item[f.key]) ? (item[f.key] as Record<string, unknown>[]) : [];
    blocks.push({ kind: 'heading', text: text(f.label, lang) });
    if (columns.length > 0) {
      blocks.push({
        kind: 'table',
        columns: columns.map((c) => text(c.label, lang)),
        rows: rows.map((r) => columns.map((c) => cellText({ ...c, columns: undefined }, r[c.key], lang, dicts, all))),
      });
    }
  }
  blocks.push(...extra);
  const status = def.workflow ? text(statusOf(def, item.status).label, lang) : '';
  const created = `${renderMessage(lang, 'documents.created')} ${plantTime(item.created, utcOffsetMinutes)} · ${renderMessage(lang, 'documents.createdBy')} ${item.createdBy}`;
  return {
    title: text(def.name, lang),
    subtitle: [item.title, status, created].filter(Boolean).join(' · '),
    number: numberOf(def, item),
    blocks,
    footer: text(def.name, lang),
    lang,
  };
}
