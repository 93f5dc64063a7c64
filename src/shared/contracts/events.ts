import { z } from 'zod';
import { alarmItem } from '../alarms/contracts.js';

/*
 * Domain events: what services announce after a change has committed, named
 * `area.verb`. They travel on the stream bus beside the sample and position
 * columns (in process today; a Redis bus later carries the same JSON), and the
 * stream layer turns the ones browsers need into topics. A service never
 * publishes before its transaction commits, and route handlers never publish.
 */
export const domainEvents = {
  /** Tags were added, edited (limits, region) or removed. */
  'tag.changed': z.object({ ids: z.array(z.string()) }),
  /**
   * Regions were created, edited (names, parent, polygon, floors, kind) or
   * deleted. Fences, head counts, isolation scopes and maps reload them.
   */
  'region.changed': z.object({
    /** Each changed region with its parent (a new region is shown to whoever sees its parent). */
    regions: z.array(z.object({ regionid: z.number().int(), parentid: z.number().int() })),
    action: z.enum(['create', 'update', 'delete', 'import']),
  }),
  /** Departments were created, moved or deleted: data-isolation scopes (departments with their descendants) are re-read. */
  'dept.changed': z.object({ deptids: z.array(z.number().int()) }),
  /**
   * Sessions ended: one (`sessionId`, a refresh-token family) or every
   * session of the user except `keep` (password change, disable, reset).
   * Open sockets of those sessions are closed.
   */
  'session.revoked': z.object({
    userid: z.number().int(),
    sessionId: z.string().optional(),
    keep: z.string().optional(),
  }),
  /** What these users may do or see changed (roles, permissions, data-isolation scope, enabled): open sockets are re-scoped. */
  'user.changed': z.object({ userids: z.array(z.number().int()) }),
  /** Alarm occurrences changed (opened, acknowledged, shelved, returned, closed), in order; persisted before this is published. */
  'alarm.changed': z.object({ alarms: z.array(alarmItem) }),
  /**
   * Records of a ledger (record engine) were created, edited, moved through
   * their workflow or deleted; `entity` names the ledger, so one declaration
   * serves every ledger, including those defined at run time.
   */
  'record.changed': z.object({
    entity: z.string(),
    ids: z.array(z.number().int()),
    action: z.enum(['create', 'update', 'delete', 'transition', 'import']),
    /** Where each record is, for isolation of the live topic; a record moved to another department or region is listed at both places. */
    places: z.array(z.object({ id: z.number().int(), deptid: z.number().int().nullable(), regionid: z.number().int().nullable() })),
  }),
  /** A ledger definition was created, changed or deleted (low-code platform): open pages reload it. */
  'recordDefinition.changed': z.object({ entity: z.string() }),
  /** A data-dictionary entry was created, changed or deleted: forms and lists reload their choices. */
  'recordDictionary.changed': z.object({ code: z.string() }),
} as const;

export type DomainEventName = keyof typeof domainEvents;
export type DomainEventPayload<N extends DomainEventName> = z.infer<(typeof domainEvents)[N]>;
export type DomainEvent = { [N in DomainEventName]: { name: N; payload: DomainEventPayload<N> } }[DomainEventName];
