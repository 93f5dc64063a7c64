import type { z } from 'zod';
import type {
  ImportResult,
  RecordItem,
  recordDetail,
  recordListInput,
  recordQuery,
  recordTransitionInput,
} from '../../../shared/records/contracts.js';
import { type RecordDefinition } from '../../../shared/records/definition.js';
import type { AuthUser } from '../../http/app.js';
import type { Store, Tx } from '../../store/db.js';
import { type DefinitionRegistry } from './definition-registry.js';
import { type DictionaryRegistry } from './dictionary-registry.js';
import type { LinkNames, OrgNames } from './records.excel.js';
import { createRecordsCore } from './records.core.js';
import { createRecordBulk } from './records.bulk.js';
import { createRecordCrud } from './records.crud.js';
import { createRecordReceipts } from './records.receipts.js';
import { createRecordWorkflow } from './records.workflow.js';
import { createRecordFlows, type RecordFlows } from './records.flows.js';
import { type RecordRow } from './records.repository.js';
import { type RecordsDeps, offsetOf, granted } from './records.core.js';

export { approversOf, granted, itemOf, linkFieldsOf, titleOf, type RecordsDeps, type Scope } from './records.core.js';

export type RecordDetail = z.input<typeof recordDetail>;

export interface RecordsService {
  definitions: DefinitionRegistry;
  /** The data dictionary; its `live` map is what the ledgers' validators and Excel read. */
  dictionaries: DictionaryRegistry;
  list(caller: AuthUser, def: RecordDefinition, input: z.output<typeof recordListInput>): Promise<{ items: RecordItem[]; total: number }>;
  get(caller: AuthUser, def: RecordDefinition, id: number): Promise<RecordDetail>;
  save(caller: AuthUser, def: RecordDefinition, input: Record<string, unknown> & { id?: number; version?: number }): Promise<RecordItem>;
  remove(caller: AuthUser, def: RecordDefinition, id: number, version?: number): Promise<{ id: number }>;
  transition(caller: AuthUser, def: RecordDefinition, input: z.output<typeof recordTransitionInput>): Promise<RecordItem>;
  /**
   * One step of a flow held in a module's code (a statutory loop the generic
   * transitions cannot express): `decide` reads the record as stored (the
   * caller may see it) and returns the status it moves to and the fields it
   * sets (read-only ones too), or throws; the step row, file links, audit
   * (`record.transition`) and domain event are written in the same
   * transaction, and `after` runs in it too (the module's own to-dos).
   */
  step(
    caller: AuthUser,
    def: RecordDefinition,
    input: { id: number; version?: number; action: string; reason?: string },
    decide: StepDecider,
  ): Promise<RecordItem>;
  /** Every matching row the caller may see, a page at a time. */
  rows(caller: AuthUser, def: RecordDefinition, input: z.output<typeof recordQuery>): Promise<AsyncGenerator<RecordRow[]>>;
  /** Saves many new records in one transaction after checking every row; `errors` per row (numbered by the caller's `rowOf`). */
  importRows(
    caller: AuthUser,
    def: RecordDefinition,
    rows: { row: number; values: Record<string, unknown> }[],
    keepGood: boolean,
    preErrors: ImportResult['errors'],
  ): Promise<ImportResult>;
  /** Every record of a ledger, with no caller: for server-side consumers (the fence engine's roster); never return it to a user. */
  allRecords(def: RecordDefinition): Promise<RecordItem[]>;
  /** Whether the caller may see the record a file belongs to. */
  maySeeRecord(caller: AuthUser, recordId: number): Promise<boolean>;
  /**
   * Reloads ledger definitions and dictionary entries when the stored ones
   * differ from what this server holds (another server on the same PostgreSQL
   * store saved or deleted one). True when something was reloaded.
   */
  syncFromStore(): Promise<boolean>;
  /** Names of departments, regions, posts and people by id, for spreadsheet cells (export shows names, import reads them). */
  orgNames(): Promise<OrgNames>;
  /** Names of the records the ledger's link fields may hold, by field key: those the caller may see (export and import). */
  linkNames(caller: AuthUser, def: RecordDefinition): Promise<LinkNames>;
  /** The records a link to ledger `entity` may choose, named by `label` (`labelEn` in English). */
  linkOptions(
    caller: AuthUser,
    input: { entity: string; label: string; labelEn?: string },
  ): Promise<{ id: number; zh: string; en: string }[]>;
  /**
   * The caller confirms receipt in field `field` of a record (type 28): only
   * a person the field names, once; their to-do is done and the audit says so.
   */
  confirmReceipt(caller: AuthUser, def: RecordDefinition, input: { id: number; field: string }): Promise<RecordItem>;
  /** Opens the to-dos of attachment reminders (type 54) that are due by `now`, once per record, field and expiry; returns how many. */
  remindDue(now: number): Promise<number>;
  /** Send back one step (`sendBack`) or hand the caller's task to another person (`transfer`): only a holder of an open task of the record's step. */
  flowAct(
    caller: AuthUser,
    def: RecordDefinition,
    input: { id: number; version: number; action: 'sendBack' | 'transfer'; reason: string; touserid?: number },
  ): Promise<RecordItem>;
  flowCheck: RecordFlows['flowCheck'];
  flowList: RecordFlows['flowList'];
  delegationSearch: RecordFlows['delegationSearch'];
  delegationAdd: RecordFlows['delegationAdd'];
  delegationRevoke: RecordFlows['delegationRevoke'];
  /** Opens the escalation to-dos of steps that waited past their limit, once per task; returns how many. */
  escalateDue(now: number): Promise<number>;
  definitionLog(input: { page: number; pageSize: number }): Promise<{
    items: { at: number; loginname: string; username: string; action: string; detail: string; entity: string }[];
    total: number;
  }>;
}

