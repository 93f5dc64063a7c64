import { documentsShared } from '../../../shared/documents/manifest.js';
import { defineModule } from '../module.js';
import { orgPort } from '../org/port.js';
import { recordsPort } from '../records/port.js';
import { registerDocumentRoutes } from './documents.routes.js';
import { createDocumentsService } from './documents.service.js';
import { migrations } from './migrations.js';
import { createPdfRenderer } from './pdf-pool.js';
import { documentsPort } from './port.js';

/**
 * Documents (issue 18 part 6): one A4 PDF renderer with an embedded CJK font,
 * running in its own thread, and one kind of public read-only link
 * (revocable, expiring, audited) that modules extend with their own kinds.
 */
export const documentsModule = defineModule({
  name: 'documents',
  shared: documentsShared,
  migrations,
  needs: { records: recordsPort, org: orgPort },
  provides: documentsPort,
  start({ http, store, log, ports }) {
    const renderer = createPdfRenderer({ log });
    // Tests move the links' clock forward (expiry) without waiting.
    const clock = { skewMs: 0 };
    const docs = createDocumentsService(store, { records: ports.records, org: ports.org, renderer, now: () => Date.now() + clock.skewMs });
    registerDocumentRoutes(http, store, docs);
    return { port: docs, exposed: { renderer, docs, clock }, stats: () => renderer.stats(), close: () => renderer.close() };
  },
});
