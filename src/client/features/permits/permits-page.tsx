import { Button, Segmented, Select, Space, Table, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { permitList } from '../../../shared/permits/contracts';
import { permitStatuses, type PermitItem, type PermitStatus } from '../../../shared/permits/items';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { navigateTo } from '../../app/navigation';
import { useTopic } from '../../stream/use-topic';
import { useLoad } from '../../ui/use-load';
import { m, statusColor, typeLabel } from './permit-labels';
import { PermitFormModal } from './permit-form';

const DETAIL = '/SafetyWorkPermit/WorkingBillDetail';

/** /SafetyWorkPermit/WorkingBillSafety: the permits, those waiting for my signature first, and the application. */
export function PermitsPage() {
  const lang = useLang();
  const [mine, setMine] = useState(false);
  const [status, setStatus] = useState<PermitStatus | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [applying, setApplying] = useState(false);
  const list = useLoad(useCallback((signal: AbortSignal) => api(permitList, { page, pageSize: 20, mine, ...(status ? { status } : {}) }, { signal }), [page, mine, status]));
  useTopic('permits.live', () => list.reload());

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Space wrap>
        <Segmented
          value={mine ? 'mine' : 'all'}
          onChange={(v) => {
            setMine(v === 'mine');
            setPage(1);
          }}
          options={[
            { value: 'all', label: m(lang, 'permits.ui.all') },
            { value: 'mine', label: m(lang, 'permits.ui.mine') },
          ]}
        />
        <Select<PermitStatus>
          allowClear
          style={{ width: 160 }}
          value={status}
          placeholder={m(lang, 'permits.ui.allStatuses')}
          data-testid="permit-status-filter"
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          options={permitStatuses.map((s) => ({ value: s, label: m(lang, `permits.status.${s}`) }))}
        />
        <Button type="primary" onClick={() => setApplying(true)} data-testid="permit-apply">
          {m(lang, 'permits.ui.apply')}
        </Button>
      </Space>
      <Table<PermitItem>
        rowKey="id"
        size="small"
        loading={list.loading}
        dataSource={list.data?.items ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, total: list.data?.total ?? 0, pageSize: 20, onChange: setPage }}
        onRow={(r) => ({ onClick: () => navigateTo(`${DETAIL}?id=${r.id}`), style: { cursor: 'pointer' }, 'data-testid': `permit-row-${r.id}` }) as never}
        columns={[
          { title: m(lang, 'permits.ui.number'), dataIndex: 'number' },
          { title: m(lang, 'permits.ui.type'), render: (_, r) => typeLabel(lang, r) },
          { title: m(lang, 'permits.ui.status'), render: (_, r) => <Tag color={statusColor[r.status]}>{m(lang, `permits.status.${r.status}`)}</Tag> },
          { title: m(lang, 'permits.ui.waitingFor'), render: (_, r) => (r.currentStep ? `${m(lang, `permits.step.${r.currentStep}`)} · ${r.currentSignerName ?? ''}` : '') },
          { title: m(lang, 'permits.ui.content'), dataIndex: 'content', ellipsis: true },
          { title: m(lang, 'permits.ui.location'), dataIndex: 'location' },
          { title: m(lang, 'permits.ui.time'), render: (_, r) => `${formatDate(r.start, 'MM-DD HH:mm')} – ${formatDate(r.end, 'MM-DD HH:mm')}` },
        ]}
      />
      <PermitFormModal
        open={applying}
        onClose={() => setApplying(false)}
        onDone={(p) => {
          setApplying(false);
          navigateTo(`${DETAIL}?id=${p.id}`);
        }}
      />
    </Space>
  );
}
