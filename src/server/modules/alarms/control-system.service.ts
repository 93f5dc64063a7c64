import type { Selectable } from 'kysely';
import type { Subscription } from 'rxjs';
import type { z } from 'zod';
import type { ControlSystemItem, controlSystemSave } from '../../../shared/alarms/control-system-contracts.js';
import { controlSystemLinkMatcher, controlSystemMatcher, type IngestLink } from '../../../shared/domain/control-system-match.js';
import type { AuthUser } from '../../http/app.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import { inTransaction, type Db, type Tx } from '../../store/db.js';
import type { Database } from '../../store/schema.js';
import { consume, type StreamBus } from '../../stream/bus.js';
import type { LiveCache } from '../../stream/live-cache.js';
import type { UserScope } from '../org/port.js';
import type { RealtimeTagRegistry } from '../realtime/port.js';
import type { AlarmService } from './alarm.service.js';

type Row = Selectable<Database['control_system']>;
type SaveInput = z.output<typeof controlSystemSave.input>;

const AUDIT_ENTITY = 'controlSystem';
/** Samples are counted in 10 s buckets; the last six make "the last minute". */
const BUCKET_MS = 10_000;
const BUCKETS = 6;

/**
 * Control systems (/alarmAduit/controlSystemSettings): the typed table, and
 * per system the tags it owns and its live link, computed on each list from
 * the tag registry, the live cache, a sample counter on the bus and the open
 * communication alarms. A batch that came through a system's ingest key or
 * under its MQTT topic prefix counts for that system and makes its tags the
 * system's; other samples go by the tag-id patterns. A caller sees a system when one of its regions is in
 * the caller's data scope, and counts only over the tags they may see.
 */
export interface ControlSystemService {
  list(caller: AuthUser): Promise<{ items: ControlSystemItem[]; total: number }>;
  save(caller: AuthUser, input: SaveInput): Promise<ControlSystemItem>;
  delete(caller: AuthUser, id: number): Promise<{ id: number }>;
  close(): void;
}

export interface ControlSystemDeps {
  db: Db;
  bus: Pick<StreamBus, 'samples$'>;
  live: Pick<LiveCache, 'get'>;
  tags: Pick<RealtimeTagRegistry, 'all' | 'get'>;
  alarms: Pick<AlarmService, 'openAlarms'>;
  org: { getUserScope(userid: number): Promise<UserScope> };
  onError: (err: unknown, name: string) => void;
  now?: () => number;
}

const parseIds = (s: string) => JSON.parse(s) as number[];
const parsePatterns = (s: string) => JSON.parse(s) as string[];

