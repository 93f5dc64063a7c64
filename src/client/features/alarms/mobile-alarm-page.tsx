import { CheckOutlined, CommentOutlined, PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Button, Empty, Segmented, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlarmItem } from '../../../shared/alarms/contracts';
import { formatDate } from '../../../shared/time';
import { notify } from '../../app/feedback';
import { acknowledge, AckDialog, ShelveDialog, unshelve, useAlarmRights } from './alarm-actions';
import { useAlarmFeed, useAlarmStore } from './alarm-store';
import { useLang } from '../../app/i18n';
import { alarmsNs, sourceNameOf } from './locales';
import { priorityColors } from '../../ui/alarm-priority';
import './alarms.css';

const unacked = (a: AlarmItem) => a.state === 'unack' || a.state === 'rtnUnack';
/** Shelving is for annunciated alarms (ISA-18.2 §11.7). */
const shelvable = (a: AlarmItem) => unacked(a) || a.state === 'ack';
const fmt = (v: number | null, unit: string) => (v === null ? '—' : `${Number(v.toFixed(3))}${unit ? ` ${unit}` : ''}`);

/**
 * `/alarmData/mobileAlarm`: the live alarms as cards for a phone on the plant
 * floor — big touch targets, unacknowledged first, acknowledge with one tap
 * or with a comment, shelve with a reason and unshelve.
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
  const [dialog, setDialog] = useState<{ kind: 'ack' | 'shelve'; id: number } | null>(null);
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

  const handleUnshelve = async (id: number) => {
    setBusy(id);
    try {
      notify(t('shelve.undone', { n: await unshelve([id]) }));
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
              {a.peak !== null && a.peak !== a.value && (
                <span>
                  {t('col.peak')} {fmt(a.peak, a.unit)}
                </span>
              )}
              <Typography.Text type="secondary">{formatDate(a.activatedAt, 'MM-DD HH:mm:ss')}</Typography.Text>
            </div>
            {rights.ack && unacked(a) && (
              <Button type="primary" size="large" block icon={<CheckOutlined />} loading={busy === a.id} onClick={() => void ack(a.id)} data-testid={`mobile-ack-${a.id}`}>
                {t('action.ack')}
              </Button>
            )}
            {((rights.ack && unacked(a)) || (rights.shelve && (shelvable(a) || a.state === 'shelved'))) && (
              <div className="pw-mobile-alarm-more">
                {rights.ack && unacked(a) && (
                  <Button size="large" icon={<CommentOutlined />} onClick={() => setDialog({ kind: 'ack', id: a.id })} data-testid={`mobile-ack-comment-${a.id}`}>
                    {t('mobile.ackWithComment')}
                  </Button>
                )}
                {rights.shelve && shelvable(a) && (
                  <Button size="large" icon={<PauseCircleOutlined />} onClick={() => setDialog({ kind: 'shelve', id: a.id })} data-testid={`mobile-shelve-${a.id}`}>
                    {t('action.shelve')}
                  </Button>
                )}
                {rights.shelve && a.state === 'shelved' && (
                  <Button size="large" icon={<PlayCircleOutlined />} loading={busy === a.id} onClick={() => void handleUnshelve(a.id)} data-testid={`mobile-unshelve-${a.id}`}>
                    {t('action.unshelve')}
                  </Button>
                )}
              </div>
            )}
          </div>
        ))
      )}
      <AckDialog ids={dialog?.kind === 'ack' ? [dialog.id] : []} open={dialog?.kind === 'ack'} onClose={() => setDialog(null)} />
      <ShelveDialog ids={dialog?.kind === 'shelve' ? [dialog.id] : []} open={dialog?.kind === 'shelve'} onClose={() => setDialog(null)} />
    </div>
  );
}
