import { createHash } from 'node:crypto';
import type { z } from 'zod';
import {
  type commitmentConfigSave,
  type commitmentNoticeList,
  type commitmentNoticeSave,
  type CommitmentConfigItem,
  type CommitmentNoticeItem,
} from '../../../shared/commitments/contracts.js';
import { commitmentUnitLedger, unitStates, type UnitState } from '../../../shared/commitments/ledger.js';
import { permitTypeCodes, type PermitType } from '../../../shared/domain/gb30871-input.js';
import { dayKey, localParts, minuteOfDay } from '../../../shared/domain/plant-calendar.js';
import { dangerSourceDeviceLedger, dangerSourceLedger } from '../../../shared/major-hazard/ledgers.js';
import { renderMessage } from '../../../shared/messages/catalog.js';
import { loadPlantCalendar } from '../../common/plant-calendar.js';
import type { AuthUser } from '../../http/app.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { audit, type Actor } from '../../store/audit.js';
import { inTransaction, type Store } from '../../store/db.js';
import { isUniqueViolation } from '../../store/unique-violation.js';
import type { AlarmsPort } from '../alarms/port.js';
import type { OrgPort } from '../org/port.js';
import type { PermitsPort } from '../permits/port.js';
import type { RecordsPort } from '../records/port.js';
import { createCommitmentsRepository, type NoticeRow } from './commitments.repository.js';

const SYSTEM: Actor = { userid: null, loginname: 'system' };
const DEFAULT_DRAFT_TIME = '07:00';
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** What the notice states besides its statement and signature: the facts drafted from live data. */
type Facts = Pick<CommitmentNoticeItem, 'units' | 'specialWork' | 'hazards'>;

export interface CommitmentsDeps {
  records: Pick<RecordsPort, 'allRecords' | 'orgNames'>;
  permits: Pick<PermitsPort, 'live'>;
  alarms: Pick<AlarmsPort, 'openAlarms'>;
  org: Pick<OrgPort, 'holdersOf'>;
  now?: () => number;
}

/**
 * The daily safety commitment notice (issue 21 §7): each morning the facts
 * are drafted from live data (the units' states the plant sets, permits in
 * effect by type, the major hazard sources' open alarms), the configured
 * responsible person signs on their own session (a hash of what was signed,
 * audited), and the signed notice is published without sign-in.
 */
