import type { z } from 'zod';
import { checkExpressionVariables, checkWarningRanges, expressionVariables, parseExpression } from '../../../shared/domain/expression.js';
import type { FieldIssue } from '../../../shared/messages/catalog.js';
import type {
  riskEarlyWarningConfig,
  riskEarlyWarningRecordSearch,
  riskEarlyWarningVariableEdit,
  riskRangeAdd,
  warningVariableInput,
  WarningConfigItem,
  WarningRangeItem,
  WarningRecordItem,
  WarningVariableItem,
} from '../../../shared/risk-warning/contracts.js';
import { warningInputItem, warningLevelSchema, warningTriggers, type RiskWarningStateItem, type WarningLevelValue, type WarningVariableKind } from '../../../shared/risk-warning/items.js';
import type { AuthUser } from '../../http/app.js';
import { conflict, forbidden, invalidInput, notFound } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import { inTransaction, type Db } from '../../store/db.js';
import type { LiveCache } from '../../stream/live-cache.js';
import type { TagRegistry } from '../../stream/tag-registry.js';
import type { OrgPort } from '../org/port.js';
import { createWarningRepository, type RangeRow, type RecordRow, type VariableRow, type WarningRow } from './risk-warning.repository.js';
import type { WarningEngine } from './warning-engine.js';

type In<C extends { input: z.ZodType }> = z.output<C['input']>;

export interface WarningServiceDeps {
  db: Db;
  org: Pick<OrgPort, 'getUserScope'>;
  tags: Pick<TagRegistry, 'get'>;
  live: Pick<LiveCache, 'get'>;
  engine: WarningEngine;
  now?: () => number;
}

const levelOf = (v: number | null): WarningLevelValue | null => {
  const p = warningLevelSchema.safeParse(v);
  return p.success ? p.data : null;
};

const rangeItem = (r: RangeRow): WarningRangeItem => ({ id: r.id, warningId: r.warning_id, min: r.min, max: r.max, level: levelOf(r.level) ?? 4, instruction: r.instruction });

function recordItem(r: RecordRow): WarningRecordItem {
  const trigger = warningTriggers.find((t) => t === r.trigger) ?? 'manual';
  return {
    id: r.id,
    warningId: r.warning_id,
    name: r.name,
    formula: r.formula,
    regionid: r.regionid,
    value: r.value,
    level: levelOf(r.level),
    inputs: warningInputItem.array().parse(JSON.parse(r.inputs)),
    error: r.error,
    trigger,
    note: r.note,
    by: r.made_by,
    at: r.at,
  };
}

/**
 * Early warning's configuration and records (issue 21 §6): variables, warnings
 * with their formula and ranges, records; each edit checked (naming the field),
 * audited in its transaction, and isolated by region where a variable or
 * warning names one.
 */
