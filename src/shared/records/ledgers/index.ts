import type { RecordDefinition } from '../definition.js';

/** The ledgers that ship with the portal, each one definition in this folder. */
export const builtInLedgers: RecordDefinition[] = [];
