import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../src/server/config.js';
import { createServer, type PlantwatchServer } from '../../../../src/server/server.js';
import { getUserInfo } from '../../../../src/shared/auth/contracts.js';
import { auditLogList, dataIsolationDept } from '../../../../src/shared/org/contracts.js';
import { call, login } from '../../../helpers/api.js';
import { dialects, freshDatabase } from '../../../helpers/server.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
// Each run starts tsx, which takes seconds on a busy machine.
const CLI_TIMEOUT = 90_000;

function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['src/server/cli/create-admin.ts', ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe.each(dialects)('admin:create CLI (%s)', (dialect) => {
  let dataDir: string;
  let env: Record<string, string>;
  let drop: () => Promise<void> = async () => {};
  let server: PlantwatchServer | undefined;
  let url: string;
  const password = 'Install2026pw';

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-admin-'));
    env = { DATA_DIR: dataDir, DEMO: '0', DATABASE_URL: '', LOG_LEVEL: 'warn' };
    if (dialect === 'postgres') {
      const fresh = await freshDatabase('postgres');
      env.DATABASE_URL = fresh.databaseUrl!;
      drop = () => fresh.drop();
    }
  });
  afterAll(async () => {
    await server?.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'creates the first administrator on an empty installation',
    async () => {
      const r = await runCli(['--loginname', 'root', '--username', 'Plant Admin', '--password', password, '--company', '示例化工'], env);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('root');
    },
    CLI_TIMEOUT,
  );

  it(
    'refuses a weak password, an existing login name and missing options with exit code 1',
    async () => {
      // One after another: concurrent processes starting on one SQLite file can collide on the schema sync.
      const weak = await runCli(['--loginname', 'second', '--username', 'Second', '--password', 'password'], env);
      const dup = await runCli(['--loginname', 'root', '--username', 'Again', '--password', 'Another2026pw'], env);
      const missing = await runCli(['--loginname', 'third'], env);
      expect(weak.code).toBe(1);
      expect(weak.stderr).toMatch(/Password too weak/);
      expect(dup.code).toBe(1);
      expect(dup.stderr).toMatch(/Login name already exists/);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toMatch(/--username, --password/);
    },
    CLI_TIMEOUT,
  );

  it('the administrator can sign in to a non-demo server, sees everything, and the creation is audited as cli', async () => {
    const config = { ...loadConfig(env), host: '127.0.0.1', port: 0, clientDir: '/nonexistent' };
    expect(config.demo).toBe(false);
    server = await createServer(config);
    url = await server.listen();

    const signIn = await login(url, 'root', password);
    expect(signIn.body.IsSuccess).toBe(true);
    expect(signIn.body.data!.userInfo.isNeedChangePassword).toBe(0);
    const token = signIn.body.data!.accessToken;

    const info = await call(url, getUserInfo, {}, token);
    expect(info.body.data!.roles).toEqual(['admin']);
    expect(info.body.data!.username).toBe('Plant Admin');

    const depts = await call(url, dataIsolationDept, {}, token);
    expect(depts.body.data).toEqual([expect.objectContaining({ deptname: '示例化工', parentdeptid: 0 })]);

    const log = await call(url, auditLogList, { loginname: 'cli' }, token);
    expect(log.body.data!.items.map((i) => `${i.action} ${i.entity}`).sort()).toEqual(['create company', 'create dept', 'create users']);

    // Demo accounts were never seeded.
    expect((await login(url, 'admin', password)).body.IsSuccess).toBe(false);
  });
});
