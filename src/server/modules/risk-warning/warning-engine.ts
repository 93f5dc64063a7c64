import type { Subscription } from 'rxjs';
import { parseExpression, expressionVariables, type ExprNode } from '../../../shared/domain/expression.js';
import { evaluateWarning } from '../../../shared/domain/risk-warning.js';
import { warningLevelSchema, type RiskWarningStateItem, type WarningInputItem, type WarningLevelValue, type WarningTrigger, type WarningVariableKind } from '../../../shared/risk-warning/items.js';
import type { AuthUser } from '../../http/app.js';
import { audit, type Actor } from '../../store/audit.js';
import { inTransaction, type Db } from '../../store/db.js';
import type { Lease } from '../../store/lease.js';
import { consume, type StreamBus } from '../../stream/bus.js';
import type { ChannelFeed, ChannelSource, TopicResolver } from '../../stream/channels.js';
import type { OrgPort } from '../org/port.js';
import { createWarningRepository, type RangeRow, type VariableRow, type WarningRow } from './risk-warning.repository.js';
import type { InputsReader } from './warning-inputs.js';

const SYSTEM: Actor = { userid: null, loginname: 'system' };

/** A warning ready to calculate: its row, parsed formula and ranges. */
interface Compiled {
  row: WarningRow;
  ast: ExprNode | null;
  parseError: string | null;
  codes: string[];
  ranges: RangeRow[];
}

export interface EngineDeps {
  db: Db;
  bus: StreamBus;
  lease: Pick<Lease, 'held'>;
  org: Pick<OrgPort, 'getAccess'>;
  /** A fresh reader per calculation (counts read once per owner). */
  inputs: () => InputsReader;
  now?: () => number;
  /** How often due scheduled warnings are looked for. */
  tickMs: number;
  /** At most one calculation of a warning per this many ms when its tags change. */
  throttleMs: number;
  onError: (err: unknown, what: string) => void;
}

export interface CalculateOpts {
  trigger: WarningTrigger;
  by: Actor;
  note?: string;
  /** Keep a record (manual and scheduled: always; on change: when the level changes). */
  record: 'always' | 'onLevelChange' | 'never';
}

const levelOf = (v: number | null): WarningLevelValue | null => {
  const p = warningLevelSchema.safeParse(v);
  return p.success ? p.data : null;
};

/**
 * Calculates warnings (issue 21 §6): each formula over its variables' values,
 * the level of the range holding the result, a record of what went in and
 * came out. On the server holding the plant's lease: on a schedule (the last
 * run is kept in the store, so a restart neither repeats nor skips one) and,
 * throttled, when a bound tag's sample arrives. The latest state of each
 * warning is on topic `risk.warnings` on every server (`riskWarning.calculated`).
 */
