import { definePages, page } from '../../app/route-types';

/** Process drawings (issue 23 §4). */
export const drawingsPages = definePages([
  page('/NewSvg/SvgConfig', () => import('./drawings-pages'), 'SvgConfigPage'),
  page('/NewSvg/SvgEdit', () => import('./svg-editor-page'), 'SvgEditPage'),
  page('/SvgShow', () => import('./drawings-pages'), 'SvgShowPage'),
]);
