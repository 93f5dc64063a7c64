import type { TagKind } from '../../shared/realtime/contracts.js';
import { hashSeed } from '../common/prng.js';
import type { DetectorFeature, PlantFeature, PlantLayout, VesselFeature } from './plant-layout.js';

/**
 * The tags (data items) of a plant layout, with realistic ranges and alarm
 * limits, and how the simulator moves each one. Ids read
 * `<region>.<equipment>.<signal>` (ISA-5.1 letters: LT level, TT temperature,
 * PT pressure, FT flow, AT analyser), e.g. `TF-A.TK-101.LT`.
 */

/** How the simulator produces a tag's values (see process-model.ts). */
export type SimModel =
  /** Storage level that fills and empties between L and H. `ratePerHour`: normal fill/draw rate in engineering units. */
  | { type: 'level'; vessel: string; ratePerHour: number }
  /** Contents temperature lagging the ambient day cycle, or held by refrigeration near `setpoint`. */
  | { type: 'vessel-temp'; vessel: string; setpoint: number | null; lagHours: number; offset: number }
  /**
   * Pressure following the contents' temperature. `vapour-pressure`:
   * saturated liquefied gas, Clausius–Clapeyron through (tRefC, pRefAbsMpa)
   * with slope `b` (K), shown as gauge × `unitPerMpa`; `breathing`: atmospheric tank
   * gas space (kPa gauge) pushed by filling and by warming.
   */
  | { type: 'vapour-pressure'; vessel: string; tempTag: string; tRefC: number; pRefAbsMpa: number; b: number; unitPerMpa: number }
  | { type: 'breathing'; vessel: string; tempTag: string; levelTag: string; ratePerHour: number }
  /** Gas concentration at a detector: background noise plus any leak plume reaching it. */
  | { type: 'gas'; detector: string; background: number }
  /** Process variable held near a setpoint by control, with noise and occasional setpoint moves. */
  | { type: 'setpoint'; setpoint: number; noise: number }
  /** Loading-arm flow, and the static-earthing clamp, of a loading bay: non-zero only while a truck loads there. */
  | { type: 'bay-flow'; bay: string; rate: number }
  | { type: 'bay-earthing'; bay: string }
  /** A person's SOS button: 1 while pressed. */
  | { type: 'sos'; person: string }
  /** Any tag the layout does not know (created by a user): a bounded random walk in the middle of its limits. */
  | { type: 'generic' };

export interface TagDef {
  id: string;
  name: string;
  name_en: string;
  unit: string;
  kind: TagKind;
  device: string;
  /** Region code (the seed maps it to the region table's id). */
  region: string;
  hazard_source: string;
  range_lo: number;
  range_hi: number;
  ll: number | null;
  l: number | null;
  h: number | null;
  hh: number | null;
  deadband: number;
  model: SimModel;
}

type Limits = Pick<TagDef, 'll' | 'l' | 'h' | 'hh'>;

const round = (v: number, digits = 3) => Number(v.toFixed(digits));

/**
 * Starting deadbands as a share of the span, after the values ISA-18.2 and
 * EEMUA 191 suggest (flow 5 %, level 5 %, pressure 2 %, temperature 1 %);
 * analysers are not in that table and get 2 %.
 */
const DEADBAND_SHARE: Record<TagKind, number> = {
  flow: 0.05,
  level: 0.05,
  pressure: 0.02,
  temperature: 0.01,
  lel: 0.02,
  ppm: 0.02,
  discrete: 0,
};

function deadband(kind: TagKind, lo: number, hi: number): number {
  return round((hi - lo) * DEADBAND_SHARE[kind], 4);
}

/**
 * Toxic gas alarm settings when the map gives none. GB/T 50493-2019 §5.5.2:
 * first level ≤ 100 % OEL, second level ≤ 200 % OEL, with the OEL (MAC, else
 * PC-STEL, else PC-TWA) from GBZ 2.1-2019, converted to ppm at 25 °C.
 */
const TOXIC_DEFAULTS: Record<string, { range: number; h: number; hh: number }> = {
  NH3: { range: 100, h: 25, hh: 50 }, // PC-STEL 30 mg/m³ ≈ 43 ppm
  CL2: { range: 10, h: 0.3, hh: 0.6 }, // MAC 1 mg/m³ ≈ 0.34 ppm
  H2S: { range: 100, h: 5, hh: 10 }, // MAC 10 mg/m³ ≈ 7 ppm
  CO: { range: 500, h: 20, hh: 40 }, // PC-STEL 30 mg/m³ ≈ 26 ppm
};

