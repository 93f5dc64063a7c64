import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';

const KioskPage = lazy(() => import('./kiosk-page').then((m) => ({ default: m.KioskPage })));
const VisualDisplayPage = lazy(() => import('./visual-display-page').then((m) => ({ default: m.VisualDisplayPage })));

/**
 * /visualDisplay: with `?dashboard=` or `?playlist=` the kiosk of those
 * dashboards (the links /KeyDataShow gives); without, the plant view. Each
 * loads only its own code (the map, or the grid).
 */
export function VisualDisplayRoute() {
  const [params] = useSearchParams();
  const kiosk = params.has('dashboard') || params.has('playlist');
  return <Suspense fallback={null}>{kiosk ? <KioskPage /> : <VisualDisplayPage />}</Suspense>;
}
