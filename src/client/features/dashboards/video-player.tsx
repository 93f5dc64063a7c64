import { VideoCameraOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';
import { renderMessage } from '../../../shared/messages/catalog';
import { useLang } from '../../app/i18n';

/** Why a camera shows the placeholder instead of its picture (seed 1 §8). */
export type VideoProblem = 'failed' | 'dark' | 'blank' | 'missing' | 'unsupported';

/** How often the picture is sampled for a dark or blank frame. */
const CHECK_MS = 3000;
/** Mean luma (0–255) under which a frame counts as dark. */
const DARK_LUMA = 12;
/** Spread of luma (max − min) under which a frame counts as blank (one flat colour). */
const BLANK_SPREAD = 6;

/**
 * Judges a frame: sampled small on a canvas; dark when its mean luma is
 * nearly black, blank when it is one flat colour. Null when it has a
 * picture, or when the frame cannot be read (a cross-origin stream without
 * CORS taints the canvas: then only load failures are detected).
 */
function judgeFrame(video: HTMLVideoElement, canvas: HTMLCanvasElement): 'dark' | 'blank' | null {
  if (video.readyState < 2 || video.videoWidth === 0) {
    return null;
  }
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) {
    return null;
  }
  try {
    ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
    const px = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    let sum = 0;
    let lo = 255;
    let hi = 0;
    for (let i = 0; i < px.length; i += 4) {
      const y = 0.299 * px[i] + 0.587 * px[i + 1] + 0.114 * px[i + 2];
      sum += y;
      lo = Math.min(lo, y);
      hi = Math.max(hi, y);
    }
    const mean = sum / (px.length / 4);
    if (mean < DARK_LUMA) {
      return 'dark';
    }
    return hi - lo < BLANK_SPREAD ? 'blank' : null;
  } catch {
    return null;
  }
}

/**
 * Plays an HLS stream: with hls.js (loaded on demand, never with the sign-in
 * page) wherever the browser has MediaSource, else the browser's own HLS
 * (Safari). A stream that fails, or whose picture is dark or blank, shows
 * the placeholder with the reason; the video keeps trying underneath and the
 * placeholder goes when a good frame comes back.
 */
export function HlsVideo({ url, label, testId }: { url: string | null | undefined; label?: string; testId?: string }) {
  const lang = useLang();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<VideoProblem | null>(url ? null : 'missing');

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !url) {
      setProblem('missing');
      return undefined;
    }
    setProblem(null);
    let stopped = false;
    let destroy = () => {};
    const fail = (p: VideoProblem) => !stopped && setProblem(p);
    const onError = () => fail('failed');
    video.addEventListener('error', onError);
    const start = async () => {
      const { default: Hls } = await import('hls.js');
      if (stopped) {
        return;
      }
      if (Hls.isSupported()) {
        const hls = new Hls({ liveDurationInfinity: true, manifestLoadingMaxRetry: 1, levelLoadingMaxRetry: 2 });
        hls.on(Hls.Events.ERROR, (_e, data) => {
          if (data.fatal) {
            fail('failed');
          }
        });
        hls.loadSource(url);
        hls.attachMedia(video);
        destroy = () => hls.destroy();
      } else if (video.canPlayType('application/vnd.apple.mpegurl')) {
        video.src = url;
        destroy = () => video.removeAttribute('src');
      } else {
        fail('unsupported');
        return;
      }
      video.play().catch(() => undefined);
    };
    start().catch(() => fail('failed'));
    const canvas = document.createElement('canvas');
    canvas.width = 32;
    canvas.height = 18;
    const timer = window.setInterval(() => {
      const verdict = judgeFrame(video, canvas);
      setProblem((cur) => (cur === 'failed' || cur === 'unsupported' ? cur : verdict));
    }, CHECK_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      video.removeEventListener('error', onError);
      destroy();
    };
  }, [url]);

  return (
    <div className="pw-video" data-testid={testId} data-problem={problem ?? ''}>
      <video ref={videoRef} muted playsInline autoPlay aria-label={label} data-testid={testId ? `${testId}-video` : undefined} />
      {problem && (
        <div className="pw-video-placeholder" role="status" data-testid={testId ? `${testId}-placeholder` : undefined}>
          <VideoCameraOutlined />
          <span>{renderMessage(lang, `dashboards.video.${problem === 'blank' ? 'dark' : problem}`)}</span>
          {label && <small>{label}</small>}
        </div>
      )}
    </div>
  );
}
