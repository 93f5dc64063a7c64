import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import { listOf, pageInput } from '../contracts/envelope.js';
import { recordFilters, recordItem, recordTransitionInput } from './contracts.js';
import { flowLibraryDoc } from './flow-library.js';

/**
 * The flow library and its bindings to ledgers (issue 18 item 2; seed 1 §3
 * Common family: Flow SearchFlowLibraryList, FlowBusinessRelation add and
 * delete, GetBusinessCode; Engin GetRecordPage and ButtonClick;
 * WAuthorization IsRoleAuthorize).
 */
const entity = z.string().regex(/^[A-Z][A-Za-z0-9]{0,39}$/, 'validation.badFormat');
const flowId = z.coerce.number().int().positive();

export const flowLibraryItem = flowLibraryDoc.extend({
  id: z.number().int(),
  version: z.number().int(),
  updated: z.number(),
  updatedBy: z.string(),
  /** Ledgers that follow this flow. */
  ledgers: z.array(z.object({ entity: z.string(), name: z.object({ zh: z.string(), en: z.string() }) })),
});
export type FlowLibraryItem = z.infer<typeof flowLibraryItem>;

export const flowLibrarySearch = defineContract({
  method: 'POST',
  path: '/UAPI/Flow/SearchFlowLibraryList',
  input: z.object({ keyword: z.string().trim().max(100).default('') }),
  output: listOf(flowLibraryItem),
  permission: 'system:config',
});

export const flowLibraryAdd = defineContract({
  method: 'POST',
  path: '/UAPI/Flow/FlowLibraryAdd',
  input: flowLibraryDoc,
  output: flowLibraryItem,
  permission: 'system:config',
});

/** Changes a flow and, in the same transaction, every ledger bound to it. */
export const flowLibraryEdit = defineContract({
  method: 'POST',
  path: '/UAPI/Flow/FlowLibraryEdit',
  input: flowLibraryDoc.extend({ id: flowId, version: z.number().int().positive() }),
  output: flowLibraryItem,
  permission: 'system:config',
});

export const flowLibraryDel = defineContract({
  method: 'POST',
  path: '/UAPI/Flow/FlowLibraryDel',
  input: z.object({ id: flowId }),
  output: z.null(),
  permission: 'system:config',
});

/** A ledger the flows can bind to (the seed's business code is the ledger's entity name). */
export const businessCodeItem = z.object({
  entity: z.string(),
  area: z.string(),
  name: z.object({ zh: z.string(), en: z.string() }),
  /** Built-in ledgers keep the flow their module declares; only ledgers defined in the designer bind. */
  builtin: z.boolean(),
  flowId: z.number().int().nullable(),
});

export const flowBusinessCodes = defineContract({
  method: 'POST',
  path: '/UAPI/Flow/GetBusinessCode',
  input: z.object({}),
  output: listOf(businessCodeItem),
  permission: 'system:config',
});

/** Binds a ledger to a flow of the library: the ledger's workflow becomes the flow's steps (a new definition version). */
export const flowBusinessRelationAdd = defineContract({
  method: 'POST',
  path: '/UAPI/Flow/FlowBusinessRelationAdd',
  input: z.object({ entity, flowId }),
  output: businessCodeItem,
  permission: 'system:config',
});

/** Unbinds a ledger: it keeps the steps it has (records on the way stay where they are) and no longer follows the flow's changes. */
export const flowBusinessRelationDelete = defineContract({
  method: 'POST',
  path: '/UAPI/Flow/FlowBusinessRelationDelete',
  input: z.object({ entity }),
  output: businessCodeItem,
  permission: 'system:config',
});

/** A page of any ledger's records by its entity name: the ledger's own view grant and isolation apply. */
export const enginRecordPage = defineContract({
  method: 'POST',
  path: '/UAPI/Engin/GetRecordPage',
  input: z.object({ entity, ...pageInput, filters: recordFilters.default({}), keyword: z.string().trim().max(100).default('') }),
  output: listOf(recordItem),
  permission: 'authenticated',
});

/** A workflow button of any ledger's record by its entity name: the same checks as the ledger's Transition. */
export const enginButtonClick = defineContract({
  method: 'POST',
  path: '/UAPI/Engin/ButtonClick',
  input: recordTransitionInput.extend({ entity }),
  output: recordItem,
  permission: 'authenticated',
});

/** Whether the caller holds a role or a permission, by its code (buttons shown only to those who may use them). */
export const isRoleAuthorize = defineContract({
  method: 'POST',
  path: '/UAPI/WAuthorization/IsRoleAuthorize',
  input: z.object({ code: z.string().trim().min(1).max(60) }),
  output: z.object({ authorized: z.boolean() }),
  permission: 'authenticated',
});
