import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AlarmType } from '../../../shared/alarms/contracts';
import { HistoryAlarmPage } from './history-alarm-page';
import { alarmsNs } from './locales';
import { RealTimeAlarmPage } from './real-time-alarm-page';

/*
 * The positioning alarm pages of the PersonnelManagementSystem (seed 2 §2.1,
 * issue 10): the real-time list and the history of the alarm list pages, each
 * narrowed to its types; acknowledge and shelve work as on /alarmData/realTimeAlarm.
 */

function PositioningAlarms({ types, testId }: { types: readonly AlarmType[]; testId: string }) {
  const { t } = useTranslation(alarmsNs);
  return (
    <Card size="small" data-testid={testId} styles={{ body: { paddingTop: 0 } }}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'live', label: t('tab.live'), children: <RealTimeAlarmPage types={types} /> },
          { key: 'history', label: t('tab.history'), children: <HistoryAlarmPage types={types} /> },
        ]}
      />
    </Card>
  );
}

const CROWD: AlarmType[] = ['overcrowd', 'understaff', 'gathering'];
const ENTRY: AlarmType[] = ['intrusion', 'overstay'];
const SOS: AlarmType[] = ['sos'];
const STILL: AlarmType[] = ['static'];

/** /OvercrowdingAlarm: 超员, 缺员 and 聚集 (people in a region). */
export const OvercrowdingAlarmPage = () => <PositioningAlarms types={CROWD} testId="overcrowding-alarm-page" />;
/** /IllegaEntryAlarm (the seed's spelling): 越界 and 超时停留. */
export const IllegaEntryAlarmPage = () => <PositioningAlarms types={ENTRY} testId="illegal-entry-alarm-page" />;
/** /PersonnelAlert: SOS. */
export const PersonnelAlertPage = () => <PositioningAlarms types={SOS} testId="personnel-alert-page" />;
/** /StaticAlarm: 静止 (man-down). */
export const StaticAlarmPage = () => <PositioningAlarms types={STILL} testId="static-alarm-page" />;
