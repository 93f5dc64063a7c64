import { z } from 'zod';

/**
 * Field types by the seed's numeric values (seed 1 §3.4). A definition names
 * the number; the name here is for code that switches on it.
 */
export const fieldTypes = {
  dept: 1,
  region: 2,
  person: 3,
  text: 4,
  time: 5,
  attachment: 6,
  enum: 7,
  /** Seed "blank text" (shorter reading only): a one-line text, as 4. */
  blankText: 8,
  people: 9,
  post: 10,
  workType: 11,
  table: 12,
  /**
   * Seed "device list". This project keeps no device register (a device is
   * the code tags name in `tag.device`, with no name of its own in either
   * language), so the value is that code, as text, in forms, lists and
   * Excel. A ledger of devices, when there is one, is linked with type 100.
   */
  device: 13,
  /** Enumeration multi-select with a parameter: each chosen option carries a short text (a value, a note). */
  enumParam: 14,
  /** System-provided label: a number the server gives a record when it is created; never typed. */
  systemLabel: 15,
  /** Business category dropdown: one choice of the field's options or data-dictionary entry. */
  businessCategory: 16,
  remark: 17,
  /** Three-certificates (combined-licence) permit type list: the GB 30871 work types one combined permit covers. */
  permitTypes: 18,
  /** Unclosed permit list (multi-select): ids of permits; offered once the permits module provides their list. */
  openPermits: 19,
  /** Business category multi-select. */
  businessCategories: 20,
  enumMulti: 21,
  number: 22,
  /** Person receipt confirmation: named people, each confirming on their own to-do. */
  receipt: 28,
  /** Hidden-hazard matrix: likelihood L and severity S, 1–5 each (LS, DOMAIN.md §2). */
  hazardMatrix: 42,
  depts: 43,
  /** Person signature: drawn by the signer; signer and time are set by the server from the session. */
  signature: 44,
  plainText: 45,
  /** Chemical category: a storage class of GB 15603 (DOMAIN.md §10). */
  chemicalCategory: 49,
  /** Chemical storage facility: a record of the chemicals module's ChemicalStore ledger. */
  chemicalStore: 50,
  /** Chemical storage zone: offered once the chemicals module keeps zones (no ledger of them yet). */
  chemicalZone: 51,
  /** Chemical detail information: a substance of the chemical catalogue, by its code. */
  chemical: 52,
  image: 53,
  /** Attachment reminder: files with an expiry date; a to-do reminds the record's creator before it. */
  reminder: 54,
  /**
   * Ours, not the seed's: a record of another ledger, named by the field's
   * `ref`. The seed's types 1–54 link to fixed lists only (11 "job type list"
   * is the one closest, and is kept as a link to the WorkType ledger, see
   * `refOf`); 100 is outside its range so a seed number never means it.
   */
  link: 100,
} as const;
export type FieldTypeName = keyof typeof fieldTypes;
export type FieldTypeCode = (typeof fieldTypes)[FieldTypeName];
export const fieldTypeCodes = Object.values(fieldTypes) as FieldTypeCode[];
export const fieldTypeName = (code: FieldTypeCode): FieldTypeName =>
  (Object.keys(fieldTypes) as FieldTypeName[]).find((k) => fieldTypes[k] === code)!;

/**
 * The seed's status enumeration of business records (seed 1 §3.5). The seed
 * shows no colours; these are antd's preset tag colours, chosen so that
 * waiting states are warm, done is green and terminated is grey.
 */
export const recordStatuses = [
  { code: 0, zh: '待创建', en: 'To be created', color: 'default' },
  { code: 1, zh: '待评估', en: 'To be assessed', color: 'orange' },
  { code: 2, zh: '待审核', en: 'To be reviewed', color: 'gold' },
  { code: 3, zh: '待确认', en: 'To be confirmed', color: 'cyan' },
  { code: 4, zh: '已完成', en: 'Completed', color: 'green' },
  { code: 5, zh: '已关闭', en: 'Closed', color: 'default' },
  { code: 6, zh: '待审批', en: 'To be approved', color: 'volcano' },
  { code: 7, zh: '待实施', en: 'To be implemented', color: 'blue' },
  { code: 8, zh: '生效中', en: 'In effect', color: 'geekblue' },
  { code: -1, zh: '已终止', en: 'Terminated', color: 'red' },
] as const;
export type RecordStatus = (typeof recordStatuses)[number]['code'];
export const recordStatusCodes: RecordStatus[] = recordStatuses.map((s) => s.code);

