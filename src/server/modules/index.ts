import { alarmsModule } from './alarms/index.js';
import { authModule } from './auth/index.js';
import { certificatesModule } from './certificates/index.js';
import { chemicalsModule } from './chemicals/index.js';
import { performanceBoardModule } from './performance-board/index.js';
import { dashboardsModule } from './dashboards/index.js';
import { documentsModule } from './documents/index.js';
import { drawingsModule } from './drawings/index.js';
import { fencesModule } from './fences/index.js';
import { hiddenDangersModule } from './hidden-dangers/index.js';
import { ingestModule } from './ingest/index.js';
import { inspectionsModule } from './inspections/index.js';
import { majorHazardModule } from './major-hazard/index.js';
import type { ModuleMigration, ServerModule } from './module.js';
import { occupationalHealthModule } from './occupational-health/index.js';
import { orgModule } from './org/index.js';
import { permitsModule } from './permits/index.js';
import { plantModelModule } from './plant-model/index.js';
import { positioningModule } from './positioning/index.js';
import { realtimeModule } from './realtime/index.js';
import { recordsModule } from './records/index.js';
import { regionsModule } from './regions/index.js';
import { riskModule } from './risk/index.js';
import { riskMapModule } from './risk-map/index.js';
import { riskWarningModule } from './risk-warning/index.js';
import { commitmentsModule } from './commitments/index.js';
import { shellModule } from './shell/index.js';

/**
 * The server's modules, one line each (ARCHITECTURE.md §9). Order does not
 * matter: the server starts them in the order their ports require. Switch a
 * module off by removing its line (and its line in `shared/modules.ts` and
 * `client/features/index.ts`).
 */
export const modules: readonly ServerModule[] = [
  orgModule,
  authModule,
  shellModule,
  regionsModule,
  realtimeModule,
  ingestModule,
  recordsModule,
  alarmsModule,
  positioningModule,
  fencesModule,
  certificatesModule,
  documentsModule,
  riskModule,
  majorHazardModule,
  dashboardsModule,
  permitsModule,
  plantModelModule,
  drawingsModule,
  hiddenDangersModule,
  chemicalsModule,
  performanceBoardModule,
  inspectionsModule,
  occupationalHealthModule,
  commitmentsModule,
  riskMapModule,
  riskWarningModule,
];

/** Every module's migrations by name, for `migrateToLatest` (which adds the platform's own). */
export function moduleMigrations(): Record<string, ModuleMigration> {
  const out: Record<string, ModuleMigration> = {};
  for (const m of modules) {
    for (const [name, migration] of Object.entries(m.migrations ?? {})) {
      if (name in out) {
        throw new Error(`migration ${name} is declared by two modules (again by ${m.name})`);
      }
      out[name] = migration;
    }
  }
  return out;
}
