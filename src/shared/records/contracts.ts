import { z } from 'zod';
import { dictionaryDef, recordDefinition, type RecordDefinition, type SeedCallDef } from './definition.js';
import { recordSaveSchema, recordValuesSchema, type Dictionaries } from './validator.js';
import { defineContract, type Contract } from '../contracts/contract.js';
import { listOf, pageInput } from '../contracts/envelope.js';

/** A record as the calls return it: the common fields, then the values by field key. */
export const recordItem = z
  .object({
    id: z.number().int(),
    version: z.number().int(),
    status: z.number().int(),
    deptid: z.number().int().nullable(),
    regionid: z.number().int().nullable(),
    title: z.string(),
    created: z.number(),
    updated: z.number(),
    createdBy: z.string(),
    /**
     * Names of the records the link and work-type fields hold, by field key, in
     * both languages (lists and details show them). Only records the caller may
     * see are named. `_` keeps it apart from field keys, which start with a letter.
     */
    _links: z.record(z.string(), z.object({ zh: z.string(), en: z.string() })).optional(),
  })
  .catchall(z.unknown());
export type RecordItem = z.infer<typeof recordItem>;

export const recordSort = z.object({ field: z.string().max(40), order: z.enum(['asc', 'desc']) });

/**
 * Filters by field key: a string on a text field matches a part of it; `[from, to]`
 * on a number or time field is a range (either end null); other values match exactly.
 * `status` filters the workflow status.
 */
export const recordFilters = z.record(
  z.string().max(40),
  z.union([z.string().max(200), z.number(), z.array(z.number().nullable()).length(2), z.null()]),
);

export const recordQuery = z.object({
  sort: recordSort.optional(),
  filters: recordFilters.default({}),
  /** Matches the title field. */
  keyword: z.string().trim().max(100).default(''),
});

export const recordListInput = recordQuery.extend(pageInput);
export const recordStep = z.object({
  at: z.number(),
  loginname: z.string(),
  /** Who acted, by name (the login name when the account no longer exists): readers need no user list to show it. */
  username: z.string(),
  action: z.string(),
  from: z.number().int(),
  to: z.number().int(),
  reason: z.string(),
  signature: z.string(),
});
export const recordAuditRow = z.object({ at: z.number(), loginname: z.string(), username: z.string(), action: z.string(), detail: z.string() });
export const recordFile = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number(),
  mime: z.string(),
  thumb: z.boolean(),
  created: z.number(),
});
export type RecordFile = z.infer<typeof recordFile>;

export const recordDetail = z.object({
  record: recordItem,
  /** The creator's name (the login name when the account no longer exists). */
  createdByName: z.string(),
  steps: z.array(recordStep),
  audit: z.array(recordAuditRow),
  files: z.array(recordFile),
  /** Transitions the caller may take now. */
  actions: z.array(z.string()),
  /** Whether the caller may edit and delete it. */
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  /** User ids waiting to act on the current status. */
  approvers: z.array(z.number().int()),
});

export const recordTransitionInput = z.object({
  id: z.number().int().positive(),
  version: z.number().int().min(0),
  action: z.string().max(40),
  reason: z.string().trim().max(1000).default(''),
  signature: z.string().max(300_000).default(''),
});

export const importResult = z.object({
  saved: z.number().int(),
  /** Rows with problems, numbered as the spreadsheet numbers them (header is row 1). */
  errors: z.array(
    z.object({
      row: z.number().int(),
      field: z.string(),
      code: z.string(),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    }),
  ),
});
export type ImportResult = z.infer<typeof importResult>;

/** Suffixes of the calls every ledger has: `/UAPI/<Area>/<Entity><Suffix>`. */
export const recordCallSuffixes = ['List', 'Get', 'Save', 'Delete', 'Transition', 'Export', 'Import'] as const;
export type RecordCall = (typeof recordCallSuffixes)[number];

export const recordCallPath = (def: Pick<RecordDefinition, 'area' | 'entity'>, call: RecordCall) =>
  `/UAPI/${def.area}/${def.entity}${call}`;

/**
 * The calls of one ledger, built from its definition, so server and client
 * share one declaration per ledger. Permission here is "signed in": what a
 * user may do in a ledger is the definition's own (checked by the service).
 */