export const bilingual = z.object({ zh: z.string().trim().min(1).max(100), en: z.string().trim().max(100).default('') });
export type Bilingual = z.infer<typeof bilingual>;

const identifier = z.string().regex(/^[a-z][a-zA-Z0-9_]{0,39}$/, 'validation.badFormat');
const pascal = z.string().regex(/^[A-Z][A-Za-z0-9]{0,39}$/, 'validation.badFormat');

export const enumOption = z.object({ value: z.string().trim().min(1).max(60), label: bilingual });
export type EnumOption = z.infer<typeof enumOption>;

/**
 * A data-dictionary entry (seed 2 §2.8, /low-code-platform/data-dictionary):
 * an enumeration kept once and named by the `dictionary` of any number of
 * fields, so the choices change in one place for every ledger that uses them.
 */
export const dictionaryDef = z
  .object({
    code: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,59}$/, 'validation.badFormat'),
    name: bilingual,
    options: z.array(enumOption).min(1).max(200),
  })
  .superRefine((d, ctx) => {
    const seen = new Set<string>();
    d.options.forEach((o, i) => {
      if (seen.has(o.value)) {
        ctx.addIssue({ code: 'custom', path: ['options', i, 'value'], message: 'records.duplicateOption', params: { value: o.value } });
      }
      seen.add(o.value);
    });
  });
export type DictionaryDef = z.infer<typeof dictionaryDef>;

/**
 * The ledger a link field points at and the field of it that names a record
 * (`labelEn`: the English name, when that ledger keeps one). The field stores
 * the record's id; lists, details and exports show the label.
 */
export const linkRef = z.object({ entity: pascal, label: identifier, labelEn: identifier.optional() });
export type LinkRef = z.infer<typeof linkRef>;

/** Work-type fields (seed type 11) link to the WorkType ledger by its name. */
export const WORK_TYPE_REF: LinkRef = { entity: 'WorkType', label: 'name', labelEn: 'name_en' };

/** Chemical storage facility fields (seed type 50) link to the chemicals module's ChemicalStore ledger. */
export const CHEMICAL_STORE_REF: LinkRef = { entity: 'ChemicalStore', label: 'name' };

/** What a field links to: a link field's `ref`, a work-type field's WorkType ledger, a storage facility's ChemicalStore; other fields none. */
export function refOf(f: { type: number; ref?: LinkRef }): LinkRef | undefined {
  return f.type === fieldTypes.link
    ? f.ref
    : f.type === fieldTypes.workType
      ? (f.ref ?? WORK_TYPE_REF)
      : f.type === fieldTypes.chemicalStore
        ? (f.ref ?? CHEMICAL_STORE_REF)
        : undefined;
}

/** Types whose choices are the field's options or a dictionary entry. */
export const OPTION_TYPES: readonly number[] = [
  fieldTypes.enum,
  fieldTypes.enumMulti,
  fieldTypes.enumParam,
  fieldTypes.businessCategory,
  fieldTypes.businessCategories,
];

/**
 * Types a table's column may have: one value a person types or picks in a
 * cell. Links, files, signatures, confirmations and nested tables are whole
 * fields of their own.
 */
export const TABLE_COLUMN_TYPES: readonly number[] = [
  fieldTypes.dept,
  fieldTypes.region,
  fieldTypes.person,
  fieldTypes.text,
  fieldTypes.time,
  fieldTypes.enum,
  fieldTypes.blankText,
  fieldTypes.people,
  fieldTypes.post,
  fieldTypes.device,
  fieldTypes.businessCategory,
  fieldTypes.remark,
  fieldTypes.businessCategories,
  fieldTypes.enumMulti,
  fieldTypes.number,
  fieldTypes.hazardMatrix,
  fieldTypes.depts,
  fieldTypes.plainText,
  fieldTypes.chemicalCategory,
  fieldTypes.chemical,
];

/** Types the server sets, never the form: the system label. */
export const SERVER_SET_TYPES: readonly number[] = [fieldTypes.systemLabel];

