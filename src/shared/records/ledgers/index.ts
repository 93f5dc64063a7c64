import type { RecordDefinition } from '../definition.js';
import { announcementLedger } from './announcement.js';
import { noticeLedger } from './notice.js';
import { positioningObjectLedger } from './positioning-object.js';
import { safeSignLedger, safeSignTypeLedger } from './safe-sign.js';
import { workTypeLedger } from './work-type.js';

/** The ledgers that ship with the portal, each one definition in this folder. */
export const builtInLedgers: RecordDefinition[] = [workTypeLedger, announcementLedger, noticeLedger, safeSignTypeLedger, safeSignLedger, positioningObjectLedger];
