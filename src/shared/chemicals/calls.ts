import { z } from 'zod';
import { listOf, pageInput } from '../contracts/envelope.js';
import { defineContract } from '../contracts/contract.js';
import { compatibilityMarks } from '../domain/storage-compatibility.js';
import { storageClassCodes } from '../domain/storage-classes.js';
import { movementKinds } from './contracts.js';

/*
 * Seed 3's `UAPI/ChemicalsInfor/*` calls that are not a ledger's (issue 26 §1):
 * the admin check and the three business permissions, the catalogue as the
 * management database, stock views and movements, inventory counts, the
 * taboo matrix as plant data, reminders, the portal's summary and the import
 * template. Ledgers' calls come from the record engine.
 */

const P = '/UAPI/ChemicalsInfor';
const CAS = /^\d{2,7}-\d{2}-\d$/;
const storageClass = z.enum(storageClassCodes as [string, ...string[]]);

/** `GetIsChemicalsAdmin`: whether the caller administers chemicals (may manage stores, stock and the database). */
export const isChemicalsAdminCall = defineContract({
  method: 'POST',
  path: `${P}/GetIsChemicalsAdmin`,
  input: z.object({}),
  output: z.object({ isAdmin: z.boolean() }),
  permission: 'chemical:view',
});

/** The business codes of seed 3 §6 with their numbers: 0 none, 1 view, 2 view and edit. */
export const chemicalBusinessCodes = ['HXP_TJ', 'HXP_JCK', 'HXP_CCSS'] as const;
export const chemicalsPermissionCall = defineContract({
  method: 'POST',
  path: `${P}/GetChemicalsPermission`,
  input: z.object({ businessCode: z.enum(chemicalBusinessCodes).optional() }),
  output: z.object({ HXP_TJ: z.number().int(), HXP_JCK: z.number().int(), HXP_CCSS: z.number().int() }),
  permission: 'chemical:view',
});

export const oelItem = z.object({ mac: z.number().nullable(), twa: z.number().nullable(), stel: z.number().nullable(), unit: z.string() });
export const catalogueItem = z.object({
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  cas: z.string().nullable(),
  un: z.string().nullable(),
  classes: z.array(z.string()),
  categories: z.array(z.string()),
  oel: oelItem.nullable(),
  hasMsds: z.boolean(),
  /** The plant lists it (ChemicalInfo ledger). */
  inPlant: z.boolean(),
  /** Tonnes in the stores the caller may see, from the movements. */
  stock: z.number(),
});
export type CatalogueItem = z.infer<typeof catalogueItem>;

/** BasicDatabase (every substance of the one catalogue) and Database (`inPlant`: the plant's chemicals), with stock. */
export const basicDatabaseListCall = defineContract({
  method: 'POST',
  path: `${P}/GetBasicDatabaseList`,
  input: z.object({ keyword: z.string().trim().max(60).optional(), storageClass: storageClass.optional(), inPlant: z.boolean().optional(), ...pageInput }),
  output: listOf(catalogueItem),
  permission: 'chemical:view',
});

const detailField = z.object({ key: z.string(), title: z.string(), value: z.string() });
/** DatabaseDatails: one substance, its fields in the order and with the titles DatabaseDetailsConfig gives, the stock per store. */
export const basicDatabaseDetailCall = defineContract({
  method: 'POST',
  path: `${P}/GetBasicDatabaseDetail`,
  input: z.object({ code: z.string().trim().min(1).max(60) }),
  output: catalogueItem.extend({
    fields: z.array(detailField),
    stores: z.array(z.object({ storeId: z.number().int(), store: z.string(), quantity: z.number() })),
    records: z.array(z.object({ id: z.number().int(), dept: z.number().nullable(), use: z.string().nullable() })),
  }),
  permission: 'chemical:view',
});

export const byChemicalItem = z.object({ cas: z.string(), name: z.string(), nameEn: z.string(), quantity: z.number(), stores: z.number().int() });
export const byStoreItem = z.object({
  storeId: z.number().int(),
  store: z.string(),
  quantity: z.number(),
  capacity: z.number().nullable(),
  substances: z.number().int(),
});
/** `InventoryStatistics`: the stock by chemical and by store, summed from the movements, for the stores the caller sees. */
export const inventoryStatisticsCall = defineContract({
  method: 'POST',
  path: `${P}/InventoryStatistics`,
  input: z.object({}),
  output: z.object({ byChemical: z.array(byChemicalItem), byStore: z.array(byStoreItem) }),
  permission: 'chemical:view',
});

export const movementRow = z.object({
  id: z.number().int(),
  storeId: z.number().int(),
  store: z.string(),
  kind: z.enum(movementKinds),
  cas: z.string(),
  name: z.string(),
  nameEn: z.string(),
  delta: z.number(),
  batch: z.string().nullable(),
  remark: z.string().nullable(),
  by: z.string(),
  at: z.number(),
});
export type MovementRow = z.infer<typeof movementRow>;
/** `WarehouseSearch`: the stock movements (who, when, batch, quantity), newest first. */
export const warehouseSearchCall = defineContract({
  method: 'POST',
  path: `${P}/WarehouseSearch`,
  input: z.object({ storeId: z.number().int().positive().optional(), cas: z.string().regex(CAS).optional(), ...pageInput }),
  output: listOf(movementRow),
  permission: 'chemical:view',
});

