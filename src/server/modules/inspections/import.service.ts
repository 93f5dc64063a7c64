import { checkItemSchema, checkItemTypes, type CheckItem } from '../../../shared/domain/inspection-tasks.js';
import { scheduleCycleSchema, type ScheduleCycle } from '../../../shared/domain/schedule.js';
import { planColumns, pointColumns, importSheets, type ImportSheet, type PlanColumn, type PointColumn } from '../../../shared/inspections/import-columns.js';
import { pointInput, type planInput } from '../../../shared/inspections/contracts.js';
import type { inspectionImport } from '../../../shared/inspections/import-contracts.js';
import { renderMessage, type MessageCode } from '../../../shared/messages/catalog.js';
import type { AuthUser } from '../../http/app.js';
import { AppError } from '../../http/errors.js';
import { audit, type Actor } from '../../store/audit.js';
import { inTransaction } from '../../store/db.js';
import { type In, type InspectionsContext, type Out } from './inspections.context.js';
import { createInspectionsRepository } from './inspections.repository.js';
import type { ImportWorkbook } from './import-xlsx.js';

type PointIn = In<typeof pointInput>;
type PlanIn = Omit<In<typeof planInput>, 'pointIds'>;

interface Problem {
  sheet: ImportSheet;
  row: number;
  column: string;
  code: MessageCode;
  params?: Record<string, string | number>;
}

/** A cell as text: numbers and booleans as typed, dates as YYYY-MM-DD, anything else empty. */
const text = (v: unknown): string =>
  v instanceof Date ? v.toISOString().slice(0, 10) : typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v).trim() : '';
