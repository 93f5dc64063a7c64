import fs from 'node:fs';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Contract } from '../../../shared/contracts/contract.js';
import type { SeedCallKind } from '../../../shared/records/definition.js';
import {
  definitionDelete,
  definitionList,
  definitionLog,
  definitionSave,
  dictionaryDelete,
  dictionaryList,
  dictionarySave,
  fileDownload,
  importResult,
  ledgerPostOptions,
  ledgerUserOptions,
  linkOptions,
  receiptConfirm,
  recordCallSuffixes,
  recordImportInput,
  uploadFileToServer,
  uploadFileToServerCommon,
  type RecordCall,
} from '../../../shared/records/contracts.js';
import { defineContract } from '../../../shared/contracts/contract.js';
import { delegationAdd, delegationRevoke, delegationSearch, flowCheck, flowList } from '../../../shared/records/flow-contracts.js';
import type { Handler, HttpApp } from '../../http/app.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { sendXlsx } from '../../http/send-xlsx.js';
import { SECURITY_HEADERS } from '../../http/security-headers.js';
import type { Store } from '../../store/db.js';
import type { DefinitionEntry } from './definition-registry.js';
import { readXlsx, writeXlsx } from './records.excel.js';
import { FILE_MAX_BYTES, type FileStore } from './records.files.js';
import type { RecordsService } from './records.service.js';
import type { FlowLibrary } from './records.flow-library.js';
import {
  enginButtonClick,
  enginRecordPage,
  flowBusinessCodes,
  flowBusinessRelationAdd,
  flowBusinessRelationDelete,
  flowLibraryAdd,
  flowLibraryDel,
  flowLibraryEdit,
  flowLibrarySearch,
  isRoleAuthorize,
} from '../../../shared/records/flow-library-contracts.js';

/** Largest spreadsheet accepted for import. */
const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

type Bound = { contract: Contract; handler: Handler<Contract> };

function hijackWith(reply: FastifyReply, status: number, headers: Record<string, string>) {
  reply.hijack();
  reply.raw.writeHead(status, { ...SECURITY_HEADERS, ...headers });
}

async function fileOf(req: FastifyRequest) {
  const part = await req.file({ limits: { fileSize: FILE_MAX_BYTES, files: 1 } });
  if (!part || part.fieldname !== 'upfile') {
    part?.file.resume();
    throw badRequest('records.noFile', ['upfile']);
  }
  return part;
}

/** The seven calls of one ledger, bound to the service. */
export function bindLedger(entry: DefinitionEntry, records: RecordsService): Record<RecordCall, Bound> {
  const def = entry.definition;
  const c = entry.contracts;
  const bind = <C extends Contract>(contract: C, handler: Handler<C>): Bound => ({ contract, handler: handler });
  const importContract = defineContract({
    method: 'POST',
    path: c.list.path.replace(/List$/, 'Import'),
    input: recordImportInput,
    output: importResult,
    permission: 'authenticated',
  });
  return {
    List: bind(c.list, (input, ctx) => records.list(ctx.user!, def, input)),
    Get: bind(c.get, (input, ctx) => records.get(ctx.user!, def, input.id)),
    Save: bind(c.save, (input, ctx) => records.save(ctx.user!, def, input)),
    Delete: bind(c.delete, (input, ctx) => records.remove(ctx.user!, def, input.id, input.version)),
    Transition: bind(c.transition, (input, ctx) => records.transition(ctx.user!, def, input)),
    Export: bind(c.export, async (input, ctx) => {
      const rows = await records.rows(ctx.user!, def, input);
      // Every field unless the caller chose fewer (issue 18: an export comes back whole through the import).
      const columns = input.columns?.length ? input.columns : def.fields.map((f) => f.key);
      const name = `${ctx.lang === 'en' && def.name.en ? def.name.en : def.name.zh}.xlsx`;
      const names = { ...(await records.orgNames()), links: await records.linkNames(ctx.user!, def) };
      return sendXlsx(ctx, name, (out) => writeXlsx(out, def, columns, rows, ctx.lang, records.dictionaries.live, names));
    }),
    Import: bind(importContract, async (_input, ctx) => {
      const part = await ctx.req.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
      if (!part || part.fieldname !== 'upfile') {
        part?.file.resume();
        throw badRequest('records.noFile', ['upfile']);
      }
      const buffer = await part.toBuffer();
      const keepGood = (ctx.req.query as Record<string, string | undefined>).keepGood === '1';
      const names = { ...(await records.orgNames()), links: await records.linkNames(ctx.user!, def) };
      let parsed: Awaited<ReturnType<typeof readXlsx>>;
      try {
        parsed = await readXlsx(buffer, def, records.dictionaries.live, names);
      } catch (err) {
        // Too large or too many cells: the reader's own refusal (413 naming the limit); anything else is not a workbook.
        if (err instanceof AppError) {
          throw err;
        }
        throw badRequest('records.badSheet', ['upfile']);
      }
      return records.importRows(ctx.user!, def, parsed.rows, keepGood, parsed.errors);
    }),
  };
}

