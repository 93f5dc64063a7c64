import { useEffect, type MutableRefObject, type RefObject } from 'react';
import { getTranslate, GRID, itemOf, setTranslate, snap, toDrawing } from './editor-doc';

/* The SVG editor's input (/NewSvg/SvgEdit): the pointer on the canvas and the keyboard. Both act through the page's own handlers. */

const isTyping = (t: EventTarget | null) =>
  t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));

interface Selection {
  selectedRef: MutableRefObject<string[]>;
  select: (ids: string[]) => void;
  selectedItems: () => SVGGraphicsElement[];
  /** Records the state before a change, for undo. */
  commit: () => void;
  bump: () => void;
}

/** Pointer: select (shift adds), drag to move on the grid. */
export function useDragToMove(
  host: RefObject<HTMLDivElement | null>,
  root: MutableRefObject<SVGSVGElement | null>,
  s: Selection & { drawSelection: () => void },
) {
  const { selectedRef, select, selectedItems, commit, drawSelection, bump } = s;
  useEffect(() => {
    const el = host.current;
    if (!el) {
      return undefined;
    }
    let drag: { x: number; y: number; starts: [SVGGraphicsElement, number, number][]; moved: boolean } | null = null;
    const handleDown = (e: PointerEvent) => {
      const r = root.current;
      if (!r || e.button !== 0) {
        return;
      }
      const item = itemOf(r, e.target);
      if (!item) {
        select([]);
        return;
      }
      const cur = selectedRef.current;
      if (e.shiftKey) {
        select(cur.includes(item.id) ? cur.filter((x) => x !== item.id) : [...cur, item.id]);
        return;
      }
      if (!cur.includes(item.id)) {
        select([item.id]);
      }
      const [x, y] = toDrawing(r, e.clientX, e.clientY);
      drag = { x, y, starts: selectedItems().map((s) => [s, ...getTranslate(s)]), moved: false };
      el.setPointerCapture(e.pointerId);
    };
    const handleMove = (e: PointerEvent) => {
      const r = root.current;
      if (!drag || !r) {
        return;
      }
      const [x, y] = toDrawing(r, e.clientX, e.clientY);
      const dx = snap(x - drag.x);
      const dy = snap(y - drag.y);
      if (!drag.moved && (dx || dy)) {
        commit();
        drag.moved = true;
      }
      for (const [s, tx, ty] of drag.starts) {
        setTranslate(s, tx + dx, ty + dy);
      }
      drawSelection();
    };
    const handleUp = () => {
      if (drag?.moved) {
        bump();
      }
      drag = null;
    };
    el.addEventListener('pointerdown', handleDown);
    el.addEventListener('pointermove', handleMove);
    el.addEventListener('pointerup', handleUp);
    el.addEventListener('pointercancel', handleUp);
    return () => {
      el.removeEventListener('pointerdown', handleDown);
      el.removeEventListener('pointermove', handleMove);
      el.removeEventListener('pointerup', handleUp);
      el.removeEventListener('pointercancel', handleUp);
    };
  });
}

interface Handlers {
  handleUndo: () => void;
  handleRedo: () => void;
  handleCopy: () => void;
  handlePaste: () => void;
  handleGroup: () => void;
  handleUngroup: () => void;
  handleDelete: () => void;
}

/** Keys: Ctrl+Z / Ctrl+Y (Ctrl+Shift+Z), Ctrl+C / Ctrl+V, Ctrl+G / Ctrl+Shift+G, Delete, arrows one grid step. */
export function useEditorKeys(s: Omit<Selection, 'select'> & Handlers) {
  const {
    selectedRef,
    selectedItems,
    commit,
    bump,
    handleUndo,
    handleRedo,
    handleCopy,
    handlePaste,
    handleGroup,
    handleUngroup,
    handleDelete,
  } = s;
  useEffect(() => {
    const handleKey = (e: KeyboardEvent) => {
      if (isTyping(e.target) || document.querySelector('.ant-modal-wrap')) {
        return;
      }
      const k = e.key.toLowerCase();
      const ctrl = e.ctrlKey || e.metaKey;
      const act = (f: () => void) => {
        e.preventDefault();
        f();
      };
      if (ctrl && k === 'z') {
        act(e.shiftKey ? handleRedo : handleUndo);
      } else if (ctrl && k === 'y') {
        act(handleRedo);
      } else if (ctrl && k === 'c') {
        act(handleCopy);
      } else if (ctrl && k === 'v') {
        act(handlePaste);
      } else if (ctrl && k === 'g') {
        act(e.shiftKey ? handleUngroup : handleGroup);
      } else if (k === 'delete' || k === 'backspace') {
        act(handleDelete);
      } else if (k.startsWith('arrow') && selectedRef.current.length) {
        act(() => {
          commit();
          const [dx, dy] = { arrowleft: [-GRID, 0], arrowright: [GRID, 0], arrowup: [0, -GRID], arrowdown: [0, GRID] }[k] ?? [0, 0];
          for (const s of selectedItems()) {
            const [tx, ty] = getTranslate(s);
            setTranslate(s, tx + dx, ty + dy);
          }
          bump();
        });
      }
    };
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  });
}
