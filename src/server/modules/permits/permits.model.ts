import type { PermitCheckResult } from '../../../shared/domain/gb30871.js';
import type { GasSample, HotGrade, PermitType } from '../../../shared/domain/gb30871-input.js';
import type { GasAlarmFacts, PermitFacts } from '../../../shared/domain/permit-interactions.js';
import type { SpecialRole } from '../../../shared/domain/permit-lifecycle.js';
import { renderMessage, type MessageCode } from '../../../shared/messages/catalog.js';
import type { Lang, MessageParams } from '../../../shared/messages/define.js';
import type { PermitStepCode, WorkingBillCheckOutput } from '../../../shared/permits/contracts.js';
import type { AuthUser } from '../../http/app.js';
import type { Tx } from '../../store/db.js';
import type { DomainEvents } from '../../stream/bus.js';
import type { OrgPort } from '../org/port.js';
import type { RiskPort } from '../risk/port.js';
import type { PermitGasRow, PermitRow, PermitStepRow } from './permits.repository.js';

/*
 * What the permits service works with: its dependencies, the ports other modules fill
 * (worker checks), and the pure readings of a stored permit (steps, facts, findings, gas).
 */

/** The statutory steps of a permit type in Annex A order (DOMAIN §7); an administrator may add, never remove. */
export function stepsOf(type: PermitType): PermitStepCode[] {
  const gas = type === 'hot' || type === 'confined';
  const hot = type === 'hot';
  return [
    'applicant',
    'jsa',
    ...(gas ? (['gas'] as const) : []),
    'measures',
    'briefing',
    'guardian',
    'leader',
    'unit',
    ...(hot ? (['safetyDept'] as const) : []),
    'approver',
    ...(hot ? (['shiftCheck'] as const) : []),
    'acceptance',
  ];
}

export const typePrefix: Record<PermitType, string> = { hot: 'DH', confined: 'SX', blind: 'MB', lifting: 'DZ', height: 'GC', power: 'LD', excavation: 'DT', road: 'DL' };

/** The permit's number: type prefix, plant date (UTC+8), id (DH202611250001). */
export function numberOf(type: PermitType, at: number, id: number): string {
  const d = new Date(at + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');
  return `${typePrefix[type]}${d}${String(id).padStart(4, '0')}`;
}

/** Where a tag was last seen, from the guardian watch. */
export interface TagPositions {
  last(tag: string): { t: number; lon: number; lat: number } | undefined;
}

/** The plant's regions as permits read them: where a point lies, and each region's parent. */
export interface PermitRegions {
  /** The most specific region containing the point, or null outside every region. */
  locate(lng: number, lat: number): number | null;
  parentOf(): ReadonlyMap<number, number>;
}

/** A gas detector's H/HH alarm as the permits read it: the facts of the rule, its key and the detector's name. */
export type ActiveGasAlarm = GasAlarmFacts & { key: string; source: string };

export interface PermitsDeps {
  org: Pick<OrgPort, 'getUserScope'>;
  bus: Pick<DomainEvents, 'publish'>;
  positions: TagPositions;
  /** The four-colour map: permits in effect are causes on their zone (DOMAIN.md §6). */
  risk: Pick<RiskPort, 'report'>;
  regions: PermitRegions;
  /** Gas detectors' H/HH alarms active now: a start of hot work or confined space in or near one is refused. */
  gasAlarms?: () => ActiveGasAlarm[];
  /** The energy isolation sheets naming a permit: its start waits until each is in effect (status 4). */
  isolationSheets?: (permitNumber: string) => Promise<{ number: string; status: number }[]>;
  /** Whether a completed JSA of this type names the permit: a hot-work permit's JSA step waits for one (GB 30871-2022 Annex A). */
  jsaCompleted?: (permitNumber: string, type: PermitType) => Promise<boolean>;
  /** The JSAs naming a permit, shown on its page. */
  jsaLinked?: (permitNumber: string) => Promise<{ id: number; number: string; title: string; status: number | null }[]>;
  /**
   * Runs a permit's completion (`complete`, in the transaction it is given)
   * inside another record's change when the completion concerns one: the
   * blind register takes a blind permit done in the same transaction. False,
   * having run nothing, when there is no such record.
   */
  completeWithin?: (user: AuthUser, p: PermitRow, result: string, complete: (tx: Tx) => Promise<void>) => Promise<boolean>;
  onError?: (err: unknown, what: string) => void;
  now?: () => number;
}

/** A worker another module bars from a permit's work, with the reason as a message of that module (occupational health: a contraindication). */
export interface BarredWorker {
  /** Index in the permit's `workers`. */
  index: number;
  worker: string;
  reason: { code: MessageCode; params: MessageParams };
}

/**
 * A check of a permit's workers that another module adds through the port
 * (`addWorkerCheck`), so permits need not know that module: the workers it
 * bars from this type of work. Run on the draft, the application and again on
 * the start. `special`: the workers named for a special job (certificates).
 */
export type WorkerCheck = (workers: readonly string[], type: PermitType, special: readonly { name: string; role: SpecialRole }[], at: number) => Promise<BarredWorker[]>;

/** Statuses whose permits other permits may conflict with. */
export const CONFLICT_STATUSES = ['signing', 'approved', 'active', 'suspended'];

export function factsOf(p: PermitRow): PermitFacts {
  const body = JSON.parse(p.body) as { line?: unknown };
  return {
    id: p.id,
    number: p.number,
    type: p.type as PermitType,
    grade: (p.grade as HotGrade | null) ?? null,
    effectiveGrade: (p.effective_grade as HotGrade | null) ?? null,
    status: p.status,
    regionId: p.region_id,
    lng: p.lng,
    lat: p.lat,
    line: typeof body.line === 'string' ? body.line : null,
    startedAt: p.started_at === null ? null : Number(p.started_at),
  };
}

/** The first unsigned step that may be signed in this status. */
export function currentStep(status: string, steps: PermitStepRow[]): PermitStepRow | null {
  if (status === 'signing') {
    return steps.find((s) => s.signed_at === null && s.code !== 'acceptance') ?? null;
  }
  if (status === 'completed') {
    return steps.find((s) => s.code === 'acceptance' && s.signed_at === null) ?? null;
  }
  return null;
}

export function findingsOf(r: PermitCheckResult, lang: Lang): WorkingBillCheckOutput {
  const render = (f: { code: string; field: string }) => ({ code: f.code, field: f.field, message: renderMessage(lang, f.code) });
  const out: WorkingBillCheckOutput = { ok: r.ok, violations: r.violations.map(render) };
  if (r.effectiveGrade !== undefined) {
    out.effectiveGrade = r.effectiveGrade;
  }
  if (r.info) {
    out.info = r.info.map(render);
  }
  return out;
}

export const gasOf = (rows: PermitGasRow[]): GasSample[] =>
  rows.map((g) => ({
    t: Number(g.t),
    ...(g.lel !== null ? { lel: g.lel } : {}),
    ...(g.reading !== null ? { reading: g.reading } : {}),
    ...(g.unit === '%vol' || g.unit === '%LEL' ? { unit: g.unit } : {}),
    ...(g.o2 !== null ? { o2: g.o2 } : {}),
  }));

