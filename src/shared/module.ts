import type { z } from 'zod';
import type { ChannelDecl, TopicDecl } from './contracts/channel.js';
import type { MessageText } from './messages/define.js';

/*
 * What an area declares once for both sides (ARCHITECTURE.md §9): its
 * permissions, messages, audit actions, menu entries and page titles, live
 * channels and topics, and the domain events it publishes. Each area's
 * `src/shared/<area>/manifest.ts` exports one `defineSharedModule({...})`;
 * `src/shared/modules.ts` lists them, and every registry (permission codes,
 * the message catalog, audit action names, channels, topics, events, menus)
 * is derived from that list. The server module (`server/modules/<area>/index.ts`)
 * and the client feature (`client/features/<area>/routes.ts`) both start from it.
 */

/** The roles every installation has; a permission or menu entry names those that get it. */
export const builtInRoleCodes = ['admin', 'supervisor', 'operator', 'inspector', 'contractor'] as const;
export type BuiltInRole = (typeof builtInRoleCodes)[number];

/** A permission code with its name in both languages and the built-in roles granted it when it first appears (admin always). */
export interface PermissionDecl extends MessageText {
  roles: readonly BuiltInRole[];
}

/** A sidebar entry (seed 1 §2.3); synced into the menu table at every start, by href. */
export interface MenuDecl {
  href: string;
  /** Title in Chinese; also the page's tab title. */
  name: string;
  name_en: string;
  /** href of the parent directory; omitted for a top-level entry. */
  parent?: string;
  /** 1 directory, 2 page. */
  type: 1 | 2;
  /** 1–4 the four systems, 0 system management. */
  eightyEightType: number;
  icon?: string;
  sort: number;
  /** Built-in roles that get this entry when it is first created. */
  roles: readonly BuiltInRole[];
}

/**
 * A page without a sidebar entry of its own (a detail, an edit form, a seed
 * spelling such as `…/index`): its title, and the menu href that permits it.
 */
export interface PageDecl {
  href: string;
  name: string;
  name_en: string;
  /** The menu entry whose grant opens this page; absent when the page's own href is a menu entry (a run-time ledger). */
  permittedBy?: string;
  /** Title when the query names a record (`?id=`): the add page that edits when given an id. */
  editName?: MessageText;
}

/**
 * A figure the area offers the big screens (issue 22: widgets declared by
 * their module): one number, read on the server by the module's own code
 * (its server module returns the reader as `figures` from start), for callers
 * holding `permission`, in their regions. A dashboard binds it by key.
 */
export interface FigureDecl {
  label: MessageText;
  unit?: string;
  permission: string;
  /** Seconds between reads on a screen (default 60). */
  refreshSeconds?: number;
}

export interface SharedModule {
  /** The area's name: the folder name on all three sides (kebab-case). */
  name: string;
  permissions?: Readonly<Record<string, PermissionDecl>>;
  messages?: Readonly<Record<string, MessageText>>;
  auditActions?: Readonly<Record<string, MessageText>>;
  menus?: readonly MenuDecl[];
  pages?: readonly PageDecl[];
  channels?: Readonly<Record<string, ChannelDecl>>;
  topics?: Readonly<Record<string, TopicDecl>>;
  /** Domain events the area publishes after commit, named `area.verb`. */
  events?: Readonly<Record<string, z.ZodType>>;
  /** Figures for dashboard widgets, keyed `area.name`. */
  figures?: Readonly<Record<string, FigureDecl>>;
}

/** Declares an area's shared parts; the literal types are kept, so registries derived from the list stay typed. */
export function defineSharedModule<const M extends SharedModule>(m: M): M {
  return m;
}
