import { fenceRuleDelete, fenceRuleList, fenceRuleSave } from '../../../shared/fences/contracts.js';
import { positioningObjectLedger } from '../../../shared/records/ledgers/positioning-object.js';
import type { AuthUser, RequestContext } from '../../http/app.js';
import { unauthorized } from '../../http/errors.js';
import type { MenuSeed } from '../../store/seed-base.js';
import type { ServerModule } from '../index.js';
import { createFenceEngine, type RosterEntry } from '../positioning/fence-engine.js';
import type { RecordItem } from '../../../shared/records/contracts.js';
import { createFencesService } from './fences.service.js';
import { musterBoardCall, musterEnd, musterStart } from '../../../shared/fences/muster-contracts.js';
import { regionHeadCount } from '../../../shared/regions/contracts.js';
import { startMusterOnAlarms } from './muster-auto.js';
import { createMusterService } from './muster.service.js';

function caller(ctx: RequestContext): AuthUser {
  if (!ctx.user) {
    throw unauthorized();
  }
  return ctx.user;
}

/** The seed's on-duty personnel system (menu type 3, spec 1). */
export const PERSONNEL_SYSTEM = '/No.88/PersonnelManagementSystem';
const VIEWERS: MenuSeed['roles'] = ['admin', 'supervisor', 'operator', 'inspector'];

/** Pages of fences, positioning alarms and muster; the seed spells SystesmManeges and IllegaEntryAlarm so. */
export const fenceMenus: MenuSeed[] = [
  { href: PERSONNEL_SYSTEM, name: '在岗人员管理', name_en: 'On-duty personnel', type: 1, eightyEightType: 3, icon: 'team', sort: 300, roles: VIEWERS },
  { href: '/OvercrowdingAlarm', name: '超员报警', name_en: 'Overcrowding alarms', parent: PERSONNEL_SYSTEM, type: 2, eightyEightType: 3, icon: 'team', sort: 50, roles: VIEWERS },
  { href: '/IllegaEntryAlarm', name: '越界报警', name_en: 'Illegal entry alarms', parent: PERSONNEL_SYSTEM, type: 2, eightyEightType: 3, icon: 'lock', sort: 51, roles: VIEWERS },
  { href: '/PersonnelAlert', name: 'SOS 报警', name_en: 'SOS alarms', parent: PERSONNEL_SYSTEM, type: 2, eightyEightType: 3, icon: 'alert', sort: 52, roles: VIEWERS },
  { href: '/StaticAlarm', name: '静止报警', name_en: 'Man-down alarms', parent: PERSONNEL_SYSTEM, type: 2, eightyEightType: 3, icon: 'warning', sort: 53, roles: VIEWERS },
  { href: '/Muster', name: '紧急集合清点', name_en: 'Muster', parent: PERSONNEL_SYSTEM, type: 2, eightyEightType: 3, icon: 'team', sort: 60, roles: ['admin', 'supervisor'] },
  { href: '/SystesmManeges', name: '定位对象管理', name_en: 'Tracked people and vehicles', parent: PERSONNEL_SYSTEM, type: 2, eightyEightType: 3, icon: 'idcard', sort: 90, roles: ['admin', 'supervisor'] },
  { href: '/SystesmManeges/FenceRules', name: '电子围栏规则', name_en: 'Fence rules', parent: PERSONNEL_SYSTEM, type: 2, eightyEightType: 3, icon: 'safety', sort: 91, roles: ['admin', 'supervisor'] },
];

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** A PositioningObject record as the fence engine sees it. */
export function rosterEntryOf(r: RecordItem): RosterEntry | null {
  const card = str(r.card);
  if (!card) {
    return null;
  }
  return {
    id: r.id,
    card,
    kind: r.kind === 'vehicle' ? 1 : 0,
    name: str(r.name) ?? card,
    personType: str(r.personType),
    deptid: num(r.dept),
    workType: num(r.workType),
    certificates: Array.isArray(r.certificates) ? r.certificates.filter((c): c is string => typeof c === 'string') : [],
  };
}

export const fencesModule: ServerModule = {
  name: 'fences',
  menus: fenceMenus,
  register({ http, store, config, services }) {
    const { org, records, alarms, bus, topics } = services;
    let engine: ReturnType<typeof createFenceEngine> | null = null;
    const fences = createFencesService(store, {
      org,
      onRulesChanged: () => void engine?.reloadRules().catch((err: unknown) => http.app.log.error({ err }, 'fence engine: reloading rules failed')),
    });
    engine = createFenceEngine({
      bus,
      alarms,
      trees: () => org.allDeptsAndRegions(),
      rules: () => fences.allRules(),
      roster: async () => (await records.allRecords(positioningObjectLedger)).map(rosterEntryOf).filter((e): e is RosterEntry => e !== null),
      log: http.app.log,
      locator: services.live.regions,
      defaultManDown: config.manDownDefault,
    });
    topics.addSource(engine.channel.source);
    topics.addResolver(engine.channel.resolver);

    http.route(fenceRuleList, async (_in, ctx) => {
      const items = await fences.ruleList(caller(ctx));
      return { items, total: items.length };
    });
    http.route(fenceRuleSave, async (input, ctx) => fences.ruleSave(caller(ctx), input));
    http.route(fenceRuleDelete, async (input, ctx) => {
      await fences.ruleDelete(caller(ctx), input.regionid);
      return { regionid: input.regionid };
    });
    const started = engine;
    http.route(regionHeadCount, async (_in, ctx) => {
      // The caller's regions only (scope applied), so counts never reveal a region they may not see.
      const [visible] = await Promise.all([org.regionList(caller(ctx), { isallregionid: 0 }), started.runOnce()]);
      const counts = started.headCounts();
      const items = visible.map((r) => ({ regionid: r.regionid, people: counts.get(r.regionid)?.people ?? 0, vehicles: counts.get(r.regionid)?.vehicles ?? 0 }));
      return { items, total: items.length };
    });
    const muster = createMusterService(store, { org, live: services.live, roster: () => started.roster(), regions: () => started.regions() });
    http.route(musterStart, async (input, ctx) => muster.start(caller(ctx), input.reason));
    http.route(musterEnd, async (_in, ctx) => muster.end(caller(ctx)));
    http.route(musterBoardCall, async (input, ctx) => muster.board(caller(ctx), input.staleMinutes));
    const auto = startMusterOnAlarms({ events: bus, muster, rule: config.musterAuto, regions: () => started.regions(), log: http.app.log });
    return {
      ready: started.start(),
      stats: () => started.stats(),
      close: async () => {
        await auto.close();
        await started.stop();
      },
    };
  },
};
