import { useEffect, useRef } from 'react';
import type { RingBuffer } from '../../stream/ring-buffer';
import { TRAIL_MINUTES, type TagTrails } from './tag-trails';

const WINDOW_MS = TRAIL_MINUTES * 60_000;
/** Points further apart than this are not joined. */
const GAP_MS = 20_000;

interface SparklineProps {
  tag: string;
  trails: TagTrails;
  /** Server time now (the stream client's estimate), so the line's right edge is "now" on the server's clock. */
  serverNow: () => number;
  width?: number;
  height?: number;
  color?: string;
  /** Lines drawn across, e.g. the H and L limits when they fall inside the line's range. */
  guides?: readonly (number | null)[];
}

/** Draws the buffer's points into the canvas, scaled to their own extent. */
function draw(canvas: HTMLCanvasElement, buf: RingBuffer | undefined, now: number, color: string, guides: readonly (number | null)[]) {
  const ctx = canvas.getContext('2d');
  if (!ctx) {
    return;
  }
  const dpr = window.devicePixelRatio || 1;
  const w = canvas.clientWidth;
  const h = canvas.clientHeight;
  if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(h * dpr);
  }
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, w, h);
  if (!buf || buf.size === 0) {
    return;
  }
  const ext = buf.extent();
  if (!ext) {
    return;
  }
  const pad = 2;
  const span = ext.max - ext.min || Math.abs(ext.max) * 0.01 || 1;
  const lo = ext.min - span * 0.1;
  const hi = ext.max + span * 0.1;
  const from = now - WINDOW_MS;
  const x = (t: number) => pad + ((t - from) / WINDOW_MS) * (w - 2 * pad);
  const y = (v: number) => h - pad - ((v - lo) / (hi - lo)) * (h - 2 * pad);

  ctx.lineWidth = 1;
  ctx.setLineDash([2, 2]);
  ctx.strokeStyle = 'rgba(250, 140, 22, 0.55)';
  for (const g of guides) {
    if (g !== null && g > lo && g < hi) {
      ctx.beginPath();
      ctx.moveTo(pad, Math.round(y(g)) + 0.5);
      ctx.lineTo(w - pad, Math.round(y(g)) + 0.5);
      ctx.stroke();
    }
  }
  ctx.setLineDash([]);

  ctx.strokeStyle = color;
  ctx.lineWidth = 1.25;
  ctx.lineJoin = 'round';
  ctx.beginPath();
  let prevT: number | null = null;
  buf.forEach((t, v) => {
    if (t < from) {
      return;
    }
    const px = x(t);
    const py = y(v);
    // A hole in the data (the stream or the source was down) is left open, not bridged by a straight line.
    if (prevT !== null && t - prevT <= GAP_MS) {
      ctx.lineTo(px, py);
    } else {
      ctx.moveTo(px, py);
    }
    prevT = t;
  });
  ctx.stroke();
  const lastT = buf.lastTime();
  const lastV = buf.lastValue();
  if (lastT !== undefined && lastV !== undefined && lastT >= from) {
    ctx.fillStyle = color;
    ctx.beginPath();
    ctx.arc(x(lastT), y(lastV), 1.75, 0, Math.PI * 2);
    ctx.fill();
  }
}

/**
 * A tiny line of a tag's last minutes on a canvas: no chart library per row.
 * It redraws itself (once per animation frame at most) when its trail
 * changes, without rendering React.
 */
export function Sparkline({ tag, trails, serverNow, width = 120, height = 26, color = '#1677ff', guides = [] }: SparklineProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  const props = useRef({ color, guides });
  useEffect(() => {
    props.current = { color, guides };
  });

  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) {
      return;
    }
    let frame: number | null = null;
    const redraw = () => {
      frame ??= requestAnimationFrame(() => {
        frame = null;
        draw(canvas, trails.get(tag), serverNow(), props.current.color, props.current.guides);
      });
    };
    redraw();
    trails.requestBackfill(tag);
    const stop = trails.listen(tag, redraw);
    // The window slides even when a quiet tag sends nothing.
    const timer = window.setInterval(redraw, 5000);
    return () => {
      stop();
      window.clearInterval(timer);
      if (frame !== null) {
        cancelAnimationFrame(frame);
      }
    };
  }, [tag, trails, serverNow]);

  // A colour change (limit state) redraws once.
  useEffect(() => {
    const canvas = ref.current;
    if (canvas) {
      draw(canvas, trails.get(tag), serverNow(), color, props.current.guides);
    }
  }, [color, tag, trails, serverNow]);

  return <canvas ref={ref} className="pw-rt-spark" style={{ width, height }} data-testid="sparkline" aria-hidden />;
}
