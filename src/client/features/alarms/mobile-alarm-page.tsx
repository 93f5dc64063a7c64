import { CheckOutlined } from '@ant-design/icons';
import { Button, Empty, Segmented, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlarmItem } from '../../../shared/alarms/contracts';
import { formatDate } from '../../../shared/time';
import { notify } from '../../app/feedback';
import { acknowledge, useAlarmRights } from './alarm-actions';
import { useAlarmFeed, useAlarmStore } from './alarm-store';
import { useLang } from '../../app/i18n';
import { alarmsNs, sourceNameOf } from './locales';
import { priorityColors } from '../../ui/alarm-priority';
import './alarms.css';

const unacked = (a: AlarmItem) => a.state === 'unack' || a.state === 'rtnUnack';
const fmt = (v: number | null, unit: string) => (v === null ? '—' : `${Number(v.toFixed(3))}${unit ? ` ${unit}` : ''}`);

/**
 * `/alarmData/mobileAlarm`: the live alarms as cards for a phone on the plant
 * floor — big touch targets, unacknowledged first, acknowledge with one tap.
 */
export function MobileAlarmPage() {
  const { t } = useTranslation(alarmsNs);
  const lang = useLang();
  useAlarmFeed();
  const sorted = useAlarmStore((s) => s.sorted);
  const loaded = useAlarmStore((s) => s.loaded);
  const rights = useAlarmRights();
  const [show, setShow] = useState<'unacked' | 'all'>('unacked');
  const [busy, setBusy] = useState<number | null>(null);
  const list = useMemo(() => (show === 'unacked' ? sorted.filter(unacked) : sorted), [sorted, show]);

  const ack = async (id: number) => {
    setBusy(id);
    try {
      notify(t('ack.done', { n: await acknowledge([id]) }));
    } catch {
      // api() showed the refusal.
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="pw-mobile-alarms" data-testid="mobile-alarm-page">
      <Segmented
        block
        value={show}
        onChange={(v) => setShow(v as 'unacked' | 'all')}
        options={[
          { value: 'unacked', label: `${t('state.unack')} (${sorted.filter(unacked).length})` },
          { value: 'all', label: `${t('filter.all')} (${sorted.length})` },
        ]}
      />
      {!loaded ? (
        <Spin style={{ display: 'block', margin: 32 }} />
      ) : list.length === 0 ? (
        <Empty description={t('empty')} style={{ marginTop: 32 }} />
      ) : (
        list.map((a) => (
          <div
            key={a.id}
            className={`pw-mobile-alarm ${unacked(a) ? 'pw-mobile-alarm-unack' : ''}`}
            style={{ borderInlineStartColor: priorityColors[a.priority] }}
            data-testid={`mobile-alarm-${a.alarmKey}`}
          >
            <div className="pw-mobile-alarm-head">
              <span className="pw-mobile-alarm-priority" style={{ background: priorityColors[a.priority] }}>
                {t(`priority.${a.priority}`)}
              </span>
              <Typography.Text strong ellipsis style={{ flex: 1 }}>
                {sourceNameOf(a, lang)}
              </Typography.Text>
              <span data-testid={`mobile-alarm-state-${a.id}`}>{t(`state.${a.state}`)}</span>
            </div>
            <div className="pw-mobile-alarm-body">
              <span>{t(`type.${a.type}`)}</span>
              <span>
                {t('col.value')} {fmt(a.value, a.unit)} / {t('col.limit')} {fmt(a.limit, a.unit)}
              </span>
              <Typography.Text type="secondary">{formatDate(a.activatedAt, 'MM-DD HH:mm:ss')}</Typography.Text>
            </div>
            {rights.ack && unacked(a) && (
              <Button type="primary" size="large" block icon={<CheckOutlined />} loading={busy === a.id} onClick={() => void ack(a.id)} data-testid={`mobile-ack-${a.id}`}>
                {t('action.ack')}
              </Button>
            )}
          </div>
        ))
      )}
    </div>
  );
}
