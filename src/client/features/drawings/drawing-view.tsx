import { useEffect, useMemo, useRef } from 'react';
import { limitTypesOfTags, type AlarmType } from '../../../shared/alarms/contracts';
import type { DrawingBinding } from '../../../shared/drawings/contracts';
import { streamClient } from '../../stream/stream-client';
import { useOpenAlarms } from '../../ui/use-open-alarms';
import { DrawingBinder, parseSvg, type AlarmMark } from './drawing-binder';
import './drawings.css';

const TAG_ALARM_TYPES: readonly AlarmType[] = [...limitTypesOfTags, 'comm'];

/**
 * A process drawing shown live: each bound element follows its tag (value text, level bar,
 * colour, visibility, rotation, blinking, sparkline) and its alarms. Values from the stream are
 * written to the DOM in one batch per animation frame (DrawingBinder), never through React state.
 */
export function DrawingView({ svg, bindings, onPick, height }: { svg: string; bindings: readonly DrawingBinding[]; onPick?: (elementId: string) => void; height: number | string }) {
  const box = useRef<HTMLDivElement>(null);
  const binder = useRef<DrawingBinder | null>(null);
  const alarms = useOpenAlarms(TAG_ALARM_TYPES);
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  });

  // Alarm colours: the worst open alarm of each bound tag; unacknowledged ones blink (CSS).
  const worst = useMemo(() => {
    const m = new Map<string, AlarmMark>();
    for (const a of alarms.byId.values()) {
      const prev = m.get(a.source);
      m.set(a.source, { priority: Math.min(prev?.priority ?? 4, a.priority), unack: (prev?.unack ?? false) || a.state === 'unack' });
    }
    return m;
  }, [alarms]);
  const worstRef = useRef(worst);
  useEffect(() => {
    worstRef.current = worst;
    binder.current?.applyAlarms(worst);
  }, [worst]);

  // Mount the SVG, index the bound elements, and stream their tags' values.
  useEffect(() => {
    const host = box.current;
    const root = parseSvg(svg);
    if (!host || !root) {
      return undefined;
    }
    host.replaceChildren(root);
    const b = new DrawingBinder(root, bindings);
    binder.current = b;
    b.applyAlarms(worstRef.current);
    const sub = streamClient()
      .tags$(b.tags())
      .subscribe((updates) => b.push(updates));
    const handleClick = (e: MouseEvent) => {
      const target = (e.target as Element | null)?.closest('[id]');
      if (target && target !== root && pick.current) {
        pick.current(target.id);
      }
    };
    root.addEventListener('click', handleClick);
    return () => {
      sub.unsubscribe();
      root.removeEventListener('click', handleClick);
      b.dispose();
      binder.current = null;
    };
  }, [svg, bindings]);

  return <div ref={box} className="pw-drawing" data-testid="drawing-view" style={{ width: '100%', height, cursor: onPick ? 'crosshair' : undefined }} />;
}
