import fs from 'node:fs';
import path from 'node:path';
import type { ContractInput } from '../../../shared/contracts/contract.js';
import type { ModelNode, PlantModel, plantModelBindingSave } from '../../../shared/plant-model/contracts.js';
import type { AuthUser } from '../../http/app.js';
import { badRequest, notFound } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import { inTransaction, type Store } from '../../store/db.js';
import type { OrgPort } from '../org/port.js';
import type { RealtimeTagRegistry } from '../realtime/port.js';
import { createPlantModelRepository, type NodeRow } from './plant-model.repository.js';

/** The bindings file a generated model ships with (`scripts/make-demo-plant.ts`). */
interface BindingsFile {
  model: string;
  file: string;
  name: string;
  name_en: string;
  origin: { lon: number; lat: number };
  centre_m: { x: number; y: number };
  nodes: { node: string; kind: string; name: string; name_en: string; region: string; tags: string[]; levelTag?: string; levelRange?: [number, number] }[];
}

export interface PlantModelService {
  /** The model and the bound nodes of the caller's regions, with what the bindings name that the store lacks. */
  get(caller: AuthUser, model: string): Promise<PlantModel>;
  saveBinding(caller: AuthUser, input: ContractInput<typeof plantModelBindingSave> & { model: string; levelTag: string | null }): Promise<ModelNode>;
  /** Loads a model and its bindings from `models/<name>.bindings.json` unless the store has it. */
  seedFromFile(file: string): Promise<boolean>;
}

const parseTags = (s: string): string[] => {
  try {
    const v: unknown = JSON.parse(s);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

export function createPlantModelService(store: Store, deps: { org: Pick<OrgPort, 'isolationRegions' | 'allDeptsAndRegions'>; tags: Pick<RealtimeTagRegistry, 'get'>; now?: () => number }): PlantModelService {
  const repo = createPlantModelRepository(store.db);
  const now = deps.now ?? Date.now;

  const toNode = (r: NodeRow, regionid: number | null): ModelNode => ({
    node: r.node,
    kind: r.kind,
    name: r.name,
    name_en: r.name_en,
    region: r.region,
    regionid,
    tags: parseTags(r.tags),
    levelTag: r.level_tag,
    levelRange: r.level_tag !== null && r.level_lo !== null && r.level_hi !== null ? [Number(r.level_lo), Number(r.level_hi)] : null,
  });

  async function modelOrThrow(model: string) {
    const m = await repo.model(store.db, model);
    if (!m) {
      throw notFound('plantModel.unknownModel', { model });
    }
    return m;
  }

  return {
    async get(caller, model) {
      const m = await modelOrThrow(model);
      const [rows, mine, all] = await Promise.all([repo.nodes(store.db, model), deps.org.isolationRegions(caller), deps.org.allDeptsAndRegions()]);
      const visible = new Map(mine.map((r) => [r.regioncode, r.regionid]));
      const known = new Set(all.regions.map((r) => r.regioncode));
      const unknownTags = new Set<string>();
      const unknownRegions = new Set<string>();
      const nodes: ModelNode[] = [];
      for (const r of rows) {
        const n = toNode(r, visible.get(r.region) ?? null);
        if (!known.has(r.region)) {
          unknownRegions.add(r.region);
        }
        n.tags.filter((t) => !deps.tags.get(t)).forEach((t) => unknownTags.add(t));
        // Data isolation: a node of a region outside the caller's scope is drawn, but unbound.
        if (visible.has(r.region)) {
          nodes.push(n);
        }
      }
      return {
        model: m.model,
        name: m.name,
        name_en: m.name_en,
        url: `/models/${m.file}`,
        origin: { lon: Number(m.origin_lon), lat: Number(m.origin_lat) },
        centre: { x: Number(m.centre_x), y: Number(m.centre_y) },
        nodes,
        problems: { unknownTags: [...unknownTags].sort(), unknownRegions: [...unknownRegions].sort() },
      };
    },

    async saveBinding(caller, input) {
      await modelOrThrow(input.model);
      const before = await repo.node(store.db, input.model, input.node);
      if (!before) {
        throw badRequest('plantModel.unknownNode', ['node'], { node: input.node });
      }
      const mine = await deps.org.isolationRegions(caller);
      const region = mine.find((r) => r.regioncode === input.region);
      if (!region || !mine.some((r) => r.regioncode === before.region)) {
        throw badRequest('plantModel.unknownRegion', ['region'], { region: input.region });
      }
      const tags = [...new Set(input.tags)];
      const unknown = tags.filter((t) => !deps.tags.get(t));
      if (unknown.length) {
        throw badRequest('plantModel.unknownTags', ['tags'], { tags: unknown.join(', ') });
      }
      if (input.levelTag !== null && !tags.includes(input.levelTag)) {
        throw badRequest('plantModel.levelNotBound', ['levelTag']);
      }
      const level = input.levelTag !== null ? deps.tags.get(input.levelTag) : undefined;
      const set = {
        region: input.region,
        tags: JSON.stringify(tags),
        level_tag: input.levelTag,
        level_lo: level ? level.range_lo : null,
        level_hi: level ? level.range_hi : null,
        updated_at: now(),
      };
      await inTransaction(store.db, async (tx) => {
        await repo.updateNode(tx, input.model, input.node, set);
        await audit(tx, caller, 'plantModel.bind', 'plant_model_node', `${input.model}/${input.node}`, {
          before: { region: before.region, tags: parseTags(before.tags), levelTag: before.level_tag },
          after: { region: input.region, tags, levelTag: input.levelTag },
        });
      });
      return toNode({ ...before, ...set }, region.regionid);
    },

    async seedFromFile(file) {
      if (!fs.existsSync(file)) {
        return false;
      }
      const b = JSON.parse(fs.readFileSync(file, 'utf8')) as BindingsFile;
      const t = now();
      return repo.seed(
        { model: b.model, name: b.name, name_en: b.name_en, file: path.basename(b.file), origin_lon: b.origin.lon, origin_lat: b.origin.lat, centre_x: b.centre_m.x, centre_y: b.centre_m.y },
        b.nodes.map((n) => ({
          model: b.model,
          node: n.node,
          kind: n.kind,
          name: n.name,
          name_en: n.name_en,
          region: n.region,
          tags: JSON.stringify(n.tags),
          level_tag: n.levelTag ?? null,
          level_lo: n.levelRange?.[0] ?? null,
          level_hi: n.levelRange?.[1] ?? null,
          updated_at: t,
        })),
      );
    },
  };
}
