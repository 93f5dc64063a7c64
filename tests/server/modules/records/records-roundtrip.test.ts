import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_PASSWORD } from '../../../../src/server/config.js';
import { IMPORTABLE } from '../../../../src/server/modules/records/records.excel.js';
import { definitionList, importResult, recordContracts, type RecordItem } from '../../../../src/shared/records/contracts.js';
import { fieldTypes, type RecordDefinition } from '../../../../src/shared/records/definition.js';
import { call, tokenFor } from '../../../helpers/api.js';
import { startTestServer, type TestServer } from '../../../helpers/server.js';

/**
 * Issue 18: what a ledger exports, it imports back. For every built-in ledger
 * that holds demo records: export (every field, the default), empty the ledger,
 * import the same file unchanged, and read the same values. Times are
 * exported to the second (a sheet shows no milliseconds). The ledger's rows
 * are then put back as they were (same ids), so the ledgers that link to it
 * still find their records. SQLite only: the workbook code is the same on
 * both stores and the demo takes seconds to seed.
 */
describe('every built-in ledger: export, then import the same file', () => {
  let t: TestServer;
  let admin: string;
  let defs: RecordDefinition[];

  beforeAll(async () => {
    t = await startTestServer({ demo: true });
    admin = await tokenFor(t.url, 'admin', DEFAULT_DEMO_PASSWORD);
    defs = (await call(t.url, definitionList, {}, admin)).body.data!.items.filter((d) => d.builtin).map((d) => d.definition);
  }, 120_000);
  afterAll(() => t.close());

  const importable = (def: RecordDefinition) => def.fields.filter((f) => IMPORTABLE.includes(f.type) && !f.readOnly);
  /** An empty value in any of its forms ('', [], a missing or null key) as null: a sheet cell cannot tell them apart. */
  const plain = (v: unknown): unknown => {
    if (v === '' || v === null || v === undefined || (Array.isArray(v) && v.length === 0)) {
      return null;
    }
    if (Array.isArray(v)) {
      return v.map(plain);
    }
    if (typeof v === 'object') {
      return Object.fromEntries(
        Object.entries(v)
          .map(([k, x]) => [k, plain(x)] as const)
          .filter(([, x]) => x !== null),
      );
    }
    return v;
  };
  /** The values a round trip keeps, one string per record, sorted: the ledger's contents as a multiset. */
  const contents = (def: RecordDefinition, items: RecordItem[]) =>
    items
      .map((item) =>
        JSON.stringify(
          importable(def).map((f) => {
            const v = (item as Record<string, unknown>)[f.key] ?? null;
            return f.type === fieldTypes.time && typeof v === 'number' ? Math.floor(v / 1000) : plain(v);
          }),
        ),
      )
      .sort();
  /** Required fields a sheet cannot carry (attachments, signatures): such a ledger is filled in its form, not imported. */
  const notImportable = (def: RecordDefinition) => def.fields.filter((f) => f.required && !IMPORTABLE.includes(f.type)).map((f) => f.key);

  it('gives back what it exported, for each ledger with records', { timeout: 300_000 }, async () => {
    const report: string[] = [];
    let tried = 0;
    for (const def of defs) {
      const c = recordContracts(def);
      const before = (await call(t.url, c.list, { page: 1, pageSize: 1000 }, admin)).body.data?.items ?? [];
      if (before.length === 0 || importable(def).length === 0) {
        continue;
      }
      tried++;
      const res = await fetch(t.url + c.export.path, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({}), // every field, as the export button writes by default
      });
      if (res.status !== 200) {
        report.push(`${def.entity}: export answered ${res.status}`);
        continue;
      }
      const file = new Uint8Array(await res.arrayBuffer());
      const db = t.server.store.db;
      const rows = await db.selectFrom('record').selectAll().where('entity', '=', def.entity).execute();
      const unique = await db.selectFrom('record_unique').selectAll().where('entity', '=', def.entity).execute();
      const empty = async () => {
        await db.deleteFrom('record').where('entity', '=', def.entity).execute();
        await db.deleteFrom('record_unique').where('entity', '=', def.entity).execute();
      };
      await empty();
      try {
        report.push(...(await roundTrip(def, file, before)));
      } finally {
        await empty();
        await db.insertInto('record').values(rows).execute();
        if (unique.length) {
          await db.insertInto('record_unique').values(unique).execute();
        }
      }
    }
    // 33 of the demo's ledgers hold records; one of them (EvaluationReport) needs an attachment.
    expect(tried).toBeGreaterThan(30);
    expect(report).toEqual([]);
  });

  async function roundTrip(def: RecordDefinition, file: Uint8Array<ArrayBuffer>, before: RecordItem[]): Promise<string[]> {
    const c = recordContracts(def);
    {
      const form = new FormData();
      form.append('upfile', new Blob([file]), `${def.entity}.xlsx`);
      const imp = await fetch(t.url + c.list.path.replace(/List$/, 'Import'), {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}` },
        body: form,
      });
      const body = (await imp.json()) as { IsSuccess: boolean; data: unknown; error?: unknown };
      if (!body.IsSuccess) {
        return [`${def.entity}: import refused ${JSON.stringify(body.error)}`];
      }
      const result = importResult.parse(body.data);
      const unfillable = notImportable(def);
      if (unfillable.length) {
        // Refused row by row, naming the field the sheet cannot fill.
        const named = new Set(result.errors.map((e) => e.field));
        return result.saved === 0 && unfillable.some((k) => named.has(k)) ? [] : [`${def.entity}: a required ${unfillable.join(', ')} was not named`];
      }
      if (result.errors.length || result.saved !== before.length) {
        return [`${def.entity}: saved ${result.saved} of ${before.length}, errors ${JSON.stringify(result.errors.slice(0, 3))}`];
      }
      const after = (await call(t.url, c.list, { page: 1, pageSize: 1000 }, admin)).body.data!.items;
      const [want, got] = [contents(def, before), contents(def, after)];
      if (JSON.stringify(want) !== JSON.stringify(got)) {
        const i = want.findIndex((w, k) => w !== got[k]);
        return [`${def.entity}: values differ\n  exported ${want[i]}\n  imported ${got[i]}`];
      }
      return [];
    }
  }
});
