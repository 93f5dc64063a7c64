import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';

const CAS = /^\d{2,7}-\d{2}-\d$/;
const substanceRef = z.object({ cas: z.string().regex(CAS).optional(), name: z.string().max(60).optional() });
const movementBase = {
  /** The substance, by its CAS number in the chemical catalogue. */
  cas: z.string().regex(CAS),
  /** Tonnes, more than 0. */
  quantity: z.number().positive().max(1_000_000),
  batch: z.string().max(60).optional(),
  remark: z.string().max(500).optional(),
};

export const stockInInput = z.object({ storeId: z.number().int().positive(), ...movementBase });
export const stockOutInput = z.object({ storeId: z.number().int().positive(), ...movementBase });
export const transferInput = z.object({ fromStoreId: z.number().int().positive(), toStoreId: z.number().int().positive(), ...movementBase });

/** `count`: the booked difference of an inventory count (SubmitInventory with `adjust`). */
export const movementKinds = ['in', 'out', 'transferOut', 'transferIn', 'count'] as const;
export const movementItem = z.object({
  id: z.number().int(),
  storeId: z.number().int(),
  kind: z.enum(movementKinds),
  cas: z.string(),
  /** Signed tonnes: + into the store, − out of it. */
  delta: z.number(),
  batch: z.string().nullable(),
  by: z.string(),
  at: z.number(),
});
export type MovementItem = z.infer<typeof movementItem>;

const conflictRef = z.object({ key: z.string(), name: z.string(), nameEn: z.string().optional(), cas: z.string().optional() });
const conflict = z.object({
  a: conflictRef,
  b: conflictRef,
  rule: z.object({ id: z.string(), mark: z.string(), reason: z.object({ code: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])).optional() }) }),
});

/** `POST UAPI/ChemicalsInfor/TabooCheck`: may these substances (two or more, from the catalogue) share one store? */
export const tabooCheckCall = defineContract({
  method: 'POST',
  path: '/UAPI/ChemicalsInfor/TabooCheck',
  input: z.object({ substances: z.array(substanceRef).min(2).max(50) }),
  output: z.object({ allowed: z.boolean(), conflicts: z.array(conflict), warnings: z.array(conflict) }),
  permission: 'chemical:view',
});

/** Stock-in: refused (400 naming `cas`) when the substance may not share the store with what it holds. */
export const stockInCall = defineContract({
  method: 'POST',
  path: '/UAPI/ChemicalsInfor/StockIn',
  input: stockInInput,
  /** `notices`: the store's stock-rule warnings and the prompts configured for stock-in (PromptInformation). */
  output: z.object({ movement: movementItem, warnings: z.array(conflict), notices: z.array(z.string()) }),
  permission: 'chemical:manage',
});

/** Stock-out: refused (400 naming `quantity`) beyond what the store holds of that substance. */
export const stockOutCall = defineContract({
  method: 'POST',
  path: '/UAPI/ChemicalsInfor/StockOut',
  input: stockOutInput,
  output: z.object({ movement: movementItem }),
  permission: 'chemical:manage',
});

/** Transfer between two stores: a stock-out of one and a stock-in of the other (the same checks) in one transaction. */
export const transferCall = defineContract({
  method: 'POST',
  path: '/UAPI/ChemicalsInfor/Transfer',
  input: transferInput,
  output: z.object({ out: movementItem, in: movementItem, warnings: z.array(conflict) }),
  permission: 'chemical:manage',
});

export const inventoryItem = z.object({
  storeId: z.number().int(),
  store: z.string(),
  regionid: z.number().int().nullable(),
  cas: z.string(),
  name: z.string(),
  nameEn: z.string(),
  /** Tonnes: the sum of the movements. */
  quantity: z.number(),
  capacity: z.number().nullable(),
});
export type InventoryItem = z.infer<typeof inventoryItem>;

/** Stock per store and substance, summed from the movements, for the stores the caller may see. */
export const inventoryCall = defineContract({
  method: 'POST',
  path: '/UAPI/ChemicalsInfor/Inventory',
  input: z.object({ storeId: z.number().int().positive().optional() }),
  output: z.array(inventoryItem),
  permission: 'chemical:view',
});

export const substanceOption = z.object({ cas: z.string(), name: z.string(), nameEn: z.string(), classes: z.array(z.string()) });
/** The catalogue's substances, for the stock-in form. */
export const substanceOptionsCall = defineContract({
  method: 'GET',
  path: '/UAPI/ChemicalsInfor/Substances',
  input: z.object({}),
  output: z.array(substanceOption),
  permission: 'chemical:view',
});
