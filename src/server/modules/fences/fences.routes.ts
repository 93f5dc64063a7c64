import { fenceRuleDelete, fenceRuleList, fenceRuleSave } from '../../../shared/fences/contracts.js';
import { positioningObjectLedger } from '../../../shared/records/ledgers/positioning-object.js';
import type { Config } from '../../config.js';
import { caller, type HttpApp } from '../../http/app.js';
import type { Store } from '../../store/db.js';
import type { AlarmsPort } from '../alarms/port.js';
import type { Platform, Started } from '../module.js';
import type { OrgPort } from '../org/port.js';
import type { RecordsPort } from '../records/port.js';

import { createFenceEngine, type RosterEntry } from './fence-engine.js';
import type { RecordItem } from '../../../shared/records/contracts.js';
import { createFencesService } from './fences.service.js';
import { musterBoardCall, musterEnd, musterStart } from '../../../shared/fences/muster-contracts.js';
import { regionHeadCount } from '../../../shared/regions/contracts.js';
import { startMusterOnAlarms } from './muster-auto.js';
import { createMusterService } from './muster.service.js';

export interface FencesDeps {
  http: HttpApp;
  store: Store;
  config: Config;
  stream: Platform['stream'];
  org: OrgPort;
  records: RecordsPort;
  alarms: AlarmsPort;
  /** The plant's lease: the server holding it raises the positioning alarms. */
  lease: Platform['lease'];
}

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

/**
 * The fence engine (DOMAIN §4: overcrowding, under-manning, illegal entry,
 * overstay, man-down, SOS, gathering), head counts on `area.count`, the fence
 * rules and muster; started by the fences module.
 */
export function startFences({ http, store, config, stream, org, records, alarms, lease }: FencesDeps): Started<never> {
  const { bus, topics } = stream;
  let engine: ReturnType<typeof createFenceEngine> | null = null;
  const fences = createFencesService(store, {
    org,
    onRulesChanged: () =>
      void engine?.reloadRules().catch((err: unknown) => http.app.log.error({ err }, 'fence engine: reloading rules failed')),
  });
  engine = createFenceEngine({
    bus,
    alarms,
    trees: () => org.allDeptsAndRegions(),
    rules: () => fences.allRules(),
    roster: async () => (await records.allRecords(positioningObjectLedger)).map(rosterEntryOf).filter((e): e is RosterEntry => e !== null),
    log: http.app.log,
    locator: stream.live.regions,
    defaultManDown: config.manDownDefault,
    owns: () => lease.held(),
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
    const items = visible.map((r) => ({
      regionid: r.regionid,
      people: counts.get(r.regionid)?.people ?? 0,
      vehicles: counts.get(r.regionid)?.vehicles ?? 0,
    }));
    return { items, total: items.length };
  });
  const muster = createMusterService(store, { org, live: stream.live, roster: () => started.roster(), regions: () => started.regions() });
  http.route(musterStart, async (input, ctx) => muster.start(caller(ctx), input.reason));
  http.route(musterEnd, async (_in, ctx) => muster.end(caller(ctx)));
  http.route(musterBoardCall, async (input, ctx) => muster.board(caller(ctx), input.staleMinutes));
  const auto = startMusterOnAlarms({ events: bus, muster, rule: config.musterAuto, regions: () => started.regions(), log: http.app.log });
  return {
    // Taking the lease over (after the alarm engine has restored what is open): the engine reconciles with the open alarms.
    ready: started.start().then(() => lease.follow({ take: () => started.takeOver(), drop: () => undefined })),
    stats: () => started.stats(),
    close: async () => {
      await auto.close();
      await started.stop();
    },
  };
}
