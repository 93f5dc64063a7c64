import { definePort } from '../module.js';
import type { DocumentsService } from './documents.service.js';

/**
 * Documents for every module: `pdf(doc)` renders a `PrintDocument`
 * (shared/documents/document.ts) as an A4 PDF off the event loop;
 * `recordDocument` prints a record; `createLink`/`revokeLink`/`resolveLink`
 * manage public read-only links; `registerKind` adds a module's own kind of
 * public link (a drawing, a card); `addRecordSection` adds blocks to every
 * printed record (approval steps and signatures).
 */
export type DocumentsPort = DocumentsService;
export type { PublicKind, RecordSection, Viewer } from './documents.service.js';

export const documentsPort = definePort<DocumentsPort>('documents');
