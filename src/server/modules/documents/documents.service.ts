import { createHash, createHmac, randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { z } from 'zod';
import {
  PUBLIC_LINK_MAX_DAYS,
  type PublicLinkItem,
  type PublicLinkStatus,
  type publicLinkCreateInput,
  type publicLinkList,
} from '../../../shared/documents/contracts.js';
import type { DocBlock, PrintDocument } from '../../../shared/documents/document.js';
import { renderMessage } from '../../../shared/messages/catalog.js';
import type { Lang } from '../../../shared/messages/define.js';
import type { RecordItem } from '../../../shared/records/contracts.js';
import type { RecordDefinition } from '../../../shared/records/definition.js';
import { loadPlantCalendar } from '../../common/plant-calendar.js';
import type { AuthUser } from '../../http/app.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import { inTransaction, type Store } from '../../store/db.js';
import type { OrgPort } from '../org/port.js';
import type { RecordsPort } from '../records/port.js';
import { createLinksRepository, type LinkRow } from './links.repository.js';
import type { PdfRenderer } from './pdf-pool.js';
import { plantTime } from './pdf-render.js';
import { cellText, recordDocument } from './record-document.js';

type In<C extends { input: z.ZodType }> = z.output<C['input']>;

const DAY_MS = 86_400_000;
/** A public view lists at most this many records (a QR code opens on a phone). */
const VIEW_ROWS_MAX = 500;
const VIEW_COLUMNS_MAX = 8;

/** What the link's creator may see (the link shows it as them, now). */
export type Viewer = AuthUser;

/**
 * A kind of public link: what its target is, who may publish one, and the
 * read-only document it shows. `record` and `view` are built in; a module
 * registers its own (`drawing`, `card`) through the documents port.
 */
export interface PublicKind<T = unknown> {
  target: z.ZodType<T>;
  /** Refuses (throws an AppError) when `caller` may not publish the target; the link's default title otherwise. */
  authorize(caller: AuthUser, target: T, lang: Lang): Promise<{ title: string }>;
  /** The document as `viewer` (the link's creator) may see it now, in `lang`; null when it is gone. */
  render(target: T, viewer: Viewer, lang: Lang): Promise<PrintDocument | null>;
}

/** Blocks a module adds to every printed record of the ledgers it serves (the approval flow adds its steps and signatures). */
export type RecordSection = (input: { def: RecordDefinition; record: RecordItem; lang: Lang; viewer: Viewer }) => Promise<DocBlock[]>;

export interface DocumentsService {
  /** Renders a document as an A4 PDF in the documents thread. */
  pdf(doc: PrintDocument): Promise<Buffer>;
  /** One record as a document, if `caller` may see it (fields, then the modules' sections). */
  recordDocument(caller: AuthUser, entity: string, id: number, lang: Lang): Promise<PrintDocument>;
  registerKind<T>(kind: string, handler: PublicKind<T>): void;
  addRecordSection(section: RecordSection): void;
  /** Creates a public link; `origin` makes its absolute URL and QR code (`https://host:port`). */
  createLink(caller: AuthUser, input: z.output<typeof publicLinkCreateInput>, origin: string): Promise<PublicLinkItem>;
  revokeLink(caller: AuthUser, id: number): Promise<void>;
  /** The document a token opens, audited; refuses an unknown, revoked or expired token and a target gone. */
  resolveLink(
    token: string,
    ctx: { ip: string; lang: Lang },
  ): Promise<{ kind: string; title: string; expiresAt: number; document: PrintDocument }>;
  listLinks(caller: AuthUser, input: In<typeof publicLinkList>, origin: string): Promise<{ items: PublicLinkItem[]; total: number }>;
}

export interface DocumentsDeps {
  records: RecordsPort;
  org: Pick<OrgPort, 'getAccess'>;
  renderer: PdfRenderer;
  now?: () => number;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const text = (n: { zh: string; en: string }, lang: Lang) => (lang === 'en' && n.en ? n.en : n.zh);
const gone = (code: 'documents.linkExpired' | 'documents.linkRevoked' | 'documents.linkTargetGone') => new AppError(410, code);

const recordTarget = z.object({ entity: z.string().regex(/^[A-Z][A-Za-z0-9]{0,39}$/), id: z.number().int().positive() });
const viewTarget = z.object({
  entity: z.string().regex(/^[A-Z][A-Za-z0-9]{0,39}$/),
  filters: z
    .record(z.string().max(40), z.union([z.string().max(200), z.number(), z.array(z.number().nullable()).length(2), z.null()]))
    .default({}),
  keyword: z.string().max(100).default(''),
});

export function createDocumentsService(store: Store, deps: DocumentsDeps): DocumentsService {
  const repo = createLinksRepository(store.db);
  const now = deps.now ?? Date.now;
  const { records } = deps;
  const kinds = new Map<string, PublicKind>();
  const sections: RecordSection[] = [];
  let secret: Promise<Buffer> | null = null;

  const tokenOf = async (nonce: string) => {
    secret ??= repo.secret();
    return createHmac('sha256', await secret)
      .update(nonce)
      .digest('base64url');
  };

  const statusOf = (r: LinkRow, t: number): PublicLinkStatus =>
    r.revoked_at !== null ? 'revoked' : Number(r.expires_at) <= t ? 'expired' : 'active';

  async function itemOf(r: LinkRow, origin: string): Promise<PublicLinkItem> {
    const path = `/p/${await tokenOf(r.nonce)}`;
    const url = `${origin}${path}`;
    const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return {
      id: r.id,
      kind: r.kind,
      target: JSON.parse(r.target) as Record<string, unknown>,
      title: r.title,
      path,
      url,
      qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      createdAt: Number(r.created_at),
      createdBy: r.created_by,
      expiresAt: Number(r.expires_at),
      revokedAt: r.revoked_at === null ? null : Number(r.revoked_at),
      revokedBy: r.revoked_by,
      opens: r.opens,
      lastOpenedAt: r.last_opened_at === null ? null : Number(r.last_opened_at),
      status: statusOf(r, now()),
    };
  }

  /** The link's creator as a caller, with the roles and rights they hold now (none once disabled). */
  async function viewerOf(r: LinkRow): Promise<Viewer> {
    const access = await deps.org.getAccess(r.creator_id);
    return {
      userid: r.creator_id,
      loginname: r.created_by,
      username: r.created_by,
      c_id: 0,
      roles: access.roles,
      permissions: new Set(access.permissions),
      mustChangePassword: false,
      sessionId: `public-link:${r.id}`,
    };
  }

  function ledger(entity: string): RecordDefinition {
    const def = records.definitions.get(entity);
    if (!def) {
      throw notFound('records.noSuchLedger', { entity });
    }
    return def;
  }

  async function buildRecordDocument(caller: AuthUser, entity: string, id: number, lang: Lang): Promise<PrintDocument> {
    const def = ledger(entity);
    const detail = await records.get(caller, def, id);
    const [names, calendar] = await Promise.all([records.orgNames(), loadPlantCalendar(store.db)]);
    const extra: DocBlock[] = [];
    for (const s of sections) {
      extra.push(...(await s({ def, record: detail.record, lang, viewer: caller })));
    }
    return recordDocument({
      def,
      item: detail.record,
      lang,
      dicts: records.dictionaries.live,
      names,
      utcOffsetMinutes: calendar.utcOffsetMinutes,
      extra,
    });
  }

  const recordKind: PublicKind<z.infer<typeof recordTarget>> = {
    target: recordTarget,
    async authorize(caller, target, lang) {
      const def = ledger(target.entity);
      const detail = await records.get(caller, def, target.id);
      return { title: `${text(def.name, lang)}：${detail.record.title || `#${target.id}`}` };
    },
    render: (target, viewer, lang) => buildRecordDocument(viewer, target.entity, target.id, lang),
  };

  const viewKind: PublicKind<z.infer<typeof viewTarget>> = {
    target: viewTarget,
    async authorize(caller, target, lang) {
      const def = ledger(target.entity);
      await records.list(caller, def, { filters: target.filters, keyword: target.keyword, page: 1, pageSize: 1 });
      return { title: text(def.name, lang) };
    },
    async render(target, viewer, lang) {
      const def = ledger(target.entity);
      const { items, total } = await records.list(viewer, def, {
        filters: target.filters,
        keyword: target.keyword,
        page: 1,
        pageSize: VIEW_ROWS_MAX,
      });
      const keys = def.list.columns.length > 0 ? def.list.columns : def.fields.slice(0, VIEW_COLUMNS_MAX).map((f) => f.key);
      const columns = keys.flatMap((k) => def.fields.filter((f) => f.key === k)).slice(0, VIEW_COLUMNS_MAX);
      const names = await records.orgNames();
      return {
        title: text(def.name, lang),
        subtitle: renderMessage(lang, 'documents.viewRows', { total, shown: items.length }),
        number: '',
        blocks: [
          {
            kind: 'table',
            columns: columns.map((f) => text(f.label, lang)),
            rows: items.map((item) =>
              columns.map((f) => {
                const links = new Map(Object.entries(item._links ?? {}).map(([k, n]) => [k, new Map([[item[k] as number, n]])]));
                return cellText(f, item[f.key], lang, records.dictionaries.live, { ...names, links });
              }),
            ),
          },
        ],
        footer: text(def.name, lang),
        lang,
      };
    },
  };

  kinds.set('record', recordKind);
  kinds.set('view', viewKind);

  const kindOf = (kind: string): PublicKind => {
    const k = kinds.get(kind);
    if (!k) {
      throw badRequest('documents.unknownKind', ['kind'], { kind });
    }
    return k;
  };

  return {
    async pdf(doc) {
      const calendar = await loadPlantCalendar(store.db);
      try {
        return await deps.renderer.render(doc, { utcOffsetMinutes: calendar.utcOffsetMinutes, printedAt: now() });
      } catch (err) {
        if (err instanceof AppError) {
          throw err;
        }
        throw new AppError(503, 'documents.renderFailed');
      }
    },

    recordDocument: buildRecordDocument,

    registerKind(kind, handler) {
      if (kinds.has(kind)) {
        throw new Error(`public link kind ${kind} is registered twice`);
      }
      kinds.set(kind, handler);
    },

    addRecordSection(section) {
      sections.push(section);
    },

    async createLink(caller, input, origin) {
      const kind = kindOf(input.kind);
      const parsed = kind.target.safeParse(input.target);
      if (!parsed.success) {
        throw badRequest('validation.invalid', ['target']);
      }
      const t = now();
      if (input.expiresAt <= t) {
        throw badRequest('documents.expiryPast', ['expiresAt']);
      }
      if (input.expiresAt > t + PUBLIC_LINK_MAX_DAYS * DAY_MS) {
        throw badRequest('documents.expiryTooFar', ['expiresAt'], { days: PUBLIC_LINK_MAX_DAYS });
      }
      const { title } = await kind.authorize(caller, parsed.data, 'zh');
      const nonce = randomBytes(24).toString('base64url');
      const token = await tokenOf(nonce);
      const row = await inTransaction(store.db, async (tx) => {
        const r = await repo.insert(tx, {
          kind: input.kind,
          target: JSON.stringify(parsed.data),
          title: input.title || title,
          token_hash: sha256(token),
          nonce,
          created_at: t,
          created_by: caller.loginname,
          creator_id: caller.userid,
          expires_at: input.expiresAt,
          revoked_at: null,
          revoked_by: null,
          last_opened_at: null,
        });
        await audit(tx, caller, 'publicLink.create', 'public_link', r.id, {
          kind: r.kind,
          target: parsed.data,
          expiresAt: input.expiresAt,
        });
        return r;
      });
      return itemOf(row, origin);
    },

    async revokeLink(caller, id) {
      await inTransaction(store.db, async (tx) => {
        const r = await repo.get(tx, id);
        if (!r) {
          throw notFound('documents.linkNotFound');
        }
        if (r.revoked_at !== null) {
          return;
        }
        await repo.revoke(tx, id, now(), caller.loginname);
        await audit(tx, caller, 'publicLink.revoke', 'public_link', id, { kind: r.kind, target: JSON.parse(r.target) as unknown });
      });
    },

    async resolveLink(token, ctx) {
      const r = await repo.byHash(store.db, sha256(token));
      if (!r) {
        throw notFound('documents.linkNotFound');
      }
      const status = statusOf(r, now());
      if (status !== 'active') {
        throw gone(status === 'revoked' ? 'documents.linkRevoked' : 'documents.linkExpired');
      }
      const kind = kindOf(r.kind);
      const target = kind.target.parse(JSON.parse(r.target));
      let document: PrintDocument | null;
      try {
        document = await kind.render(target, await viewerOf(r), ctx.lang);
      } catch (err) {
        // The creator may no longer see it (rights, scope), or it was deleted: the link shows nothing.
        if (err instanceof AppError && (err.statusCode === 403 || err.statusCode === 404)) {
          document = null;
        } else {
          throw err;
        }
      }
      if (!document) {
        throw gone('documents.linkTargetGone');
      }
      await inTransaction(store.db, async (tx) => {
        await repo.opened(tx, r.id, now());
        await audit(tx, { userid: null, loginname: 'public' }, 'publicLink.open', 'public_link', r.id, { ip: ctx.ip, kind: r.kind });
      });
      const calendar = await loadPlantCalendar(store.db);
      const until = plantTime(Number(r.expires_at), calendar.utcOffsetMinutes);
      const footer = [document.footer, renderMessage(ctx.lang, 'documents.publicFooter', { until })].filter(Boolean).join(' · ');
      return { kind: r.kind, title: r.title, expiresAt: Number(r.expires_at), document: { ...document, footer } };
    },

    async listLinks(_caller, input, origin) {
      const { rows, total } = await repo.list(
        { kind: input.kind, status: input.status, now: now() },
        (input.page - 1) * input.pageSize,
        input.pageSize,
      );
      return { items: await Promise.all(rows.map((r) => itemOf(r, origin))), total };
    },
  };
}
