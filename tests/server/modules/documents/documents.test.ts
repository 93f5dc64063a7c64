import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  publicLinkCreate,
  publicLinkList,
  publicLinkOpen,
  publicLinkPdf,
  publicLinkRevoke,
  recordPdf,
} from '../../../../src/shared/documents/contracts.js';
import { definitionSave, recordContracts, type RecordItem } from '../../../../src/shared/records/contracts.js';
import { defineRecord } from '../../../../src/shared/records/definition.js';
import { documentsModule } from '../../../../src/server/modules/documents/index.js';
import { call } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { demoToken, expectRefused, orgIds } from '../org/org-fixtures.js';
import { imageCount, pdfText } from './pdf-text.js';

const DAY = 86_400_000;
let seq = 0;

/** A permit-like ledger: a unique number, a region, a person, a table of gas readings. */
function buildPermitLedger() {
  seq++;
  return defineRecord({
    area: 'LowCode',
    entity: `Permit${seq}${Date.now() % 100000}`,
    name: { zh: '动火作业票', en: 'Hot-work permit' },
    fields: [
      { key: 'code', type: 4, label: { zh: '编号', en: 'Number' }, unique: true, required: true },
      { key: 'title', type: 4, label: { zh: '作业内容', en: 'Work' }, required: true },
      { key: 'region', type: 2, label: { zh: '区域', en: 'Region' }, required: true },
      { key: 'guardian', type: 3, label: { zh: '监护人', en: 'Guardian' } },
      {
        key: 'gas',
        type: 12,
        label: { zh: '气体分析', en: 'Gas analysis' },
        columns: [
          { key: 'point', type: 4, label: { zh: '分析点', en: 'Point' } },
          { key: 'lel', type: 22, label: { zh: '可燃气 %LEL', en: 'LEL %' } },
        ],
      },
    ],
    list: { columns: ['code', 'title', 'region'], filters: ['title'] },
    isolation: { region: 'region' },
    titleField: 'title',
  });
}

/** Raw bytes of a binary answer (PDF), with its status and type. */
async function fetchBytes(url: string, token?: string) {
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, type: res.headers.get('content-type') ?? '', bytes: new Uint8Array(await res.arrayBuffer()) };
}

const qs = (o: Record<string, string | number>) => new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString();

