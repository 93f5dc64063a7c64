import { useSyncExternalStore } from 'react';

let ctx: AudioContext | null = null;
/** The browser holds the audio context suspended until the user interacts with the page (autoplay policy). */
let blocked = false;
const listeners = new Set<() => void>();

function setBlocked(next: boolean) {
  if (next !== blocked) {
    blocked = next;
    listeners.forEach((l) => l());
  }
}

/** The audio context, made on first use; null where the browser has no Web Audio. */
function audio(): AudioContext | null {
  if (ctx === null) {
    try {
      ctx = new AudioContext();
    } catch {
      return null; // no audio: the banner and the blinking rows still show the alarm
    }
    const made = ctx;
    made.addEventListener('statechange', () => setBlocked(made.state === 'suspended'));
    setBlocked(made.state === 'suspended');
  }
  return ctx;
}

/**
 * Makes the audio context ahead of the first alarm, when the page is idle,
 * and resumes it on the user's first gesture (browsers start it suspended):
 * creating it costs tens of milliseconds, which would otherwise land in the
 * task that shows a flood's first high-priority alarm.
 */
export function prepareAlarmTone(): () => void {
  const make = () => {
    audio();
  };
  const idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(make, { timeout: 5000 }) : window.setTimeout(make, 1000);
  const resume = () => {
    void enableSound();
  };
  window.addEventListener('pointerdown', resume, { once: true, capture: true });
  window.addEventListener('keydown', resume, { once: true, capture: true });
  return () => {
    if (typeof cancelIdleCallback === 'function') {
      cancelIdleCallback(idle);
    } else {
      clearTimeout(idle);
    }
    window.removeEventListener('pointerdown', resume, { capture: true });
    window.removeEventListener('keydown', resume, { capture: true });
  };
}

/** Resumes the audio context; called from a user gesture (a click), which is what the browser's autoplay policy waits for. */
export async function enableSound(): Promise<void> {
  const c = audio();
  if (c?.state === 'suspended') {
    try {
      await c.resume();
    } catch {
      // Still blocked: the page keeps saying so.
    }
  }
}

/** Whether the browser blocks sound until the user clicks (the banner then offers to enable it). */
export function useSoundBlocked(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => blocked,
  );
}

/**
 * Two short tones (880 and 660 Hz, 0.5 s) for an unacknowledged
 * high-priority alarm, made with Web Audio (no sound file to ship or fetch).
 * Silent, and answers false, while the browser blocks sound (no user
 * gesture yet) or has no audio.
 */
export function playAlarmTone(): boolean {
  const c = audio();
  if (c === null || c.state !== 'running') {
    void c?.resume().catch(() => undefined);
    return false;
  }
  try {
    const start = c.currentTime;
    for (const [i, freq] of [880, 660].entries()) {
      const osc = c.createOscillator();
      const gain = c.createGain();
      osc.type = 'square';
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.08, start + i * 0.25);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.25 + 0.22);
      osc.connect(gain).connect(c.destination);
      osc.start(start + i * 0.25);
      osc.stop(start + i * 0.25 + 0.23);
    }
    return true;
  } catch {
    return false;
  }
}
