import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { dashboardDefinition, migrateDefinition, type DashboardDefinition } from '../../../shared/dashboards/definition.js';

/** The default big-screen dashboards, one JSON file each, at the repository root (ARCHITECTURE.md §2). */
export const DEFAULT_DASHBOARDS_DIR = path.resolve('dashboards');

/**
 * Reads and validates every `*.json` of `dir`. A file that does not parse or
 * validate stops the start with its name and the field, so a broken default
 * never reaches a wall screen.
 */
export function loadDefaultDashboards(dir = DEFAULT_DASHBOARDS_DIR): DashboardDefinition[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return files.map((f) => {
    const raw: unknown = JSON.parse(readFileSync(path.join(dir, f), 'utf8'));
    const parsed = dashboardDefinition.safeParse(migrateDefinition(raw));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`dashboards/${f}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? 'invalid'}`);
    }
    if (`${parsed.data.key}.json` !== f) {
      throw new Error(`dashboards/${f}: the file must be named after its key (${parsed.data.key}.json)`);
    }
    return parsed.data;
  });
}