export function createCommitmentsService(store: Store, deps: CommitmentsDeps) {
  const repo = createCommitmentsRepository(store.db);
  const now = deps.now ?? Date.now;

  async function today(): Promise<string> {
    return dayKey(now(), await loadPlantCalendar(store.db));
  }

  async function userName(userid: number | null): Promise<string> {
    if (userid === null) {
      return '';
    }
    const names = await deps.records.orgNames();
    return names.person.get(userid)?.zh ?? '';
  }

  async function config(): Promise<CommitmentConfigItem> {
    const row = await repo.config(store.db);
    const responsibleUserId = row?.responsible_userid ?? null;
    return {
      responsibleUserId,
      responsibleName: await userName(responsibleUserId),
      draftTime: row?.draft_time ?? DEFAULT_DRAFT_TIME,
      statement: row?.statement ?? renderMessage('zh', 'commitment.defaultStatement'),
    };
  }

  /** The facts as the plant stands now. */
  async function facts(): Promise<Facts> {
    const [units, permits, sources, devices] = await Promise.all([
      deps.records.allRecords(commitmentUnitLedger),
      deps.permits.live(null),
      deps.records.allRecords(dangerSourceLedger),
      deps.records.allRecords(dangerSourceDeviceLedger),
    ]);
    const byState: Record<UnitState, string[]> = { operating: [], stopped: [], maintenance: [] };
    for (const u of units) {
      const state = unitStates.find((s) => s === u.state);
      if (state) {
        byState[state].push(text(u.name));
      }
    }
    unitStates.forEach((s) => byState[s].sort((a, b) => a.localeCompare(b, 'zh')));
    const counts = new Map<PermitType, number>();
    // In effect or suspended: the work is under way today either way.
    for (const p of permits) {
      counts.set(p.type, (counts.get(p.type) ?? 0) + 1);
    }
    const specialWork = permitTypeCodes.filter((t) => counts.has(t)).map((type) => ({ type, count: counts.get(type)! }));
    const tagKeys = ['levelTag', 'temperatureTag', 'pressureTag', 'gasTag'];
    const hazardTags = new Set(devices.flatMap((d) => tagKeys.map((k) => text(d[k]).trim()).filter((x) => x !== '')));
    const alarmed = new Set(deps.alarms.openAlarms('').filter((a) => a.active && hazardTags.has(a.source)).map((a) => a.source));
    return { units: byState, specialWork, hazards: { sources: sources.length, alarmedTags: alarmed.size, underControl: alarmed.size === 0 } };
  }

  const itemOf = (r: NoticeRow): CommitmentNoticeItem => {
    const f = JSON.parse(r.facts) as Facts;
    return {
      id: Number(r.id),
      day: r.day,
      status: r.status === 'signed' ? 'signed' : 'draft',
      units: f.units,
      specialWork: f.specialWork,
      hazards: f.hazards,
      statement: r.statement,
      responsibleName: r.responsible_name,
      draftedAt: Number(r.drafted_at),
      draftedBy: r.drafted_by,
      signerName: r.signer_name,
      signedAt: r.signed_at === null ? null : Number(r.signed_at),
      signature: r.signature,
    };
  };

  /** Drafts (or drafts again) today's notice; refused once it is signed. */
  async function draft(actor: Actor): Promise<CommitmentNoticeItem> {
    const [day, cfg, f] = await Promise.all([today(), config(), facts()]);
    const t = now();
    try {
      return await inTransaction(store.db, async (tx) => {
        const existing = await repo.byDay(tx, day);
        const values = {
          facts: JSON.stringify(f),
          statement: cfg.statement,
          responsible_userid: cfg.responsibleUserId,
          responsible_name: cfg.responsibleName,
          drafted_at: t,
          drafted_by: actor.loginname,
        };
        let row: NoticeRow;
        if (existing) {
          if (!(await repo.updateDraft(tx, existing.id, values))) {
            throw conflict('commitment.alreadySigned', ['id']);
          }
          row = (await repo.get(tx, existing.id))!;
        } else {
          row = await repo.insert(tx, { ...values, day, status: 'draft', signer_userid: null, signer_name: null, signed_at: null, signature: null });
        }
        await audit(tx, actor, 'commitment.draft', 'commitment_notice', row.id, { day, ...f });
        return itemOf(row);
      });
    } catch (err) {
      // Another server drafted the same day first: that draft stands.
      if (isUniqueViolation(err)) {
        const row = await repo.byDay(store.db, day);
        if (row) {
          return itemOf(row);
        }
      }
      throw err;
    }
  }

  /** The morning draft: once the plant's clock passes the configured time and the day has no notice yet. */
  async function draftIfDue(): Promise<CommitmentNoticeItem | null> {
    const calendar = await loadPlantCalendar(store.db);
    const t = now();
    const cfg = await config();
    if (localParts(t, calendar).minuteOfDay < minuteOfDay(cfg.draftTime) || (await repo.byDay(store.db, dayKey(t, calendar)))) {
      return null;
    }
    return draft(SYSTEM);
  }

  const signatureOf = (r: NoticeRow, signer: AuthUser, at: number) =>
    createHash('sha256')
      .update(JSON.stringify({ day: r.day, facts: JSON.parse(r.facts) as unknown, statement: r.statement, signer: signer.userid, name: signer.username, at }))
      .digest('hex');

  return {
    config,
    draft,
    draftIfDue,
    async today(user: AuthUser) {
      const [day, cfg] = await Promise.all([today(), config()]);
      const row = await repo.byDay(store.db, day);
      return { notice: row ? itemOf(row) : null, day, responsibleName: cfg.responsibleName, maySign: cfg.responsibleUserId === user.userid, serverTime: now() };
    },
    async save(user: AuthUser, input: z.output<typeof commitmentNoticeSave.input>) {
      return inTransaction(store.db, async (tx) => {
        const row = await repo.get(tx, input.id);
        if (!row) {
          throw notFound('commitment.notFound');
        }
        const f = JSON.parse(row.facts) as Facts;
        const next: Facts = { ...f, hazards: { ...f.hazards, underControl: input.underControl } };
        if (!(await repo.updateDraft(tx, row.id, { statement: input.statement, facts: JSON.stringify(next) }))) {
          throw conflict('commitment.alreadySigned', ['id']);
        }
        await audit(tx, user, 'commitment.save', 'commitment_notice', row.id, {
          before: { statement: row.statement, underControl: f.hazards.underControl },
          after: { statement: input.statement, underControl: input.underControl },
        });
        return itemOf((await repo.get(tx, row.id))!);
      });
    },
    /** Only the configured responsible person, on their own session: the signature is theirs, never another's on their behalf. */
    async sign(user: AuthUser, id: number) {
      const cfg = await config();
      if (cfg.responsibleUserId === null) {
        throw badRequest('commitment.noResponsible', ['id']);
      }
      if (cfg.responsibleUserId !== user.userid) {
        throw forbidden('commitment.notResponsible', { name: cfg.responsibleName });
      }
      const t = now();
      return inTransaction(store.db, async (tx) => {
        const row = await repo.get(tx, id);
        if (!row) {
          throw notFound('commitment.notFound');
        }
        const signature = signatureOf(row, user, t);
        const ok = await repo.updateDraft(tx, id, {
          status: 'signed',
          signer_userid: user.userid,
          signer_name: user.username,
          signed_at: t,
          signature,
          responsible_userid: user.userid,
          responsible_name: user.username,
        });
        if (!ok) {
          throw conflict('commitment.alreadySigned', ['id']);
        }
        await audit(tx, user, 'commitment.sign', 'commitment_notice', id, { day: row.day, signature, at: t, session: user.sessionId });
        return itemOf((await repo.get(tx, id))!);
      });
    },
    async list(input: z.output<typeof commitmentNoticeList.input>) {
      const { rows, total } = await repo.list({ status: input.status, offset: (input.page - 1) * input.pageSize, limit: input.pageSize });
      return { items: rows.map(itemOf), total };
    },
    async show() {
      const { rows } = await repo.list({ status: 'signed', offset: 0, limit: 8 });
      const items = rows.map(itemOf);
      return { latest: items[0] ?? null, history: items.slice(1), serverTime: now() };
    },
    async saveConfig(user: AuthUser, input: z.output<typeof commitmentConfigSave.input>) {
      const holders = await deps.org.holdersOf('commitment:view');
      if (!holders.some((h) => h.userid === input.responsibleUserId)) {
        throw badRequest('commitment.unknownUser', ['responsibleUserId']);
      }
      const before = await config();
      await inTransaction(store.db, async (tx) => {
        await repo.saveConfig(tx, { responsible_userid: input.responsibleUserId, draft_time: input.draftTime, statement: input.statement, updated_at: now(), updated_by: user.loginname });
        await audit(tx, user, 'commitment.config', 'commitment_config', 1, { before, after: input });
      });
      return config();
    },
    /** The big screens' figures: today's notice signed (1/0), units in operation, permits in effect. */
    async figures() {
      const row = await repo.byDay(store.db, await today());
      const f = row ? (JSON.parse(row.facts) as Facts) : await facts();
      return {
        signedToday: row?.status === 'signed' ? 1 : 0,
        unitsOperating: f.units.operating.length,
        specialWork: f.specialWork.reduce((n, s) => n + s.count, 0),
      };
    },
  };
}
export type CommitmentsService = ReturnType<typeof createCommitmentsService>;
