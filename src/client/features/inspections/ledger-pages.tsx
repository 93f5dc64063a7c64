import { Button, Card, Result, Spin, Table, Tag } from 'antd';
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { statusOf } from '../../../shared/records/definition';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { LedgerPage } from '../../ui/records/ledger-page';
import { RecordDetail } from '../../ui/records/record-detail';
import { useLedger } from '../../ui/records/use-ledger';
import { usePickers } from '../../ui/records/use-pickers';
import { useLoad } from '../../ui/use-load';
import { useMsg } from './use-msg';

/*
 * Safety inspections and special inspections: ledgers on the record engine
 * (src/shared/inspections/ledgers.ts); the pages are the engine's list, form,
 * flow and detail.
 */

/** /SecurityCheck/SafeInspection */
export function SafeInspectionPage() {
  return <LedgerPage entity="SafeInspection" />;
}

/** /SpecialInspection/plan */
export function SpecialPlanPage() {
  return <LedgerPage entity="SpecialInspectionPlan" />;
}

/** /SpecialInspection/task */
export function SpecialTaskPage() {
  return <LedgerPage entity="SpecialInspectionTask" />;
}

/** /SpecialInspection/records */
export function SpecialRecordsPage() {
  return <LedgerPage entity="SpecialInspectionRecord" />;
}

/** /SpecialInspection/recordsDetail?id= — one special inspection record; without an id, the records. */
export function SpecialRecordDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const { loading, def, calls } = useLedger('SpecialInspectionRecord');
  const pickers = usePickers();
  if (!Number.isInteger(id) || id <= 0) {
    return <LedgerPage entity="SpecialInspectionRecord" />;
  }
  if (loading && !def) {
    return <Spin />;
  }
  return def && calls ? <RecordDetail key={id} def={def} calls={calls} pickers={pickers} id={id} /> : <Result status="404" />;
}

interface DangerRow {
  id: number;
  title: string;
  status: number;
  created: number;
  place: string;
}

/** /SpecialInspection/hiddenDanger — hidden dangers found on special inspections (source 专项检查), each opening the hidden-danger loop's record. */
export function SpecialHiddenDangerPage() {
  const { lang } = useMsg();
  const L = (zh: string, en: string) => (lang === 'en' ? en : zh);
  const { def, calls } = useLedger('HiddenDanger');
  const rows = useLoad(
    useCallback(
      async (signal: AbortSignal): Promise<{ items: DangerRow[]; total: number }> => {
        if (!calls) {
          return { items: [], total: 0 };
        }
        const r = await api(calls.list, { filters: { source: 'special' }, page: 1, pageSize: 200 }, { signal });
        return {
          total: r.total,
          items: r.items.map((x) => {
            const v = x as Record<string, unknown>;
            return { id: x.id, status: x.status, created: Number(v.created ?? 0), title: typeof v.title === 'string' ? v.title : '', place: typeof v.place === 'string' ? v.place : '' };
          }),
        };
      },
      [calls],
    ),
  );
  return (
    <Card
      title={L('专项检查隐患', 'Hidden dangers from special inspections')}
      data-testid="special-hidden-dangers"
      extra={
        <Link to="/Trouble">
          <Button type="primary">{L('登记隐患', 'Report a hidden danger')}</Button>
        </Link>
      }
    >
      <Table<DangerRow>
        size="small"
        rowKey="id"
        loading={rows.loading}
        dataSource={rows.data?.items ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: L('暂无专项检查发现的隐患', 'No hidden dangers from special inspections') }}
        columns={[
          {
            title: L('隐患描述', 'Description'),
            dataIndex: 'title',
            render: (t: string, r) => <Link to={`/low-code-platform/list-view-record?entity=HiddenDanger&id=${r.id}`}>{t}</Link>,
          },
          { title: L('具体位置', 'Place'), dataIndex: 'place' },
          {
            title: L('状态', 'Status'),
            dataIndex: 'status',
            render: (s: number) => {
              if (!def) {
                return s;
              }
              const st = statusOf(def, s);
              return <Tag color={st.color}>{lang === 'en' ? st.label.en || st.label.zh : st.label.zh}</Tag>;
            },
          },
          { title: L('登记时间', 'Registered'), dataIndex: 'created', render: (t: number) => formatDate(t, 'YYYY-MM-DD HH:mm') },
        ]}
      />
    </Card>
  );
}
