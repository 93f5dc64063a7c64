import { type PlantLayout, type Pt, distance, insideRegion, toLonLat } from './plant-layout.js';
import { type Rng, rngFor } from '../common/prng.js';
import type { RoadNetwork } from './road-network.js';

/**
 * People and tank trucks moving through the plant: along the roads between
 * places, with a short straight walk from the road to the place itself. Each
 * mover carries a plan (go, dwell, …) that its role refills when empty.
 */

export type PersonRole = 'operator' | 'inspector' | 'contractor' | 'visitor' | 'staff';

export interface Person {
  /** Positioning card id; the SOS tag is `person.<card>.sos`. */
  card: string;
  name: string;
  role: PersonRole;
  /** Shift team 0 (00–08), 1 (08–16), 2 (16–24) local time; null: day work 08–17; 'always': on site all the time (benchmarks). */
  team: 0 | 1 | 2 | null | 'always';
  /** Region code the person works in; '*' for inspectors (the whole plant). */
  area: string;
}

export interface Place {
  id: string;
  at: Pt;
  node: number;
  region: string;
  kind: string;
}

export type Phase = 'road' | 'access' | 'dwell' | 'still' | 'offsite';

export interface MoverSnapshot {
  id: string;
  kind: 'person' | 'vehicle';
  role: PersonRole | 'truck';
  phase: Phase;
  x: number;
  y: number;
  place: string;
}

type Step =
  | { type: 'go'; place: string; free?: boolean }
  | { type: 'dwell'; s: number }
  | { type: 'still'; s: number }
  | { type: 'act'; run: () => void }
  | { type: 'leave' };

interface Segment {
  a: Pt;
  b: Pt;
  len: number;
  phase: 'road' | 'access';
}

/** Regions people without authorisation stay out of (DOMAIN.md §4: red and orange regions restrict by default). */
export const DEFAULT_RESTRICTED_REGIONS = ['TF-B'];

const PERSON_SPEED = 1.3;
const TRUCK_SPEED = 4;
/** Position noise: tags are accurate to ±3 m static, ±5 m moving (AQ 3064.3-2025); σ well inside that. */
const PERSON_SIGMA = 0.8;
const TRUCK_SIGMA = 0.3;

interface Mover {
  id: string;
  kind: 'person' | 'vehicle';
  role: PersonRole | 'truck';
  rng: Rng;
  speed: number;
  sigma: number;
  onSite: boolean;
  place: string;
  pos: Pt;
  plan: Step[];
  legs: Segment[];
  legIdx: number;
  legPos: number;
  dwellS: number;
  stillS: number;
  /** Ignore restricted regions when routing (authorised people, and the scripted intruder). */
  authorised: boolean;
  freeRoute: boolean;
  refill: (m: Mover) => Step[];
  /** Last reported position (with noise). */
  shown: Pt;
}

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙', '胡', '朱', '高', '林', '何', '郭', '马', '罗'];
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '艳',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀英',
  '华',
  '平',
  '刚',
  '建国',
  '海燕',
  '志强',
  '丽',
];

/** Operators of one shift team by area (14 a shift). */
const OPERATOR_AREAS = ['TF-A', 'TF-A', 'TF-B', 'TF-C', 'PU-1', 'PU-1', 'PU-2', 'PU-2', 'PU-3', 'PU-3', 'LS', 'LS', 'UT', 'WH'];
const CONTRACTOR_AREAS = ['PU-2', 'PU-2', 'PU-2', 'PU-2', 'PU-1', 'PU-1', 'PU-1', 'UT', 'UT', 'UT', 'WH', 'WH', 'PU-2'];

/**
 * The demo roster: 3 operator teams of 14 and 3 inspector teams of 4 on
 * 8-hour shifts, and day workers (26 contractors, 8 visitors, 8 lab and
 * office staff). About 60 on site by day, 18 at night. Depends on nothing but
 * the count, so SOS tags stay the same whatever the simulator seed.
 */
