import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import { hazardEquipment } from '../major-hazard/contracts.js';
import { MAX_NODE_NAME } from './glb.js';

export const modelName = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'validation.badFormat');
const tagIdSchema = z.string().min(1).max(128);

/** Kinds of node the views treat differently. */
export const modelNodeKinds = ['tank', 'sphere', 'unit', 'building', 'loading_bay', 'zone'] as const;
export type ModelNodeKind = (typeof modelNodeKinds)[number];

/** One bound node of a model: the mesh named `node` stands for this equipment, region or zone. */
export const modelNode = z.object({
  /** The glTF node name (the layout code: `TK-101`, `R-101`, `zone_TF-A`). */
  node: z.string(),
  kind: z.string(),
  name: z.string(),
  name_en: z.string(),
  /** Region code. */
  region: z.string(),
  regionid: z.number().int().nullable(),
  /** Tag ids of the node (every signal of its device). */
  tags: z.array(z.string()),
  /** The tag whose value sets a vessel's fill. */
  levelTag: z.string().nullable(),
  /** [lo, hi] of `levelTag` in its unit: the fill is (v − lo) / (hi − lo). */
  levelRange: z.tuple([z.number(), z.number()]).nullable(),
  /** Code of the major hazard register's device the node stands for (`UAPI/FactoryModel/NodeCard` shows it). */
  equipment: z.string().nullable(),
});
export type ModelNode = z.infer<typeof modelNode>;

export const plantModelOutput = z.object({
  model: z.string(),
  name: z.string(),
  name_en: z.string(),
  /** Where the GLB is served (`/models/<file>`). */
  url: z.string(),
  /** Geographic origin of the layout metres (the south-west corner). */
  origin: z.object({ lon: z.number(), lat: z.number() }),
  /** The scene's origin in layout metres: scene x = x − cx, scene z = −(y − cy). */
  centre: z.object({ x: z.number(), y: z.number() }),
  /** The bound nodes in the caller's regions. */
  nodes: z.array(modelNode),
  /** What a binding names that the store does not have: tags and region codes. */
  problems: z.object({ unknownTags: z.array(z.string()), unknownRegions: z.array(z.string()) }),
  /** Named nodes of the model's GLB that no binding names yet (glTF node order). */
  unboundNodes: z.array(z.string()),
  /** Bound nodes the model's GLB does not have (a re-uploaded model dropped them). */
  missingNodes: z.array(z.string()),
  /** Tags of the caller's regions that no node of this model names. */
  unboundTags: z.array(z.string()),
  /** The plant's own upload (null: a model shipped under `models/`). */
  uploaded: z.object({ at: z.number(), by: z.string(), bytes: z.number().int(), sha256: z.string() }).nullable(),
});
export type PlantModel = z.infer<typeof plantModelOutput>;

/**
 * The model and its bindings, for the 3D view, the 2D model map and drawings. Without `model`: the
 * plant's current model (its newest upload, else the demo plant).
 */
export const plantModelGet = defineContract({
  method: 'POST',
  path: '/UAPI/FactoryModel/Model',
  input: z.object({ model: modelName.optional() }),
  output: plantModelOutput,
  permission: 'plantmodel:view',
});

/** Rebinds one node: its region, tags and level tag (audited). */
export const plantModelBindingSave = defineContract({
  method: 'POST',
  path: '/UAPI/FactoryModel/BindingSave',
  input: z.object({
    model: modelName.default('demo-plant'),
    node: z.string().min(1).max(MAX_NODE_NAME),
    /** For a node bound the first time (an uploaded model's): what it is; kept otherwise. */
    kind: z.enum(modelNodeKinds).optional(),
    region: z.string().min(1).max(40),
    tags: z.array(tagIdSchema).max(64),
    levelTag: tagIdSchema.nullable().default(null),
    /** Code of a device of the major hazard register in the caller's regions; null unbinds; absent keeps. */
    equipment: z.string().trim().min(1).max(40).nullable().optional(),
  }),
  output: modelNode,
  permission: 'plantmodel:manage',
});

/**
 * A plant's own GLB, posted as the raw body (`model/gltf-binary`) with `?model=<name>&name=…&name_en=…`;
 * checked (size, header, JSON chunk, node names), stored in the store, audited. Needs `plantmodel:manage`.
 * Answers the model as `plantModelGet` does.
 */
export const PLANT_MODEL_UPLOAD_PATH = '/UAPI/FactoryModel/Upload';
export const plantModelUploadQuery = z.object({
  model: modelName.default('plant'),
  name: z.string().trim().min(1).max(60).default('本厂模型'),
  name_en: z.string().trim().min(1).max(60).default('Plant model'),
});

/** Removes a plant's upload: the views go back to the shipped model (a model only uploaded goes with its bindings). Audited. */
export const plantModelUploadDelete = defineContract({
  method: 'POST',
  path: '/UAPI/FactoryModel/UploadDelete',
  input: z.object({ model: modelName }),
  output: z.object({ model: z.string() }),
  permission: 'plantmodel:manage',
});

/** An uploaded GLB itself (`model/gltf-binary`), with the bearer token; `v` (its hash) only busts caches. */
export const PLANT_MODEL_FILE_PATH = '/UAPI/FactoryModel/File';
export const plantModelFile = defineContract({
  method: 'GET',
  path: PLANT_MODEL_FILE_PATH,
  input: z.object({ model: modelName, v: z.string().max(64).optional() }),
  output: z.null(),
  permission: 'plantmodel:view',
});

/**
 * The card of a clicked node: its binding, the major hazard device it stands for (with the unit's
 * grade) and the tags to follow live (values and alarms come on the stream). A node outside the
 * caller's regions is 404, as an unknown one.
 */
export const plantModelNodeCard = defineContract({
  method: 'POST',
  path: '/UAPI/FactoryModel/NodeCard',
  input: z.object({ model: modelName.optional(), node: z.string().min(1).max(MAX_NODE_NAME) }),
  output: z.object({
    model: z.string(),
    node: modelNode,
    /** null: the node is bound to no device, or its device left the register. */
    equipment: hazardEquipment.nullable(),
    /** The node's tags and its device's, each once: what the card follows on the stream. */
    tags: z.array(z.string()),
  }),
  permission: 'plantmodel:view',
});
