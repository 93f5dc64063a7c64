import type { DictionaryItem } from '../../../shared/records/contracts.js';
import { dictionaryDef, type DictionaryDef, type EnumOption } from '../../../shared/records/definition.js';
import type { Dictionaries } from '../../../shared/records/validator.js';
import type { AuthUser } from '../../http/app.js';
import { conflict, notFound } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import type { Store } from '../../store/db.js';
import { transactThenPublish, type DomainEvents } from '../../stream/bus.js';
import { createRecordsRepository, docOf } from './records.repository.js';

/**
 * The data dictionary: enumerations kept once (table `record_dictionary`) and
 * named by ledger fields. `live` is one map, changed in place on every save,
 * that the ledgers' validators read when they parse: an edited entry applies
 * to the next save and import at once, with no contract rebuilt.
 */
export interface DictionaryRegistry {
  ready: Promise<void>;
  live: Dictionaries;
  items(): DictionaryItem[];
  has(code: string): boolean;
  /** `usedBy` answers the name of a ledger whose field names the entry, if any (a used entry is not deleted). */
  save(caller: AuthUser, dictionary: DictionaryDef, version: number | undefined): Promise<DictionaryItem>;
  remove(caller: AuthUser, code: string, usedBy: (code: string) => { ledger: string; ledger_en: string } | undefined): Promise<void>;
  reload(): Promise<void>;
}

const AUDIT_ENTITY = 'record_dictionary';

export function createDictionaryRegistry(store: Store, events: Pick<DomainEvents, 'publish'>): DictionaryRegistry {
  const repo = createRecordsRepository(store.db);
  const live: Record<string, readonly EnumOption[]> = {};
  const entries = new Map<string, DictionaryItem>();

  function put(item: DictionaryItem) {
    entries.set(item.dictionary.code, item);
    live[item.dictionary.code] = item.dictionary.options;
  }

  async function reload() {
    const rows = await repo.dictionaries();
    entries.clear();
    for (const k of Object.keys(live)) {
      delete live[k];
    }
    for (const r of rows) {
      const parsed = dictionaryDef.safeParse(docOf(r.doc));
      if (parsed.success) {
        put({ dictionary: parsed.data, version: r.version, updated: Number(r.updated_at), updatedBy: r.updated_by });
      }
    }
  }

  return {
    ready: reload(),
    live,
    reload,
    items: () => [...entries.values()].sort((a, b) => a.dictionary.code.localeCompare(b.dictionary.code)),
    has: (code) => entries.has(code),

    async save(caller, dictionary, version) {
      const item = await transactThenPublish(store.db, events, async (tx, emit) => {
        const before = await repo.dictionary(tx, dictionary.code);
        if (before && version === undefined) {
          throw conflict('records.dictionaryExists', ['dictionary.code'], { code: dictionary.code });
        }
        if (before ? before.version !== version : version !== undefined) {
          throw conflict('records.conflict', ['version'], { current: before?.version ?? 0 });
        }
        const now = Date.now();
        const next = (before?.version ?? 0) + 1;
        await repo.putDictionary(tx, { code: dictionary.code, doc: dictionary, version: next, updated_at: now, updated_by: caller.loginname });
        await audit(tx, caller, before ? 'dictionary.update' : 'dictionary.create', AUDIT_ENTITY, dictionary.code, { before: before ? docOf(before.doc) : null, after: dictionary });
        emit('recordDictionary.changed', { code: dictionary.code });
        return { dictionary, version: next, updated: now, updatedBy: caller.loginname };
      });
      put(item);
      return item;
    },

    async remove(caller, code, usedBy) {
      await transactThenPublish(store.db, events, async (tx, emit) => {
        const before = await repo.dictionary(tx, code);
        if (!before) {
          throw notFound('records.unknownDictionary', { code });
        }
        const user = usedBy(code);
        if (user !== undefined) {
          throw conflict('records.dictionaryInUse', ['code'], user);
        }
        await repo.deleteDictionary(tx, code);
        await audit(tx, caller, 'dictionary.delete', AUDIT_ENTITY, code, { before: docOf(before.doc) });
        emit('recordDictionary.changed', { code });
      });
      entries.delete(code);
      delete live[code];
    },
  };
}