/** What a module's flow step does to a record (`RecordsService.step`). */
export type StepDecider = (
  current: RecordItem,
  tx: Tx,
) => Promise<{ to: number; set?: Record<string, unknown>; after?: (tx: Tx, row: RecordItem) => Promise<void> }>;

export function createRecordsService(
  store: Store,
  deps: RecordsDeps,
  builtIns: RecordDefinition[],
): RecordsService & { ready: Promise<void> } {
  const core = createRecordsCore(store, deps, builtIns);
  const { repo, definitions, dictionaries, visible } = core;
  const receipts = createRecordReceipts(core);
  const workflow = createRecordWorkflow(core);
  const crud = createRecordCrud(core, workflow, receipts);
  const bulk = createRecordBulk(core, crud);
  const flows = createRecordFlows(core, workflow);
  /** What the stored definitions and dictionary entries looked like at the last sync (null: not yet; the first sync reloads). */
  const storedSignatures: { defs: string | null; dicts: string | null } = { defs: null, dicts: null };
  return {
    ready: Promise.all([dictionaries.ready, definitions.ready]).then(() => undefined),
    definitions,
    dictionaries,
    list: crud.list,
    get: crud.get,
    save: crud.save,
    remove: crud.remove,
    transition: workflow.transition,
    step: workflow.step,
    flowAct: workflow.flowAct,
    flowCheck: (caller, input) => flows.flowCheck(caller, input),
    flowList: (caller, input) => flows.flowList(caller, input),
    delegationSearch: (caller, input) => flows.delegationSearch(caller, input),
    delegationAdd: (caller, input) => flows.delegationAdd(caller, input),
    delegationRevoke: (caller, input) => flows.delegationRevoke(caller, input),
    escalateDue: (now) => flows.escalateDue(now),
    rows: bulk.rows,
    allRecords: bulk.allRecords,
    importRows: bulk.importRows,
    orgNames: bulk.orgNames,
    linkNames: bulk.linkNames,
    linkOptions: bulk.linkOptions,
    confirmReceipt: receipts.confirmReceipt,
    remindDue: receipts.remindDue,

    async syncFromStore() {
      const signature = async (table: 'record_definition' | 'record_dictionary') => {
        const r = await store.db
          .selectFrom(table)
          .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.max('updated_at').as('m'), eb.fn.sum<string>('version').as('v')])
          .executeTakeFirst();
        return `${String(r?.n ?? 0)}:${String(r?.m ?? 0)}:${String(r?.v ?? 0)}`;
      };
      const [defs, dicts] = await Promise.all([signature('record_definition'), signature('record_dictionary')]);
      let changed = false;
      if (dicts !== storedSignatures.dicts) {
        await dictionaries.reload();
        changed = true;
      }
      if (defs !== storedSignatures.defs) {
        await definitions.reload();
        changed = true;
      }
      storedSignatures.defs = defs;
      storedSignatures.dicts = dicts;
      return changed;
    },

    async maySeeRecord(caller, recordId) {
      const row = await store.db.selectFrom('record').selectAll().where('id', '=', recordId).executeTakeFirst();
      const def = row ? definitions.get(row.entity) : undefined;
      if (!row || !def || !granted(caller, def.permissions.view)) {
        return false;
      }
      return visible(def, await deps.scopeOf(caller.userid), row);
    },

    async definitionLog(input) {
      const { rows, total } = await repo.definitionLog(offsetOf(input), input.pageSize);
      const names = await repo.userNames(rows.map((r) => r.loginname));
      return {
        items: rows.map((r) => ({
          at: Number(r.at),
          loginname: r.loginname,
          username: names.get(r.loginname) ?? r.loginname,
          action: r.action,
          detail: r.detail,
          entity: r.entity_id,
        })),
        total,
      };
    },
  };
}
