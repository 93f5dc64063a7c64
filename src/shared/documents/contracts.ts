import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import { listOf, pageInput } from '../contracts/envelope.js';
import { printDocument } from './document.js';

/** A public link lasts at most this long (a QR code on a card outlives a permit, not the plant). */
export const PUBLIC_LINK_MAX_DAYS = 3660;
/** Default life of a new link. */
export const PUBLIC_LINK_DEFAULT_DAYS = 365;

export const publicLinkStatuses = ['active', 'expired', 'revoked'] as const;
export type PublicLinkStatus = (typeof publicLinkStatuses)[number];

/** A link as its manager sees it; `url` and `qr` carry the token, so only those who may manage links get them. */
export const publicLinkItem = z.object({
  id: z.number().int(),
  /** What it shows: `record`, `view`, or a kind a module registered (`drawing`, `card`). */
  kind: z.string(),
  target: z.record(z.string(), z.unknown()),
  title: z.string(),
  /** `/p/<token>`: the page that opens without signing in. */
  path: z.string(),
  /** The same, absolute, as the request reached this server. */
  url: z.string(),
  /** The QR code of `url` as an SVG data URL. */
  qr: z.string(),
  createdAt: z.number(),
  createdBy: z.string(),
  expiresAt: z.number(),
  revokedAt: z.number().nullable(),
  revokedBy: z.string().nullable(),
  opens: z.number().int(),
  lastOpenedAt: z.number().nullable(),
  status: z.enum(publicLinkStatuses),
});
export type PublicLinkItem = z.infer<typeof publicLinkItem>;

export const publicLinkCreateInput = z.object({
  kind: z.string().regex(/^[a-z][a-zA-Z0-9]{0,39}$/, 'validation.badFormat'),
  /** `record`: `{ entity, id }`; `view`: `{ entity, filters?, keyword? }`; other kinds: their own. */
  target: z.record(z.string(), z.unknown()),
  /** Shown in the list; the kind's own title when empty. */
  title: z.string().trim().max(200).default(''),
  expiresAt: z.number().int(),
});

export const publicLinkCreate = defineContract({
  method: 'POST',
  path: '/UAPI/Document/PublicLinkCreate',
  input: publicLinkCreateInput,
  output: publicLinkItem,
  permission: 'documents:link',
});

export const publicLinkList = defineContract({
  method: 'POST',
  path: '/UAPI/Document/PublicLinkList',
  input: z.object({ ...pageInput, kind: z.string().max(40).optional(), status: z.enum(publicLinkStatuses).optional() }),
  output: listOf(publicLinkItem),
  permission: 'documents:link',
});

export const publicLinkRevoke = defineContract({
  method: 'POST',
  path: '/UAPI/Document/PublicLinkRevoke',
  input: z.object({ id: z.number().int().positive() }),
  output: z.object({ id: z.number().int() }),
  permission: 'documents:link',
});

const tokenInput = z.object({ token: z.string().min(16).max(200) });

/** What a public link shows, opened without signing in (every open is audited). */
export const publicLinkOpen = defineContract({
  method: 'GET',
  path: '/UAPI/Public/LinkOpen',
  input: tokenInput,
  output: z.object({ kind: z.string(), title: z.string(), expiresAt: z.number(), document: printDocument }),
  permission: 'public',
});

/** The same as an A4 PDF. */
export const publicLinkPdf = defineContract({
  method: 'GET',
  path: '/UAPI/Public/LinkPdf',
  input: tokenInput,
  output: z.null(),
  permission: 'public',
});

/** One record of a ledger as an A4 PDF (fields, approval signatures), for a user who may see it. */
export const recordPdf = defineContract({
  method: 'GET',
  path: '/UAPI/Document/RecordPdf',
  input: z.object({ entity: z.string().regex(/^[A-Z][A-Za-z0-9]{0,39}$/, 'validation.badFormat'), id: z.coerce.number().int().positive() }),
  output: z.null(),
  permission: 'authenticated',
});
