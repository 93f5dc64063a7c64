import { useEffect } from 'react';

/** Seed 1 §4.1 step 8: 400×400 tile, text rotated −15°, re-checked every 500 ms. */
const TILE = 400;
const ANGLE = (-15 * Math.PI) / 180;
const CHECK_MS = 500;

function drawTile(lines: string[]): string {
  const canvas = document.createElement('canvas');
  canvas.width = TILE;
  canvas.height = TILE;
  const ctx = canvas.getContext('2d');
  if (!ctx) {
    return '';
  }
  ctx.translate(TILE / 2, TILE / 2);
  ctx.rotate(ANGLE);
  ctx.font = '16px "PingFang SC", "Microsoft YaHei", sans-serif';
  ctx.fillStyle = 'rgba(120, 120, 120, 0.16)';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  lines.forEach((line, i) => ctx.fillText(line, 0, (i - (lines.length - 1) / 2) * 24));
  return canvas.toDataURL('image/png');
}

const STYLE = (url: string) =>
  [
    'position: fixed',
    'inset: 0',
    'pointer-events: none',
    'z-index: 99999',
    `background-image: url("${url}")`,
    'background-repeat: repeat',
    `background-size: ${TILE}px ${TILE}px`,
    'display: block',
    'visibility: visible',
    'opacity: 1',
  ].join('; ');

/**
 * A full-screen text watermark of the user's name and login name. It is built
 * outside React's tree and put back when removed or altered, so it survives
 * someone deleting it in the browser's inspector (seed 1 §4.1).
 */
export function Watermark({ text }: { text: string[] }) {
  const key = text.join('\n');
  useEffect(() => {
    const lines = key.split('\n').filter(Boolean);
    if (!lines.length) {
      return;
    }
    const url = drawTile(lines);
    const style = STYLE(url);
    let el: HTMLDivElement | null = null;
    const mount = () => {
      el?.remove();
      el = document.createElement('div');
      el.dataset.testid = 'watermark';
      el.setAttribute('aria-hidden', 'true');
      el.setAttribute('style', style);
      document.body.appendChild(el);
      observeEl(el);
    };
    const intact = () => el !== null && el.isConnected && el.getAttribute('style') === style;
    const bodyObserver = new MutationObserver(() => {
      if (!intact()) {
        mount();
      }
    });
    const elObserver = new MutationObserver(() => {
      if (!intact()) {
        mount();
      }
    });
    function observeEl(node: HTMLDivElement) {
      elObserver.disconnect();
      elObserver.observe(node, { attributes: true });
    }
    mount();
    bodyObserver.observe(document.body, { childList: true });
    const timer = window.setInterval(() => {
      if (!intact()) {
        mount();
      }
    }, CHECK_MS);
    return () => {
      window.clearInterval(timer);
      bodyObserver.disconnect();
      elObserver.disconnect();
      el?.remove();
    };
  }, [key]);
  return null;
}
