import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import { listOf } from '../contracts/envelope.js';
import { areaGeometry, regionKinds } from '../org/contracts.js';

// ---------------------------------------------------------------------------
// Head counts per region
// ---------------------------------------------------------------------------

export const regionHeadCountItem = z.object({
  regionid: z.number().int(),
  /** People present in the region or one of its sub-regions (see regionHeadCount). */
  people: z.number().int(),
  vehicles: z.number().int(),
});
export type RegionHeadCountItem = z.infer<typeof regionHeadCountItem>;

/**
 * How many people and vehicles are in each of the caller's regions now, as the
 * fence engine counts them for topic `area.count` (one definition of present):
 * a fix within the stale time (10 min) in the region or a sub-region, or one
 * that left it less than the leaving delay (5 s) ago. Fixes are placed with the
 * polygons the live stream uses (an edited fence counts at once). Regions
 * outside the caller's scope are left out.
 */
export const regionHeadCount = defineContract({
  method: 'POST',
  path: '/UAPI/Region/HeadCount',
  input: z.object({}),
  output: listOf(regionHeadCountItem),
  permission: 'positioning:read',
});

// ---------------------------------------------------------------------------
// GeoJSON import and export
// ---------------------------------------------------------------------------

/** Properties of a region in an exported or imported FeatureCollection. */
export const regionGeoJsonProperties = z.object({
  code: z.string().trim().min(1).max(50),
  name: z.string().trim().min(1).max(100),
  name_en: z.string().trim().max(100).default(''),
  kind: z.enum(regionKinds).default('area'),
  /** Code of the parent region; empty or absent at the top (import: under the chosen parent). */
  parent: z.string().trim().max(50).nullish(),
  floors: z.array(z.number().int().min(-10).max(300)).max(200).default([]),
});

export const regionGeoJsonFeature = z.object({
  type: z.literal('Feature'),
  properties: regionGeoJsonProperties,
  /** null: the region has no polygon yet. */
  geometry: areaGeometry.nullable(),
});

export const regionFeatureCollection = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(regionGeoJsonFeature).max(2000),
});
export type RegionFeatureCollection = z.infer<typeof regionFeatureCollection>;

/** Every region the caller sees, with its polygon, as GeoJSON (WGS-84). */
export const regionGeoJsonExport = defineContract({
  method: 'POST',
  path: '/UAPI/Region/GeoJsonExport',
  input: z.object({}),
  output: z.object({ type: z.literal('FeatureCollection'), features: z.array(regionGeoJsonFeature) }),
  permission: 'org:read',
});

/**
 * Imports a FeatureCollection: features are matched to regions by code (an
 * existing region gets the name, kind, floors, parent and polygon of its
 * feature), new codes become regions under their `parent` code or else under
 * `parentid`. All or nothing: one invalid feature (reported by index and
 * field) and nothing is saved.
 */
export const regionGeoJsonImport = defineContract({
  method: 'POST',
  path: '/UAPI/Region/GeoJsonImport',
  input: z.object({
    /** Parent of new regions whose feature names no parent (0: top level). */
    parentid: z.coerce.number().int().min(0),
    collection: regionFeatureCollection,
  }),
  output: z.object({ created: z.number().int(), updated: z.number().int() }),
  permission: 'org:manage',
});

// ---------------------------------------------------------------------------
// Site plan (the plant's own base map) and the online base map preset
// ---------------------------------------------------------------------------

/** Largest site plan accepted, bytes. */
export const SITE_PLAN_MAX_BYTES = 20 * 1024 * 1024;
/** Largest side of a site plan image, pixels (a browser texture limit). */
export const SITE_PLAN_MAX_SIDE = 16384;
export const sitePlanTypes = ['image/png', 'image/jpeg'] as const;
export type SitePlanType = (typeof sitePlanTypes)[number];

export const controlPoint = z.object({
  /** Image pixel, x to the right, y down from the top-left corner. */
  px: z.number().min(-100000).max(100000),
  py: z.number().min(-100000).max(100000),
  lon: z.number().min(-180).max(180),
  lat: z.number().min(-90).max(90),
});
export type ControlPoint = z.infer<typeof controlPoint>;

export const sitePlanInfo = z.object({
  present: z.boolean(),
  /** Changes with every upload, so caches never show an old plan. */
  version: z.number().int(),
  mime: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  points: z.array(controlPoint),
  /** Image corners top-left, top-right, bottom-right, bottom-left as [lon, lat]; null until placed. */
  corners: z
    .array(z.tuple([z.number(), z.number()]))
    .length(4)
    .nullable(),
  /** Distance from each control point to where the fit puts it, metres. */
  residualsM: z.array(z.number()),
  /** Root mean square of the residuals, metres. */
  rmsM: z.number().nullable(),
});
export type SitePlanInfo = z.infer<typeof sitePlanInfo>;

/** The site plan's size, placement and fit (the image itself: GET SITE_PLAN_IMAGE_PATH). */
export const sitePlanGet = defineContract({
  method: 'POST',
  path: '/UAPI/Map/SitePlanGet',
  input: z.object({}),
  output: sitePlanInfo,
  permission: 'authenticated',
});

/** Upload: the image bytes as the body, Content-Type image/png or image/jpeg. */
export const SITE_PLAN_UPLOAD_PATH = '/UAPI/Map/SitePlanUpload';
/** The image (authenticated GET). */
export const SITE_PLAN_IMAGE_PATH = '/UAPI/Map/SitePlanImage';

/** Places the plan with control points (image pixel ↔ lon/lat): an affine fit, at least three points not in a line. */
export const sitePlanPlace = defineContract({
  method: 'POST',
  path: '/UAPI/Map/SitePlanPlace',
  input: z.object({ points: z.array(controlPoint).min(3).max(20) }),
  output: sitePlanInfo,
  permission: 'system:config',
});

export const sitePlanDelete = defineContract({
  method: 'POST',
  path: '/UAPI/Map/SitePlanDelete',
  input: z.object({}),
  output: sitePlanInfo,
  permission: 'system:config',
});

/** An online tile service as an optional base map; off by default, nothing needs it. */
export const baseMapSetting = z.object({
  enabled: z.boolean(),
  /** XYZ raster tile URL template with {z}/{x}/{y}, e.g. a national map service with the customer's key. */
  tileUrl: z.string().trim().max(500),
  attribution: z.string().trim().max(200),
});
export type BaseMapSetting = z.infer<typeof baseMapSetting>;

export const baseMapGet = defineContract({
  method: 'POST',
  path: '/UAPI/Map/BaseMapGet',
  input: z.object({}),
  output: baseMapSetting,
  permission: 'authenticated',
});

export const baseMapSave = defineContract({
  method: 'POST',
  path: '/UAPI/Map/BaseMapSave',
  input: baseMapSetting.superRefine((s, ctx) => {
    if (s.enabled && !/^https:\/\/[^\s]+$/.test(s.tileUrl)) {
      ctx.addIssue({ code: 'custom', path: ['tileUrl'], message: 'map.tileUrlHttps' });
    } else if (s.enabled && !(s.tileUrl.includes('{z}') && s.tileUrl.includes('{x}') && s.tileUrl.includes('{y}'))) {
      ctx.addIssue({ code: 'custom', path: ['tileUrl'], message: 'map.tileUrlTemplate' });
    }
  }),
  output: baseMapSetting,
  permission: 'system:config',
});

// The live items are in items.ts (the manifest's channels need them without the calls).
export { areaCountItem, regionChangeItem, type AreaCountItem, type RegionChangeItem } from './items.js';
