import { definePages, page } from '../../app/route-types';

/** Safety risk zoning (issue 21): the four-colour map, the zones as a table, the risk point register. */
export const riskPages = definePages([
  page('/riskFourColorMap', () => import('./risk-map-page'), 'RiskMapPage'),
  page('/riskTable', () => import('./risk-table-page'), 'RiskTablePage'),
  page('/RiskControll/RiskPoint', () => import('./risk-points-page'), 'RiskPointsPage'),
  // risk-b: the palette, the national base map, work in progress (issue 21 §4).
  page('/MapColors', () => import('./map-colors-page'), 'MapColorsPage'),
  page('/WorldMap', () => import('./world-map-page'), 'WorldMapPage'),
  page('/regionOperationRiskMap', () => import('./operation-risk-map-page'), 'OperationRiskMapPage'),
]);
