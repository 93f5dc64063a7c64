import { useSearchParams } from 'react-router-dom';
import { LiveMap } from './live-map';

/** /PersonnelPositioning (and /PersonnelPositioning/index): people on the live map. */
export function PersonnelPositioningPage() {
  return <LiveMap kind="person" />;
}

/** /PositionManagement (vehicle positioning, and /PositionManagement/index). */
export function PositionManagementPage() {
  return <LiveMap kind="vehicle" />;
}

/** Seed 3 /OutSide/Location: query `type` 0 people (default), 1 vehicles. */
export function OutSideLocationPage() {
  const [params] = useSearchParams();
  return <LiveMap key={params.get('type') ?? '0'} kind={params.get('type') === '1' ? 'vehicle' : 'person'} />;
}