for (const dialect of dialects) {
  describe(`documents: PDF and public links (${dialect})`, () => {
    let ts: TestServer;
    let admin: string;
    let operator: string;
    let record: RecordItem;
    const ledger = buildPermitLedger();
    const calls = recordContracts(ledger);

    beforeAll(async () => {
      ts = await startTestServer({ demo: true, dialect });
      admin = await demoToken(ts.url, 'admin');
      operator = await demoToken(ts.url, 'operator');
      const ids = await orgIds(ts.url, admin);
      expect((await call(ts.url, definitionSave, { definition: ledger }, admin)).body.IsSuccess).toBe(true);
      const supervisor = (
        await ts.server.store.db.selectFrom('users').select('userid').where('loginname', '=', 'supervisor').executeTakeFirstOrThrow()
      ).userid;
      const saved = await call(
        ts.url,
        calls.save,
        {
          code: 'DH-2026-0417',
          title: '储罐区 T-101 人孔动火',
          region: ids.region.get('TF')!,
          guardian: supervisor,
          gas: [
            { point: '人孔内', lel: 0.2 },
            { point: '罐顶', lel: 0.1 },
          ],
        },
        admin,
      );
      expect(saved.body.IsSuccess, JSON.stringify(saved.body.error)).toBe(true);
      record = saved.body.data as RecordItem;

      // Signatures reach a printed record through a section another module adds (the approval flow does this).
      const signature = await sharp({ create: { width: 240, height: 80, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } } })
        .composite([
          {
            input: Buffer.from(
              '<svg width="240" height="80"><path d="M10 60 C60 10 120 70 230 20" stroke="black" stroke-width="4" fill="none"/></svg>',
            ),
          },
        ])
        .removeAlpha()
        .png()
        .toBuffer();
      ts.server.exposed(documentsModule).docs.addRecordSection(async ({ def }) =>
        def.entity === ledger.entity
          ? [
              { kind: 'heading', text: '签字' },
              {
                kind: 'signatures',
                items: [
                  {
                    role: '监护人',
                    name: '王主管',
                    at: record.created,
                    image: `data:image/png;base64,${signature.toString('base64')}`,
                    note: '',
                  },
                  { role: '审批人', name: '李操作', at: record.created, image: null, note: '' },
                ],
              },
            ]
          : [],
      );
    }, 60_000);
    afterAll(async () => ts?.close());

    it('prints a record as an A4 PDF whose text holds its number, fields, table and signers, with the signature as an image', async () => {
      const pdf = await fetchBytes(`${ts.url}${recordPdf.path}?${qs({ entity: ledger.entity, id: record.id })}`, admin);
      expect(pdf.status).toBe(200);
      expect(pdf.type).toBe('application/pdf');
      expect(Buffer.from(pdf.bytes.subarray(0, 5)).toString()).toBe('%PDF-');
      const text = (await pdfText(pdf.bytes)).join('\n');
      for (const s of ['动火作业票', 'DH-2026-0417', '储罐区 T-101 人孔动火', '王主管', '李操作', '人孔内', '气体分析', '监护人']) {
        expect(text).toContain(s);
      }
      expect(imageCount(pdf.bytes)).toBe(1);
      // A4 is 595.28 × 841.89 points.
      expect(Buffer.from(pdf.bytes).toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
      // The font is embedded as a subset: a page with a few dozen characters stays small.
      expect(pdf.bytes.length).toBeLessThan(200_000);
      const audit = await ts.server.store.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'document.pdf')
        .where('entity_id', '=', String(record.id))
        .execute();
      expect(audit).toHaveLength(1);
    });

    it('refuses a record the caller may not see', async () => {
      const ops = await fetchBytes(`${ts.url}${recordPdf.path}?${qs({ entity: ledger.entity, id: record.id + 1000 })}`, admin);
      expect(ops.status).toBe(404);
      const anon = await fetchBytes(`${ts.url}${recordPdf.path}?${qs({ entity: ledger.entity, id: record.id })}`);
      expect(anon.status).toBe(401);
    });

    it('opens a public link without signing in, audits every open, and stops at revocation', async () => {
      const created = await call(
        ts.url,
        publicLinkCreate,
        { kind: 'record', target: { entity: ledger.entity, id: record.id }, expiresAt: Date.now() + DAY },
        admin,
      );
      expect(created.body.IsSuccess, JSON.stringify(created.body.error)).toBe(true);
      const link = created.body.data!;
      expect(link.path).toMatch(/^\/p\/[A-Za-z0-9_-]{40,}$/);
      expect(link.url).toBe(`${ts.url}${link.path}`);
      expect(link.qr).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(link.title).toContain('储罐区 T-101 人孔动火');
      const token = link.path.slice(3);

      const opened = await call(ts.url, publicLinkOpen, { token });
      expect(opened.body.IsSuccess, JSON.stringify(opened.body.error)).toBe(true);
      expect(opened.body.data!.document.number).toBe('DH-2026-0417');
      expect(JSON.stringify(opened.body.data!.document.blocks)).toContain('王主管');
      const pdf = await fetchBytes(`${ts.url}${publicLinkPdf.path}?${qs({ token })}`);
      expect(pdf.status).toBe(200);
      expect((await pdfText(pdf.bytes)).join('')).toContain('DH-2026-0417');

      const opens = await ts.server.store.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'publicLink.open')
        .where('entity_id', '=', String(link.id))
        .execute();
      expect(opens.map((a) => a.loginname)).toEqual(['public', 'public']);
      const listed = await call(ts.url, publicLinkList, { status: 'active' }, admin);
      expect(listed.body.data!.items.find((i) => i.id === link.id)).toMatchObject({ opens: 2, status: 'active', createdBy: 'admin' });

      expect((await call(ts.url, publicLinkRevoke, { id: link.id }, admin)).body.IsSuccess).toBe(true);
      const after = await call(ts.url, publicLinkOpen, { token });
      expectRefused(after, 410);
      expect(after.body.error.code).toBe('documents.linkRevoked');
      const revokes = await ts.server.store.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'publicLink.revoke')
        .where('entity_id', '=', String(link.id))
        .execute();
      expect(revokes).toHaveLength(1);
      expect((await call(ts.url, publicLinkList, { status: 'revoked' }, admin)).body.data!.items.map((i) => i.id)).toContain(link.id);
    });

    it('expires a link at its time, and refuses an unknown token', async () => {
      const link = (
        await call(
          ts.url,
          publicLinkCreate,
          { kind: 'record', target: { entity: ledger.entity, id: record.id }, expiresAt: Date.now() + DAY },
          admin,
        )
      ).body.data!;
      const token = link.path.slice(3);
      expect((await call(ts.url, publicLinkOpen, { token })).body.IsSuccess).toBe(true);
      const { clock } = ts.server.exposed(documentsModule);
      clock.skewMs = DAY + 1000;
      try {
        const expired = await call(ts.url, publicLinkOpen, { token });
        expectRefused(expired, 410);
        expect(expired.body.error.code).toBe('documents.linkExpired');
      } finally {
        clock.skewMs = 0;
      }
      expectRefused(await call(ts.url, publicLinkOpen, { token: 'x'.repeat(43) }), 404);
    });

    it('publishes a ledger view as a table of what its creator may see', async () => {
      const link = (
        await call(
          ts.url,
          publicLinkCreate,
          { kind: 'view', target: { entity: ledger.entity, filters: { title: 'T-101' } }, expiresAt: Date.now() + DAY },
          admin,
        )
      ).body.data!;
      const opened = (await call(ts.url, publicLinkOpen, { token: link.path.slice(3) })).body.data!;
      const table = opened.document.blocks.find((b) => b.kind === 'table');
      expect(table).toMatchObject({ kind: 'table', columns: ['编号', '作业内容', '区域'] });
      expect(JSON.stringify(table)).toContain('DH-2026-0417');
    });

    it('lets only those who manage links create them, checks expiry bounds and the target', async () => {
      expectRefused(
        await call(
          ts.url,
          publicLinkCreate,
          { kind: 'record', target: { entity: ledger.entity, id: record.id }, expiresAt: Date.now() + DAY },
          operator,
        ),
        403,
      );
      expectRefused(
        await call(
          ts.url,
          publicLinkCreate,
          { kind: 'record', target: { entity: ledger.entity, id: record.id }, expiresAt: Date.now() - 1 },
          admin,
        ),
        400,
        ['expiresAt'],
      );
      expectRefused(
        await call(
          ts.url,
          publicLinkCreate,
          { kind: 'record', target: { entity: ledger.entity, id: record.id }, expiresAt: Date.now() + 4000 * DAY },
          admin,
        ),
        400,
        ['expiresAt'],
      );
      expectRefused(
        await call(
          ts.url,
          publicLinkCreate,
          { kind: 'record', target: { entity: ledger.entity, id: 999_999 }, expiresAt: Date.now() + DAY },
          admin,
        ),
        404,
      );
      expectRefused(await call(ts.url, publicLinkCreate, { kind: 'drawing', target: {}, expiresAt: Date.now() + DAY }, admin), 400, [
        'kind',
      ]);
    });
  });
}
