import { useCallback, useEffect, useRef, useState } from 'react';

/** Replay speeds offered: real time, then ×4, ×16, ×64. */
export const PLAY_SPEEDS = [1, 4, 16, 64] as const;
/** React sees the playhead this often while playing; the map reads it every frame. */
const UI_TICK_MS = 250;

interface PathPoint {
  t: number;
  lon: number;
  lat: number;
}

/**
 * Where a path of `n` fixes (read through the accessors, oldest first) is at
 * time `t`: between the two fixes around it, linearly; before the first fix at
 * the first, after the last at the last.
 */
export function interpolate(n: number, tAt: (i: number) => number, lonAt: (i: number) => number, latAt: (i: number) => number, t: number): [number, number] | null {
  if (n === 0) {
    return null;
  }
  if (t <= tAt(0)) {
    return [lonAt(0), latAt(0)];
  }
  if (t >= tAt(n - 1)) {
    return [lonAt(n - 1), latAt(n - 1)];
  }
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (tAt(mid) <= t) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  const k = (t - tAt(lo)) / (tAt(hi) - tAt(lo));
  return [lonAt(lo) + (lonAt(hi) - lonAt(lo)) * k, latAt(lo) + (latAt(hi) - latAt(lo)) * k];
}

/** `interpolate` over a list of fixes. */
export function positionOnPath(points: readonly PathPoint[], t: number): [number, number] | null {
  return interpolate(
    points.length,
    (i) => points[i].t,
    (i) => points[i].lon,
    (i) => points[i].lat,
    t,
  );
}

export interface Playback {
  /** The playhead for React (refreshed a few times a second while playing). */
  time: number;
  playing: boolean;
  speed: number;
  /** The playhead now, for per-frame drawing. */
  timeRef: { readonly current: number };
  play: () => void;
  pause: () => void;
  seek: (t: number) => void;
  setSpeed: (s: number) => void;
}

/**
 * A playhead over [from, to] that advances `speed` times real time while
 * playing, stops at the end, and calls `onFrame` every animation frame while
 * playing (and once after a seek) so a map can move its markers without React.
 */
export function usePlayback(from: number, to: number, onFrame: (t: number) => void): Playback {
  const timeRef = useRef(from);
  const [time, setTime] = useState(from);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<number>(PLAY_SPEEDS[1]);
  const frameCb = useRef(onFrame);
  useEffect(() => {
    frameCb.current = onFrame;
  });

  useEffect(() => {
    timeRef.current = from;
    setTime(from);
    setPlaying(false);
    frameCb.current(from);
  }, [from, to]);

  useEffect(() => {
    if (!playing) {
      return undefined;
    }
    let last = performance.now();
    let lastUi = last;
    let frame = requestAnimationFrame(function step(now) {
      timeRef.current = Math.min(to, timeRef.current + (now - last) * speed);
      last = now;
      frameCb.current(timeRef.current);
      if (now - lastUi >= UI_TICK_MS || timeRef.current >= to) {
        lastUi = now;
        setTime(timeRef.current);
      }
      if (timeRef.current >= to) {
        setPlaying(false);
        return;
      }
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, speed, to]);

  const play = useCallback(() => {
    if (timeRef.current >= to) {
      timeRef.current = from;
    }
    setPlaying(true);
  }, [from, to]);
  const pause = useCallback(() => setPlaying(false), []);
  const seek = useCallback((t: number) => {
    timeRef.current = t;
    setTime(t);
    frameCb.current(t);
  }, []);
  return { time, playing, speed, timeRef, play, pause, seek, setSpeed };
}
