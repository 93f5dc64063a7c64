import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';

const modelName = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'validation.badFormat');
const tagIdSchema = z.string().min(1).max(128);

/** Kinds of node the views treat differently. */
export const modelNodeKinds = ['tank', 'sphere', 'unit', 'building', 'loading_bay', 'zone'] as const;

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
});
export type PlantModel = z.infer<typeof plantModelOutput>;

/** The model and its bindings, for the 3D view, the 2D model map and drawings. */
export const plantModelGet = defineContract({
  method: 'POST',
  path: '/UAPI/FactoryModel/Model',
  input: z.object({ model: modelName.default('demo-plant') }),
  output: plantModelOutput,
  permission: 'plantmodel:view',
});

/** Rebinds one node: its region, tags and level tag (audited). */
export const plantModelBindingSave = defineContract({
  method: 'POST',
  path: '/UAPI/FactoryModel/BindingSave',
  input: z.object({
    model: modelName.default('demo-plant'),
    node: z.string().min(1).max(80),
    region: z.string().min(1).max(40),
    tags: z.array(tagIdSchema).max(64),
    levelTag: tagIdSchema.nullable().default(null),
  }),
  output: modelNode,
  permission: 'plantmodel:manage',
});