/** Combustible gas (GB/T 50493-2019 §5.5.2): first level ≤ 25 % LEL, second ≤ 50 % LEL. */
const LEL_DEFAULT = { range: 100, h: 25, hh: 50 };

interface VapourFit {
  tRefC: number;
  pRefAbsMpa: number;
  b: number;
}

/**
 * Saturated vapour pressure fits (Clausius–Clapeyron through handbook points
 * at 20 °C and 40 °C): propane-rich LPG 0.84/1.37 MPa abs, propylene
 * 1.02/1.65, ammonia 0.857/1.555. Refrigerated ammonia is fitted at its
 * normal boiling point (−33.35 °C, 101.325 kPa; ΔHvap 23.35 kJ/mol), where the
 * 20–40 °C fit would be off by several kPa.
 */
const VAPOUR: Record<'lpg' | 'propylene' | 'ammonia' | 'ammoniaRefrigerated', VapourFit> = {
  lpg: { tRefC: 20, pRefAbsMpa: 0.84, b: 2245 },
  propylene: { tRefC: 20, pRefAbsMpa: 1.02, b: 2207 },
  ammonia: { tRefC: 20, pRefAbsMpa: 0.857, b: 2735 },
  ammoniaRefrigerated: { tRefC: -33.35, pRefAbsMpa: 0.101325, b: 2808 },
};

function vapourOf(substanceEn: string): VapourFit {
  const s = substanceEn.toLowerCase();
  if (s.includes('propylene') || s.includes('propene')) {
    return VAPOUR.propylene;
  }
  if (s.includes('ammonia')) {
    return VAPOUR.ammonia;
  }
  return VAPOUR.lpg;
}

function tagId(region: string, device: string, signal: string): string {
  return `${region}.${device}.${signal}`;
}

const signalNames: Record<string, [string, string]> = {
  LT: ['液位', 'level'],
  TT: ['温度', 'temperature'],
  PT: ['压力', 'pressure'],
  FT: ['流量', 'flow'],
  AT: ['浓度', 'concentration'],
};

function named(f: PlantFeature, signal: string, zh?: string, en?: string): Pick<TagDef, 'name' | 'name_en'> {
  const [z, e] = signalNames[signal.slice(0, 2)] ?? [signal, signal];
  return { name: `${f.name} ${zh ?? z}`, name_en: `${f.name_en || f.code} ${en ?? e}` };
}

function tankTags(t: VesselFeature, hazard: string): TagDef[] {
  const refrigerated = t.roof === 'refrigerated';
  const H = t.height_m;
  const lt = tagId(t.region, t.code, 'LT');
  const tt = tagId(t.region, t.code, 'TT');
  const pt = tagId(t.region, t.code, 'PT');
  const base = { device: t.code, region: t.region, hazard_source: hazard };
  // Area of the shell gives the level rate of a ~150 m³/h transfer pump.
  const levelRate = round(150 / (Math.PI * (t.diameter_m / 2) ** 2), 3);
  // Benzene freezes at 5.5 °C: low-temperature alarms keep the line and tank from solidifying.
  const freezes = t.substance_en.toLowerCase() === 'benzene';
  const temp: TagDef = refrigerated
    ? // Atmospheric refrigerated ammonia boils at −33.4 °C; warming means the refrigeration is losing.
      {
        ...base,
        ...named(t, 'TT'),
        id: tt,
        unit: '°C',
        kind: 'temperature',
        range_lo: -50,
        range_hi: 20,
        ll: null,
        l: null,
        h: -29,
        hh: -27,
        deadband: deadband('temperature', -50, 20),
        model: { type: 'vessel-temp', vessel: t.code, setpoint: -32.5, lagHours: 1, offset: 0 },
      }
    : {
        ...base,
        ...named(t, 'TT'),
        id: tt,
        unit: '°C',
        kind: 'temperature',
        range_lo: -20,
        range_hi: 80,
        ll: freezes ? 6.5 : null,
        l: freezes ? 8 : null,
        h: 40,
        hh: 45,
        deadband: deadband('temperature', -20, 80),
        model: { type: 'vessel-temp', vessel: t.code, setpoint: null, lagHours: 6, offset: freezes ? 4 : 1 },
      };
  const pressure: TagDef = refrigerated
    ? {
        ...base,
        ...named(t, 'PT'),
        id: pt,
        unit: 'kPa',
        kind: 'pressure',
        range_lo: -5,
        range_hi: 25,
        ll: 0.5,
        l: 1,
        h: 12,
        hh: 15,
        deadband: deadband('pressure', -5, 25),
        model: { type: 'vapour-pressure', vessel: t.code, tempTag: tt, ...VAPOUR.ammoniaRefrigerated, unitPerMpa: 1000 },
      }
    : // Gas space of an atmospheric tank: typical breather-valve settings +1.8 / −0.3 kPa.
      {
        ...base,
        ...named(t, 'PT'),
        id: pt,
        unit: 'kPa',
        kind: 'pressure',
        range_lo: -1,
        range_hi: 3,
        ll: -0.3,
        l: -0.2,
        h: 1.5,
        hh: 1.8,
        deadband: deadband('pressure', -1, 3),
        model: { type: 'breathing', vessel: t.code, tempTag: tt, levelTag: lt, ratePerHour: levelRate },
      };
  return [
    {
      ...base,
      ...named(t, 'LT'),
      id: lt,
      unit: 'm',
      kind: 'level',
      range_lo: 0,
      range_hi: H,
      // Tank level limits as shares of the height: LL 10 %, L 15 %, H 85 %, HH 90 %.
      ll: round(H * 0.1, 2),
      l: round(H * 0.15, 2),
      h: round(H * 0.85, 2),
      hh: round(H * 0.9, 2),
      deadband: deadband('level', 0, H),
      model: { type: 'level', vessel: t.code, ratePerHour: levelRate },
    },
    temp,
    pressure,
  ];
}

