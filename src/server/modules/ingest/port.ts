import { definePort } from '../module.js';
import type { IngestKeyService } from './ingest.service.js';

/** Ingest keys as credentials: a device's key also lets a Prometheus scrape `/metrics`. */
export type IngestKeysPort = Pick<IngestKeyService, 'verify'>;

export const ingestKeysPort = definePort<IngestKeysPort>('ingestKeys');