export function createWarningService(deps: WarningServiceDeps) {
  const now = deps.now ?? Date.now;
  const repo = createWarningRepository(deps.db);

  async function scopeOf(caller: AuthUser) {
    const s = await deps.org.getUserScope(caller.userid);
    return (regionid: number | null) => s.all || regionid === null || s.regionids.includes(regionid);
  }

  const variableItem = (v: VariableRow): WarningVariableItem => {
    const s = v.kind === 'tag' && v.tag ? deps.live.get(v.tag) : undefined;
    return {
      id: v.id,
      code: v.code,
      name: v.name,
      kind: v.kind as WarningVariableKind,
      tag: v.tag,
      regionid: v.regionid,
      current: s && Number.isFinite(s.v) ? s.v : null,
      updated: v.updated_at,
      updatedBy: v.updated_by,
    };
  };

  function configItem(w: WarningRow, ranges: RangeRow[]): WarningConfigItem {
    const parsed = parseExpression(w.formula);
    return {
      id: w.id,
      name: w.name,
      formula: w.formula,
      regionid: w.regionid,
      instructions: w.instructions,
      intervalMinutes: w.interval_minutes,
      onChange: w.on_change === 1,
      enabled: w.enabled === 1,
      ranges: ranges.filter((r) => r.warning_id === w.id).map(rangeItem),
      variables: parsed.ok ? expressionVariables(parsed.ast).map((v) => v.name) : [],
      owner: w.owner_loginname,
      updated: w.updated_at,
      lastRun: w.last_run_at,
    };
  }

  /** The warnings whose formula reads `code`. */
  async function usersOf(code: string): Promise<WarningRow[]> {
    return (await repo.warnings()).filter((w) => {
      const p = parseExpression(w.formula);
      return p.ok && expressionVariables(p.ast).some((v) => v.name === code);
    });
  }

  async function visibleWarning(caller: AuthUser, id: number): Promise<WarningRow> {
    const w = await repo.warning(id);
    if (!w || !(await scopeOf(caller))(w.regionid)) {
      throw notFound('riskWarning.notFound');
    }
    return w;
  }

  async function checkVariable(caller: AuthUser, input: z.output<typeof warningVariableInput>, id: number | null): Promise<void> {
    const issues: FieldIssue[] = [];
    const same = await repo.variableByCode(input.code);
    if (same && same.id !== id) {
      issues.push({ field: 'code', code: 'riskWarning.variable.codeTaken', params: { code: input.code } });
    }
    if (input.kind === 'tag') {
      if (!input.tag) {
        issues.push({ field: 'tag', code: 'riskWarning.variable.tagRequired' });
      } else if (!deps.tags.get(input.tag)) {
        issues.push({ field: 'tag', code: 'riskWarning.variable.unknownTag', params: { tag: input.tag } });
      }
    }
    if (issues.length > 0) {
      throw invalidInput(issues);
    }
    if (!(await scopeOf(caller))(input.regionid ?? null)) {
      throw forbidden();
    }
  }

  const variableRow = (caller: AuthUser, input: z.output<typeof warningVariableInput>) => ({
    code: input.code,
    name: input.name,
    kind: input.kind,
    tag: input.kind === 'tag' ? (input.tag ?? null) : null,
    regionid: input.regionid ?? null,
    updated_at: now(),
    updated_by: caller.loginname,
  });

  return {
    async variables(caller: AuthUser, input: { keyword?: string; page: number; pageSize: number }) {
      const sees = await scopeOf(caller);
      const k = input.keyword?.toLowerCase();
      const all = (await repo.variables()).filter((v) => sees(v.regionid) && (!k || v.code.toLowerCase().includes(k) || v.name.toLowerCase().includes(k)));
      return { items: all.slice((input.page - 1) * input.pageSize, input.page * input.pageSize).map(variableItem), total: all.length };
    },

    async addVariable(caller: AuthUser, input: z.output<typeof warningVariableInput>): Promise<WarningVariableItem> {
      await checkVariable(caller, input, null);
      const row = variableRow(caller, input);
      const id = await inTransaction(deps.db, async (tx) => {
        const newId = await createWarningRepository(tx).addVariable(row);
        await audit(tx, caller, 'riskWarning.variable.save', 'risk_warning_variable', newId, { after: row });
        return newId;
      });
      await deps.engine.reload();
      return variableItem({ ...row, id });
    },

    async editVariable(caller: AuthUser, input: In<typeof riskEarlyWarningVariableEdit>): Promise<WarningVariableItem> {
      const before = await repo.variable(input.id);
      if (!before || !(await scopeOf(caller))(before.regionid)) {
        throw notFound('riskWarning.variable.notFound');
      }
      await checkVariable(caller, input, input.id);
      if (before.code !== input.code) {
        const users = await usersOf(before.code);
        if (users.length > 0) {
          throw conflict('riskWarning.variable.renameInUse', ['code'], { names: users.map((w) => w.name).join('、') });
        }
      }
      const row = variableRow(caller, input);
      await inTransaction(deps.db, async (tx) => {
        await createWarningRepository(tx).updateVariable(input.id, row);
        await audit(tx, caller, 'riskWarning.variable.save', 'risk_warning_variable', input.id, { before, after: row });
      });
      await deps.engine.reload();
      return variableItem({ ...row, id: input.id });
    },

    async deleteVariable(caller: AuthUser, id: number): Promise<{ id: number }> {
      const before = await repo.variable(id);
      if (!before || !(await scopeOf(caller))(before.regionid)) {
        throw notFound('riskWarning.variable.notFound');
      }
      const users = await usersOf(before.code);
      if (users.length > 0) {
        throw conflict('riskWarning.variable.inUse', ['id'], { names: users.map((w) => w.name).join('、') });
      }
      await inTransaction(deps.db, async (tx) => {
        await createWarningRepository(tx).deleteVariable(id);
        await audit(tx, caller, 'riskWarning.variable.delete', 'risk_warning_variable', id, { before });
      });
      await deps.engine.reload();
      return { id };
    },

    async warnings(caller: AuthUser): Promise<{ items: WarningConfigItem[]; total: number }> {
      const sees = await scopeOf(caller);
      const rows = (await repo.warnings()).filter((w) => sees(w.regionid));
      const ranges = await repo.ranges(rows.map((w) => w.id));
      return { items: rows.map((w) => configItem(w, ranges)), total: rows.length };
    },

    /** Saves a warning; the formula must parse and name only defined variables (refused naming `formula`). */
    async saveWarning(caller: AuthUser, input: In<typeof riskEarlyWarningConfig>): Promise<WarningConfigItem> {
      const before = input.id === undefined ? undefined : await visibleWarning(caller, input.id);
      const issues: FieldIssue[] = [];
      const parsed = parseExpression(input.formula);
      if (!parsed.ok) {
        issues.push({ field: 'formula', code: parsed.error.code, params: { ...parsed.error.params, position: parsed.error.position } });
      } else {
        const known = new Set((await repo.variables()).map((v) => v.code));
        for (const e of checkExpressionVariables(parsed.ast, known)) {
          issues.push({ field: 'formula', code: e.code, params: { ...e.params, position: e.position } });
        }
      }
      if (input.ranges) {
        for (const i of checkWarningRanges(input.ranges)) {
          issues.push({ field: i.field, code: i.code, params: i.params });
        }
      }
      if (issues.length > 0) {
        throw invalidInput(issues);
      }
      if (!(await scopeOf(caller))(input.regionid ?? null)) {
        throw forbidden();
      }
      const row = {
        name: input.name,
        formula: input.formula,
        regionid: input.regionid ?? null,
        instructions: input.instructions,
        interval_minutes: input.intervalMinutes,
        on_change: input.onChange ? 1 : 0,
        enabled: input.enabled ? 1 : 0,
        owner_userid: caller.userid,
        owner_loginname: caller.loginname,
        updated_at: now(),
      };
      const id = await inTransaction(deps.db, async (tx) => {
        const r = createWarningRepository(tx);
        let wid: number;
        if (before) {
          await r.updateWarning(before.id, row);
          wid = before.id;
        } else {
          wid = await r.addWarning({ ...row, last_run_at: null });
        }
        if (input.ranges) {
          await r.deleteRangesOf(wid);
          for (const g of input.ranges) {
            await r.addRange({ warning_id: wid, min: g.min, max: g.max, level: g.level, instruction: g.instruction });
          }
        }
        await audit(tx, caller, 'riskWarning.config.save', 'risk_warning', wid, { before, after: row, ranges: input.ranges });
        return wid;
      });
      await deps.engine.reload();
      const saved = (await repo.warning(id))!;
      return configItem(saved, await repo.ranges([id]));
    },

    async deleteWarning(caller: AuthUser, id: number): Promise<{ id: number }> {
      const before = await visibleWarning(caller, id);
      await inTransaction(deps.db, async (tx) => {
        await createWarningRepository(tx).deleteWarning(id);
        await audit(tx, caller, 'riskWarning.config.delete', 'risk_warning', id, { before });
      });
      await deps.engine.reload();
      return { id };
    },

    async ranges(caller: AuthUser, warningId: number) {
      await visibleWarning(caller, warningId);
      const items = (await repo.ranges([warningId])).map(rangeItem);
      return { items, total: items.length };
    },

    /** Adds one range; refused naming `max` when not above `min`, `min` when it overlaps a saved range. */
    async addRange(caller: AuthUser, input: In<typeof riskRangeAdd>): Promise<WarningRangeItem> {
      await visibleWarning(caller, input.warningId);
      const own = checkWarningRanges([input]);
      if (own.length > 0) {
        throw invalidInput([{ field: 'max', code: own[0].code }]);
      }
      const lo = (r: { min: number | null }) => r.min ?? -Infinity;
      const hi = (r: { max: number | null }) => r.max ?? Infinity;
      const clash = (await repo.ranges([input.warningId])).find((r) => lo(input) < hi(r) && lo(r) < hi(input));
      if (clash) {
        throw invalidInput([{ field: 'min', code: 'riskWarning.range.overlapsSaved', params: { min: clash.min ?? '-∞', max: clash.max ?? '∞' } }]);
      }
      const row = { warning_id: input.warningId, min: input.min, max: input.max, level: input.level, instruction: input.instruction };
      const id = await inTransaction(deps.db, async (tx) => {
        const newId = await createWarningRepository(tx).addRange(row);
        await audit(tx, caller, 'riskWarning.range.add', 'risk_warning', input.warningId, { range: row });
        return newId;
      });
      await deps.engine.reload();
      return rangeItem({ ...row, id });
    },

    async deleteRange(caller: AuthUser, id: number): Promise<{ id: number }> {
      const r = await repo.range(id);
      if (!r) {
        throw notFound('riskWarning.range.notFound');
      }
      await visibleWarning(caller, r.warning_id);
      await inTransaction(deps.db, async (tx) => {
        await createWarningRepository(tx).deleteRange(id);
        await audit(tx, caller, 'riskWarning.range.delete', 'risk_warning', r.warning_id, { range: r });
      });
      await deps.engine.reload();
      return { id };
    },

    /** Calculates now (one, or every enabled warning the caller sees) and keeps a record of each. */
    async calculate(caller: AuthUser, id?: number): Promise<{ items: RiskWarningStateItem[]; total: number }> {
      const sees = await scopeOf(caller);
      const ids = id !== undefined ? [(await visibleWarning(caller, id)).id] : (await repo.warnings()).filter((w) => w.enabled === 1 && sees(w.regionid)).map((w) => w.id);
      const { states } = await deps.engine.calculate(ids, { trigger: 'manual', by: caller, record: 'always' });
      return { items: states, total: states.length };
    },

    async show(caller: AuthUser): Promise<{ items: RiskWarningStateItem[]; total: number }> {
      const sees = await scopeOf(caller);
      const ids = (await repo.warnings()).filter((w) => w.enabled === 1 && sees(w.regionid)).map((w) => w.id);
      const items = await deps.engine.statesOf(ids);
      return { items, total: items.length };
    },

    async records(caller: AuthUser, input: In<typeof riskEarlyWarningRecordSearch>) {
      const scope = await deps.org.getUserScope(caller.userid);
      const { rows, total } = await repo.records({
        warningId: input.warningId,
        regionIds: scope.all ? null : scope.regionids,
        level: input.level,
        start: input.start,
        end: input.end,
        offset: (input.page - 1) * input.pageSize,
        limit: input.pageSize,
      });
      return { items: rows.map(recordItem), total };
    },

    async addRecord(caller: AuthUser, warningId: number, note: string): Promise<WarningRecordItem> {
      await visibleWarning(caller, warningId);
      const { recordIds } = await deps.engine.calculate([warningId], { trigger: 'manual', by: caller, note, record: 'always' });
      return recordItem((await repo.record(recordIds[0]))!);
    },

    async deleteRecords(caller: AuthUser, ids: number[]): Promise<{ deleted: number }> {
      const sees = await scopeOf(caller);
      const mine = (await repo.recordsByIds(ids)).filter((r) => sees(r.regionid));
      const deleted = await inTransaction(deps.db, async (tx) => {
        const n = await createWarningRepository(tx).deleteRecords(mine.map((r) => r.id));
        await audit(tx, caller, 'riskWarning.record.delete', 'risk_warning_record', mine.map((r) => r.id).join(','), { records: mine.map((r) => ({ id: r.id, warningId: r.warning_id, level: r.level, at: r.at })) });
        return n;
      });
      return { deleted };
    },

    async instructions(caller: AuthUser, warningId: number, level?: WarningLevelValue) {
      const w = await visibleWarning(caller, warningId);
      const at = level ?? (await deps.engine.statesOf([warningId]))[0]?.level ?? null;
      const range = at === null ? undefined : (await repo.ranges([warningId])).find((r) => r.level === at && r.instruction !== '');
      return { warningId, name: w.name, level: at, instructions: w.instructions, levelInstruction: range?.instruction ?? '' };
    },
  };
}
export type WarningService = ReturnType<typeof createWarningService>;
