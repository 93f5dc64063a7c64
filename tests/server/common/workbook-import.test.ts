import ExcelJS from 'exceljs';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipUnpackedSize } from '../../../src/server/common/workbook-limits.js';
import { createMemoryTagRegistry } from '../../../src/server/stream/memory-tag-registry.js';
import { alarmSettingImport } from '../../../src/shared/alarms/settings-contracts.js';
import { mqttTopics } from '../../../src/shared/contracts/stream.js';
import { buildTag } from '../../helpers/factories.js';
import { freshDatabase, startTestServer, type TestServer, type TestStore } from '../../helpers/server.js';
import { demoToken } from '../modules/realtime/realtime-fixtures.js';
import { waitFor } from '../stream/stream-helpers.js';

/**
 * Issue 19 item 4: an uploaded workbook is parsed in the workbook thread, within a limit on its unpacked size and
 * its cells; a refusal names the limit and the field; the server keeps taking data meanwhile.
 */
async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('x');
  rows.forEach((r) => ws.addRow(r));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('zip sizes read before unpacking', () => {
  it('sums the declared sizes of a workbook that compresses 100:1, and knows a non-zip', async () => {
    // 400 distinct rows of 5,000 repeated characters: about 2 MB of XML in a file of a few tens of KB.
    const buf = await workbook(Array.from({ length: 400 }, (_, i) => [`${i}`.padEnd(5000, 'x')]));
    const size = zipUnpackedSize(buf)!;
    expect(size).toBeGreaterThan(2_000_000);
    expect(buf.length * 20).toBeLessThan(size);
    expect(zipUnpackedSize(Buffer.from('not a zip at all, just text'))).toBeNull();
    expect(zipUnpackedSize(Buffer.alloc(0))).toBeNull();
  });
});

const MQTT_URL = process.env.TEST_MQTT_URL;
const PREFIX = `plantwatch-test/wb-${process.pid}-${Date.now()}`;

describe('workbook imports within limits', () => {
  let ts: TestServer;
  let store: TestStore;
  let admin: string;
  const tag = buildTag({ id: `WB.${Date.now()}.PV` });

  beforeAll(async () => {
    // An SQLite file with its journal, as `npm start` runs: an MQTT message is acknowledged once journalled.
    store = await freshDatabase('sqlite', { file: true });
    ts = await startTestServer({ demo: true,
      store,
      env: {
        IMPORT_MAX_UNPACKED_MB: '2',
        IMPORT_MAX_CELLS: '3000',
        ...(MQTT_URL ? { MQTT_URL, MQTT_TOPIC_PREFIX: PREFIX } : {}),
      },
      tags: createMemoryTagRegistry([tag]),
    });
    admin = await demoToken(ts.url, 'admin');
  });
  afterAll(async () => {
    await ts?.close();
    await store?.drop();
  });

  async function upload(buf: Buffer, lang = 'en') {
    const form = new FormData();
    form.append('upfile', new Blob([new Uint8Array(buf)]), 'settings.xlsx');
    const res = await fetch(`${ts.url}${alarmSettingImport.path}?reason=test`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'accept-language': lang },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as { IsSuccess: boolean; error: { code: string; controls: string[]; message: string } | null } };
  }

  it('refuses a workbook that unpacks beyond the limit with 413 naming the limit and the field, in the caller language', async () => {
    const bomb = await workbook(Array.from({ length: 600 }, (_, i) => [`${i}`.padEnd(5000, 'x')]));
    const en = await upload(bomb);
    expect(en.status).toBe(413);
    expect(en.body.IsSuccess).toBe(false);
    expect(en.body.error).toMatchObject({ code: 'import.tooLarge', controls: ['upfile'] });
    expect(en.body.error!.message).toContain('2 MB');
    const zh = await upload(bomb, 'zh-CN');
    expect(zh.body.error!.message).toContain('2 MB');
    expect(zh.body.error!.message).toContain('无法导入');
  });

  it('refuses a sheet with more cells than the limit, and a file that is not a workbook', async () => {
    const many = await workbook(Array.from({ length: 1100 }, (_, i) => ['位号', `T${i}`, i]));
    const r = await upload(many);
    expect(r.status).toBe(413);
    expect(r.body.error).toMatchObject({ code: 'import.tooManyCells', controls: ['upfile'] });
    expect(r.body.error!.message).toContain('3000');
    const junk = await upload(Buffer.from('PK\u0003\u0004 this is no workbook'));
    expect(junk.status).toBe(400);
    expect(junk.body.error).toMatchObject({ code: 'records.badSheet', controls: ['upfile'] });
  });

  it('reads a workbook inside the limits (its rows checked, not refused as a whole)', async () => {
    const ok = await workbook([['位号', '报警类型', '限值'], ['NO.SUCH.TAG', 'HH', 5]]);
    const r = await upload(ok);
    expect(r.status).toBe(200);
    expect(r.body.IsSuccess).toBe(true);
  });

  it.skipIf(!MQTT_URL)('loses no MQTT sample sent while large workbooks are being refused and read', async () => {
    await waitFor(() => ts.server.stream.mqtt?.stats().connected, 5000, 'server connected to the broker');
    const publisher: MqttClient = await connectAsync(MQTT_URL!);
    try {
      const topic = mqttTopics(PREFIX).samples;
      // Subscription is made right after connect: publish a probe until it is taken.
      await waitFor(
        async () => {
          await publisher.publishAsync(topic, JSON.stringify({ tag: tag.id, t: Date.now(), v: 0 }), { qos: 1 });
          return ts.server.stream.live.get(tag.id) !== undefined;
        },
        10_000,
        'probe over MQTT',
      );
      const taken = () => ts.server.stream.ingest.stats().bySource.mqtt?.samples ?? 0;
      await waitFor(() => ts.server.stream.live.get(tag.id) !== undefined, 5000, 'probe taken');
      await new Promise((r) => setTimeout(r, 500));
      const before = taken();
      const bomb = await workbook(Array.from({ length: 600 }, (_, i) => [`${i}`.padEnd(5000, 'x')]));
      let done = false;
      const uploads = Promise.all([
        upload(bomb),
        upload(bomb),
        upload(await workbook([['位号', '报警类型', '限值'], ...Array.from({ length: 900 }, (_, i) => [`NO.SUCH.T${i}`, 'HH', i])])),
      ]).finally(() => {
        done = true;
      });
      // A gateway's steady rate (200 values/s, under the broker's default queue of 1,000 for a server that keeps
      // up) for as long as the uploads take: a server whose event loop stalled would stop acknowledging, and the
      // broker would drop what overflows its queue.
      const t0 = Date.now() + 10_000;
      let N = 0;
      while (!done || N < 400) {
        const sends: Promise<unknown>[] = [];
        for (let i = 0; i < 20; i++, N++) {
          sends.push(publisher.publishAsync(topic, JSON.stringify({ tag: tag.id, t: t0 + N, v: N }), { qos: 1 }));
        }
        await Promise.all([...sends, new Promise((r) => setTimeout(r, 100))]);
      }
      const results = await uploads;
      expect(results.map((x) => x.status)).toEqual([413, 413, 200]);
      // Every sample the broker confirmed (publishAsync resolved on its PUBACK) was taken by the server, once each.
      await waitFor(() => taken() - before >= N, 60_000, 'every MQTT sample taken');
      await new Promise((r) => setTimeout(r, 300));
      expect(taken() - before).toBe(N);
    } finally {
      await publisher.endAsync();
    }
  }, 180_000);
});