export function recordContracts(def: RecordDefinition, dicts: Dictionaries = {}) {
  return {
    list: defineContract({
      method: 'POST',
      path: recordCallPath(def, 'List'),
      input: recordListInput,
      output: listOf(recordItem),
      permission: 'authenticated',
    }),
    get: defineContract({
      method: 'POST',
      path: recordCallPath(def, 'Get'),
      input: z.object({ id: z.coerce.number().int().positive() }),
      output: recordDetail,
      permission: 'authenticated',
    }),
    save: defineContract({
      method: 'POST',
      path: recordCallPath(def, 'Save'),
      input: recordSaveSchema(def, dicts),
      output: recordItem,
      permission: 'authenticated',
    }),
    delete: defineContract({
      method: 'POST',
      path: recordCallPath(def, 'Delete'),
      input: z.object({ id: z.coerce.number().int().positive(), version: z.number().int().min(0).optional() }),
      output: z.object({ id: z.number().int() }),
      permission: 'authenticated',
    }),
    transition: defineContract({
      method: 'POST',
      path: recordCallPath(def, 'Transition'),
      input: recordTransitionInput,
      output: recordItem,
      permission: 'authenticated',
    }),
    /** Answers an .xlsx file of the filtered list: every field, or the `columns` chosen, in the caller's language, with a hidden row of field keys above the header. */
    export: defineContract({
      method: 'POST',
      path: recordCallPath(def, 'Export'),
      input: recordQuery.extend({ columns: z.array(z.string().max(40)).max(100).optional() }),
      output: z.null(),
      permission: 'authenticated',
    }),
  };
}
export type RecordContracts = ReturnType<typeof recordContracts>;

/** One seed-named call of a ledger: its declaration and the generic call it stands for. */
export interface SeedCall {
  seed: SeedCallDef;
  contract: Contract;
}

/**
 * The seed-named calls of a ledger (`definition.seedCalls`), each the generic
 * call's contract under the seed's path. `Add` takes the values only (always
 * a new record); `Update` needs the `id` and `version` of the one it changes.
 */
export function seedCallContracts(def: RecordDefinition, generic: RecordContracts, dicts: Dictionaries = {}): SeedCall[] {
  // The values schema is built once per definition, and only when a seed call takes values (Add, Update).
  let values: ReturnType<typeof recordValuesSchema> | undefined;
  const valuesSchema = () => (values ??= recordValuesSchema(def, dicts));
  const contractOf = (call: SeedCall['seed']['call']): Contract => {
    switch (call) {
      case 'List':
        return generic.list;
      case 'Get':
        return generic.get;
      case 'Save':
        return generic.save;
      case 'Delete':
        return generic.delete;
      case 'Transition':
        return generic.transition;
      case 'Export':
        return generic.export;
      case 'Add':
        return { ...generic.save, input: valuesSchema() };
      case 'Update':
        return { ...generic.save, input: valuesSchema().and(z.object({ id: z.coerce.number().int().positive(), version: z.number().int().min(0) })) };
    }
  };
  return def.seedCalls.map((seed) => {
    const path = `/UAPI/${def.area}/${seed.name}`;
    const queryKeys = seed.idIn === 'query' ? ['id'] : undefined;
    return { seed, contract: { ...contractOf(seed.call), path, queryKeys } };
  });
}

/** Definitions as the low-code platform lists them. */
export const definitionItem = z.object({
  entity: z.string(),
  area: z.string(),
  builtin: z.boolean(),
  version: z.number().int(),
  updated: z.number(),
  updatedBy: z.string(),
  definition: recordDefinition,
});
export type DefinitionItem = z.infer<typeof definitionItem>;

export const definitionList = defineContract({
  method: 'POST',
  path: '/UAPI/LowCode/DefinitionList',
  input: z.object({}),
  output: listOf(definitionItem),
  permission: 'authenticated',
});

export const definitionSave = defineContract({
  method: 'POST',
  path: '/UAPI/LowCode/DefinitionSave',
  input: z.object({
    definition: recordDefinition,
    version: z.number().int().min(0).optional(),
    menu: z.object({ parent: z.string().max(200) }).optional(),
  }),
  output: definitionItem,
  permission: 'system:config',
});

export const definitionDelete = defineContract({
  method: 'POST',
  path: '/UAPI/LowCode/DefinitionDelete',
  input: z.object({ entity: z.string().max(40) }),
  output: z.object({ entity: z.string() }),
  permission: 'system:config',
});

/** What changed in definitions (/low-code-platform/processLogs). */
export const definitionLog = defineContract({
  method: 'POST',
  path: '/UAPI/LowCode/DefinitionLog',
  input: z.object(pageInput),
  output: listOf(recordAuditRow.extend({ entity: z.string() })),
  permission: 'system:config',
});

