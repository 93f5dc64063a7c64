import { z } from 'zod';
import { figures } from '../modules.js';

/*
 * A big-screen dashboard is JSON (issue 22 §1): a grid (24 columns by
 * default, rows of a given height) and widgets placed on it, each with its
 * type, position, options and one binding to live data. The same schema
 * validates the default dashboards in `dashboards/*.json` at start, what the
 * editor saves, and what an import brings.
 */

/** Current version of the definition format; older versions are migrated by `migrateDefinition`. */
export const DASHBOARD_FORMAT_VERSION = 1;

export const widgetTypes = ['stat', 'value', 'sparkline', 'gauge', 'alarmList', 'areaCount', 'text', 'clock', 'camera', 'richText', 'frame', 'permitsLive'] as const;
export type WidgetType = (typeof widgetTypes)[number];

/** Tag ids as the realtime module spells them (`TF-A.TK-101.LT`). */
const tagId = z.string().trim().regex(/^[A-Za-z0-9_.-]{1,128}$/, 'validation.badFormat');

/**
 * Where a widget's data comes from: a tag's values (topic `tag/<id>`), the
 * open alarms (topic `alarm`, with the list call as truth), the head counts
 * (topic `area.count`), or nothing (text, clock). Isolation is the topic's:
 * the server sends a viewer only what they may see.
 */
export const widgetBinding = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('tag'), tag: tagId }),
  z.object({
    kind: z.literal('alarms'),
    /** Only these priorities (1 urgent … 4 low); all when absent. */
    priorities: z.array(z.number().int().min(1).max(4)).max(4).optional(),
  }),
  z.object({
    kind: z.literal('areaCount'),
    /** One region; every region the viewer sees when absent (the total and a row per region). */
    regionid: z.number().int().positive().optional(),
  }),
  /** A figure a module declares (`figures` in its manifest), read with `UAPI/Dashboard/Figures`. */
  z.object({ kind: z.literal('figure'), figure: z.string().regex(/^[A-Za-z0-9_.-]{1,80}$/, 'validation.badFormat') }),
  z.object({ kind: z.literal('none') }),
]);
export type WidgetBinding = z.infer<typeof widgetBinding>;

const localText = z.object({ zh: z.string().max(100), en: z.string().max(100) });

export const dashboardWidget = z.object({
  /** Unique within the dashboard (the grid item key). */
  id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'validation.badFormat'),
  type: z.enum(widgetTypes),
  x: z.number().int().min(0).max(47),
  y: z.number().int().min(0).max(199),
  w: z.number().int().min(1).max(48),
  h: z.number().int().min(1).max(100),
  title: localText.optional(),
  binding: widgetBinding,
  /**
   * What the widget type reads: `min`/`max` (gauge, sparkline), `decimals`,
   * `unit`, `window` (sparkline points), `text`, `limit` (alarm rows), `color`,
   * `cameraId` (camera), `noticeId` (richText), `url` (frame: a page of an allowed site).
   * A stat counts what it is bound to: open alarms (of its priorities), people
   * (of its region, or all), or shows a tag's value.
   */
  options: z.record(z.string().max(40), z.union([z.string().max(2000), z.number(), z.boolean()])).default({}),
});
export type DashboardWidget = z.infer<typeof dashboardWidget>;

export const dashboardDefinition = z
  .object({
    version: z.literal(DASHBOARD_FORMAT_VERSION),
    /** The dashboard's key: `safety-overview`; the default files are named after it. */
    key: z.string().regex(/^[a-z][a-z0-9-]{1,59}$/, 'validation.badFormat'),
    name: localText,
    grid: z.object({
      cols: z.number().int().min(4).max(48).default(24),
      /** Rows the screen shows; in kiosk the row height is the screen height divided by this, so the grid fills the screen. */
      rows: z.number().int().min(4).max(100).default(12),
    }),
    widgets: z.array(dashboardWidget).max(200),
  })
  .superRefine((d, ctx) => {
    const seen = new Set<string>();
    d.widgets.forEach((w, i) => {
      if (seen.has(w.id)) {
        ctx.addIssue({ code: 'custom', path: ['widgets', i, 'id'], message: 'dashboards.duplicateWidget' });
      }
      seen.add(w.id);
      if (w.x + w.w > d.grid.cols) {
        ctx.addIssue({ code: 'custom', path: ['widgets', i, 'w'], message: 'dashboards.outsideGrid' });
      }
      if (w.binding.kind === 'figure' && !(w.binding.figure in figures)) {
        ctx.addIssue({ code: 'custom', path: ['widgets', i, 'binding', 'figure'], message: 'dashboards.unknownFigure' });
      }
    });
  });
export type DashboardDefinition = z.infer<typeof dashboardDefinition>;

/**
 * Brings a stored or imported definition to the current format. Version 1 is
 * the first; a later version adds its step here, so old rows and files still load.
 */
export function migrateDefinition(raw: unknown): unknown {
  if (raw && typeof raw === 'object' && !('version' in raw)) {
    return { ...raw, version: DASHBOARD_FORMAT_VERSION };
  }
  return raw;
}