export function demoRoster(): Person[] {
  const out: Person[] = [];
  const add = (role: PersonRole, team: Person['team'], area: string) => {
    const i = out.length;
    out.push({
      card: `P-${String(i + 1).padStart(4, '0')}`,
      name: SURNAMES[i % SURNAMES.length] + GIVEN[(i * 7 + Math.floor(i / SURNAMES.length)) % GIVEN.length],
      role,
      team,
      area,
    });
  };
  for (const team of [0, 1, 2] as const) {
    for (const area of OPERATOR_AREAS) {
      add('operator', team, area);
    }
    for (let k = 0; k < 4; k++) {
      add('inspector', team, '*');
    }
  }
  for (let k = 0; k < 26; k++) {
    add('contractor', null, CONTRACTOR_AREAS[k % CONTRACTOR_AREAS.length]);
  }
  for (let k = 0; k < 8; k++) {
    add('visitor', null, 'OF');
  }
  for (let k = 0; k < 8; k++) {
    add('staff', null, k < 4 ? 'CR' : 'OF');
  }
  return out;
}

/**
 * Where a person dwelling at a place works now: people at work move about
 * (a new spot within 5 m every 45 s), so a fence's man-down rule tells them
 * from someone lying still. Derived from id and time, not from the mover's
 * random stream, so the rest of the simulation stays as it was.
 */
export function workSpot(at: Pt, id: string, simTime: number): Pt {
  const slot = Math.floor(simTime / 45_000);
  let h = 2166136261;
  for (const ch of `${id}:${slot}`) {
    h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  }
  const a = ((h >>> 0) % 3600) / 3600;
  const r = (((h >>> 12) % 1000) / 1000) * 5;
  return { x: at.x + r * Math.cos(a * 2 * Math.PI), y: at.y + r * Math.sin(a * 2 * Math.PI) };
}

/** Local hour of day (0–24) at a simulated time. */
export function localHour(simTime: number, utcOffsetHours: number): number {
  const local = simTime + utcOffsetHours * 3600_000;
  return (((local % 86_400_000) + 86_400_000) % 86_400_000) / 3600_000;
}

/** Whether a person is due on site: shift hours, widened by a personal offset of up to ±10 min for arriving and handing over. */
export function onShift(p: Person, hour: number, offsetH: number): boolean {
  if (p.team === 'always') {
    return true;
  }
  const h = (hour - offsetH + 24) % 24;
  if (p.team === null) {
    return h >= 8 && h < 17;
  }
  const start = p.team * 8;
  // Arrive 10 minutes early, leave after the handover.
  return (h - start + 24 + 10 / 60) % 24 < 8 + 10 / 60;
}

export interface MoversOptions {
  layout: PlantLayout;
  net: RoadNetwork;
  seed: number;
  people: Person[];
  trucks: number;
  utcOffsetHours: number;
  restrictedRegions?: string[];
  /** Called when a truck connects and disconnects the earthing clamp and starts/stops loading at a bay. */
  onBay?: (bay: string, state: { earthing: boolean; loading: boolean }) => void;
}

export interface Movers {
  step(simTime: number, dtS: number): void;
  /** Positions of everyone on site: lon/lat plus the card or truck id. */
  positions(): { id: string; kind: 'person' | 'vehicle'; lon: number; lat: number }[];
  snapshot(): MoverSnapshot[];
  places: Map<string, Place>;
  /** People on site matching a predicate, in roster order. */
  onSitePeople(pred?: (p: Person) => boolean): Person[];
  /** Makes a person stand still (man-down) for s seconds, wherever they are. */
  still(card: string, s: number): void;
  /**
   * Sends a person to a place at once (from the next road junction when
   * walking), ignoring restrictions, to dwell there, then back to routine.
   */
  detour(card: string, place: string, dwellS: number): void;
  /** Where a mover is now (local metres), null when off site. */
  where(id: string): Pt | null;
  bayState(code: string): { earthing: boolean; loading: boolean };
}

