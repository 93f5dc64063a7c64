import type { z } from 'zod';
import { domainEvents as registeredEvents, type AllEvents } from '../modules.js';

/*
 * Domain events: what services announce after a change has committed, named
 * `area.verb`. They travel on the stream bus beside the sample and position
 * columns (in process today; a Redis bus later carries the same JSON), and the
 * stream layer turns the ones browsers need into topics. A service never
 * publishes before its transaction commits, and route handlers never publish.
 */
export const domainEvents: AllEvents = registeredEvents;

export type DomainEventName = keyof typeof domainEvents;
export type DomainEventPayload<N extends DomainEventName> = z.infer<(typeof domainEvents)[N]>;
export type DomainEvent = { [N in DomainEventName]: { name: N; payload: DomainEventPayload<N> } }[DomainEventName];
