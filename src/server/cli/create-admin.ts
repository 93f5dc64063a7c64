import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { renderWithIssues } from '../../shared/messages/catalog.js';
import { AppError } from '../http/errors.js';
import { moduleMigrations } from '../modules/index.js';
import { menus } from '../../shared/modules.js';
import { createOrgService } from '../modules/org/org.service.js';
import { migrateToLatest, openStore } from '../store/db.js';
import { createBus } from '../stream/bus.js';
import { syncBaseData } from '../store/seed-base.js';

const usage = 'usage: npm run admin:create -- --loginname NAME --username "NAME" --password PASSWORD [--company "COMPANY NAME"]';

/**
 * Creates an administrator outside demo mode, where no account exists yet.
 * Uses the same store configuration as the server (DATABASE_URL / DATA_DIR).
 * Returns the process exit code.
 */
async function createAdminCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let values: { loginname?: string; username?: string; password?: string; company?: string };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        loginname: { type: 'string' },
        username: { type: 'string' },
        password: { type: 'string' },
        company: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : String(err)}\n${usage}`);
    return 1;
  }
  const missing = (['loginname', 'username', 'password'] as const).filter((k) => !values[k]);
  if (missing.length) {
    console.error(`Missing option(s): ${missing.map((m) => `--${m}`).join(', ')}\n${usage}`);
    return 1;
  }

  const config = loadConfig(env);
  const store = openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(store, moduleMigrations());
    await syncBaseData(store.db, menus);
    // No server runs in this process: the events have no listener here.
    const org = createOrgService(store, config, createBus());
    const { userid } = await org.createAdministrator(
      { loginname: values.loginname!, username: values.username!, password: values.password!, companyName: values.company },
      { userid: null, loginname: 'cli' },
    );
    console.log(`Administrator created: ${values.loginname} (userid ${userid}, store ${store.dialect})`);
    return 0;
  } catch (err) {
    if (err instanceof AppError) {
      // The terminal's locale picks the language of the refusal.
      console.error(renderWithIssues(/^zh/i.test(env.LANG ?? '') ? 'zh' : 'en', err.code, err.params, err.issues));
    } else {
      console.error(`Could not create the administrator: ${err instanceof Error ? err.message : String(err)}`);
    }
    return 1;
  } finally {
    await store.close();
  }
}

process.exitCode = await createAdminCli(process.argv.slice(2));
