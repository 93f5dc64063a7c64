import { Button, Popconfirm, Select, Space, Table } from 'antd';
import { useCallback, useState } from 'react';
import type { MessageCode } from '../../../shared/messages/catalog';
import { renderMessage } from '../../../shared/messages/catalog';
import { riskEarlyWarningConfigList, riskEarlyWarningRecordDelete, riskEarlyWarningRecordSearch, type WarningRecordItem } from '../../../shared/risk-warning/contracts';
import type { WarningLevelValue } from '../../../shared/risk-warning/items';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { notify } from '../../app/feedback';
import { useLang } from '../../app/i18n';
import { useSession } from '../../app/session-store';
import { useLoad } from '../../ui/use-load';
import { errorText, inputsText, valueText, WarningLevelTag } from './warning-parts';

const PAGE_SIZE = 20;
const LEVELS: WarningLevelValue[] = [1, 2, 3, 4];

/** /RiskControll/RiskEarlyWarningRecord: every calculation kept, with its inputs, value, level, time and trigger. */
export function RiskEarlyWarningRecordPage() {
  const lang = useLang();
  const T = (code: MessageCode, params?: Record<string, string | number>) => renderMessage(lang, code, params);
  const [warningId, setWarningId] = useState<number | undefined>();
  const [level, setLevel] = useState<WarningLevelValue | undefined>();
  const [page, setPage] = useState(1);
  const canManage = useSession((s) => s.user?.permissions.includes('riskWarning:manage') ?? false);
  const warnings = useLoad(useCallback((signal: AbortSignal) => api(riskEarlyWarningConfigList, {}, { signal }), []));
  const { data, loading, reload } = useLoad(
    useCallback((signal: AbortSignal) => api(riskEarlyWarningRecordSearch, { warningId, level, page, pageSize: PAGE_SIZE }, { signal }), [warningId, level, page]),
  );

  const handleDelete = async (id: number) => {
    try {
      await api(riskEarlyWarningRecordDelete, { ids: [id] });
      notify(T('riskWarning.ui.deleted'));
      reload();
    } catch {
      // The API client has shown why.
    }
  };

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="warning-record-page">
      <Space wrap>
        <Select
          allowClear
          style={{ width: 240 }}
          placeholder={T('riskWarning.ui.warning')}
          value={warningId}
          onChange={(v: number | undefined) => {
            setWarningId(v);
            setPage(1);
          }}
          options={(warnings.data?.items ?? []).map((w) => ({ value: w.id, label: w.name }))}
        />
        <Select
          allowClear
          style={{ width: 160 }}
          placeholder={T('riskWarning.ui.level')}
          value={level}
          onChange={(v: WarningLevelValue | undefined) => {
            setLevel(v);
            setPage(1);
          }}
          options={LEVELS.map((l) => ({ value: l, label: T(`riskWarning.level.${l}` as MessageCode) }))}
        />
      </Space>
      <Table<WarningRecordItem>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={data?.items ?? []}
        scroll={{ x: 1000 }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { key: 'at', title: T('riskWarning.ui.time'), width: 170, render: (_, r) => formatDate(r.at) },
          { key: 'name', title: T('riskWarning.ui.warning'), dataIndex: 'name', width: 180 },
          { key: 'value', title: T('riskWarning.ui.value'), width: 90, render: (_, r) => valueText(r.value) },
          { key: 'level', title: T('riskWarning.ui.level'), width: 110, render: (_, r) => <WarningLevelTag lang={lang} level={r.level} /> },
          { key: 'inputs', title: T('riskWarning.ui.inputs'), render: (_, r) => (r.error ? `${inputsText(r.inputs)}（${errorText(lang, r.error)}）` : inputsText(r.inputs)) },
          { key: 'trigger', title: T('riskWarning.ui.trigger'), width: 90, render: (_, r) => T(`riskWarning.trigger.${r.trigger}` as MessageCode) },
          { key: 'by', title: T('riskWarning.ui.by'), dataIndex: 'by', width: 100 },
          { key: 'note', title: T('riskWarning.ui.note'), dataIndex: 'note', width: 140 },
          {
            key: 'ops',
            title: '',
            width: 80,
            render: (_, r) =>
              canManage && (
                <Popconfirm title={T('riskWarning.ui.confirmDelete')} onConfirm={() => void handleDelete(r.id)}>
                  <Button type="link" size="small" danger>
                    {T('riskWarning.ui.delete')}
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </Space>
  );
}
