import { useCallback } from 'react';
import type { DashboardWidget } from '../../../shared/dashboards/definition';
import { cameraList, noticeGet } from '../../../shared/dashboards/wall-contracts';
import { api } from '../../app/api';
import { useLoad } from '../../ui/use-load';
import { AllowedFrame } from './frame-pages';
import { NoticeBody } from './notice-pages';
import { PermitsLive } from './permits-live';
import { HlsVideo } from './video-player';

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** A camera (option `cameraId`) the viewer may see; the placeholder when it is not configured or not theirs. */
export function CameraWidget({ w }: { w: DashboardWidget }) {
  const id = num(w.options.cameraId);
  const load = useCallback((signal: AbortSignal) => api(cameraList, {}, { signal, silent: true }), []);
  const cameras = useLoad(load);
  const camera = cameras.data?.items.find((c) => c.id === id);
  if (cameras.loading && !cameras.data) {
    return null;
  }
  return <HlsVideo url={camera?.hlsUrl ?? null} label={camera?.name} testId={`widget-camera-${w.id}`} />;
}

/** A notice (option `noticeId`), read-only. */
export function RichTextWidget({ w }: { w: DashboardWidget }) {
  const id = num(w.options.noticeId) ?? 0;
  const load = useCallback((signal: AbortSignal) => (id > 0 ? api(noticeGet, { id }, { signal, silent: true }) : Promise.resolve(null)), [id]);
  const notice = useLoad(load);
  return <NoticeBody html={notice.data?.html ?? ''} testId={`widget-notice-${w.id}`} />;
}

/** A web page (option `url`) when its site is on the allow-list. */
export function FrameWidget({ w }: { w: DashboardWidget }) {
  return <AllowedFrame url={typeof w.options.url === 'string' ? w.options.url : ''} />;
}

export function PermitsLiveWidget({ w }: { w: DashboardWidget }) {
  return <PermitsLive limit={num(w.options.limit) ?? 20} />;
}
