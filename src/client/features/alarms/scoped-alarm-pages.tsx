import { RealTimeAlarmPage } from './real-time-alarm-page';

/** `/RealTimeAlarm/RedashAlarm` (seed 2 §2.6): every alarm the user may see, live. */
export function RedashAlarmPage() {
  return <RealTimeAlarmPage scope="all" />;
}

/** `/RealTimeAlarm/UserMenuAlarm` (seed 2 §2.6): the alarms of the user's own regions. */
export function UserMenuAlarmPage() {
  return <RealTimeAlarmPage scope="mine" />;
}

/** `/majorHazardReport/UserMenuAlarm` (seed 2 §2.2): the alarms of major hazard sources. */
export function MajorHazardUserMenuAlarmPage() {
  return <RealTimeAlarmPage scope="majorHazard" />;
}
