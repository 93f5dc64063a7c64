import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** A server running as a real process of its own, for restarts, kill -9 and second-server tests. */
export interface ServerProcess {
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  out: () => string;
  /** Its base URL once it listens; rejects if it exits first. */
  url: Promise<string>;
  exited: Promise<number | null>;
  /** SIGKILL unless it has already exited; resolves when it has. */
  kill: () => Promise<void>;
}

/**
 * `npm run serve` as its own process: node with tsx, on a free port, without
 * the built client. `env` adds to (and overrides) the defaults: demo data off,
 * simulator off, no MQTT, log level info (the "listening" line gives the URL).
 */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DEMO: '0', SIMULATOR: '0', MQTT_URL: '', LOG_LEVEL: 'info', CLIENT_DIR: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = new Promise<string>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /Plantwatch listening on (http:\/\/[0-9.:]+)/.exec(out);
      if (m) {
        resolve(m[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then(() => reject(new Error(`server exited before listening:\n${out.slice(-2000)}`)));
  });
  // Callers that never await the URL (a server expected to refuse to start) must not see an unhandled rejection.
  url.catch(() => undefined);
  return {
    child,
    out: () => out,
    url,
    exited,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
      }
      await exited;
    },
  };
}