function sphereTags(s: VesselFeature, hazard: string): TagDef[] {
  const base = { device: s.code, region: s.region, hazard_source: hazard };
  const tt = tagId(s.region, s.code, 'TT');
  const design = s.design_pressure_mpa ?? 1.77;
  const hi = Math.ceil(design * 1.4);
  return [
    {
      ...base,
      ...named(s, 'LT'),
      id: tagId(s.region, s.code, 'LT'),
      unit: '%',
      kind: 'level',
      range_lo: 0,
      range_hi: 100,
      // Liquefied gas keeps vapour room for expansion: high alarms below the maximum filling level.
      ll: 10,
      l: 15,
      h: 80,
      hh: 85,
      deadband: deadband('level', 0, 100),
      model: { type: 'level', vessel: s.code, ratePerHour: 6 },
    },
    {
      ...base,
      ...named(s, 'PT'),
      id: tagId(s.region, s.code, 'PT'),
      unit: 'MPa',
      kind: 'pressure',
      range_lo: 0,
      range_hi: hi,
      ll: null,
      l: null,
      // Alarms well below the design pressure, where the relief valves are set.
      h: round(design * 0.85, 2),
      hh: round(design * 0.9, 2),
      deadband: deadband('pressure', 0, hi),
      model: { type: 'vapour-pressure', vessel: s.code, tempTag: tt, ...vapourOf(s.substance_en), unitPerMpa: 1 },
    },
    {
      ...base,
      ...named(s, 'TT'),
      id: tt,
      unit: '°C',
      kind: 'temperature',
      range_lo: -30,
      range_hi: 60,
      ll: null,
      l: null,
      // Spheres are cooled by water spray above about 40 °C.
      h: 40,
      hh: 45,
      deadband: deadband('temperature', -30, 60),
      model: { type: 'vessel-temp', vessel: s.code, setpoint: null, lagHours: 4, offset: 0.5 },
    },
  ];
}

