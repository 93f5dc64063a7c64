import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.js';
import { createServer, type PlantwatchServer } from '../../../src/server/server.js';
import { querySampleHistory } from '../../../src/server/history/query.js';
import { createMemoryTagRegistry } from '../../../src/server/stream/memory-tag-registry.js';
import { buildTag } from '../../helpers/factories.js';

const DAY = 24 * 3600 * 1000;

describe('history on an SQLite file (journal in the data folder)', () => {
  let server: PlantwatchServer;
  let dir: string;
  const tags = Array.from({ length: 50 }, () => buildTag());

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-history-'));
    server = await createServer(
      { ...loadConfig({ DEMO: '1', SIMULATOR: '0', LOG_LEVEL: 'warn' }), host: '127.0.0.1', port: 0, dataDir: dir, clientDir: '/nonexistent' },
      { tags: createMemoryTagRegistry(tags) },
    );
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('journals, seals into chunks, answers queries and retention', async () => {
    expect(fs.existsSync(path.join(dir, 'history-journal'))).toBe(true);
    const t0 = Date.UTC(2026, 9, 1);
    for (let round = 0; round < 20; round++) {
      server.stream.ingest.samples(
        tags.map((tag, i) => ({ tag: tag.id, t: t0 + round * 1000, v: round + i })),
        'test',
      );
    }
    server.stream.ingest.positions([{ tagId: 'P-1', t: t0, lon: 118.8, lat: 32.25, floor: 2, kind: 'person' }], 'test');
    await server.stream.history.flush();
    const stats = server.stream.history.stats();
    expect(stats.writtenSamples).toBe(1000);
    expect(stats.writtenPositions).toBe(1);
    expect(stats.bufferedSamples).toBe(0);
    const { c } = await server.store.db.selectFrom('sample_chunk').select((eb) => eb.fn.sum<number>('n').as('c')).executeTakeFirstOrThrow();
    expect(c).toBe(1000);
    const h = await querySampleHistory({ db: server.store.db, historian: server.stream.history }, [tags[3].id], t0, t0 + 20_000, 2);
    expect(h.items[0].buckets).toEqual([
      { t: t0, min: 3, max: 12, avg: 7.5, last: 12, n: 10 },
      { t: t0 + 10_000, min: 13, max: 22, avg: 17.5, last: 22, n: 10 },
    ]);
    const r = await server.stream.retention.runOnce(t0 + 31 * DAY);
    expect(r).toEqual({ samples: 1000, positions: 1 });
  });
});