export const countRow = z.object({
  id: z.number().int(),
  storeId: z.number().int(),
  store: z.string(),
  cas: z.string(),
  name: z.string(),
  book: z.number(),
  counted: z.number(),
  difference: z.number(),
  adjusted: z.boolean(),
  by: z.string(),
  at: z.number(),
  remark: z.string().nullable(),
});
export type CountRow = z.infer<typeof countRow>;
/** `SubmitInventory`: a counted quantity against the book stock (the movements); the difference is recorded, and booked as a movement when `adjust`. */
export const submitInventoryCall = defineContract({
  method: 'POST',
  path: `${P}/SubmitInventory`,
  input: z.object({
    storeId: z.number().int().positive(),
    cas: z.string().regex(CAS),
    counted: z.number().min(0).max(1_000_000),
    adjust: z.boolean().default(false),
    remark: z.string().max(500).optional(),
  }),
  output: countRow,
  permission: 'chemical:manage',
});
/** `InventorySearch`: the counts, newest first. */
export const inventorySearchCall = defineContract({
  method: 'POST',
  path: `${P}/InventorySearch`,
  input: z.object({ storeId: z.number().int().positive().optional(), ...pageInput }),
  output: listOf(countRow),
  permission: 'chemical:view',
});

const mark = z.enum(compatibilityMarks);
export const tabooCell = z.object({ a: storageClass, b: storageClass, mark, reason: z.string(), edited: z.boolean() });
const stockConflict = z.object({
  storeId: z.number().int(),
  /** The pair's CAS numbers (or catalogue keys), in the order the check gave them. */
  pair: z.string(),
  store: z.string(),
  a: z.string(),
  b: z.string(),
  mark,
  reason: z.string(),
});
export type StockConflict = z.infer<typeof stockConflict>;
/** `GetTabooRules`: the matrix of storage classes (the seed table, with the plant's edits), the substance rules, and pairs in stock it now refuses or warns. */
export const getTabooRulesCall = defineContract({
  method: 'POST',
  path: `${P}/GetTabooRules`,
  input: z.object({}),
  output: z.object({
    classes: z.array(z.object({ code: z.string(), zh: z.string(), en: z.string() })),
    cells: z.array(tabooCell),
    substanceRules: z.array(z.object({ id: z.string(), cas: z.array(z.string()), mark, reason: z.string() })),
    inStock: z.array(stockConflict),
  }),
  permission: 'chemical:view',
});
/** `SubmitTabooRules`: marks for pairs of classes (`default` puts the seed table's mark back); audited. Answers the pairs in stock the new matrix refuses. */
export const submitTabooRulesCall = defineContract({
  method: 'POST',
  path: `${P}/SubmitTabooRules`,
  input: z.object({ cells: z.array(z.object({ a: storageClass, b: storageClass, mark: z.enum([...compatibilityMarks, 'default']) })).min(1).max(400) }),
  /** `dangers`: hidden dangers opened for incompatible pairs now found in stock (one per store and pair). */
  output: z.object({ changed: z.number().int(), inStock: z.array(stockConflict), dangers: z.number().int() }),
  permission: 'chemical:database',
});

export const expiryItem = z.object({
  id: z.number().int(),
  substance: z.string(),
  name: z.string(),
  nameEn: z.string(),
  file: z.enum(['msds', 'licence']),
  expires: z.number(),
  /** Days left; negative: past its date. */
  days: z.number().int(),
});
/** `CheckFileExpiry`: the plant's chemicals whose MSDS or licence is past its date or within `days` of it (their creators get a to-do from the engine). */
export const fileExpiryCheckCall = defineContract({
  method: 'POST',
  path: `${P}/CheckFileExpiry`,
  input: z.object({ days: z.number().int().min(0).max(365).default(30) }),
  output: z.object({ items: z.array(expiryItem) }),
  permission: 'chemical:view',
});

/** `DataSummary`: the portal's figures. */
export const dataSummaryCall = defineContract({
  method: 'POST',
  path: `${P}/DataSummary`,
  input: z.object({}),
  output: z.object({
    catalogue: z.number().int(),
    chemicals: z.number().int(),
    stores: z.number().int(),
    stockTotal: z.number(),
    movements30d: z.number().int(),
    inStockConflicts: z.number().int(),
    expiring: z.number().int(),
    counts30d: z.number().int(),
  }),
  permission: 'chemical:view',
});

/** `GetImportTemplate`: the .xlsx to fill for an import (the chemical list, or stock-in rows). */
export const importTemplateCall = defineContract({
  method: 'POST',
  path: `${P}/GetImportTemplate`,
  input: z.object({ kind: z.enum(['chemical', 'stock']).default('chemical') }),
  output: z.null(),
  permission: 'chemical:view',
});

/** `ImportStock`: stock-in rows (store code, CAS, quantity, batch), all checked as single stock-ins; nothing is booked when one row fails. */
export const importStockCall = defineContract({
  method: 'POST',
  path: `${P}/ImportStock`,
  input: z.object({
    rows: z
      .array(z.object({ store: z.string().trim().min(1).max(30), cas: z.string().regex(CAS), quantity: z.number().positive().max(1_000_000), batch: z.string().max(60).optional() }))
      .min(1)
      .max(500),
  }),
  output: z.object({ saved: z.number().int() }),
  permission: 'chemical:manage',
});

/**
 * `ImportStockFile`: the stock-in template filled in and uploaded as .xlsx (multipart field `upfile`):
 * its rows after the header (store code, CAS, quantity in t, batch) go through `ImportStock`, all or
 * nothing; a bad row is named as `rows.<i>.<field>` with i counted from the first row under the header.
 */
export const importStockFileCall = defineContract({
  method: 'POST',
  path: `${P}/ImportStockFile`,
  input: z.object({}),
  output: z.object({ saved: z.number().int() }),
  permission: 'chemical:manage',
});
