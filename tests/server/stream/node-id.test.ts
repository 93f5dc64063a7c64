import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultMqttSession } from '../../../src/server/stream/mqtt-source.js';
import { NODE_ID_FILE, nodeIdIn } from '../../../src/server/stream/node-id.js';

describe('node id and default MQTT session of a server', () => {
  const dirs: string[] = [];
  const folder = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-node-id-'));
    dirs.push(d);
    return d;
  };
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('is created in DATA_DIR on the first start, read back on later ones, and differs between folders', () => {
    const a = folder();
    const id = nodeIdIn(a);
    expect(fs.readFileSync(path.join(a, NODE_ID_FILE), 'utf8').trim()).toBe(id);
    expect(nodeIdIn(a)).toBe(id);
    expect(nodeIdIn(folder())).not.toBe(id);
    // A damaged file gives a new id rather than a broken client id.
    fs.writeFileSync(path.join(a, NODE_ID_FILE), 'x');
    expect(nodeIdIn(a)).toMatch(/^[0-9a-f]{12}$/);
  });

  it('gives servers of one PostgreSQL store ids of their own, each the same across restarts', () => {
    const databaseUrl = 'postgres://db.example/plant';
    const [a, b] = [folder(), folder()];
    const sa = defaultMqttSession({ databaseUrl, dataDir: a }, 600);
    expect(defaultMqttSession({ databaseUrl, dataDir: a }, 600)).toEqual(sa);
    expect(defaultMqttSession({ databaseUrl, dataDir: b }, 600).clientId).not.toBe(sa.clientId);
    expect(sa).toEqual({ clientId: expect.stringMatching(new RegExp(`-${nodeIdIn(a)}$`)) as unknown, sessionExpiry: 600 });
    // SQLite keeps the id it had (one server per folder), without a node-id file.
    const c = folder();
    expect(defaultMqttSession({ dataDir: c }, 600)).toEqual(defaultMqttSession({ dataDir: c }, 600));
    expect(fs.existsSync(path.join(c, NODE_ID_FILE))).toBe(false);
    // Nothing kept in memory: a new id each start and no session at the broker.
    const m = defaultMqttSession({ databaseUrl, dataDir: ':memory:' }, 600);
    expect(m.sessionExpiry).toBe(0);
    expect(defaultMqttSession({ databaseUrl, dataDir: ':memory:' }, 600).clientId).not.toBe(m.clientId);
  });
});