export function createWarningEngine(deps: EngineDeps) {
  const now = deps.now ?? Date.now;
  const repo = createWarningRepository(deps.db);
  let compiled = new Map<number, Compiled>();
  let variables = new Map<string, VariableRow>();
  /** tag → warnings calculated on its change. */
  let byTag = new Map<string, number[]>();
  const states = new Map<number, RiskWarningStateItem>();
  const dirty = new Set<number>();
  let flushTimer: NodeJS.Timeout | null = null;
  let feed: ChannelFeed<RiskWarningStateItem> | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let calculations = 0;
  let closed = false;

  async function reload(): Promise<void> {
    const [rows, ranges, vars] = await Promise.all([repo.warnings(), repo.ranges(), repo.variables()]);
    variables = new Map(vars.map((v) => [v.code, v]));
    const next = new Map<number, Compiled>();
    for (const row of rows) {
      const parsed = parseExpression(row.formula);
      next.set(row.id, {
        row,
        ast: parsed.ok ? parsed.ast : null,
        parseError: parsed.ok ? null : parsed.error.code,
        codes: parsed.ok ? expressionVariables(parsed.ast).map((v) => v.name) : [],
        ranges: ranges.filter((r) => r.warning_id === row.id),
      });
    }
    compiled = next;
    const tags = new Map<string, number[]>();
    for (const c of next.values()) {
      if (!c.row.enabled || !c.row.on_change) {
        continue;
      }
      for (const code of c.codes) {
        const v = variables.get(code);
        if (v?.kind === 'tag' && v.tag) {
          tags.set(v.tag, [...(tags.get(v.tag) ?? []), c.row.id]);
        }
      }
    }
    byTag = tags;
    for (const id of [...states.keys()]) {
      if (!next.has(id)) {
        states.delete(id);
      }
    }
  }

  const owners = new Map<number, Promise<AuthUser>>();
  function ownerOf(row: WarningRow): Promise<AuthUser> {
    let p = owners.get(row.owner_userid);
    if (!p) {
      p = deps.org.getAccess(row.owner_userid).then((a) => ({
        userid: row.owner_userid,
        loginname: row.owner_loginname,
        username: row.owner_loginname,
        c_id: 0,
        roles: a.roles,
        permissions: new Set(a.permissions),
        mustChangePassword: false,
        sessionId: 'risk-warning',
      }));
      owners.set(row.owner_userid, p);
      // Rights change: read them again on the next calculation after this one.
      void p.finally(() => setTimeout(() => owners.delete(row.owner_userid), 60_000).unref());
    }
    return p;
  }

  async function stateOf(c: Compiled, reader: InputsReader): Promise<RiskWarningStateItem> {
    const owner = await ownerOf(c.row);
    const inputs: WarningInputItem[] = [];
    for (const code of c.codes) {
      const v = variables.get(code);
      inputs.push({ code, name: v?.name ?? code, kind: (v?.kind ?? 'tag') as WarningVariableKind, value: v ? await reader.valueOf(v, owner) : null });
    }
    const base = { id: c.row.id, name: c.row.name, regionid: c.row.regionid, formula: c.row.formula, inputs, t: now() };
    if (!c.ast) {
      return { ...base, value: null, level: null, error: c.parseError, errorParams: null, instruction: c.row.instructions };
    }
    const out = evaluateWarning(
      c.ast,
      Object.fromEntries(inputs.map((i) => [i.code, i.value])),
      c.ranges.map((r) => ({ min: r.min, max: r.max, level: r.level })),
    );
    const level = levelOf(out.level);
    const range = c.ranges.find((r) => r.level === level && out.value !== null && (r.min === null || out.value >= r.min) && (r.max === null || out.value < r.max));
    return { ...base, value: out.value, level, error: out.error?.code ?? null, errorParams: out.error?.params ?? null, instruction: range?.instruction || c.row.instructions };
  }

  function show(s: RiskWarningStateItem): void {
    const held = states.get(s.id);
    if (held && held.t > s.t) {
      return;
    }
    states.set(s.id, s);
    feed?.changed(String(s.id));
  }

  /** Calculates the warnings given (enabled or not), keeps records as `opts.record` says, publishes the states. */
  async function calculate(ids: readonly number[], opts: CalculateOpts): Promise<{ states: RiskWarningStateItem[]; recordIds: number[] }> {
    const reader = deps.inputs();
    const out: RiskWarningStateItem[] = [];
    const recordIds: number[] = [];
    const toRecord: RiskWarningStateItem[] = [];
    for (const id of ids) {
      const c = compiled.get(id);
      if (!c) {
        continue;
      }
      const s = await stateOf(c, reader);
      out.push(s);
      const before = states.get(id);
      if (opts.record === 'always' || (opts.record === 'onLevelChange' && (before === undefined || before.level !== s.level))) {
        toRecord.push(s);
      }
    }
    calculations += out.length;
    if (toRecord.length > 0) {
      await inTransaction(deps.db, async (tx) => {
        const r = createWarningRepository(tx);
        for (const s of toRecord) {
          recordIds.push(
            await r.addRecord({
              warning_id: s.id,
              name: s.name,
              formula: s.formula,
              regionid: s.regionid,
              value: s.value,
              level: s.level,
              inputs: JSON.stringify(s.inputs),
              error: s.error,
              trigger: opts.trigger,
              note: opts.note ?? '',
              made_by: opts.by.loginname,
              at: s.t,
            }),
          );
        }
        if (opts.trigger === 'manual' && opts.by.userid !== null) {
          await audit(tx, opts.by, opts.note === undefined ? 'riskWarning.calculate' : 'riskWarning.record.add', 'risk_warning', ids.join(','), {
            states: toRecord.map((s) => ({ id: s.id, value: s.value, level: s.level })),
          });
        }
      });
    }
    out.forEach(show);
    if (out.length > 0) {
      deps.bus.publish('riskWarning.calculated', { states: out });
    }
    return { states: out, recordIds };
  }

  /** Runs one job after the one before it (schedule, change and manual calculations never overlap). */
  function serial<T>(job: () => Promise<T>): Promise<T> {
    const p = running.then(job, job);
    running = p.catch(() => undefined);
    return p;
  }

  async function tick(): Promise<void> {
    if (closed || !deps.lease.held()) {
      return;
    }
    await reload();
    const t = now();
    const due = [...compiled.values()].filter((c) => c.row.enabled && c.row.interval_minutes > 0 && (c.row.last_run_at === null || c.row.last_run_at + c.row.interval_minutes * 60_000 <= t));
    if (due.length === 0) {
      return;
    }
    await calculate(
      due.map((c) => c.row.id),
      { trigger: 'schedule', by: SYSTEM, record: 'always' },
    );
    for (const c of due) {
      await repo.markRun(c.row.id, t);
      c.row.last_run_at = t;
    }
  }

  function flush(): void {
    flushTimer = null;
    const ids = [...dirty];
    dirty.clear();
    if (ids.length > 0 && !closed && deps.lease.held()) {
      void serial(() => calculate(ids, { trigger: 'change', by: SYSTEM, record: 'onLevelChange' })).catch((err: unknown) => deps.onError(err, 'risk warning on change'));
    }
  }

  const subs: Subscription[] = [
    consume(deps.bus.samples$, 'risk warning samples', deps.onError, (batch) => {
      if (byTag.size === 0 || !deps.lease.held()) {
        return;
      }
      for (let i = 0; i < batch.n; i++) {
        const ids = byTag.get(batch.tag[i]);
        if (ids) {
          ids.forEach((id) => dirty.add(id));
        }
      }
      if (dirty.size > 0 && !flushTimer) {
        flushTimer = setTimeout(flush, deps.throttleMs);
        flushTimer.unref();
      }
    }),
    // Another server's calculations reach this one's board.
    consume(deps.bus.onAnyServer('riskWarning.calculated'), 'risk warning states', deps.onError, (e) => e.states.forEach(show)),
  ];
  const timer = setInterval(() => void serial(tick).catch((err: unknown) => deps.onError(err, 'risk warning schedule')), deps.tickMs);
  timer.unref();

  const source: ChannelSource<'riskWarning'> = {
    channel: 'riskWarning',
    current: (key) => states.get(Number(key)),
    keys: () => [...states.keys()].map(String),
    regionOf: (_key, item) => item.regionid,
    start(f) {
      feed = f;
      return () => {
        feed = null;
      };
    },
  };
  const resolver: TopicResolver<'riskWarnings'> = { kind: 'riskWarnings', resolve: () => ({ filter: 'all' }) };

  return {
    reload: () => serial(reload),
    tick: () => serial(tick),
    calculate: (ids: readonly number[], opts: CalculateOpts) => serial(() => calculate(ids, opts)),
    /** The held states of the warnings given; those without one are calculated now (no record). */
    async statesOf(ids: readonly number[]): Promise<RiskWarningStateItem[]> {
      const missing = ids.filter((id) => !states.has(id));
      if (missing.length > 0) {
        await serial(async () => {
          const reader = deps.inputs();
          for (const id of missing) {
            const c = compiled.get(id);
            if (c && !states.has(id)) {
              show(await stateOf(c, reader));
            }
          }
        });
      }
      return ids.map((id) => states.get(id)).filter((s): s is RiskWarningStateItem => s !== undefined);
    },
    state: (id: number) => states.get(id),
    channel: { source, resolver },
    stats: () => ({ warnings: compiled.size, calculations, boundTags: byTag.size }),
    async close(): Promise<void> {
      closed = true;
      clearInterval(timer);
      if (flushTimer) {
        clearTimeout(flushTimer);
      }
      subs.forEach((s) => s.unsubscribe());
      await running;
    },
  };
}
export type WarningEngine = ReturnType<typeof createWarningEngine>;
