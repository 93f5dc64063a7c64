import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import { dashboardDefinition } from './definition.js';

/** A stored dashboard as the list shows it. */
export const dashboardSummary = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.object({ zh: z.string(), en: z.string() }),
  /** Shipped in `dashboards/` (seeded on start); an edit keeps it, with a new version. */
  builtin: z.boolean(),
  /** Increases by one on every save; a save names the version it edited (optimistic concurrency). */
  version: z.number().int(),
  widgets: z.number().int(),
  updatedAt: z.number(),
  updatedBy: z.string(),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;

export const dashboardItem = dashboardSummary.omit({ widgets: true }).extend({ definition: dashboardDefinition });
export type DashboardItem = z.infer<typeof dashboardItem>;

export const dashboardVersionItem = z.object({
  version: z.number().int(),
  savedAt: z.number(),
  savedBy: z.string(),
  /** Widgets added, removed and changed against the version before it. */
  diff: z.object({ added: z.array(z.string()), removed: z.array(z.string()), changed: z.array(z.string()) }),
});
export type DashboardVersionItem = z.infer<typeof dashboardVersionItem>;

export const dashboardList = defineContract({
  method: 'POST',
  path: '/UAPI/Dashboard/List',
  input: z.object({}),
  output: z.object({ items: z.array(dashboardSummary), total: z.number().int() }),
  permission: 'dashboard:view',
});

/** One dashboard by id or key (`safety-overview`). */
export const dashboardGet = defineContract({
  method: 'POST',
  path: '/UAPI/Dashboard/Get',
  input: z
    .object({ id: z.number().int().positive().optional(), key: z.string().max(60).optional() })
    .refine((v) => v.id !== undefined || v.key !== undefined, { message: 'validation.required', path: ['id'] }),
  output: dashboardItem,
  permission: 'dashboard:view',
});

/**
 * Creates (no `id`) or updates a dashboard; `version` is the one the editor
 * loaded, so a save over someone else's newer save is refused (409 on `version`).
 */
export const dashboardSave = defineContract({
  method: 'POST',
  path: '/UAPI/Dashboard/Save',
  input: z.object({
    id: z.number().int().positive().optional(),
    version: z.number().int().min(0).optional(),
    definition: dashboardDefinition,
  }),
  output: dashboardItem,
  permission: 'dashboard:edit',
});

export const dashboardVersions = defineContract({
  method: 'POST',
  path: '/UAPI/Dashboard/Versions',
  input: z.object({ id: z.number().int().positive() }),
  output: z.object({ items: z.array(dashboardVersionItem), total: z.number().int() }),
  permission: 'dashboard:view',
});

/** Makes an earlier version the current one again (as a new version). */
export const dashboardRestore = defineContract({
  method: 'POST',
  path: '/UAPI/Dashboard/Restore',
  input: z.object({ id: z.number().int().positive(), version: z.number().int().positive() }),
  output: dashboardItem,
  permission: 'dashboard:edit',
});

/**
 * The values of figures modules declare (`figures` in their manifests), for
 * the caller: a figure the caller may not read, or that no module declares,
 * is `denied` / `unknown` instead of failing the whole screen.
 */
export const dashboardFigures = defineContract({
  method: 'POST',
  path: '/UAPI/Dashboard/Figures',
  input: z.object({ keys: z.array(z.string().max(80)).min(1).max(50) }),
  output: z.object({
    values: z.record(z.string(), z.object({ v: z.number().nullable(), state: z.enum(['ok', 'denied', 'unknown']) })),
    serverTime: z.number(),
  }),
  permission: 'authenticated',
});
