import { definePages, page } from '../../app/route-types';

/** Fence rules and muster (DOMAIN §4). Titles come from the menu and page declarations of the shared manifests. */
export const fencesPages = definePages([
  page('/SystesmManeges/FenceRules', () => import('./fence-rules-page'), 'FenceRulesPage'),
  page('/Muster', () => import('./muster-page'), 'MusterPage'),
  page('/Muster/index', () => import('./muster-page'), 'MusterPage'),
]);
