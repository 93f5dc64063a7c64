import { definePort } from '../module.js';
import type { FileStore } from './records.files.js';
import type { RecordsService } from './records.service.js';

/**
 * The record engine: every ledger's records and definitions, for modules that
 * read or write a ledger of theirs; `saveFile` stores a file as the caller's
 * upload (to attach to a record they save), e.g. a module's demo documents.
 */
export type RecordsPort = RecordsService & { saveFile: FileStore['save'] };

export const recordsPort = definePort<RecordsPort>('records');

// How a value reads in a cell (export, print): documents print a record's fields as its Excel export shows them.
export { cellOf, type Named, type OrgNames } from './records.excel.js';