export async function createControlSystemService(deps: ControlSystemDeps): Promise<ControlSystemService> {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  let rows: Row[] = [];
  let systemOf: (tagId: string) => number | null = () => null;
  let systemOfLink: (link: IngestLink | undefined) => number | null = () => null;
  /** Tags seen arriving through a system's own link (ingest key, MQTT topic): that system's, whatever their ids. */
  const linkOwner = new Map<string, number>();
  /** The system a tag belongs to: the one whose link it came through last, else the one its id matches. */
  const ownerOf = (tagId: string) => linkOwner.get(tagId) ?? systemOf(tagId);
  /** Per system and tag region: sample counts of the last buckets, with the bucket number each slot holds. */
  const counts = new Map<number, Map<number | null, { slot: Float64Array; n: Uint32Array }>>();

  async function load() {
    rows = await db.selectFrom('control_system').selectAll().orderBy('id').execute();
    systemOf = controlSystemMatcher(rows.map((r) => ({ id: r.id, tagPatterns: parsePatterns(r.tag_patterns) })));
    systemOfLink = controlSystemLinkMatcher(rows.map((r) => ({ id: r.id, ingestKey: r.ingest_key, mqttTopic: r.mqtt_topic })));
    counts.clear();
    linkOwner.clear();
  }
  await load();

  const sub: Subscription = consume(deps.bus.samples$, 'controlSystems', deps.onError, (b) => {
    const bucket = Math.floor(now() / BUCKET_MS);
    const i = bucket % BUCKETS;
    const viaSystem = systemOfLink(b.link);
    for (let k = 0; k < b.n; k++) {
      if (viaSystem !== null && linkOwner.get(b.tag[k]) !== viaSystem) {
        linkOwner.set(b.tag[k], viaSystem);
      }
      const sys = viaSystem ?? ownerOf(b.tag[k]);
      if (sys === null) {
        continue;
      }
      const region = deps.tags.get(b.tag[k])?.regionid ?? null;
      let byRegion = counts.get(sys);
      if (!byRegion) {
        byRegion = new Map();
        counts.set(sys, byRegion);
      }
      let c = byRegion.get(region);
      if (!c) {
        c = { slot: new Float64Array(BUCKETS).fill(-1), n: new Uint32Array(BUCKETS) };
        byRegion.set(region, c);
      }
      if (c.slot[i] !== bucket) {
        c.slot[i] = bucket;
        c.n[i] = 0;
      }
      c.n[i]++;
    }
  });

  const sees = (scope: UserScope, regionid: number | null) => scope.all || (regionid !== null && scope.regionids.includes(regionid));
  const visible = (scope: UserScope, r: Row) => scope.all || parseIds(r.regionids).some((id) => scope.regionids.includes(id));

  /** Tag counts and link status of every system, over the tags the caller may see. */
  function stats(scope: UserScope): Map<number, Pick<ControlSystemItem, 'tagCount' | 'link'>> {
    const out = new Map<number, Pick<ControlSystemItem, 'tagCount' | 'link'>>(
      rows.map((r) => [r.id, { tagCount: 0, link: { lastSampleAt: null, samplesLastMinute: 0, commAlarms: 0 } }]),
    );
    for (const t of deps.tags.all()) {
      const sys = ownerOf(t.id);
      const s = sys === null ? undefined : out.get(sys);
      if (!s || !sees(scope, t.regionid)) {
        continue;
      }
      s.tagCount++;
      const v = deps.live.get(t.id);
      if (v && (s.link.lastSampleAt === null || v.t > s.link.lastSampleAt)) {
        s.link.lastSampleAt = v.t;
      }
    }
    for (const a of deps.alarms.openAlarms('tag:')) {
      const sys = a.type === 'comm' && a.active ? ownerOf(a.source) : null;
      const s = sys === null ? undefined : out.get(sys);
      if (s && sees(scope, a.regionid)) {
        s.link.commAlarms++;
      }
    }
    const bucket = Math.floor(now() / BUCKET_MS);
    for (const [sys, byRegion] of counts) {
      const s = out.get(sys);
      for (const [region, c] of byRegion) {
        if (!s || !sees(scope, region)) {
          continue;
        }
        for (let i = 0; i < BUCKETS; i++) {
          if (c.slot[i] > bucket - BUCKETS) {
            s.link.samplesLastMinute += c.n[i];
          }
        }
      }
    }
    return out;
  }

  function itemOf(r: Row, st: Pick<ControlSystemItem, 'tagCount' | 'link'> | undefined): ControlSystemItem {
    return {
      id: r.id,
      name: r.name,
      type: r.type as ControlSystemItem['type'],
      ingestKey: r.ingest_key,
      mqttTopic: r.mqtt_topic,
      tagPatterns: parsePatterns(r.tag_patterns),
      regionids: parseIds(r.regionids),
      tagCount: st?.tagCount ?? 0,
      link: st?.link ?? { lastSampleAt: null, samplesLastMinute: 0, commAlarms: 0 },
      updatedAt: Number(r.updated_at),
      updatedBy: r.updated_by,
    };
  }

  async function visibleRow(q: Db | Tx, scope: UserScope, id: number): Promise<Row> {
    const r = await q.selectFrom('control_system').selectAll().where('id', '=', id).executeTakeFirst();
    if (!r || !visible(scope, r)) {
      throw notFound('controlSystem.notFound');
    }
    return r;
  }

  return {
    async list(caller) {
      const scope = await deps.org.getUserScope(caller.userid);
      const st = stats(scope);
      const items = rows.filter((r) => visible(scope, r)).map((r) => itemOf(r, st.get(r.id)));
      return { items, total: items.length };
    },

    async save(caller, input) {
      const scope = await deps.org.getUserScope(caller.userid);
      if (!scope.all && input.regionids.some((id) => !scope.regionids.includes(id))) {
        throw forbidden('common.outsideScope');
      }
      const values = {
        name: input.name,
        type: input.type,
        ingest_key: input.ingestKey,
        mqtt_topic: input.mqttTopic,
        tag_patterns: JSON.stringify([...new Set(input.tagPatterns)]),
        regionids: JSON.stringify([...new Set(input.regionids)]),
        updated_at: now(),
        updated_by: caller.loginname,
      };
      const saved = await inTransaction(db, async (tx) => {
        const before = input.id === undefined ? undefined : await visibleRow(tx, scope, input.id);
        const same = await tx.selectFrom('control_system').select('id').where('name', '=', input.name).executeTakeFirst();
        if (same && same.id !== input.id) {
          throw conflict('controlSystem.nameTaken', ['name'], { name: input.name });
        }
        const row = before
          ? await tx.updateTable('control_system').set(values).where('id', '=', before.id).returningAll().executeTakeFirstOrThrow()
          : await tx.insertInto('control_system').values(values).returningAll().executeTakeFirstOrThrow();
        await audit(tx, caller, before ? 'controlSystem.update' : 'controlSystem.create', AUDIT_ENTITY, row.id, {
          before: before ?? null,
          after: values,
        });
        return row;
      });
      await load();
      return itemOf(saved, stats(scope).get(saved.id));
    },

    async delete(caller, id) {
      const scope = await deps.org.getUserScope(caller.userid);
      await inTransaction(db, async (tx) => {
        const before = await visibleRow(tx, scope, id);
        await tx.deleteFrom('control_system').where('id', '=', id).execute();
        await audit(tx, caller, 'controlSystem.delete', AUDIT_ENTITY, id, { before });
      });
      await load();
      return { id };
    },

    close: () => sub.unsubscribe(),
  };
}