const fieldBase = {
  /** Key of the value in the record document; the name `controls` reports. */
  key: identifier,
  type: z.union(fieldTypeCodes.map((c) => z.literal(c)) as unknown as [z.ZodLiteral<FieldTypeCode>, ...z.ZodLiteral<FieldTypeCode>[]]),
  label: bilingual,
  required: z.boolean().default(false),
  /** No two records of the ledger share this value (text, number, enumeration). */
  unique: z.boolean().default(false),
  /** Text: length; number: value; multi-select, attachments, table: count. */
  min: z.number().finite().optional(),
  max: z.number().finite().optional(),
  /** Number: decimals allowed (0 = integers). */
  decimals: z.number().int().min(0).max(6).optional(),
  /** Enumerations: the choices, or the code of a data-dictionary entry that holds them. */
  options: z.array(enumOption).max(200).optional(),
  dictionary: z.string().max(60).optional(),
  /** Time: must not be before this other time field of the record (end after start). */
  notBefore: identifier.optional(),
  /** Hidden from the form (set by the server or by a workflow input). */
  readOnly: z.boolean().default(false),
  /** Link (type 100): the ledger whose record the field holds. */
  ref: linkRef.optional(),
};

export const subFieldDef = z.object(fieldBase);
export const fieldDef = z.object({
  ...fieldBase,
  /** Table (type 12): the columns of each sub-row. */
  columns: z.array(subFieldDef).max(20).optional(),
});
export type FieldDef = z.infer<typeof fieldDef>;
export type SubFieldDef = z.infer<typeof subFieldDef>;

/**
 * Who may do something: any one role code or permission code of the caller,
 * or `SIGNED_IN` (any signed-in user, within the ledger's department and
 * region isolation). Empty also means any signed-in user, for run-time
 * ledgers; a built-in ledger must name who edits (and imports) and deletes:
 * the server refuses to start otherwise.
 */
export const grant = z.array(z.string().max(60)).max(30).default([]);
/** A grant to every signed-in user, said explicitly. */
export const SIGNED_IN = 'authenticated';

/**
 * Who a status (a flow step) waits for (issue 18 Approvals): named users, role
 * holders, the responsible people of a kind for the record's region (seed 2
 * §6), the record's department's holders of a role, a person field; all of
 * them (countersign, 会签) or any one (或签); an optional time limit after which
 * the holders of `escalateTo` get a to-do. A plain list of users (the first
 * workflows) is a step of mode `any` and reads unchanged.
 */
export const stepApprovers = z.object({
  userids: z.array(z.number().int().positive()).max(50).default([]),
  roles: z.array(z.string().max(60)).max(10).default([]),
  regionRole: z.enum(['hiddenDanger', 'specialEquipment', 'inspection', 'workPermit', 'alarm', 'hazardChief', 'areaSupervisor', 'administrator']).optional(),
  deptRole: z.string().max(60).optional(),
  field: identifier.optional(),
  mode: z.enum(['any', 'all']).default('any'),
  limitHours: z.number().positive().max(24 * 365).optional(),
  escalateTo: z.string().max(60).optional(),
});
export type StepApproversDef = z.infer<typeof stepApprovers>;

/** An optional workflow over the seed's statuses. */
export const workflowDef = z.object({
  /** Status of a record when it is first saved. */
  initial: z.number().int(),
  /** Statuses in use, with their waiting approvers: user ids, or a person/people field of the record. */
  states: z
    .array(
      z.object({
        code: z.union(recordStatusCodes.map((c) => z.literal(c)) as unknown as [z.ZodLiteral<RecordStatus>, ...z.ZodLiteral<RecordStatus>[]]),
        /** Label in place of the seed's (e.g. "待一级审批"); the colour stays the seed's. */
        label: bilingual.optional(),
        approvers: stepApprovers.optional(),
      }),
    )
    .min(1)
    .max(10),
  transitions: z
    .array(
      z.object({
        action: identifier,
        label: bilingual,
        from: z.array(z.number().int()).min(1),
        to: z.number().int(),
        /** Role or permission codes that may take it (empty: anyone who may view the record). */
        grant,
        /** Only an approver of the record's current status may take it (seed 2 §6). */
        approverOnly: z.boolean().default(false),
        /** Inputs the actor must give. */
        inputs: z.array(z.enum(['reason', 'signature'])).default([]),
      }),
    )
    .max(30),
});
export type WorkflowDef = z.infer<typeof workflowDef>;

