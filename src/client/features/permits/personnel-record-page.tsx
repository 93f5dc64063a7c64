import { Card, Empty, Select, Table, Tag, Typography } from 'antd';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { permitList } from '../../../shared/permits/contracts';
import { permitPersonnelRecord, type ZoneStay } from '../../../shared/permits/routes-contracts';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { useLoad } from '../../ui/use-load';
import { m, typeLabel } from './permit-labels';

const minutes = (s: ZoneStay) => Math.round((s.leave - s.enter) / 6000) / 10;

/**
 * `/SafetyWorkPermitNew/PersonnelLocationRecord?id=`: who was in a permit's
 * work zone and when, from positioning, from the start of the work to its
 * completion; the guardian's tag is marked. A permit is picked from those the
 * caller may see.
 */
export function PersonnelLocationRecordPage() {
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const permits = useLoad(useCallback((signal: AbortSignal) => api(permitList, { page: 1, pageSize: 200 }, { signal }), []));
  const record = useLoad(useCallback((signal: AbortSignal) => (id > 0 ? api(permitPersonnelRecord, { id }, { signal }) : Promise.resolve(null)), [id]));
  const started = (permits.data?.items ?? []).filter((p) => p.startedAt !== null);
  const r = record.data;
  return (
    <Card title={m(lang, 'permits.zoneRecord.title')} data-testid="permit-zone-record">
      <Select
        showSearch
        optionFilterProp="label"
        style={{ width: '100%', maxWidth: 420, marginBottom: 12 }}
        placeholder={m(lang, 'permits.zoneRecord.pick')}
        value={id > 0 ? id : undefined}
        onChange={(v: number) => setParams({ id: String(v) })}
        options={started.map((p) => ({ value: p.id, label: `${p.number} · ${typeLabel(lang, p)} · ${p.location}` }))}
        data-testid="zone-record-permit"
      />
      {r && (
        <Typography.Paragraph type="secondary" data-testid="zone-record-window">
          {r.from === null
            ? m(lang, 'permits.zoneRecord.notStarted')
            : m(lang, 'permits.zoneRecord.window', { from: formatDate(r.from, 'MM-DD HH:mm:ss'), to: formatDate(r.to, 'MM-DD HH:mm:ss'), radius: r.radiusM })}
        </Typography.Paragraph>
      )}
      <Table<ZoneStay>
        rowKey={(s) => `${s.tagId}-${s.enter}`}
        size="small"
        loading={record.loading}
        dataSource={r?.items ?? []}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={m(lang, id > 0 ? 'permits.zoneRecord.none' : 'permits.zoneRecord.pick')} /> }}
        columns={[
          { title: m(lang, 'permits.zoneRecord.name'), dataIndex: 'name', render: (n: string | null) => n ?? '—' },
          {
            title: m(lang, 'permits.zoneRecord.tag'),
            dataIndex: 'tagId',
            render: (_v, s) => (
              <span>
                {s.tagId} {s.guardian && <Tag color="blue">{m(lang, 'permits.step.guardian')}</Tag>}
                {s.kind === 1 && <Tag>{m(lang, 'permits.zoneRecord.vehicle')}</Tag>}
              </span>
            ),
          },
          { title: m(lang, 'permits.zoneRecord.enter'), dataIndex: 'enter', render: (t: number) => formatDate(t, 'MM-DD HH:mm:ss') },
          { title: m(lang, 'permits.zoneRecord.leave'), dataIndex: 'leave', render: (t: number) => formatDate(t, 'MM-DD HH:mm:ss') },
          { title: m(lang, 'permits.zoneRecord.minutes'), key: 'minutes', align: 'right', render: (_v, s) => minutes(s) },
          { title: m(lang, 'permits.zoneRecord.fixes'), dataIndex: 'fixes', align: 'right' },
        ]}
        data-testid="zone-record-table"
      />
    </Card>
  );
}
