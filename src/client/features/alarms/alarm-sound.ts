let ctx: AudioContext | null = null;

/**
 * Makes the audio context ahead of the first alarm, when the page is idle,
 * and resumes it on the user's first gesture (browsers start it suspended):
 * creating it costs tens of milliseconds, which would otherwise land in the
 * task that shows a flood's first high-priority alarm.
 */
export function prepareAlarmTone(): () => void {
  const make = () => {
    try {
      ctx ??= new AudioContext();
    } catch {
      // No audio: playAlarmTone stays silent.
    }
  };
  const idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(make, { timeout: 5000 }) : window.setTimeout(make, 1000);
  const resume = () => {
    make();
    if (ctx?.state === 'suspended') {
      void ctx.resume();
    }
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

/**
 * Two short tones for a newly annunciated high-priority alarm, made with Web
 * Audio (no sound file to ship or fetch). Browsers allow sound only after the
 * user has interacted with the page; until then this is silent.
 */
export function playAlarmTone(): void {
  try {
    ctx ??= new AudioContext();
    if (ctx.state === 'suspended') {
      void ctx.resume();
    }
    const start = ctx.currentTime;
    for (const [i, freq] of [880, 660].entries()) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'square';
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.08, start + i * 0.25);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.25 + 0.22);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start + i * 0.25);
      osc.stop(start + i * 0.25 + 0.23);
    }
  } catch {
    // No audio device or API: the banner and the blinking rows still show the alarm.
  }
}
