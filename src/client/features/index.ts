import type { PageRoute } from '../app/route-types';
import { alarmsPages } from './alarms/routes';
import { certificatesPages } from './certificates/routes';
import { commitmentsPages } from './commitments/routes';
import { chemicalsPages } from './chemicals/routes';
import { performanceBoardPages } from './performance-board/routes';
import { dashboardsPages } from './dashboards/routes';
import { documentsPages } from './documents/routes';
import { drawingsPages } from './drawings/routes';
import { fencesPages } from './fences/routes';
import { hiddenDangersPages } from './hidden-dangers/routes';
import { ingestPages } from './ingest/routes';
import { inspectionsPages } from './inspections/routes';
import { majorHazardPages } from './major-hazard/routes';
import { occupationalHealthPages } from './occupational-health/routes';
import { orgPages } from './org/routes';
import { permitsPages } from './permits/routes';
import { plantModelPages } from './plant-model/routes';
import { positioningPages } from './positioning/routes';
import { realtimePages } from './realtime/routes';
import { recordsPages } from './records/routes';
import { regionsPages } from './regions/routes';
import { riskPages } from './risk/routes';
import { riskWarningPages } from './risk-warning/routes';

/** Every feature's pages, one line each (ARCHITECTURE.md §9); the shell's own pages are in app/routes.tsx. */
export const featurePages: PageRoute[] = [
  ...orgPages,
  ...ingestPages,
  ...realtimePages,
  ...alarmsPages,
  ...regionsPages,
  ...recordsPages,
  ...fencesPages,
  ...positioningPages,
  ...certificatesPages,
  ...documentsPages,
  ...riskPages,
  ...riskWarningPages,
  ...majorHazardPages,
  ...dashboardsPages,
  ...permitsPages,
  ...plantModelPages,
  ...drawingsPages,
  ...hiddenDangersPages,
  ...chemicalsPages,
  ...performanceBoardPages,
  ...inspectionsPages,
  ...commitmentsPages,
  ...occupationalHealthPages,
];