export function createMovers(opts: MoversOptions): Movers {
  const { layout, net } = opts;
  const restricted = layout.regions.filter((r) => (opts.restrictedRegions ?? DEFAULT_RESTRICTED_REGIONS).includes(r.code));
  const inRestricted = (p: Pt) => restricted.some((r) => insideRegion(p, r));
  const penalty = (mid: Pt) => (inRestricted(mid) ? 30 : 1);

  const places = new Map<string, Place>();
  const addPlace = (id: string, at: Pt, region: string, kind: string) => {
    places.set(id, { id, at, region, kind, node: net.attach(at) });
  };
  // Equipment is visited from its side facing the nearest road, not its centre.
  const besideEquipment = (at: Pt, radius: number): Pt => {
    const road = net.nearest(at).point;
    const d = distance(at, road);
    if (d < 1e-6) {
      return at;
    }
    const k = Math.min(1, (radius + 3) / d);
    return { x: at.x + (road.x - at.x) * k, y: at.y + (road.y - at.y) * k };
  };
  for (const b of layout.buildings) {
    addPlace(b.code, b.at, b.region, typeof b.props.building_kind === 'string' ? b.props.building_kind : 'building');
  }
  for (const v of [...layout.tanks, ...layout.spheres]) {
    addPlace(v.code, besideEquipment(v.at, v.diameter_m / 2), v.region, v.kind);
  }
  for (const u of layout.units) {
    const d = typeof u.props.diameter_m === 'number' ? u.props.diameter_m : 4;
    addPlace(u.code, besideEquipment(u.at, d / 2), u.region, 'unit');
  }
  for (const b of layout.loadingBays) {
    addPlace(b.code, b.at, b.region, 'loading_bay');
  }
  for (const g of layout.gates) {
    addPlace(g.code, g.at, g.region, 'gate');
  }

  const byKind = (kind: string) => [...places.values()].filter((p) => p.kind === kind);
  const first = (list: Place[], fallback: Place): Place => (list.length ? list[0] : fallback);
  if (!places.size) {
    throw new Error('plant layout has no places to walk to');
  }
  const anyPlace = [...places.values()][0];
  const gates = byKind('gate');
  const peopleGate = first(
    gates.filter((g) => g.region === 'GT-N' || /N$/.test(g.id)),
    first(gates, anyPlace),
  );
  const truckGate = first(
    gates.filter((g) => g.region === 'GT-S' || /S$/.test(g.id)),
    peopleGate,
  );
  const controlRoom = first(byKind('control_room'), peopleGate);
  const office = first(
    byKind('office').filter((p) => p.region === 'OF'),
    controlRoom,
  );
  const canteen = first(byKind('canteen'), office);
  const lab = first(byKind('laboratory'), controlRoom);
  const weighbridge = first(byKind('weighbridge'), truckGate);
  const bays = byKind('loading_bay');
  const equipmentKinds = new Set([
    'tank',
    'sphere',
    'unit',
    'loading_bay',
    'pump_shed',
    'compressor_house',
    'pump_house',
    'warehouse',
    'boiler_house',
    'substation',
    'wastewater',
    'cylinder_store',
    'foam_station',
    'waste_store',
    'cooling_tower',
  ]);
  // Places by region, computed once: a generated plant has tens of thousands of them.
  const equipment = [...places.values()].filter((p) => equipmentKinds.has(p.kind));
  const equipmentByRegion = new Map<string, Place[]>();
  const placesByRegion = new Map<string, Place[]>();
  for (const p of places.values()) {
    placesByRegion.set(p.region, [...(placesByRegion.get(p.region) ?? []), p]);
  }
  for (const p of equipment) {
    equipmentByRegion.set(p.region, [...(equipmentByRegion.get(p.region) ?? []), p]);
  }
  const inArea = (area: string): Place[] => (area === '*' ? equipment : (equipmentByRegion.get(area) ?? []));
  const homes = new Map<string, Place>();
  const homeOf = (area: string): Place => {
    let home = homes.get(area);
    if (!home) {
      const local = placesByRegion.get(area) ?? [];
      home =
        local.find((p) => p.kind === 'rack_room') ??
        local.find((p) => p.kind === 'office') ??
        local.find((p) => p.kind.endsWith('house') || p.kind === 'pump_shed') ??
        controlRoom;
      homes.set(area, home);
    }
    return home;
  };
  const samplingPoints = [...places.values()].filter((p) => p.kind === 'unit');

  const personOf = new Map(opts.people.map((p) => [p.card, p]));
  const movers: Mover[] = [];
  const byId = new Map<string, Mover>();
  const bayStates = new Map<string, { earthing: boolean; loading: boolean }>(bays.map((b) => [b.id, { earthing: false, loading: false }]));
  const bayBusy = new Set<string>();
  const shiftOffset = new Map<string, number>();

  function refillPerson(m: Mover): Step[] {
    const p = personOf.get(m.id)!;
    const r = m.rng;
    const minutes = (a: number, b: number) => r.range(a, b) * 60;
    switch (p.role) {
      case 'operator': {
        const home = homeOf(p.area);
        const points = inArea(p.area);
        const round: Step[] = [];
        for (let i = 0, n = 3 + r.int(3); i < n && points.length; i++) {
          round.push({ type: 'go', place: r.pick(points).id }, { type: 'dwell', s: r.range(60, 240) });
        }
        return [{ type: 'go', place: home.id }, { type: 'dwell', s: minutes(10, 30) }, ...round];
      }
      case 'inspector': {
        const points = inArea('*');
        const out: Step[] = [];
        for (let i = 0, n = 6 + r.int(4); i < n && points.length; i++) {
          out.push({ type: 'go', place: r.pick(points).id }, { type: 'dwell', s: r.range(120, 300) });
        }
        return [...out, { type: 'go', place: controlRoom.id }, { type: 'dwell', s: minutes(5, 15) }];
      }
      case 'contractor': {
        const points = inArea(p.area);
        const site = points.length ? r.pick(points) : office;
        const out: Step[] = [
          { type: 'go', place: site.id },
          { type: 'dwell', s: minutes(30, 90) },
        ];
        if (r.chance(0.3)) {
          out.push({ type: 'go', place: canteen.id }, { type: 'dwell', s: minutes(10, 20) });
        }
        return out;
      }
      case 'visitor':
        return [
          { type: 'go', place: office.id },
          { type: 'dwell', s: minutes(20, 60) },
          { type: 'go', place: r.chance(0.5) ? controlRoom.id : lab.id },
          { type: 'dwell', s: minutes(10, 30) },
        ];
      case 'staff':
        if (p.area === 'CR' && samplingPoints.length) {
          // Lab technicians take process samples at the units.
          return [
            { type: 'go', place: lab.id },
            { type: 'dwell', s: minutes(20, 40) },
            { type: 'go', place: r.pick(samplingPoints).id },
            { type: 'dwell', s: r.range(120, 300) },
          ];
        }
        return [
          { type: 'go', place: office.id },
          { type: 'dwell', s: minutes(30, 90) },
          ...(r.chance(0.3) ? [{ type: 'go', place: canteen.id } as Step, { type: 'dwell', s: minutes(10, 20) } as Step] : []),
        ];
    }
  }

  function refillTruck(m: Mover): Step[] {
    const free = bays.filter((b) => !bayBusy.has(b.id));
    if (!free.length) {
      // Waits at the gate until a bay frees up.
      return [{ type: 'dwell', s: 60 }];
    }
    const bay = m.rng.pick(free);
    bayBusy.add(bay.id);
    const set = (s: { earthing: boolean; loading: boolean }) => () => {
      bayStates.set(bay.id, s);
      opts.onBay?.(bay.id, s);
    };
    return [
      { type: 'go', place: weighbridge.id },
      { type: 'dwell', s: 60 },
      { type: 'go', place: bay.id },
      // Earthing before any transfer, released only after it stops (GB 13348 static safety).
      { type: 'act', run: set({ earthing: true, loading: false }) },
      { type: 'dwell', s: 60 },
      { type: 'act', run: set({ earthing: true, loading: true }) },
      { type: 'dwell', s: m.rng.range(12, 18) * 60 },
      { type: 'act', run: set({ earthing: true, loading: false }) },
      { type: 'dwell', s: 60 },
      { type: 'act', run: set({ earthing: false, loading: false }) },
      { type: 'act', run: () => bayBusy.delete(bay.id) },
      { type: 'go', place: weighbridge.id },
      { type: 'dwell', s: 60 },
      { type: 'go', place: truckGate.id },
      { type: 'leave' },
    ];
  }

  for (const p of opts.people) {
    const rng = rngFor(opts.seed, `person:${p.card}`);
    shiftOffset.set(p.card, rng.range(-10, 10) / 60);
    const m: Mover = {
      id: p.card,
      kind: 'person',
      role: p.role,
      rng,
      speed: PERSON_SPEED * rng.range(0.85, 1.15),
      sigma: PERSON_SIGMA,
      onSite: false,
      place: peopleGate.id,
      pos: peopleGate.at,
      plan: [],
      legs: [],
      legIdx: 0,
      legPos: 0,
      dwellS: 0,
      stillS: 0,
      authorised: p.role === 'inspector' || restricted.some((r) => r.code === p.area),
      freeRoute: false,
      refill: refillPerson,
      shown: peopleGate.at,
    };
    movers.push(m);
    byId.set(m.id, m);
  }
  const trucks: Mover[] = [];
  for (let i = 0; i < opts.trucks; i++) {
    const id = `TRK-${String(i + 1).padStart(2, '0')}`;
    const rng = rngFor(opts.seed, `truck:${id}`);
    const m: Mover = {
      id,
      kind: 'vehicle',
      role: 'truck',
      rng,
      speed: TRUCK_SPEED,
      sigma: TRUCK_SIGMA,
      onSite: false,
      place: truckGate.id,
      pos: truckGate.at,
      plan: [],
      legs: [],
      legIdx: 0,
      legPos: 0,
      dwellS: 0,
      stillS: 0,
      authorised: false,
      freeRoute: false,
      refill: refillTruck,
      shown: truckGate.at,
    };
    movers.push(m);
    trucks.push(m);
    byId.set(id, m);
  }
  /** Trucks arrive one after another, every 3–8 minutes. */
  const truckRng = rngFor(opts.seed, 'truck-arrivals');
  let nextTruckS = 20;

  /** The walk from where the mover stands (a place, or a road leading to `viaNode`) to a target place. */
  function legsTo(m: Mover, target: Place, viaNode?: number): Segment[] {
    const fromNode = viaNode ?? (places.get(m.place) ?? peopleGate).node;
    const segs: Segment[] = [];
    const push = (a: Pt, b: Pt, phase: Segment['phase']) => {
      const len = distance(a, b);
      if (len > 1e-6) {
        segs.push({ a, b, len, phase });
      }
    };
    const startNode = net.nodes[fromNode];
    push(m.pos, startNode, viaNode === undefined ? 'access' : 'road');
    const free = m.authorised || m.freeRoute;
    const path = net.route(fromNode, target.node, free ? undefined : penalty, free ? '' : 'restricted') ?? [
      startNode,
      net.nodes[target.node],
    ];
    for (let i = 1; i < path.length; i++) {
      push(path[i - 1], path[i], 'road');
    }
    push(net.nodes[target.node], target.at, 'access');
    return segs;
  }

  function spawn(m: Mover, at: Place) {
    m.onSite = true;
    m.place = at.id;
    m.pos = at.at;
    m.shown = at.at;
    m.plan = [];
    m.legs = [];
    m.dwellS = 0;
  }

  /** Starts the next steps of the plan that take no time; returns false when the mover left. */
  function advancePlan(m: Mover): boolean {
    for (let guard = 0; guard < 50; guard++) {
      if (m.legs.length || m.dwellS > 0) {
        return true;
      }
      if (!m.plan.length) {
        m.plan = m.refill(m);
      }
      const s = m.plan.shift()!;
      switch (s.type) {
        case 'go': {
          const target = places.get(s.place);
          if (!target || target.id === m.place) {
            continue;
          }
          m.freeRoute = s.free ?? false;
          m.legs = legsTo(m, target);
          m.legIdx = 0;
          m.legPos = 0;
          m.place = target.id;
          break;
        }
        case 'dwell':
          m.dwellS = s.s;
          break;
        case 'still':
          m.stillS = s.s;
          break;
        case 'act':
          s.run();
          break;
        case 'leave':
          m.onSite = false;
          m.plan = [];
          return false;
      }
    }
    return true;
  }

  function move(m: Mover, dtS: number) {
    if (m.stillS > 0) {
      m.stillS -= dtS;
      return;
    }
    let budget = dtS;
    while (budget > 0 && m.onSite) {
      if (!advancePlan(m)) {
        return;
      }
      if (m.dwellS > 0) {
        const used = Math.min(budget, m.dwellS);
        m.dwellS -= used;
        budget -= used;
        continue;
      }
      const seg = m.legs[m.legIdx];
      const left = seg.len - m.legPos;
      const can = budget * m.speed;
      if (can < left) {
        m.legPos += can;
        budget = 0;
      } else {
        budget -= left / m.speed;
        m.legIdx++;
        m.legPos = 0;
        if (m.legIdx >= m.legs.length) {
          m.legs = [];
          m.pos = places.get(m.place)!.at;
          m.freeRoute = false;
        }
      }
      if (m.legs.length) {
        const s = m.legs[m.legIdx];
        const k = m.legPos / s.len;
        m.pos = { x: s.a.x + (s.b.x - s.a.x) * k, y: s.a.y + (s.b.y - s.a.y) * k };
      }
    }
  }

  function phaseOf(m: Mover): Phase {
    if (!m.onSite) {
      return 'offsite';
    }
    if (m.stillS > 0) {
      return 'still';
    }
    if (m.legs.length) {
      return m.legs[m.legIdx].phase;
    }
    return 'dwell';
  }

  let started = false;
  function startOnSite(m: Mover) {
    // At start the plant is mid-shift: put each person somewhere in their routine.
    const stops = refillPerson(m).filter((s): s is Extract<Step, { type: 'go' }> => s.type === 'go');
    const at = (stops.length ? places.get(m.rng.pick(stops).place) : undefined) ?? controlRoom;
    spawn(m, at);
    m.dwellS = m.rng.range(30, 600);
  }

  return {
    places,
    step(simTime, dtS) {
      const hour = localHour(simTime, opts.utcOffsetHours);
      for (const m of movers) {
        if (m.kind !== 'person') {
          continue;
        }
        const p = personOf.get(m.id)!;
        const due = onShift(p, hour, shiftOffset.get(p.card) ?? 0);
        if (!started && due) {
          startOnSite(m);
        } else if (due && !m.onSite) {
          spawn(m, peopleGate);
        } else if (!due && m.onSite && !m.plan.some((s) => s.type === 'leave')) {
          // Finish the current walk, then go home through the gate.
          m.dwellS = 0;
          m.plan = [{ type: 'go', place: peopleGate.id }, { type: 'leave' }];
        }
      }
      if (!started) {
        started = true;
      }
      nextTruckS -= dtS;
      if (nextTruckS <= 0) {
        const idle = trucks.find((t) => !t.onSite);
        if (idle && bayBusy.size < bays.length) {
          spawn(idle, truckGate);
        }
        nextTruckS = truckRng.range(180, 480);
      }
      for (const m of movers) {
        if (m.onSite) {
          move(m, dtS);
          if (m.kind === 'person' && m.dwellS > 0 && m.stillS <= 0 && !m.legs.length) {
            m.pos = workSpot(places.get(m.place)!.at, m.id, simTime);
          }
          if (m.onSite) {
            const sigma = m.stillS > 0 ? 0.3 : m.sigma;
            m.shown = { x: m.pos.x + m.rng.normal() * sigma, y: m.pos.y + m.rng.normal() * sigma };
          }
        }
      }
    },
    positions() {
      const out: { id: string; kind: 'person' | 'vehicle'; lon: number; lat: number }[] = [];
      for (const m of movers) {
        if (m.onSite) {
          const ll = toLonLat(layout.origin, m.shown);
          out.push({ id: m.id, kind: m.kind, lon: ll.lon, lat: ll.lat });
        }
      }
      return out;
    },
    snapshot: () =>
      movers.map((m) => ({ id: m.id, kind: m.kind, role: m.role, phase: phaseOf(m), x: m.shown.x, y: m.shown.y, place: m.place })),
    onSitePeople: (pred) => opts.people.filter((p) => byId.get(p.card)?.onSite && (!pred || pred(p))),
    still(card, s) {
      const m = byId.get(card);
      if (m?.onSite) {
        m.stillS = s;
      }
    },
    detour(card, place, dwellS) {
      const m = byId.get(card);
      const target = places.get(place);
      if (!m?.onSite || !target) {
        return;
      }
      const seg = m.legs.length ? m.legs[m.legIdx] : undefined;
      const junction = seg?.phase === 'road' ? net.nodeAt(seg.b) : undefined;
      if (junction !== undefined) {
        // Turn off at the next junction instead of finishing the walk.
        m.freeRoute = true;
        m.legs = legsTo(m, target, junction);
        m.legIdx = 0;
        m.legPos = 0;
        m.place = target.id;
        m.plan = [{ type: 'dwell', s: dwellS }];
        return;
      }
      m.dwellS = 0;
      m.plan = [
        { type: 'go', place, free: true },
        { type: 'dwell', s: dwellS },
      ];
    },
    where: (id) => {
      const m = byId.get(id);
      return m?.onSite ? m.pos : null;
    },
    bayState: (code) => bayStates.get(code) ?? { earthing: false, loading: false },
  };
}
