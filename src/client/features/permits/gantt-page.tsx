import { Card, DatePicker, Empty, Space, Tag, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useMemo, useState } from 'react';
import { permitList } from '../../../shared/permits/contracts';
import type { PermitItem } from '../../../shared/permits/items';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { navigateTo } from '../../app/navigation';
import { useLoad } from '../../ui/use-load';
import { m, statusColor, typeLabel } from './permit-labels';

const DETAIL = '/SafetyWorkPermit/WorkingBillDetail';
const DAY_MS = 86_400_000;
/** Bar colours by status (the tags' palette). */
const barColour: Record<PermitItem['status'], string> = {
  draft: '#d9d9d9',
  signing: '#1677ff',
  rejected: '#eb2f96',
  approved: '#13c2c2',
  active: '#52c41a',
  suspended: '#ff4d4f',
  completed: '#faad14',
  closed: '#bfbfbf',
  cancelled: '#d9d9d9',
  voided: '#d9d9d9',
};

/**
 * `/Gantt/gantt_JD`: the day's work as a Gantt chart. Each permit whose
 * planned time meets the chosen day is a bar from its planned start to its
 * planned end (clipped to the day), coloured by status; a click opens it.
 * Plain CSS in percentages of the day, so it reads on a phone and on a wall.
 */
export function PermitGanttPage() {
  const lang = useLang();
  const [day, setDay] = useState<Dayjs>(() => dayjs().startOf('day'));
  const loaded = useLoad(useCallback((signal: AbortSignal) => api(permitList, { page: 1, pageSize: 1000 }, { signal }), []));
  const from = day.valueOf();
  const to = from + DAY_MS;
  const rows = useMemo(
    () => (loaded.data?.items ?? []).filter((p) => p.status !== 'cancelled' && p.status !== 'voided' && p.status !== 'draft' && p.start < to && p.end > from).sort((a, b) => a.start - b.start || a.id - b.id),
    [loaded.data, from, to],
  );
  const pct = (t: number) => `${(Math.min(Math.max(t, from), to) - from) / DAY_MS * 100}%`;
  const width = (p: PermitItem) => `${(Math.min(p.end, to) - Math.max(p.start, from)) / DAY_MS * 100}%`;
  const now = Date.now();

  return (
    <Card
      title={m(lang, 'permits.gantt.title')}
      extra={<DatePicker value={day} allowClear={false} onChange={(d) => d && setDay(d.startOf('day'))} data-testid="gantt-day" />}
      data-testid="permit-gantt"
    >
      {rows.length === 0 ? (
        <Empty description={m(lang, 'permits.gantt.none')} />
      ) : (
        <div style={{ display: 'grid', gridTemplateColumns: 'minmax(120px, 28%) 1fr', rowGap: 8, columnGap: 12, alignItems: 'center' }}>
          <div />
          <div style={{ position: 'relative', height: 18, fontSize: 11, color: '#888' }}>
            {[0, 6, 12, 18].map((h) => (
              <span key={h} style={{ position: 'absolute', left: `${(h / 24) * 100}%` }}>
                {String(h).padStart(2, '0')}:00
              </span>
            ))}
          </div>
          {rows.map((p) => (
            <GanttRow key={p.id} p={p} left={pct(p.start)} width={width(p)} lang={lang} nowLeft={now >= from && now < to ? pct(now) : null} />
          ))}
        </div>
      )}
      <Space wrap style={{ marginTop: 16 }}>
        {(['signing', 'approved', 'active', 'suspended', 'completed', 'closed'] as const).map((s) => (
          <Tag key={s} color={barColour[s]}>
            {m(lang, `permits.status.${s}`)}
          </Tag>
        ))}
      </Space>
    </Card>
  );
}

function GanttRow({ p, left, width, lang, nowLeft }: { p: PermitItem; left: string; width: string; lang: 'zh' | 'en'; nowLeft: string | null }) {
  const label = `${p.number} · ${typeLabel(lang, p)}`;
  return (
    <>
      <div style={{ fontSize: 12, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={`${label} ${p.location}`}>
        <a onClick={() => navigateTo(`${DETAIL}?id=${p.id}`)}>{p.number}</a>
        <div style={{ color: '#888' }}>
          {typeLabel(lang, p)} · <Tag color={statusColor[p.status]}>{m(lang, `permits.status.${p.status}`)}</Tag>
        </div>
      </div>
      <div style={{ position: 'relative', height: 24, background: 'repeating-linear-gradient(90deg, #fafafa 0 calc(25% - 1px), #eee calc(25% - 1px) 25%)' }}>
        <Tooltip title={`${label} ${formatDate(p.start, 'MM-DD HH:mm')} – ${formatDate(p.end, 'MM-DD HH:mm')}`}>
          <div
            data-testid={`gantt-bar-${p.id}`}
            data-status={p.status}
            onClick={() => navigateTo(`${DETAIL}?id=${p.id}`)}
            style={{ position: 'absolute', left, width, top: 3, bottom: 3, minWidth: 3, borderRadius: 3, background: barColour[p.status], cursor: 'pointer' }}
          />
        </Tooltip>
        {nowLeft && <div style={{ position: 'absolute', left: nowLeft, top: 0, bottom: 0, width: 1, background: '#ff4d4f' }} />}
      </div>
    </>
  );
}