function detectorTags(d: DetectorFeature, hazard: string): TagDef[] {
  const toxic = TOXIC_DEFAULTS[d.gas.toUpperCase()] ?? TOXIC_DEFAULTS.NH3;
  const def = d.detector_kind === 'lel' ? LEL_DEFAULT : toxic;
  const range = d.range_max ?? def.range;
  const h = d.alarm_1 ?? def.h;
  const hh = d.alarm_2 ?? def.hh;
  const gasZh = d.detector_kind === 'lel' ? '可燃气体浓度' : `${d.gas}浓度`;
  const gasEn = d.detector_kind === 'lel' ? 'combustible gas' : `${d.gas} concentration`;
  return [
    {
      id: tagId(d.region, d.code, 'AT'),
      name: `${d.name} ${gasZh}`,
      name_en: `${d.name_en || d.code} ${gasEn}`,
      unit: d.unit || (d.detector_kind === 'lel' ? '%LEL' : 'ppm'),
      kind: d.detector_kind,
      device: d.code,
      region: d.region,
      hazard_source: hazard,
      range_lo: 0,
      range_hi: range,
      ll: null,
      l: null,
      h,
      hh,
      deadband: deadband(d.detector_kind, 0, range),
      model: { type: 'gas', detector: d.code, background: d.detector_kind === 'lel' ? 0.6 : range * 0.004 },
    },
  ];
}

interface Signal {
  signal: string;
  kind: TagKind;
  unit: string;
  sp: number;
  lo: number;
  hi: number;
  /** Which limits apply: both sides, high only, or low only. */
  limits: 'both' | 'high' | 'low';
  zh?: string;
  en?: string;
}

