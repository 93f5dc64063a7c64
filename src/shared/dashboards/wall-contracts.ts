import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';

/*
 * The wall's own content (issue 22 §2–3): cameras (HLS streams), notices in
 * rich text, the allow-list of origins a web page frame may show, and which
 * dashboard is each role's home page.
 */

const id = z.number().int().positive();
const idInput = z.object({ id });

/** An http(s) URL; anything else (javascript:, data:, file:) is refused on the field. */
export const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((s) => {
    try {
      const u = new URL(s);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'validation.badFormat');

export const cameraItem = z.object({
  id,
  name: z.string(),
  /** The region it watches; null: everyone who may see cameras sees it. */
  regionid: z.number().int().positive().nullable(),
  /** The HLS playlist (`.m3u8`), played in the browser. */
  hlsUrl: z.string(),
  /** Where it hangs, as people say it (`罐区东北角`). */
  position: z.string(),
  sort: z.number().int(),
});
export type CameraItem = z.infer<typeof cameraItem>;

export const cameraList = defineContract({
  method: 'POST',
  path: '/UAPI/Camera/List',
  input: z.object({}),
  output: z.object({ items: z.array(cameraItem), total: z.number().int() }),
  permission: 'dashboard:view',
});

export const cameraSave = defineContract({
  method: 'POST',
  path: '/UAPI/Camera/Save',
  input: z.object({
    id: id.optional(),
    name: z.string().trim().min(1, 'validation.required').max(60),
    regionid: z.number().int().positive().nullable().default(null),
    hlsUrl: httpUrl,
    position: z.string().trim().max(120).default(''),
    sort: z.number().int().min(0).max(9999).default(0),
  }),
  output: cameraItem,
  permission: 'dashboard:edit',
});

export const cameraDelete = defineContract({ method: 'POST', path: '/UAPI/Camera/Delete', input: idInput, output: z.object({ id }), permission: 'dashboard:edit' });

export const noticeItem = z.object({
  id,
  title: z.string(),
  /** Sanitized HTML (the server keeps an allow-list of tags and attributes). */
  html: z.string(),
  updatedAt: z.number(),
  updatedBy: z.string(),
});
export type NoticeItem = z.infer<typeof noticeItem>;

/** The notices for the list (`TinymceList`), newest first, without their bodies. */
export const noticeList = defineContract({
  method: 'POST',
  path: '/UAPI/Notice/List',
  input: z.object({}),
  output: z.object({ items: z.array(noticeItem.omit({ html: true })), total: z.number().int() }),
  permission: 'dashboard:view',
});

export const noticeGet = defineContract({ method: 'POST', path: '/UAPI/Notice/Get', input: idInput, output: noticeItem, permission: 'dashboard:view' });

export const noticeSave = defineContract({
  method: 'POST',
  path: '/UAPI/Notice/Save',
  input: z.object({
    id: id.optional(),
    title: z.string().trim().min(1, 'validation.required').max(100),
    html: z.string().max(200_000),
  }),
  output: noticeItem,
  permission: 'dashboard:edit',
});

export const noticeDelete = defineContract({ method: 'POST', path: '/UAPI/Notice/Delete', input: idInput, output: z.object({ id }), permission: 'dashboard:edit' });

/** The origins a web page frame may show (`https://host:port`), set by an administrator. */
export const frameOrigins = defineContract({
  method: 'POST',
  path: '/UAPI/IframePage/Origins',
  input: z.object({}),
  output: z.object({ items: z.array(z.string()) }),
  permission: 'dashboard:view',
});

export const frameOriginsSave = defineContract({
  method: 'POST',
  path: '/UAPI/IframePage/OriginsSave',
  input: z.object({ items: z.array(httpUrl).max(50) }),
  output: z.object({ items: z.array(z.string()) }),
  permission: 'dashboard:edit',
});

/** Whether a URL may be framed: its origin is on the allow-list; refused (403 on `url`) otherwise. */
export const frameCheck = defineContract({
  method: 'POST',
  path: '/UAPI/IframePage/Check',
  input: z.object({ url: httpUrl }),
  output: z.object({ url: z.string() }),
  permission: 'dashboard:view',
});

export const homeAssignment = z.object({
  role: z.string().trim().regex(/^[A-Za-z0-9_-]{1,40}$/, 'validation.badFormat'),
  key: z.string().regex(/^[a-z][a-z0-9-]{1,59}$/, 'validation.badFormat'),
});
export type HomeAssignment = z.infer<typeof homeAssignment>;

/** Each role's home dashboard, in the order they are matched. */
export const homeList = defineContract({
  method: 'POST',
  path: '/UAPI/Dashboard/HomeList',
  input: z.object({}),
  output: z.object({ items: z.array(homeAssignment) }),
  permission: 'dashboard:view',
});

export const homeSave = defineContract({
  method: 'POST',
  path: '/UAPI/Dashboard/HomeSave',
  input: z.object({ items: z.array(homeAssignment).max(100) }),
  output: z.object({ items: z.array(homeAssignment) }),
  permission: 'dashboard:edit',
});

/** The caller's home dashboard: the first assignment of one of their roles, else the default. */
export const homeMine = defineContract({
  method: 'POST',
  path: '/UAPI/Dashboard/HomeMine',
  input: z.object({}),
  output: z.object({ key: z.string(), role: z.string().nullable() }),
  permission: 'authenticated',
});