/** The generic calls a seed call name can stand for; `Add` and `Update` are `Save` of a new and of an existing record. */
export const seedCallKinds = ['List', 'Get', 'Add', 'Update', 'Save', 'Delete', 'Transition', 'Export'] as const;
export type SeedCallKind = (typeof seedCallKinds)[number];

/**
 * A call the seed names for a ledger (seed 2 §7.4 `GetSafeSignList`), served
 * under `/UAPI/<area>/<name>` by the generic handler of `call`: the same
 * permission, isolation, audit and domain event as the generic name.
 */
export const seedCallDef = z.object({
  /** Spelt as the seed spells it (`updateSafeSign`). */
  name: z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,59}$/, 'validation.badFormat'),
  call: z.enum(seedCallKinds),
  /** Where the record id travels: the JSON body, or the query string (`DeleteSafeSign?id=3`). */
  idIn: z.enum(['body', 'query']).default('body'),
});
export type SeedCallDef = z.infer<typeof seedCallDef>;

export const recordDefinition = z
  .object({
    /** Seed-style names: calls are `/UAPI/<area>/<entity>List` and so on. */
    area: pascal,
    entity: pascal,
    name: bilingual,
    fields: z.array(fieldDef).min(1).max(80),
    list: z
      .object({
        columns: z.array(identifier).default([]),
        filters: z.array(identifier).default([]),
        sort: z.object({ field: z.string().max(40), order: z.enum(['asc', 'desc']) }).default({ field: 'updated', order: 'desc' }),
      })
      .default({ columns: [], filters: [], sort: { field: 'updated', order: 'desc' } }),
    /** Data isolation: the department and/or region field that decides who sees a record. */
    isolation: z.object({ dept: identifier.optional(), region: identifier.optional() }).default({}),
    permissions: z.object({ view: grant, edit: grant, delete: grant }).default({ view: [], edit: [], delete: [] }),
    workflow: workflowDef.optional(),
    /** The field that names a record in titles, to-dos and the audit log. */
    titleField: identifier.optional(),
    /** Names the seed gives this ledger's calls, besides the generic `<Entity>List|Get|Save|…`. */
    seedCalls: z.array(seedCallDef).max(20).default([]),
    /** Run-time ledgers: the menu entry (under the directory `parent`, an href) and the roles that get it. */
    menu: z.object({ parent: z.string().max(200), roles: z.array(z.string().max(60)).max(30).default([]), sort: z.number().int().default(100) }).optional(),
  })
  .superRefine((d, ctx) => {
    const keys = new Set<string>();
    d.fields.forEach((f, i) => {
      if (keys.has(f.key)) {
        ctx.addIssue({ code: 'custom', path: ['fields', i, 'key'], message: 'records.duplicateField', params: { key: f.key } });
      }
      keys.add(f.key);
      if (OPTION_TYPES.includes(f.type) && !f.options?.length && !f.dictionary) {
        ctx.addIssue({ code: 'custom', path: ['fields', i, 'options'], message: 'records.enumNeedsOptions' });
      }
      if (f.type === fieldTypes.table && !f.columns?.length) {
        ctx.addIssue({ code: 'custom', path: ['fields', i, 'columns'], message: 'validation.required' });
      }
      if (f.type === fieldTypes.link && !f.ref) {
        ctx.addIssue({ code: 'custom', path: ['fields', i, 'ref'], message: 'validation.required' });
      }
      // The server checks a link's record on save for top-level fields only; a table's cells are not links.
      const columns = new Set<string>();
      (f.columns ?? []).forEach((c, j) => {
        if (c.type === fieldTypes.link) {
          ctx.addIssue({ code: 'custom', path: ['fields', i, 'columns', j, 'type'], message: 'records.linkInTable' });
        } else if (!TABLE_COLUMN_TYPES.includes(c.type)) {
          ctx.addIssue({ code: 'custom', path: ['fields', i, 'columns', j, 'type'], message: 'records.typeInTable', params: { type: c.type } });
        } else if (OPTION_TYPES.includes(c.type) && !c.options?.length && !c.dictionary) {
          ctx.addIssue({ code: 'custom', path: ['fields', i, 'columns', j, 'options'], message: 'records.enumNeedsOptions' });
        }
        if (columns.has(c.key)) {
          ctx.addIssue({ code: 'custom', path: ['fields', i, 'columns', j, 'key'], message: 'records.duplicateField', params: { key: c.key } });
        }
        columns.add(c.key);
      });
    });
    const needField = (path: (string | number)[], key: string | undefined, types?: number[]) => {
      if (key === undefined) {
        return;
      }
      const f = d.fields.find((x) => x.key === key);
      if (!f || (types && !types.includes(f.type))) {
        ctx.addIssue({ code: 'custom', path, message: 'records.unknownField', params: { key } });
      }
    };
    d.list.columns.forEach((k, i) => needField(['list', 'columns', i], k));
    d.list.filters.forEach((k, i) => needField(['list', 'filters', i], k));
    needField(['isolation', 'dept'], d.isolation.dept, [fieldTypes.dept]);
    needField(['isolation', 'region'], d.isolation.region, [fieldTypes.region]);
    needField(['titleField'], d.titleField);
    d.fields.forEach((f, i) => needField(['fields', i, 'notBefore'], f.notBefore, [fieldTypes.time]));
    const callNames = new Set<string>(['List', 'Get', 'Save', 'Delete', 'Transition', 'Export', 'Import'].map((c) => d.entity + c));
    d.seedCalls.forEach((c, i) => {
      if (callNames.has(c.name)) {
        ctx.addIssue({ code: 'custom', path: ['seedCalls', i, 'name'], message: 'records.callTaken', params: { name: c.name } });
      }
      callNames.add(c.name);
      if (c.call === 'Transition' && !d.workflow) {
        ctx.addIssue({ code: 'custom', path: ['seedCalls', i, 'call'], message: 'records.noWorkflow' });
      }
    });
    if (d.workflow) {
      const codes = new Set<number>(d.workflow.states.map((s) => s.code));
      if (!codes.has(d.workflow.initial)) {
        ctx.addIssue({ code: 'custom', path: ['workflow', 'initial'], message: 'records.unknownStatus', params: { code: d.workflow.initial } });
      }
      d.workflow.states.forEach((s, i) => needField(['workflow', 'states', i, 'approvers', 'field'], s.approvers?.field, [fieldTypes.person, fieldTypes.people]));
      d.workflow.transitions.forEach((t, i) => {
        for (const c of [...t.from, t.to]) {
          if (!codes.has(c)) {
            ctx.addIssue({ code: 'custom', path: ['workflow', 'transitions', i], message: 'records.unknownStatus', params: { code: c } });
          }
        }
      });
    }
  });