/** The seed-named calls of one ledger (`definition.seedCalls`), each on the handler of the generic call it stands for. */
export function bindSeedCalls(entry: DefinitionEntry, generic: Record<RecordCall, Bound>): Map<string, Bound> {
  const handlerOf = (call: SeedCallKind): Handler<Contract> => generic[call === 'Add' || call === 'Update' ? 'Save' : call].handler;
  return new Map(entry.seedCalls.map((s) => [s.seed.name, { contract: s.contract, handler: handlerOf(s.seed.call) }]));
}

function registerLedgerCalls(http: HttpApp, records: RecordsService, builtIns: DefinitionEntry[]) {
  // Built-in ledgers: their calls, generic and seed-named, are ordinary routes of the contract registry.
  for (const entry of builtIns) {
    const generic = bindLedger(entry, records);
    for (const b of [...Object.values(generic), ...bindSeedCalls(entry, generic).values()]) {
      http.route(b.contract, b.handler);
    }
  }
  // Ledgers defined at run time: resolved per request from the definition registry, so a new one works at once.
  const cache = new WeakMap<DefinitionEntry, { generic: Record<RecordCall, Bound>; seed: Map<string, Bound> }>();
  const boundOf = (entry: DefinitionEntry) => {
    let bound = cache.get(entry);
    if (!bound) {
      const generic = bindLedger(entry, records);
      bound = { generic, seed: bindSeedCalls(entry, generic) };
      cache.set(entry, bound);
    }
    return bound;
  };
  http.routeDynamic('POST', '/UAPI/:area/:call', (req) => {
    const { area, call } = req.params as { area: string; call: string };
    const suffix = recordCallSuffixes.find((s) => call.endsWith(s) && call.length > s.length);
    const entry = suffix ? records.definitions.byArea(area, call.slice(0, -suffix.length)) : undefined;
    if (suffix && entry && !entry.builtin) {
      return boundOf(entry).generic[suffix];
    }
    const named = records.definitions.bySeedCall(area, call);
    return named && !named.builtin ? (boundOf(named).seed.get(call) ?? null) : null;
  });
}

/** The flow library and the seed's generic record calls by entity name (issue 18 item 2). */
function registerFlowLibrary(http: HttpApp, records: RecordsService, library: FlowLibrary) {
  http.route(flowLibrarySearch, (input) => library.search(input.keyword));
  http.route(flowLibraryAdd, (input, ctx) => library.add(ctx.user!, input));
  http.route(flowLibraryEdit, ({ id, version, ...doc }, ctx) => library.edit(ctx.user!, id, version, doc));
  http.route(flowLibraryDel, (input, ctx) => library.remove(ctx.user!, input.id));
  http.route(flowBusinessCodes, () => library.businessCodes());
  http.route(flowBusinessRelationAdd, (input, ctx) => library.bind(ctx.user!, input.entity, input.flowId));
  http.route(flowBusinessRelationDelete, (input, ctx) => library.unbind(ctx.user!, input.entity));
  const ledger = (entity: string) => {
    const def = records.definitions.get(entity);
    if (!def) {
      throw notFound('records.noSuchLedger', { entity });
    }
    return def;
  };
  http.route(enginRecordPage, ({ entity, ...query }, ctx) => records.list(ctx.user!, ledger(entity), query));
  http.route(enginButtonClick, ({ entity, ...step }, ctx) => records.transition(ctx.user!, ledger(entity), step));
  http.route(isRoleAuthorize, (input, ctx) => Promise.resolve({ authorized: ctx.user!.roles.includes(input.code) || ctx.user!.permissions.has(input.code) }));
}