/** Signals of each kind of process equipment, with typical operating points. */
function equipmentSignals(equipment: string, substanceEn: string): Signal[] {
  const s = substanceEn.toLowerCase();
  switch (equipment) {
    case 'reactor':
      return s === 'methanol'
        ? // Low-pressure methanol synthesis: about 250 °C and 5 MPa over a copper catalyst.
          [
            {
              signal: 'TT',
              kind: 'temperature',
              unit: '°C',
              sp: 250,
              lo: 0,
              hi: 400,
              limits: 'both',
              zh: '床层温度',
              en: 'bed temperature',
            },
            { signal: 'PT', kind: 'pressure', unit: 'MPa', sp: 5.2, lo: 0, hi: 10, limits: 'both' },
            {
              signal: 'FT',
              kind: 'flow',
              unit: 'Nm³/h',
              sp: 60000,
              lo: 0,
              hi: 100000,
              limits: 'both',
              zh: '合成气进料流量',
              en: 'syngas feed flow',
            },
          ]
        : [
            {
              signal: 'TT',
              kind: 'temperature',
              unit: '°C',
              sp: 105,
              lo: 0,
              hi: 200,
              limits: 'both',
              zh: '反应温度',
              en: 'reaction temperature',
            },
            { signal: 'PT', kind: 'pressure', unit: 'MPa', sp: 0.15, lo: 0, hi: 0.6, limits: 'high' },
            {
              signal: 'FT',
              kind: 'flow',
              unit: 'kg/h',
              sp: 800,
              lo: 0,
              hi: 2000,
              limits: 'both',
              zh: '氯气进料流量',
              en: 'chlorine feed flow',
            },
          ];
    case 'column':
      return [
        {
          signal: 'TT-TOP',
          kind: 'temperature',
          unit: '°C',
          sp: 82,
          lo: 0,
          hi: 200,
          limits: 'both',
          zh: '塔顶温度',
          en: 'top temperature',
        },
        {
          signal: 'TT-BTM',
          kind: 'temperature',
          unit: '°C',
          sp: 138,
          lo: 0,
          hi: 250,
          limits: 'both',
          zh: '塔釜温度',
          en: 'bottom temperature',
        },
        { signal: 'PT-TOP', kind: 'pressure', unit: 'MPa', sp: 0.12, lo: 0, hi: 0.5, limits: 'high', zh: '塔顶压力', en: 'top pressure' },
        { signal: 'LT-BTM', kind: 'level', unit: '%', sp: 50, lo: 0, hi: 100, limits: 'both', zh: '塔釜液位', en: 'bottom level' },
        { signal: 'FT-RFX', kind: 'flow', unit: 'm³/h', sp: 25, lo: 0, hi: 60, limits: 'both', zh: '回流量', en: 'reflux flow' },
      ];
    case 'vessel':
      return [
        { signal: 'LT', kind: 'level', unit: '%', sp: 50, lo: 0, hi: 100, limits: 'both' },
        s === 'methanol'
          ? { signal: 'PT', kind: 'pressure', unit: 'MPa', sp: 4.8, lo: 0, hi: 8, limits: 'both' }
          : { signal: 'PT', kind: 'pressure', unit: 'MPa', sp: 0.25, lo: 0, hi: 1, limits: 'high' },
        { signal: 'TT', kind: 'temperature', unit: '°C', sp: 40, lo: 0, hi: 100, limits: 'high' },
      ];
    case 'heat_exchanger':
      return [
        {
          signal: 'TT-IN',
          kind: 'temperature',
          unit: '°C',
          sp: 180,
          lo: 0,
          hi: 300,
          limits: 'high',
          zh: '入口温度',
          en: 'inlet temperature',
        },
        {
          signal: 'TT-OUT',
          kind: 'temperature',
          unit: '°C',
          sp: 90,
          lo: 0,
          hi: 200,
          limits: 'both',
          zh: '出口温度',
          en: 'outlet temperature',
        },
        { signal: 'PT', kind: 'pressure', unit: 'MPa', sp: 1.2, lo: 0, hi: 3, limits: 'both' },
        { signal: 'FT', kind: 'flow', unit: 'm³/h', sp: 40, lo: 0, hi: 100, limits: 'both' },
      ];
    case 'furnace':
      return [
        {
          signal: 'TT-OUT',
          kind: 'temperature',
          unit: '°C',
          sp: 380,
          lo: 0,
          hi: 600,
          limits: 'both',
          zh: '出口温度',
          en: 'outlet temperature',
        },
        {
          signal: 'TT-FG',
          kind: 'temperature',
          unit: '°C',
          sp: 850,
          lo: 0,
          hi: 1200,
          limits: 'high',
          zh: '炉膛温度',
          en: 'firebox temperature',
        },
        // Low fuel-gas pressure warns of flame-out before the burner management trips.
        {
          signal: 'PT-FG',
          kind: 'pressure',
          unit: 'MPa',
          sp: 0.25,
          lo: 0,
          hi: 0.6,
          limits: 'both',
          zh: '燃料气压力',
          en: 'fuel gas pressure',
        },
        { signal: 'FT-FG', kind: 'flow', unit: 'Nm³/h', sp: 1200, lo: 0, hi: 3000, limits: 'both', zh: '燃料气流量', en: 'fuel gas flow' },
      ];
    case 'pump':
      return [
        {
          signal: 'PT-DIS',
          kind: 'pressure',
          unit: 'MPa',
          sp: 1.1,
          lo: 0,
          hi: 2.5,
          limits: 'both',
          zh: '出口压力',
          en: 'discharge pressure',
        },
        { signal: 'FT', kind: 'flow', unit: 'm³/h', sp: 60, lo: 0, hi: 150, limits: 'both' },
        {
          signal: 'TT-BRG',
          kind: 'temperature',
          unit: '°C',
          sp: 55,
          lo: 0,
          hi: 120,
          limits: 'high',
          zh: '轴承温度',
          en: 'bearing temperature',
        },
      ];
    case 'pipe_rack':
      return [
        {
          signal: 'PT-STM',
          kind: 'pressure',
          unit: 'MPa',
          sp: 1.0,
          lo: 0,
          hi: 2.5,
          limits: 'both',
          zh: '蒸汽总管压力',
          en: 'steam header pressure',
        },
        {
          signal: 'TT-STM',
          kind: 'temperature',
          unit: '°C',
          sp: 185,
          lo: 0,
          hi: 300,
          limits: 'both',
          zh: '蒸汽总管温度',
          en: 'steam header temperature',
        },
        { signal: 'FT', kind: 'flow', unit: 't/h', sp: 35, lo: 0, hi: 100, limits: 'both', zh: '物料总管流量', en: 'product header flow' },
      ];
    default:
      return [
        { signal: 'PT', kind: 'pressure', unit: 'MPa', sp: 0.5, lo: 0, hi: 1.6, limits: 'both' },
        { signal: 'TT', kind: 'temperature', unit: '°C', sp: 60, lo: 0, hi: 150, limits: 'high' },
      ];
  }
}

/** Limits around the operating point: L/H at ±10 % of span, LL/HH at ±15 %, kept inside the range. */
function limitsAround(sig: Signal, sp: number): Limits {
  const span = sig.hi - sig.lo;
  const clamp = (v: number) => round(Math.min(sig.hi, Math.max(sig.lo, v)), 4);
  const high = sig.limits !== 'low';
  const low = sig.limits !== 'high';
  return {
    ll: low ? clamp(sp - 0.15 * span) : null,
    l: low ? clamp(sp - 0.1 * span) : null,
    h: high ? clamp(sp + 0.1 * span) : null,
    hh: high ? clamp(sp + 0.15 * span) : null,
  };
}

