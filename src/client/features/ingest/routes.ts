import { definePages, page } from '../../app/route-types';

/** Ingest keys. Titles come from the menu and page declarations of the shared manifests. */
export const ingestPages = definePages([page('/system/ingestKeys', () => import('./ingest-keys-page'), 'IngestKeysPage')]);