export function registerRecords(http: HttpApp, store: Store, records: RecordsService, files: FileStore, library: FlowLibrary) {
  registerFlowLibrary(http, records, library);
  void http.app.register(multipart, { limits: { fileSize: FILE_MAX_BYTES, files: 1, fields: 20 } });
  registerLedgerCalls(
    http,
    records,
    records.definitions.all().filter((e) => e.builtin),
  );

  http.route(definitionList, () => {
    const items = records.definitions
      .all()
      .map((e) => ({
        entity: e.definition.entity,
        area: e.definition.area,
        builtin: e.builtin,
        version: e.version,
        updated: e.updated,
        updatedBy: e.updatedBy,
        definition: e.definition,
      }));
    return Promise.resolve({ items, total: items.length });
  });
  http.route(definitionSave, async (input, ctx) => {
    const e = await records.definitions.save(ctx.user!, input.definition, input.version);
    return {
      entity: e.definition.entity,
      area: e.definition.area,
      builtin: e.builtin,
      version: e.version,
      updated: e.updated,
      updatedBy: e.updatedBy,
      definition: e.definition,
    };
  });
  http.route(definitionDelete, async (input, ctx) => {
    await records.definitions.remove(ctx.user!, input.entity);
    return { entity: input.entity };
  });
  http.route(definitionLog, (input) => records.definitionLog(input));
  http.route(flowCheck, (input, ctx) => records.flowCheck(ctx.user!, input));
  http.route(flowList, (input, ctx) => records.flowList(ctx.user!, input));
  http.route(delegationSearch, (input, ctx) => records.delegationSearch(ctx.user!, input));
  http.route(delegationAdd, (input, ctx) => records.delegationAdd(ctx.user!, input));
  http.route(delegationRevoke, (input, ctx) => records.delegationRevoke(ctx.user!, input));
  http.route(dictionaryList, () => {
    const items = records.dictionaries.items();
    return Promise.resolve({ items, total: items.length });
  });
  http.route(dictionarySave, (input, ctx) => records.dictionaries.save(ctx.user!, input.dictionary, input.version));
  http.route(dictionaryDelete, async (input, ctx) => {
    await records.dictionaries.remove(ctx.user!, input.code, (code) => records.definitions.usingDictionary(code));
    return { code: input.code };
  });

  http.route(linkOptions, (input, ctx) => records.linkOptions(ctx.user!, input));
  // Names for pickers; reads the organisation's user table (no org service call offers this yet). Login names only for user administrators.
  http.route(ledgerUserOptions, async (_input, ctx) => {
    const rows = await store.db.selectFrom('users').select(['userid', 'username', 'loginname']).orderBy('userid').execute();
    return ctx.user!.permissions.has('org:manage') ? rows : rows.map((r) => ({ ...r, loginname: '' }));
  });
  http.route(ledgerPostOptions, async () => {
    const posts = await records.orgNames();
    return [...posts.post].map(([postid, n]) => ({ postid, postname: n.zh, postname_en: n.en }));
  });
  http.route(receiptConfirm, (input, ctx) => {
    const def = records.definitions.get(input.entity);
    if (!def) {
      throw notFound('records.noSuchLedger', { entity: input.entity });
    }
    return records.confirmReceipt(ctx.user!, def, input);
  });
  for (const contract of [uploadFileToServer, uploadFileToServerCommon]) {
    http.route(contract, async (_input, ctx) => {
      const part = await fileOf(ctx.req);
      const row = await files.save(ctx.user!, part.filename, part.file);
      return { id: row.id, name: row.name, size: Number(row.size), mime: row.mime, thumb: row.thumb === 1, created: Number(row.created_at) };
    });
  }
  http.route(fileDownload, async (input, ctx) => {
    const { row, path, thumbPath } = await files.open(ctx.user!, input.id, (recordId) => records.maySeeRecord(ctx.user!, recordId));
    if (input.thumb === 1) {
      if (!thumbPath) {
        throw notFound('records.fileNotFound');
      }
      hijackWith(ctx.reply, 200, {
        'content-type': 'image/webp',
        'content-length': String(fs.statSync(thumbPath).size),
        'cache-control': 'private, max-age=3600',
      });
      fs.createReadStream(thumbPath).pipe(ctx.reply.raw);
      return null;
    }
    hijackWith(ctx.reply, 200, {
      'content-type': row.mime,
      'content-length': String(row.size),
      'content-disposition': `${row.mime.startsWith('image/') || row.mime === 'application/pdf' ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(row.name)}`,
      'cache-control': 'private, max-age=3600',
    });
    fs.createReadStream(path).pipe(ctx.reply.raw);
    return null;
  });
}
