import { useCallback, useState } from 'react';
import type { DashboardDefinition, DashboardWidget } from '../../../shared/dashboards/definition';

/** Steps the editor can undo. */
const MAX_STEPS = 100;

interface History<T> {
  past: T[];
  present: T;
  future: T[];
}

/**
 * A value with undo and redo (issue 22 §3): each change that makes a new
 * value is a step; `reset` starts a new history (a dashboard loaded or
 * imported). Setting the same value again is no step.
 */
export function useUndoable<T>(initial: () => T) {
  const [h, setH] = useState<History<T>>(() => ({ past: [], present: initial(), future: [] }));
  const set = useCallback((next: T | ((prev: T) => T)) => {
    setH((cur) => {
      const value = typeof next === 'function' ? (next as (prev: T) => T)(cur.present) : next;
      return value === cur.present ? cur : { past: [...cur.past, cur.present].slice(-MAX_STEPS), present: value, future: [] };
    });
  }, []);
  const undo = useCallback(() => setH((cur) => (cur.past.length ? { past: cur.past.slice(0, -1), present: cur.past[cur.past.length - 1], future: [cur.present, ...cur.future] } : cur)), []);
  const redo = useCallback(() => setH((cur) => (cur.future.length ? { past: [...cur.past, cur.present], present: cur.future[0], future: cur.future.slice(1) } : cur)), []);
  const reset = useCallback((value: T) => setH({ past: [], present: value, future: [] }), []);
  return { value: h.present, set, undo, redo, reset, canUndo: h.past.length > 0, canRedo: h.future.length > 0 };
}

/**
 * A copy of `w` to paste into `def`: the same type, size, options and binding
 * (copy/paste keeps bindings), a new id, placed below everything.
 */
export function pastedCopy(def: DashboardDefinition, w: DashboardWidget): DashboardWidget {
  let n = def.widgets.length + 1;
  while (def.widgets.some((x) => x.id === `w${n}`)) {
    n++;
  }
  const y = def.widgets.reduce((m, x) => Math.max(m, x.y + x.h), 0);
  return { ...w, id: `w${n}`, x: Math.min(w.x, Math.max(0, def.grid.cols - w.w)), y: Math.min(199, y), options: { ...w.options }, binding: { ...w.binding } };
}