const split = (v: unknown) =>
  text(v)
    .split(/[,，、;；\n]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
const YES = new Set(['是', 'yes', 'y', 'true', '1', '√', '✓']);
const NO = new Set(['否', 'no', 'n', 'false', '0', '×', '✗']);
const CYCLES: Record<string, ScheduleCycle['kind']> = { 时: 'hour', 小时: 'hour', 按时: 'hour', hour: 'hour', 日: 'day', 天: 'day', 按日: 'day', day: 'day', 周: 'week', 按周: 'week', week: 'week', 月: 'month', 按月: 'month', month: 'month' };

/**
 * /systemConfig/InspectionImport: points and plans from the Excel template,
 * all or nothing. Every row is read first; any problem refuses the whole file
 * with each problem's sheet, row and column. Points of the same name in a
 * region are updated; a plan's name must be new.
 */
export function createImportService(ctx: InspectionsContext, generate: (actor: Actor) => Promise<unknown>) {
  const { db, repo, now } = ctx;

  return {
    importWorkbook: async (caller: AuthUser, wb: ImportWorkbook): Promise<Out<typeof inspectionImport>> => {
      if (!wb.points && !wb.plans) {
        throw new AppError(400, 'inspections.import.noSheets', ['upfile']);
      }
      if ((wb.points?.rows.length ?? 0) + (wb.plans?.rows.length ?? 0) === 0) {
        throw new AppError(400, 'inspections.import.empty', ['upfile']);
      }
      const problems: Problem[] = [];
      const scope = await ctx.scopeOf(caller);
      const names = await ctx.deps.records.orgNames();
      const cal = await ctx.calendar();
      const byName = (m: ReadonlyMap<number, { zh: string; en: string }>) => {
        const out = new Map<string, number>();
        for (const [id, n] of m) {
          out.set(n.zh.trim().toLowerCase(), id);
          out.set(n.en.trim().toLowerCase(), id);
        }
        return out;
      };
      const regions = byName(names.region);
      const depts = byName(names.dept);
      const people = byName(names.person);
      for (const u of await repo.userLogins()) {
        people.set(u.loginname.trim().toLowerCase(), u.userid);
      }

      // ---- points
      const existingPoints = await repo.points();
      const points: { row: number; input: PointIn }[] = [];
      const seenPoints = new Set<string>();
      for (const r of wb.points?.rows ?? []) {
        const bad = (column: PointColumn, code: MessageCode, value: unknown = '') => problems.push({ sheet: 'points', row: r.row, column, code, params: { value: text(value) } });
        const before = problems.length;
        const cell = (k: PointColumn) => r.cells[k];
        const region = regions.get(text(cell('region')).toLowerCase());
        if (!text(cell('region'))) {
          bad('region', 'validation.required');
        } else if (region === undefined || !ctx.sees(scope, region)) {
          bad('region', 'inspections.import.unknownRegion', cell('region'));
        }
        const name = text(cell('name'));
        if (!name) {
          bad('name', 'validation.required');
        }
        const kindText = text(cell('kind')).toLowerCase();
        const kind = kindText === '' || kindText === '场所' || kindText === 'place' ? 'place' : kindText === '设备' || kindText === 'device' ? 'device' : null;
        if (!kind) {
          bad('kind', 'inspections.import.badKind', cell('kind'));
        }
        const num = (k: PointColumn, required: boolean): number | null => {
          const v = cell(k);
          if (v === undefined || v === null) {
            if (required) {
              bad(k, 'validation.required');
            }
            return null;
          }
          const n = typeof v === 'number' ? v : Number(text(v));
          if (!Number.isFinite(n)) {
            bad(k, 'inspections.import.badNumber', v);
            return null;
          }
          return n;
        };
        const lon = num('lon', true);
        const lat = num('lat', true);
        const radius = num('radius', false);
        const items: CheckItem[] = [];
        text(cell('items'))
          .split(/\n/)
          .map((l) => l.trim())
          .filter((l) => l !== '')
          .forEach((line, i) => {
            const item = parseItem(line, i);
            if (item) {
              items.push(item);
            } else {
              bad('items', 'inspections.import.badItem', line);
            }
          });
        if (problems.length > before || region === undefined || !kind) {
          continue;
        }
        if (seenPoints.has(pointKeyOf(region, name))) {
          bad('name', 'inspections.import.duplicate', name);
          continue;
        }
        seenPoints.add(pointKeyOf(region, name));
        const old = existingPoints.find((p) => p.regionid === region && p.name === name);
        const parsed = pointInput.safeParse({
          id: old?.id,
          name,
          kind,
          device: text(cell('device')),
          regionid: region,
          lon,
          lat,
          radiusM: radius,
          qrCode: text(cell('qrCode')) || old?.qr_code || '',
          nfcId: text(cell('nfcId')) || old?.nfc_id || '',
          items,
        });
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          const field = String(issue.path[0] ?? 'name');
          const column = ({ lon: 'lon', lat: 'lat', radiusM: 'radius', qrCode: 'qrCode', nfcId: 'nfcId', items: 'items', device: 'device' } as Record<string, PointColumn>)[field] ?? 'name';
          bad(column, 'inspections.import.badNumber', cell(column));
          continue;
        }
        points.push({ row: r.row, input: parsed.data });
      }
      // QR codes and NFC cards: unique across the plant and the file.
      const keyOwner = new Map<string, number | string>();
      for (const p of existingPoints) {
        keyOwner.set(`qr:${p.qr_code}`, p.id);
        if (p.nfc_id) {
          keyOwner.set(`nfc:${p.nfc_id}`, p.id);
        }
      }
      for (const p of points) {
        for (const [k, column] of [
          [`qr:${p.input.qrCode}`, 'qrCode'],
          [`nfc:${p.input.nfcId}`, 'nfcId'],
        ] as const) {
          if (k.endsWith(':')) {
            continue;
          }
          const owner = keyOwner.get(k);
          if (owner !== undefined && owner !== p.input.id && owner !== `row${p.row}`) {
            problems.push({ sheet: 'points', row: p.row, column, code: column === 'qrCode' ? 'inspections.plan.qrTaken' : 'inspections.plan.nfcTaken' });
          }
          keyOwner.set(k, p.input.id ?? `row${p.row}`);
        }
      }

      // ---- plans
      const existingPlans = new Set((await repo.plans()).map((p) => p.name));
      const seenPlans = new Set<string>();
      const plans: { row: number; input: PlanIn; pointNames: string[] }[] = [];
      for (const r of wb.plans?.rows ?? []) {
        const before = problems.length;
        const bad = (column: PlanColumn, code: MessageCode, value: unknown = '') => problems.push({ sheet: 'plans', row: r.row, column, code, params: { value: text(value) } });
        const cell = (k: PlanColumn) => r.cells[k];
        for (const c of planColumns.filter((x) => x.required)) {
          if (cell(c.key) === undefined) {
            bad(c.key, 'validation.required');
          }
        }
        if (problems.length > before) {
          continue;
        }
        const name = text(cell('name'));
        if (existingPlans.has(name)) {
          bad('name', 'inspections.import.planExists', name);
        } else if (seenPlans.has(name)) {
          bad('name', 'inspections.import.duplicate', name);
        }
        seenPlans.add(name);
        const person = (k: PlanColumn, v: string) => {
          const id = people.get(v.toLowerCase());
          if (id === undefined) {
            bad(k, 'inspections.import.unknownPerson', v);
          }
          return id ?? 0;
        };
        const responsibleId = person('responsible', text(cell('responsible')));
        const inspectorIds = split(cell('inspectors')).map((v) => person('inspectors', v));
        const region = regions.get(text(cell('region')).toLowerCase());
        if (region === undefined || !ctx.sees(scope, region)) {
          bad('region', 'inspections.import.unknownRegion', cell('region'));
        }
        let deptid: number | null = null;
        if (text(cell('dept'))) {
          deptid = depts.get(text(cell('dept')).toLowerCase()) ?? null;
          if (deptid === null) {
            bad('dept', 'inspections.import.unknownDept', cell('dept'));
          }
        }
        const int = (k: PlanColumn, fallback: number | null): number | null => {
          const v = cell(k);
          if (v === undefined) {
            return fallback;
          }
          const n = typeof v === 'number' ? v : Number(text(v));
          if (!Number.isInteger(n) || n < 0) {
            bad(k, k === 'tolerance' ? 'inspections.zeroOrPositiveInteger' : 'inspections.import.badNumber', v);
            return fallback;
          }
          return n;
        };
        const yesNo = (k: PlanColumn, fallback: boolean): boolean => {
          const v = cell(k);
          if (v === undefined) {
            return fallback;
          }
          const s = typeof v === 'boolean' ? String(v) : text(v).toLowerCase();
          if (YES.has(s)) {
            return true;
          }
          if (NO.has(s)) {
            return false;
          }
          bad(k, 'inspections.import.badYesNo', v);
          return fallback;
        };
        const kind = CYCLES[text(cell('cycle')).toLowerCase()];
        if (!kind) {
          bad('cycle', 'inspections.import.badCycle', cell('cycle'));
        }
        const every = int('every', 1) ?? 1;
        const times = split(cell('times')).map((s) => (/^\d:\d\d$/.test(s) ? `0${s}` : s));
        const dayNums = split(cell('days')).map(Number);
        if (dayNums.some((d) => !Number.isInteger(d) || d < 1 || d > (kind === 'week' ? 7 : 31))) {
          bad('days', 'inspections.import.badDays', cell('days'));
        }
        const cycleRaw =
          kind === 'hour'
            ? { kind, every, at: times[0] ?? '00:00' }
            : kind === 'day'
              ? { kind, every, times }
              : kind === 'week'
                ? { kind, every, weekdays: dayNums.map((d) => d % 7), times }
                : { kind, every, days: dayNums, times };
        const cycle = scheduleCycleSchema.safeParse(cycleRaw);
        if (kind && !cycle.success) {
          const path = String(cycle.error.issues[0].path[0] ?? 'times');
          bad(path === 'weekdays' || path === 'days' ? 'days' : path === 'every' ? 'every' : 'times', 'inspections.plan.badTime', path === 'times' ? cell('times') : cell('days'));
        }
        const from = parseDay(cell('effectiveFrom'));
        if (!from) {
          bad('effectiveFrom', 'inspections.import.badDate', cell('effectiveFrom'));
        }
        const pointNames = split(cell('points'));
        if (pointNames.length === 0) {
          bad('points', 'inspections.plan.pointsRequired');
        }
        const tolerance = int('tolerance', 0) ?? 0;
        const windowMinutes = int('windowMinutes', null) || null;
        const reminderHours = int('reminderHours', null);
        const ordered = yesNo('ordered', false);
        const enabled = yesNo('enabled', true);
        const headcount = int('headcount', 1) ?? 1;
        if (headcount < 1) {
          bad('headcount', 'inspections.plan.headcountAtLeastOne', headcount);
        }
        if (problems.length > before || !cycle.success || !from || region === undefined) {
          continue;
        }
        plans.push({
          row: r.row,
          pointNames,
          input: {
            name,
            responsibleId,
            inspectorIds,
            regionid: region,
            deptid,
            cycle: cycle.data,
            effectiveFrom: cal.fromLocal(from.y, from.m, from.d),
            effectiveTo: null,
            windowMinutes,
            reminderHours,
            pauses: [],
            headcount,
            minDurationMin: null,
            maxDurationMin: null,
            minGapMin: null,
            ordered,
            allPoints: true,
            recordMisses: true,
            signAtPoints: false,
            troublePlan: '',
            toleranceMinutes: tolerance,
            enabled,
          },
        });
      }
      // A plan's points: of the file's points sheet or already in the plant, in its region.
      const routeNames = new Set(points.map((p) => pointKeyOf(p.input.regionid, p.input.name)));
      const known = new Set(existingPoints.map((p) => pointKeyOf(p.regionid, p.name)));
      for (const p of plans) {
        const missing = p.pointNames.find((n) => !routeNames.has(pointKeyOf(p.input.regionid, n)) && !known.has(pointKeyOf(p.input.regionid, n)));
        if (missing) {
          problems.push({ sheet: 'plans', row: p.row, column: 'points', code: 'inspections.import.unknownPointName', params: { value: missing } });
        }
      }
      if (problems.length > 0) {
        throw refusal(problems);
      }

      // ---- all or nothing
      const t = now();
      const counts = await inTransaction(db, async (tx) => {
        const r = createInspectionsRepository(tx);
        let created = 0;
        let updated = 0;
        const ids = new Map(existingPoints.map((p) => [pointKeyOf(p.regionid, p.name), p.id]));
        for (const { input } of points) {
          const values = {
            name: input.name,
            kind: input.kind,
            device: input.device,
            regionid: input.regionid,
            lon: input.lon,
            lat: input.lat,
            radius_m: input.radiusM,
            nfc_id: input.nfcId || null,
            items: JSON.stringify(input.items),
            updated_at: t,
          };
          let id = input.id;
          if (id) {
            await r.updatePoint(id, { ...values, qr_code: input.qrCode || `PW-INSP-${id}` });
            updated++;
          } else {
            id = await r.insertPoint({ ...values, qr_code: input.qrCode || `tmp-${t}-${Math.random()}` });
            await r.updatePoint(id, { qr_code: input.qrCode || `PW-INSP-${id}` });
            created++;
          }
          ids.set(pointKeyOf(input.regionid, input.name), id);
          await audit(tx, caller, 'inspection.pointSave', 'inspectionPoint', id, { name: input.name, imported: true });
        }
        for (const p of plans) {
          const pointIds = p.pointNames.map((n) => ids.get(pointKeyOf(p.input.regionid, n))!);
          const { cycle, windowMinutes, effectiveFrom, ...rest } = p.input;
          const id = await r.insertPlan({
            name: rest.name,
            responsible_id: rest.responsibleId,
            inspector_ids: JSON.stringify(rest.inspectorIds),
            regionid: rest.regionid,
            deptid: rest.deptid,
            effective_to: null,
            pauses: '[]',
            reminder_hours: rest.reminderHours,
            headcount: rest.headcount,
            min_duration_min: null,
            max_duration_min: null,
            min_gap_min: null,
            ordered: rest.ordered ? 1 : 0,
            all_points: 1,
            record_misses: 1,
            sign_at_points: 0,
            trouble_plan: '',
            tolerance_minutes: rest.toleranceMinutes,
            enabled: rest.enabled ? 1 : 0,
            point_ids: JSON.stringify(pointIds),
            updated_at: t,
            segments: JSON.stringify([{ from: effectiveFrom, cycle, windowMinutes }]),
            generated_to: 0,
          });
          await audit(tx, caller, 'inspection.planSave', 'inspectionPlan', id, { name: rest.name, created: true, imported: true });
        }
        await audit(tx, caller, 'inspection.import', 'inspectionImport', 0, { pointsCreated: created, pointsUpdated: updated, plans: plans.length });
        return { pointsCreated: created, pointsUpdated: updated, plans: plans.length };
      });
      await generate(caller);
      return counts;
    },
  };
}