/** A data-dictionary entry as listed, with its version for optimistic saves. */
export const dictionaryItem = z.object({
  dictionary: dictionaryDef,
  version: z.number().int(),
  updated: z.number(),
  updatedBy: z.string(),
});
export type DictionaryItem = z.infer<typeof dictionaryItem>;

/** Every data-dictionary entry: forms and lists of any ledger read their enumeration choices from it. */
export const dictionaryList = defineContract({
  method: 'POST',
  path: '/UAPI/LowCode/DictionaryList',
  input: z.object({}),
  output: listOf(dictionaryItem),
  permission: 'authenticated',
});

/** Creates (no `version`) or changes a dictionary entry; the next save of any record using it is checked against the new choices. */
export const dictionarySave = defineContract({
  method: 'POST',
  path: '/UAPI/LowCode/DictionarySave',
  input: z.object({ dictionary: dictionaryDef, version: z.number().int().min(0).optional() }),
  output: dictionaryItem,
  permission: 'system:config',
});

/** Deletes a dictionary entry no ledger field names any more. */
export const dictionaryDelete = defineContract({
  method: 'POST',
  path: '/UAPI/LowCode/DictionaryDelete',
  input: z.object({ code: z.string().max(60) }),
  output: z.object({ code: z.string() }),
  permission: 'system:config',
});

/** Attachment upload (seed 1 §3.7): multipart, the file in field `upfile`. */
export const uploadFileToServer = defineContract({
  method: 'POST',
  path: '/UAPI/File/UploadFileToServer',
  input: z.object({}),
  output: recordFile,
  permission: 'authenticated',
});

/**
 * The same upload at the address sign-in gives in `userInfo.uploadurl` (seed 1
 * §3.7, the seed's Common family): a client that follows the seed posts `upfile`
 * with its extra fields (APIVersion, action, calltoken, jsontype, userid,
 * customercode), which are read past.
 */
export const uploadFileToServerCommon = defineContract({ ...uploadFileToServer, path: '/UAPI/Common/UploadFileToServer' });

/** Downloads an attachment (the caller must be able to see its record). Answers the file, not an envelope. */
export const fileDownload = defineContract({
  method: 'GET',
  path: '/UAPI/File/Download',
  /** `thumb=1`: the image's thumbnail (WebP, longest side 240 px) instead of the file. */
  input: z.object({ id: z.coerce.number().int().positive(), thumb: z.coerce.number().int().min(0).max(1).optional() }),
  output: z.null(),
  permission: 'authenticated',
});

/** Import of a ledger's .xlsx (multipart, field `upfile`); `keepGood=1` in the query saves the good rows of a file with errors. */
export const recordImportInput = z.object({});

/**
 * The records a link field may hold: those of the referenced ledger the
 * caller may see, named by its label field, for the form's searchable
 * select (the first 1000 by name; the select searches them as the user types).
 */
export const linkOptions = defineContract({
  method: 'POST',
  path: '/UAPI/LowCode/LinkOptions',
  input: z.object({ entity: z.string().max(40), label: z.string().max(40), labelEn: z.string().max(40).optional() }),
  output: z.array(z.object({ id: z.number().int(), zh: z.string(), en: z.string() })),
  permission: 'authenticated',
});

/**
 * People to choose in person and people fields, by name. Login names are
 * given only to those who administer users (`org:manage`); everyone else gets
 * an empty `loginname` (issue 19 §7: a login name is half of a sign-in).
 */
export const ledgerUserOptions = defineContract({
  method: 'POST',
  path: '/UAPI/LowCode/UserOptions',
  input: z.object({}),
  output: z.array(z.object({ userid: z.number().int(), username: z.string(), loginname: z.string() })),
  permission: 'authenticated',
});

/** Posts to choose in post fields (seed type 10): the organisation's posts, by name in both languages. */
export const ledgerPostOptions = defineContract({
  method: 'POST',
  path: '/UAPI/LowCode/PostOptions',
  input: z.object({}),
  output: z.array(z.object({ postid: z.number().int(), postname: z.string(), postname_en: z.string() })),
  permission: 'authenticated',
});

/**
 * The caller confirms receipt in a person-receipt field (seed type 28, the
 * seed's Common `ReceiptConfirm` family): only a person the field names, on
 * their own session, once.
 */
export const receiptConfirm = defineContract({
  method: 'POST',
  path: '/UAPI/Common/ReceiptConfirmUpdate',
  input: z.object({ entity: z.string().max(40), id: z.number().int().positive(), field: z.string().max(40) }),
  output: recordItem,
  permission: 'authenticated',
});

// The live item is in items.ts (the manifest's channel needs it without the calls).
export { recordChangeItem, type RecordChangeItem } from './items.js';