export type RecordDefinition = z.output<typeof recordDefinition>;
export type RecordDefinitionInput = z.input<typeof recordDefinition>;

/** A definition from a literal in code (built-in ledgers): parsed, so defaults are filled and mistakes fail at start. */
export function defineRecord(d: RecordDefinitionInput): RecordDefinition {
  return recordDefinition.parse(d);
}

/** The value shape every stored record has besides its fields. */
export const recordMeta = z.object({
  id: z.number().int(),
  version: z.number().int(),
  status: z.number().int(),
  created: z.number(),
  updated: z.number(),
  createdBy: z.string(),
});
export type RecordMeta = z.infer<typeof recordMeta>;

/** Status label and colour of a record, from the workflow's own label or the seed's. */
export function statusOf(def: RecordDefinition, code: number): { label: Bilingual; color: string } {
  const seed = recordStatuses.find((s) => s.code === code);
  const own = def.workflow?.states.find((s) => s.code === code)?.label;
  return { label: own ?? { zh: seed?.zh ?? String(code), en: seed?.en ?? String(code) }, color: seed?.color ?? 'default' };
}

/** A stored value as text (numbers and text as written, anything else as JSON), for titles, unique keys and cells. */
export function valueText(v: unknown): string {
  if (v === null || v === undefined) {
    return '';
  }
  return typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);
}

/** Where a run-time ledger's list page lives (its menu entry points here). */
export const ledgerHref = (entity: string) => `/low-code-platform/ledger/${entity}`;
/** The detail page of one record (to-dos open it). */
export const recordHref = (entity: string, id: number) => `/low-code-platform/list-view-record?entity=${entity}&id=${id}`;
