import { z } from 'zod';
import { riskLevelSchema } from '../domain/risk-evaluation.js';

/** One live cause lifting a zone above its baseline (DOMAIN.md §6), as the map lists it. */
export const riskCauseItem = z.object({
  kind: z.string(),
  id: z.string(),
  /** The rule that gives the cause its level, and its name in both languages. */
  ruleId: z.string(),
  ruleName: z.object({ zh: z.string(), en: z.string() }).nullable(),
  effectLevel: riskLevelSchema,
  start: z.number(),
  /** When the effect ends (end + hold), once the cause has ended. */
  until: z.number().nullable(),
  attrs: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  /** What the cause is, for people (an alarm's tag name), in both languages. */
  label: z.string(),
  labelEn: z.string(),
  /** A page that shows the cause (the alarm list). */
  href: z.string().nullable(),
});
export type RiskCauseItem = z.infer<typeof riskCauseItem>;

/** The levels of one zone (a region): topic `risk`, keyed by region id; the list call `ZoneRiskList` is the truth. */
export const riskZoneItem = z.object({
  regionid: z.number().int(),
  /** Before measures: the most severe inherent level of its points (null: none evaluated). */
  inherent: riskLevelSchema.nullable(),
  /** After measures (an override applied): the static colour of the zone. */
  residual: riskLevelSchema.nullable(),
  /** Residual raised by the live causes. */
  live: riskLevelSchema,
  /** The level the causes were applied to (4 when the zone has no evaluated point). */
  baseline: riskLevelSchema,
  overridden: z.boolean(),
  /** The level override in force (issue 21 §4): a level set by hand with its reason, who, when and until when; null when none. */
  override: z
    .object({ level: riskLevelSchema, reason: z.string(), by: z.string(), at: z.number(), until: z.number().nullable() })
    .nullable(),
  causes: z.array(riskCauseItem),
  /** How many risk points the zone holds. */
  points: z.number().int(),
  /** When this state was computed, epoch ms. */
  t: z.number(),
});
export type RiskZoneItem = z.infer<typeof riskZoneItem>;
