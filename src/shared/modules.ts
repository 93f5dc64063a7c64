import type { MessageText } from './messages/define.js';
import type { FigureDecl, MenuDecl, PageDecl, PermissionDecl, SharedModule } from './module.js';
import { alarmsShared } from './alarms/manifest.js';
import { authShared } from './auth/manifest.js';
import { certificatesShared } from './certificates/manifest.js';
import { commitmentsShared } from './commitments/manifest.js';
import { chemicalsShared } from './chemicals/manifest.js';
import { performanceBoardShared } from './performance-board/manifest.js';
import { dashboardsShared } from './dashboards/manifest.js';
import { documentsShared } from './documents/manifest.js';
import { drawingsShared } from './drawings/manifest.js';
import { fencesShared } from './fences/manifest.js';
import { hiddenDangersShared } from './hidden-dangers/manifest.js';
import { inspectionsShared } from './inspections/manifest.js';
import { ingestShared } from './ingest/manifest.js';
import { majorHazardShared } from './major-hazard/manifest.js';
import { occupationalHealthShared } from './occupational-health/manifest.js';
import { orgShared } from './org/manifest.js';
import { permitsShared } from './permits/manifest.js';
import { positioningShared } from './positioning/manifest.js';
import { realtimeShared } from './realtime/manifest.js';
import { recordsShared } from './records/manifest.js';
import { regionsShared } from './regions/manifest.js';
import { riskShared } from './risk/manifest.js';
import { riskMapShared } from './risk-map/manifest.js';
import { riskWarningShared } from './risk-warning/manifest.js';
import { plantModelShared } from './plant-model/manifest.js';
import { shellShared } from './shell/manifest.js';

/**
 * Every area of this build, one line each (ARCHITECTURE.md §9). The
 * registries below — permission codes, messages, audit actions, menus and
 * page titles, channels, topics, domain events — are derived from this list;
 * adding an area adds its line here, in `server/modules/index.ts` and in
 * `client/features/index.ts`, and nothing else central.
 */
export const sharedModules = [
  shellShared,
  authShared,
  orgShared,
  regionsShared,
  realtimeShared,
  positioningShared,
  recordsShared,
  alarmsShared,
  fencesShared,
  ingestShared,
  certificatesShared,
  documentsShared,
  riskShared,
  majorHazardShared,
  dashboardsShared,
  permitsShared,
  plantModelShared,
  drawingsShared,
  hiddenDangersShared,
  occupationalHealthShared,
  chemicalsShared,
  performanceBoardShared,
  inspectionsShared,
  commitmentsShared,
  riskMapShared,
  riskWarningShared,
] as const;

type Area = (typeof sharedModules)[number];
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
/** One part of an area's manifest, over a union of areas (distributes: a naked type parameter). */
type PartOf<M, F extends keyof SharedModule> = M extends { readonly [K in F]: infer P } ? P : never;
type Part<F extends keyof SharedModule> = UnionToIntersection<PartOf<Area, F>>;

export type PermissionCode = Extract<keyof Part<'permissions'>, string>;
export type MessageCode = Extract<keyof Part<'messages'>, string>;
export type AuditAction = Extract<keyof Part<'auditActions'>, string>;
export type AllChannels = Part<'channels'>;
export type AllTopics = Part<'topics'>;
export type AllEvents = Part<'events'>;

/**
 * Merges one part of every area; a key declared by two areas is a mistake
 * that would silently shadow the other, so it stops the build's first import.
 */
function merged<T>(part: keyof SharedModule): T {
  const out: Record<string, unknown> = {};
  for (const m of sharedModules as readonly SharedModule[]) {
    for (const [key, value] of Object.entries((m[part] as Record<string, unknown> | undefined) ?? {})) {
      if (key in out) {
        throw new Error(`${String(part)} "${key}" is declared twice (again by area ${m.name})`);
      }
      out[key] = value;
    }
  }
  return out as T;
}

export const permissions = merged<Record<PermissionCode, PermissionDecl>>('permissions');
export const permissionCodes = Object.keys(permissions) as PermissionCode[];
export const messageCatalog = merged<Record<MessageCode, MessageText>>('messages');
export const auditActions = merged<Record<AuditAction, MessageText>>('auditActions');
export const channels = merged<AllChannels>('channels');
export const topics = merged<AllTopics>('topics');
export const domainEvents = merged<AllEvents>('events');
/** Every figure a dashboard widget may bind (`{ kind: 'figure', figure: key }`). */
export const figures = merged<Record<string, FigureDecl>>('figures');

// A topic names its permission as text (its declaration cannot see the codes' type); it must be one of them.
for (const [kind, t] of Object.entries(topics as Record<string, { permission: string }>)) {
  if (t.permission !== 'public' && t.permission !== 'authenticated' && !(t.permission in permissions)) {
    throw new Error(`topic ${kind} needs permission "${t.permission}", which no area declares`);
  }
}

for (const [key, f] of Object.entries(figures)) {
  if (!(f.permission in permissions)) {
    throw new Error(`figure ${key} needs permission "${f.permission}", which no area declares`);
  }
}

/** Every sidebar entry of every area; an href declared twice stops the import. */
export const menus: readonly MenuDecl[] = (() => {
  const all = (sharedModules as readonly SharedModule[]).flatMap((m) => m.menus ?? []);
  const seen = new Set<string>();
  for (const m of all) {
    if (seen.has(m.href)) {
      throw new Error(`menu ${m.href} is declared twice`);
    }
    seen.add(m.href);
  }
  return all;
})();

/** Pages without a menu entry of their own (details, forms, the seed's other spellings). */
export const pages: readonly PageDecl[] = (sharedModules as readonly SharedModule[]).flatMap((m) => m.pages ?? []);

/** Title of a page by path, from its menu entry or page declaration, in both languages; undefined when none declares it. */
export function pageTitle(href: string): { zh: string; en: string; permittedBy?: string; editName?: MessageText } | undefined {
  const m = menus.find((x) => x.href === href);
  if (m) {
    return { zh: m.name, en: m.name_en };
  }
  const p = pages.find((x) => x.href === href);
  return p ? { zh: p.name, en: p.name_en, permittedBy: p.permittedBy, editName: p.editName } : undefined;
}
