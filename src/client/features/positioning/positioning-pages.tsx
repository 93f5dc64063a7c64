import { useSearchParams } from 'react-router-dom';
import { LiveMap } from './live-map';
import { ReplayView } from './replay-view';
import { StatisticsView } from './statistics-view';
import { TrajectoryView } from './trajectory-view';

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

/** /ResearchersTrack (and /ResearchersTrack/index): one person's trajectory. */
export function ResearchersTrackPage() {
  return <TrajectoryView kind="person" />;
}

/** /VehicleTrajectory (and /VehicleTrajectory/index): one vehicle's trajectory. */
export function VehicleTrajectoryPage() {
  return <TrajectoryView kind="vehicle" />;
}

/** Seed 3 /OutSide/Trajectory: query `type` 0 people (default), 1 vehicles. */
export function OutSideTrajectoryPage() {
  const [params] = useSearchParams();
  return <TrajectoryView key={params.get('type') ?? '0'} kind={params.get('type') === '1' ? 'vehicle' : 'person'} />;
}

/** /PersonnelPositioning/replay: the whole plant over a window, with its alarms and chosen process values. */
export function PersonnelReplayPage() {
  return <ReplayView />;
}

/** /StatisticsReport (and /StatisticsReport/index): head counts, dwell and positioning alarms per region. */
export function StatisticsReportPage() {
  return <StatisticsView />;
}