const pointKeyOf = (region: number, name: string) => `${region}\u0000${name}`;

/** A check item line of the template: label|type|options or min~max|abnormal options. */
function parseItem(line: string, i: number): CheckItem | null {
  const [label, type = 'tick', third = '', fourth = ''] = line.split('|').map((s) => s.trim());
  if (!label || !(checkItemTypes as readonly string[]).includes(type)) {
    return null;
  }
  const raw: Record<string, unknown> = { key: `i${i + 1}`, label, type, required: type !== 'text' && type !== 'photo' };
  if (type === 'value') {
    // min~max, then the unit after a space (as the points page writes it).
    const m = /^(-?\d+(?:\.\d+)?)?\s*~\s*(-?\d+(?:\.\d+)?)?(?:\s+(\S+))?$/.exec(third);
    if (third && !m) {
      return null;
    }
    raw.min = m?.[1] !== undefined ? Number(m[1]) : null;
    raw.max = m?.[2] !== undefined ? Number(m[2]) : null;
    raw.unit = m?.[3] ?? '';
  } else if (type === 'enum') {
    raw.options = split(third);
    raw.abnormal = split(fourth);
  }
  const parsed = checkItemSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** A date typed or stored as a date: its year, month and day. */
function parseDay(v: unknown): { y: number; m: number; d: number } | null {
  if (v instanceof Date && !Number.isNaN(v.getTime())) {
    // Excel dates arrive as UTC midnight of the day typed.
    return { y: v.getUTCFullYear(), m: v.getUTCMonth() + 1, d: v.getUTCDate() };
  }
  const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?/.exec(text(v));
  if (!m) {
    return null;
  }
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return mo >= 1 && mo <= 12 && d >= 1 && d <= 31 ? { y, m: mo, d } : null;
}

/** Refuses the file: the first problem in the message (sheet, row, column), every problem in the issues. */
function refusal(problems: Problem[]): AppError {
  const label = (p: Problem) => {
    const cols: readonly { key: string; zh: string }[] = p.sheet === 'points' ? pointColumns : planColumns;
    return cols.find((c) => c.key === p.column)?.zh ?? p.column;
  };
  const first = problems[0];
  const issues = problems.map((p) => ({
    field: `${p.sheet}.${p.row}.${p.column}`,
    code: p.code,
    params: { ...p.params, sheet: importSheets[p.sheet].zh, row: p.row, column: label(p) },
  }));
  return new AppError(
    400,
    'inspections.import.failed',
    issues.map((i) => i.field),
    { sheet: importSheets[first.sheet].zh, row: first.row, column: label(first), problem: renderMessage('zh', first.code, first.params ?? {}), count: problems.length },
    issues,
  );
}

export type ImportService = ReturnType<typeof createImportService>;
