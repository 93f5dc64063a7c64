import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import type { ContractInput, ContractOutput } from '../../../shared/contracts/contract.js';
import { PLANT_MODEL_FILE_PATH, type ModelNode, type PlantModel, type plantModelBindingSave, type plantModelNodeCard, type plantModelUploadQuery } from '../../../shared/plant-model/contracts.js';
import { GlbError, glbNodeNames, MAX_GLB_BYTES } from '../../../shared/plant-model/glb.js';
import type { AuthUser } from '../../http/app.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import { inTransaction, type Store } from '../../store/db.js';
import type { MajorHazardPort } from '../major-hazard/port.js';
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
  nodes: { node: string; kind: string; name: string; name_en: string; region: string; tags: string[]; levelTag?: string; levelRange?: [number, number]; equipment?: string }[];
}

export interface PlantModelService {
  /**
   * The model (undefined: the plant's current one, its newest upload, else the demo plant) and the
   * bound nodes of the caller's regions, with what the bindings name that the store lacks and what
   * of the GLB and the tags no binding names.
   */
  get(caller: AuthUser, model?: string): Promise<PlantModel>;
  saveBinding(caller: AuthUser, input: ContractInput<typeof plantModelBindingSave> & { model: string; levelTag: string | null }): Promise<ModelNode>;
  /** A node's card: its binding, its major hazard device with the unit's grade, the tags to follow. */
  nodeCard(caller: AuthUser, model: string | undefined, node: string): Promise<ContractOutput<typeof plantModelNodeCard>>;
  /** Checks a plant's GLB (size, header, JSON chunk, node names) and stores it as `query.model`, audited; bindings of kept nodes stay. */
  upload(caller: AuthUser, query: z.output<typeof plantModelUploadQuery>, bytes: Buffer): Promise<PlantModel>;
  /** Removes an upload (the shipped GLB of the same model, if any, is shown again). */
  removeUpload(caller: AuthUser, model: string): Promise<{ model: string }>;
  /** An uploaded model's bytes. */
  file(model: string): Promise<{ data: Buffer; sha256: string }>;
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

/** Refused models answer 400 naming the file field (413 above the size cap), with the node at fault in the message. */
function refusal(e: unknown): AppError {
  if (e instanceof GlbError) {
    return e.code === 'plantModel.glb.tooLarge' ? new AppError(413, e.code, ['file'], e.params) : badRequest(e.code, ['file'], e.params);
  }
  return badRequest('plantModel.glb.notGlb', ['file']);
}

/** A tank's fill mesh is `<node>_fill` (scripts/make-demo-plant.ts): part of its vessel, never bound on its own. */
const bindable = (names: readonly string[]): string[] => {
  const all = new Set(names);
  return names.filter((n) => !(n.endsWith('_fill') && all.has(n.slice(0, -5))));
};

export function createPlantModelService(
  store: Store,
  deps: {
    org: Pick<OrgPort, 'isolationRegions' | 'allDeptsAndRegions'>;
    tags: Pick<RealtimeTagRegistry, 'get' | 'all'>;
    hazards: Pick<MajorHazardPort, 'equipment'>;
    now?: () => number;
    modelsDir?: string;
  },
): PlantModelService {
  const repo = createPlantModelRepository(store.db);
  const now = deps.now ?? Date.now;
  const modelsDir = deps.modelsDir ?? path.resolve('models');
  // Node names of the GLBs shipped under models/ (read once; they change with a build, not at run time).
  const shippedNames = new Map<string, string[] | null>();
  const namesOfShipped = (file: string): string[] | null => {
    if (!shippedNames.has(file)) {
      let names: string[] | null = null;
      try {
        names = glbNodeNames(new Uint8Array(fs.readFileSync(path.join(modelsDir, path.basename(file)))));
      } catch {
        names = null;
      }
      shippedNames.set(file, names);
    }
    return shippedNames.get(file) ?? null;
  };
  /** The model's GLB node names: the upload's, else the shipped file's; null when neither can be read. */
  async function nodeNamesOf(model: string, file: string): Promise<string[] | null> {
    const up = await repo.fileInfo(store.db, model);
    return up ? parseTags(up.node_names) : namesOfShipped(file);
  }
  async function currentModel(): Promise<string> {
    const newest = await repo.newestUpload(store.db);
    if (newest) {
      return newest.model;
    }
    if (await repo.model(store.db, 'demo-plant')) {
      return 'demo-plant';
    }
    return (await repo.firstModel(store.db))?.model ?? 'demo-plant';
  }

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
    equipment: r.equipment,
  });

  async function modelOrThrow(model: string) {
    const m = await repo.model(store.db, model);
    if (!m) {
      throw notFound('plantModel.unknownModel', { model });
    }
    return m;
  }

  return {
    async get(caller, wanted) {
      const model = wanted ?? (await currentModel());
      const m = await modelOrThrow(model);
      const [rows, mine, all, up] = await Promise.all([repo.nodes(store.db, model), deps.org.isolationRegions(caller), deps.org.allDeptsAndRegions(), repo.fileInfo(store.db, model)]);
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
      const names = up ? parseTags(up.node_names) : namesOfShipped(m.file);
      const boundNames = new Set(rows.map((r) => r.node));
      const inGlb = new Set(names ?? []);
      const boundTags = new Set(rows.flatMap((r) => parseTags(r.tags)));
      const regionIds = new Set(mine.map((r) => r.regionid));
      const unboundTags: string[] = [];
      for (const tag of deps.tags.all()) {
        if (!boundTags.has(tag.id) && (tag.regionid === null || regionIds.has(tag.regionid))) {
          unboundTags.push(tag.id);
        }
      }
      return {
        model: m.model,
        name: m.name,
        name_en: m.name_en,
        // The version in the address makes a re-upload reach browsers that cached the old one.
        url: up ? `${PLANT_MODEL_FILE_PATH}?model=${encodeURIComponent(m.model)}&v=${up.sha256.slice(0, 16)}` : `/models/${m.file}`,
        origin: { lon: Number(m.origin_lon), lat: Number(m.origin_lat) },
        centre: { x: Number(m.centre_x), y: Number(m.centre_y) },
        nodes,
        problems: { unknownTags: [...unknownTags].sort(), unknownRegions: [...unknownRegions].sort() },
        unboundNodes: names ? bindable(names).filter((n) => !boundNames.has(n)) : [],
        missingNodes: names ? nodes.filter((n) => !inGlb.has(n.node)).map((n) => n.node) : [],
        unboundTags: unboundTags.sort(),
        uploaded: up ? { at: Number(up.uploaded_at), by: up.uploaded_by, bytes: Number(up.bytes), sha256: up.sha256 } : null,
      };
    },

    async saveBinding(caller, input) {
      const m = await modelOrThrow(input.model);
      const existing = await repo.node(store.db, input.model, input.node);
      // A node of the GLB bound the first time (an uploaded model's): it becomes a row of its own.
      const fresh = !existing && ((await nodeNamesOf(input.model, m.file)) ?? []).includes(input.node);
      if (!existing && !fresh) {
        throw badRequest('plantModel.unknownNode', ['node'], { node: input.node });
      }
      const before: NodeRow = existing ?? {
        model: input.model,
        node: input.node,
        kind: input.kind ?? 'unit',
        name: input.node,
        name_en: input.node,
        region: input.region,
        tags: '[]',
        level_tag: null,
        level_lo: null,
        level_hi: null,
        equipment: null,
        updated_at: now(),
      };
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
      const equipment = input.equipment === undefined ? before.equipment : input.equipment;
      if (equipment !== null && equipment !== before.equipment) {
        // Only a device of the register the caller may see (its region among theirs, or none).
        const [device] = await deps.hazards.equipment([equipment]);
        if (!device || (device.regionid !== null && !mine.some((r) => r.regionid === device.regionid))) {
          throw badRequest('plantModel.unknownEquipment', ['equipment'], { code: equipment });
        }
      }
      const set = {
        kind: input.kind ?? before.kind,
        region: input.region,
        tags: JSON.stringify(tags),
        level_tag: input.levelTag,
        level_lo: level ? level.range_lo : null,
        level_hi: level ? level.range_hi : null,
        equipment,
        updated_at: now(),
      };
      await inTransaction(store.db, async (tx) => {
        if (existing) {
          await repo.updateNode(tx, input.model, input.node, set);
        } else {
          await repo.insertNode(tx, { ...before, ...set });
        }
        await audit(tx, caller, 'plantModel.bind', 'plant_model_node', `${input.model}/${input.node}`, {
          before: existing ? { region: before.region, tags: parseTags(before.tags), levelTag: before.level_tag, equipment: before.equipment } : null,
          after: { region: input.region, tags, levelTag: input.levelTag, equipment },
        });
      });
      return toNode({ ...before, ...set }, region.regionid);
    },

    async nodeCard(caller, wanted, name) {
      const model = wanted ?? (await currentModel());
      await modelOrThrow(model);
      const [row, mine] = await Promise.all([repo.node(store.db, model, name), deps.org.isolationRegions(caller)]);
      const region = row ? mine.find((r) => r.regioncode === row.region) : undefined;
      if (!row || !region) {
        throw notFound('plantModel.unknownNode', { node: name });
      }
      const node = toNode(row, region.regionid);
      const [device] = row.equipment ? await deps.hazards.equipment([row.equipment]) : [];
      // A device moved to a region outside the caller's scope is not shown on a node they may see.
      const equipment = device && (device.regionid === null || mine.some((r) => r.regionid === device.regionid)) ? device : null;
      return { model, node, equipment, tags: [...new Set([...node.tags, ...(equipment?.tags ?? [])])] };
    },

    async upload(caller, query, bytes) {
      if (bytes.length > MAX_GLB_BYTES) {
        throw refusal(new GlbError('plantModel.glb.tooLarge', { mb: MAX_GLB_BYTES / 1024 / 1024 }));
      }
      let names: string[];
      try {
        names = glbNodeNames(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      } catch (e) {
        throw refusal(e);
      }
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const at = now();
      await inTransaction(store.db, async (tx) => {
        const before = await repo.model(tx, query.model);
        const previous = await repo.fileInfo(tx, query.model);
        // Where the layout metres sit on the earth: kept from the model replaced, else the demo plant's (the same site).
        const place = before ?? (await repo.model(tx, 'demo-plant'));
        await repo.putModel(tx, {
          model: query.model,
          name: query.name,
          name_en: query.name_en,
          file: `${query.model}.glb`,
          origin_lon: place ? Number(place.origin_lon) : 0,
          origin_lat: place ? Number(place.origin_lat) : 0,
          centre_x: place ? Number(place.centre_x) : 0,
          centre_y: place ? Number(place.centre_y) : 0,
        });
        await repo.putFile(tx, { model: query.model, data: bytes, bytes: bytes.length, sha256, node_names: JSON.stringify(names), uploaded_by: caller.loginname, uploaded_at: at });
        await audit(tx, caller, 'plantModel.upload', 'plant_model', query.model, {
          before: previous ? { sha256: previous.sha256, bytes: Number(previous.bytes) } : null,
          after: { sha256, bytes: bytes.length, nodes: names.length, name: query.name },
        });
      });
      return this.get(caller, query.model);
    },

    async removeUpload(caller, model) {
      const m = await modelOrThrow(model);
      const shipped = namesOfShipped(m.file) !== null;
      await inTransaction(store.db, async (tx) => {
        const up = await repo.fileInfo(tx, model);
        if (!up) {
          throw notFound('plantModel.fileMissing', { model });
        }
        await repo.deleteUpload(tx, model, !shipped);
        await audit(tx, caller, 'plantModel.uploadDelete', 'plant_model', model, { before: { sha256: up.sha256, bytes: Number(up.bytes) }, after: null });
      });
      return { model };
    },

    async file(model) {
      const row = await repo.fileData(store.db, model);
      if (!row) {
        throw notFound('plantModel.fileMissing', { model });
      }
      return { data: Buffer.isBuffer(row.data) ? row.data : Buffer.from(row.data), sha256: row.sha256 };
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
          equipment: n.equipment ?? null,
          updated_at: t,
        })),
      );
    },
  };
}
