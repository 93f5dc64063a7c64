import { describe, expect, it } from 'vitest';
import { pageRoutes } from '../../../src/client/app/routes';
import { isPathPermitted } from '../../../src/client/shell/route-table';

/*
 * With IsNeedMenuPermissions 1 a page opens only when it is in the user's
 * menu (seed 1 §4.1). The seed spells some pages two ways, `/X` in the menu
 * and `/X/index` in links (seed 2, seed 3): both are the same page. Pages
 * reached from another (seed 3 /OutSide, the alarm audit detail) are
 * permitted with it.
 */

/** The menu hrefs the server sends an administrator for these pages (positioning, fences and alarm modules). */
const adminMenu = [
  '/PersonnelPositioning',
  '/ResearchersTrack',
  '/PositionManagement',
  '/VehicleTrajectory',
  '/StatisticsReport',
  '/OvercrowdingAlarm',
  '/IllegaEntryAlarm',
  '/PersonnelAlert',
  '/StaticAlarm',
  '/Muster',
  '/SystesmManeges',
  '/alarmAduit/alarmAduit',
];

describe('menu permission and the seed spellings of a page', () => {
  // Pages spelt `/X/index` beside a page `/X` (the seed's second spelling); a page whose only spelling ends in
  // /index (`/DangerThreeCards/index`, its menu href too) is an ordinary page.
  const indexPaths = pageRoutes
    .map((r) => r.path)
    .filter((p) => p.endsWith('/index') && pageRoutes.some((r) => r.path === p.slice(0, -'/index'.length)));

  it('knows the eleven seed pages spelt …/index, each beside its menu spelling', () => {
    expect(indexPaths).toHaveLength(11);
  });

  it.each(indexPaths)('%s opens for a user whose menu has it without /index', (path) => {
    expect(isPathPermitted(path, adminMenu, pageRoutes)).toBe(true);
  });

  it.each([
    ['/OutSide/Location', '/PersonnelPositioning'],
    ['/OutSide/Trajectory', '/ResearchersTrack'],
    ['/alarmAduit/alarmAduitDetail', '/alarmAduit/alarmAduit'],
  ])('%s opens with %s in the menu, not without it', (path, menu) => {
    expect(isPathPermitted(path, adminMenu, pageRoutes)).toBe(true);
    expect(isPathPermitted(path, adminMenu.filter((m) => m !== menu), pageRoutes)).toBe(false);
  });

  it('the other way round too (a menu entry spelt …/index), and a page outside the menu stays closed', () => {
    expect(isPathPermitted('/Muster', ['/Muster/index'], pageRoutes)).toBe(true);
    expect(isPathPermitted('/Muster/index', ['/PersonnelPositioning'], pageRoutes)).toBe(false);
    expect(isPathPermitted('/PersonnelPositioning/replay', ['/PersonnelPositioning'], pageRoutes)).toBe(false);
  });
});
