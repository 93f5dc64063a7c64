import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import { riskColours, riskLevelInfo, type RiskLevel } from '../domain/risk-evaluation.js';

/** How one level is drawn on the four-colour maps: a plant restyles the hex and the opacity, never which level has which colour. */
export const mapColorItem = z.object({
  level: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'validation.badFormat'),
  opacity: z.number().min(0.1).max(1),
});
export type MapColorItem = z.infer<typeof mapColorItem>;

/** The national standard's colours at 0.6 opacity: what a plant starts with. */
export const defaultMapColors: MapColorItem[] = ([1, 2, 3, 4] as const).map((level: RiskLevel) => ({ level, color: riskColours[riskLevelInfo[level].colour].hex, opacity: 0.6 }));

export const mapColorsOutput = z.object({ items: z.array(mapColorItem), updatedAt: z.number().nullable(), updatedBy: z.string().nullable() });

export const mapColorsGet = defineContract({
  method: 'GET',
  path: '/UAPI/RiskControl/MapColors',
  input: z.object({}),
  output: mapColorsOutput,
  permission: 'risk:view',
});

/** Saves all four levels at once; two levels with one colour are refused (the map must tell them apart). */
export const mapColorsSave = defineContract({
  method: 'POST',
  path: '/UAPI/RiskControl/MapColorsSave',
  input: z.object({
    items: z
      .array(mapColorItem)
      .length(4)
      .superRefine((items, ctx) => {
        const seen = new Set<number>();
        items.forEach((c, i) => {
          if (seen.has(c.level)) {
            ctx.addIssue({ code: 'custom', path: [i, 'level'], message: 'riskMap.levelTwice' });
          }
          seen.add(c.level);
          const same = items.findIndex((o) => o.color.toLowerCase() === c.color.toLowerCase());
          if (same < i) {
            ctx.addIssue({ code: 'custom', path: [i, 'color'], message: 'riskMap.sameColor' });
          }
        });
      }),
  }),
  output: mapColorsOutput,
  permission: 'risk:manage',
});
