import type { ColumnType } from 'antd/es/table';
import { useEffect, useMemo, useState, type RefObject } from 'react';

/** A column with its least width (`width`) and its share of any spare width (`grow`, 0: keeps its width). */
export type FitColumn<T> = ColumnType<T> & { width: number; grow?: number };

/**
 * Column widths that fill the table's box. Below the sum of the least widths
 * the table scrolls sideways from that sum; above it, the spare width is
 * shared by the columns' `grow` weights, so a wide screen (3,840 px) scales
 * the columns instead of leaving the spare width to one of them (a virtual
 * antd table gives it to the selection column). `reserved`: width the table
 * takes besides these columns (the selection column); `scrollX` is the
 * table's whole width, for its `scroll.x`.
 */
export function useFitColumns<T>(ref: RefObject<HTMLElement | null>, columns: FitColumn<T>[], reserved: number): { columns: ColumnType<T>[]; scrollX: number } {
  const [box, setBox] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) {
      return undefined;
    }
    const measure = () => setBox(el.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return useMemo(() => {
    const least = columns.reduce((s, c) => s + c.width, 0);
    const spare = Math.max(0, box - reserved - least);
    const weights = columns.reduce((s, c) => s + (c.grow ?? 1), 0);
    let given = 0;
    const fitted = columns.map(({ grow = 1, ...c }, i) => {
      // The last growing column takes the rounding remainder, so the widths add up to the box exactly.
      const extra = weights > 0 ? Math.floor((spare * grow) / weights) : 0;
      given += extra;
      const last = i === columns.length - 1 || columns.slice(i + 1).every((n) => (n.grow ?? 1) === 0);
      return { ...c, width: c.width + extra + (last && grow > 0 ? spare - given : 0) };
    });
    return { columns: fitted, scrollX: reserved + least + spare };
  }, [columns, box, reserved]);
}
