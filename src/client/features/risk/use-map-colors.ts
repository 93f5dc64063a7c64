import { useEffect, useSyncExternalStore } from 'react';
import type { RiskLevel } from '../../../shared/domain/risk-evaluation';
import { defaultMapColors, mapColorsGet, type MapColorItem } from '../../../shared/risk-map/contracts';
import { api } from '../../app/api';

/** Grey, faint: a zone not evaluated (not a level, so not in the palette). */
const NONE = { color: '#BFBFBF', opacity: 0.15 };

let colors: readonly MapColorItem[] = defaultMapColors;
let loaded = false;
const listeners = new Set<() => void>();

/** Replaces the palette every map of this tab draws with (after a load or a save on /MapColors). */
export function setMapColors(next: readonly MapColorItem[]): void {
  colors = next;
  loaded = true;
  listeners.forEach((l) => l());
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export interface Palette {
  items: readonly MapColorItem[];
  color(level: RiskLevel | null): string;
  opacity(level: RiskLevel | null): number;
}

/** The plant's colours and opacity per level (`UAPI/RiskControl/MapColors`), loaded once per tab; the standard colours until then. */
export function useMapColors(): Palette {
  const items = useSyncExternalStore(subscribe, () => colors);
  useEffect(() => {
    if (!loaded) {
      api(mapColorsGet, {}, { silent: true }).then(
        (r) => setMapColors(r.items),
        () => undefined,
      );
    }
  }, []);
  const of = (level: RiskLevel | null) => (level === null ? undefined : items.find((c) => c.level === level));
  return {
    items,
    color: (level) => of(level)?.color ?? NONE.color,
    opacity: (level) => of(level)?.opacity ?? NONE.opacity,
  };
}
