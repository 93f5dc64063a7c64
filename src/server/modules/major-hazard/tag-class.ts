import { dangerSourceDeviceLedger, deviceTagKeys } from '../../../shared/major-hazard/ledgers.js';
import type { RealtimePort } from '../realtime/port.js';
import type { RecordsPort } from '../records/port.js';

/** The realtime classification the register fills (issue 20 §4): every tag bound to a device of a major hazard source. */
export const HAZARD_CLASS = { name: '重大危险源', name_en: 'Major hazard sources' } as const;

export interface HazardTagClass {
  /** Sets the class to the tags the register binds now; answers what was added and removed. */
  sync(): Promise<{ added: string[]; removed: string[] }>;
  /** Asks for a sync after a device changed; runs one at a time, the last request always seen. */
  request(onError: (err: unknown) => void): void;
  /** Settles when no sync is running or waiting. */
  idle(): Promise<void>;
}

/** Tags bound by the register's devices (in the fields `keys`, every tag field by default), each once. */
export function boundTags(devices: readonly Record<string, unknown>[], keys: readonly (typeof deviceTagKeys)[number][] = deviceTagKeys): string[] {
  const ids = devices.flatMap((d) => keys.map((k) => (typeof d[k] === 'string' ? d[k].trim() : '')).filter((x) => x !== ''));
  return [...new Set(ids)].sort();
}

/**
 * Keeps the realtime class 重大危险源 holding exactly the tags bound to a
 * DangerSourceDevice (level, temperature, pressure, gas, ESD and SIS status),
 * through the realtime port's `syncClass` (never its tables): at start and
 * after every device saved or deleted on any server.
 */
export function createHazardTagClass(deps: { records: Pick<RecordsPort, 'allRecords'>; realtime: Pick<RealtimePort, 'syncClass'> }): HazardTagClass {
  let running: Promise<void> | null = null;
  let again = false;
  const sync = async () => deps.realtime.syncClass(HAZARD_CLASS, boundTags(await deps.records.allRecords(dangerSourceDeviceLedger)));
  return {
    sync,
    request(onError) {
      if (running) {
        again = true;
        return;
      }
      running = (async () => {
        do {
          again = false;
          await sync().catch(onError);
        } while (again);
      })().finally(() => (running = null));
    },
    idle: () => running ?? Promise.resolve(),
  };
}