function unitTags(u: PlantFeature, hazard: string): TagDef[] {
  const equipment = typeof u.props.equipment === 'string' ? u.props.equipment : '';
  const substance = typeof u.props.substance_en === 'string' ? u.props.substance_en : '';
  return equipmentSignals(equipment, substance).map((sig) => {
    // Operating points differ a little between units of the same kind (±4 %), stable per tag.
    const id = tagId(u.region, u.code, sig.signal);
    const jitter = (hashSeed(0, id) / 2 ** 32 - 0.5) * 0.08;
    const sp = round(sig.sp * (1 + jitter), sig.sp < 10 ? 3 : 1);
    return {
      id,
      ...named(u, sig.signal, sig.zh, sig.en),
      unit: sig.unit,
      kind: sig.kind,
      device: u.code,
      region: u.region,
      hazard_source: hazard,
      range_lo: sig.lo,
      range_hi: sig.hi,
      ...limitsAround(sig, sp),
      deadband: deadband(sig.kind, sig.lo, sig.hi),
      model: { type: 'setpoint', setpoint: sp, noise: (sig.hi - sig.lo) * 0.004 },
    };
  });
}

function bayTags(b: PlantFeature): TagDef[] {
  const base = { device: b.code, region: b.region, hazard_source: '' };
  return [
    {
      ...base,
      ...named(b, 'FT', '装车流量', 'loading flow'),
      id: tagId(b.region, b.code, 'FT'),
      unit: 'm³/h',
      kind: 'flow',
      range_lo: 0,
      range_hi: 120,
      ll: null,
      l: null,
      // Flow velocity limits against static build-up when top loading flammable liquids.
      h: 90,
      hh: 100,
      deadband: deadband('flow', 0, 120),
      model: { type: 'bay-flow', bay: b.code, rate: 70 },
    },
    {
      ...base,
      ...named(b, 'GS', '静电接地', 'static earthing'),
      id: tagId(b.region, b.code, 'GS'),
      unit: '',
      kind: 'discrete',
      range_lo: 0,
      range_hi: 1,
      ll: null,
      l: null,
      h: null,
      hh: null,
      deadband: 0,
      model: { type: 'bay-earthing', bay: b.code },
    },
  ];
}

/**
 * Major hazard unit of a feature (GB 18218-2018 §3.4–3.5): a storage unit is
 * the tank farm within its bund, a production unit the process unit; both are
 * named by their region code here. Features elsewhere belong to none.
 */
function hazardSourceOf(region: string): string {
  return /^(TF|PU)-/.test(region) ? region : '';
}

/** Every tag of a layout's equipment, in a stable order. */
export function deriveTags(layout: PlantLayout): TagDef[] {
  const out: TagDef[] = [];
  for (const t of layout.tanks) {
    out.push(...tankTags(t, hazardSourceOf(t.region)));
  }
  for (const s of layout.spheres) {
    out.push(...sphereTags(s, hazardSourceOf(s.region)));
  }
  for (const u of layout.units) {
    out.push(...unitTags(u, hazardSourceOf(u.region)));
  }
  for (const d of layout.detectors) {
    out.push(...detectorTags(d, hazardSourceOf(d.region)));
  }
  for (const b of layout.loadingBays) {
    out.push(...bayTags(b));
  }
  const seen = new Set<string>();
  return out.filter((t) => (seen.has(t.id) ? false : (seen.add(t.id), true)));
}

/**
 * The SOS tag of a person's positioning card. SOS travels as a sample of a
 * discrete tag rather than as a flag on the position; the fence engine reads
 * it and raises the one SOS alarm of a press, with the person and the region
 * they are in. So the tag has no limit of its own: a limit would raise a
 * second, tag alarm for the same press. No region: the person moves, and the
 * safety centre must see it whatever the region scope.
 */
export function sosTagId(cardId: string): string {
  return `person.${cardId}.sos`;
}

export function sosTag(cardId: string, name: string): TagDef {
  return {
    id: sosTagId(cardId),
    name: `${name} SOS`,
    name_en: `${cardId} SOS`,
    unit: '',
    kind: 'discrete',
    device: cardId,
    region: '',
    hazard_source: '',
    range_lo: 0,
    range_hi: 1,
    ll: null,
    l: null,
    h: null,
    hh: null,
    deadband: 0,
    model: { type: 'sos', person: cardId },
  };
}
