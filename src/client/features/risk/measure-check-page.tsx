import { Alert, Button, Card, Form, Input, Modal, Radio, Segmented, Space, Table, Tag, message } from 'antd';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { controlTiers, type ControlTier } from '../../../shared/domain/risk-evaluation';
import { renderMessage } from '../../../shared/messages/catalog';
import {
  checkResults,
  checkTaskStates,
  measureCheckList,
  measureCheckSubmit,
  type MeasureCheckItem,
} from '../../../shared/risk/check-contracts';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { useLoad } from '../../ui/use-load';

type State = MeasureCheckItem['state'];
const stateColour: Record<State, string> = { waiting: 'default', open: 'processing', done: 'success', missed: 'error' };

/** The check of one open task: normal or abnormal, with a note. */
function CheckDialog({ task, onClose }: { task: MeasureCheckItem; onClose: (saved: boolean) => void }) {
  const lang = useLang();
  const [form] = Form.useForm<{ result: MeasureCheckItem['result']; note: string }>();
  const [busy, setBusy] = useState(false);
  const handleOk = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await api(measureCheckSubmit, { id: task.id, result: v.result ?? 'normal', note: v.note ?? '' });
      void message.success(renderMessage(lang, 'risk.check.saved'));
      onClose(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={task.measure} onOk={() => void handleOk()} okButtonProps={{ loading: busy }} onCancel={() => onClose(false)}>
      {task.checkContent && <Alert type="info" showIcon message={task.checkContent} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" initialValues={{ result: 'normal', note: '' }}>
        <Form.Item name="result" label={renderMessage(lang, 'risk.check.state')}>
          <Radio.Group
            data-testid="risk-check-result"
            options={checkResults.map((r) => ({ value: r, label: renderMessage(lang, `risk.check.result.${r}`) }))}
          />
        </Form.Item>
        <Form.Item name="note" label={renderMessage(lang, 'risk.check.note')}>
          <Input.TextArea maxLength={500} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * /RiskControll/MeasureCheckTask: the check tasks of the control measures in
 * the caller's zones, by state; an open task is checked here. A missed one
 * raises its zone until the measure is checked again (DOMAIN.md §6, §8).
 */
export function MeasureCheckPage() {
  const lang = useLang();
  const [params] = useSearchParams();
  const measureId = Number(params.get('measureId')) || undefined;
  const [state, setState] = useState<State | 'all'>('all');
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const [checking, setChecking] = useState<MeasureCheckItem | null>(null);
  const { data, loading, reload } = useLoad(
    useCallback(
      (signal: AbortSignal) => api(measureCheckList, { ...page, measureId, ...(state === 'all' ? {} : { state }) }, { signal }),
      [page, state, measureId],
    ),
  );
  const tier = (t: string) => (t in controlTiers ? controlTiers[t as ControlTier][lang === 'en' ? 'en' : 'zh'] : t);
  return (
    <Card size="small" data-testid="risk-measure-check-page">
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Alert type="info" message={renderMessage(lang, 'risk.check.intro')} />
        {/* On a phone the five states scroll sideways inside their own strip, not the page. */}
        <div style={{ maxWidth: '100%', overflowX: 'auto' }}>
          <Segmented
            data-testid="risk-check-state"
            value={state}
            onChange={(v) => {
              setState(v as State | 'all');
              setPage((p) => ({ ...p, page: 1 }));
            }}
            options={[
              { value: 'all', label: renderMessage(lang, 'risk.analysis.total') },
              ...checkTaskStates.map((s) => ({ value: s, label: renderMessage(lang, `risk.check.state.${s}`) })),
            ]}
          />
        </div>
        <Table<MeasureCheckItem>
          rowKey="id"
          size="small"
          loading={loading}
          scroll={{ x: 900 }}
          dataSource={data?.items ?? []}
          pagination={{
            current: page.page,
            pageSize: page.pageSize,
            total: data?.total ?? 0,
            onChange: (p, s) => setPage({ page: p, pageSize: s }),
          }}
          columns={[
            { title: renderMessage(lang, 'risk.check.measure'), key: 'measure', render: (_, r) => r.measure },
            { title: renderMessage(lang, 'risk.check.unitEvent'), key: 'unit', render: (_, r) => `${r.unit} / ${r.event}` },
            { title: renderMessage(lang, 'risk.map.tier'), key: 'tier', render: (_, r) => tier(r.tier) },
            {
              title: renderMessage(lang, 'risk.check.window'),
              key: 'window',
              render: (_, r) => `${formatDate(r.start, 'MM-DD HH:mm')} – ${formatDate(r.end, 'MM-DD HH:mm')}`,
            },
            {
              title: renderMessage(lang, 'risk.check.state'),
              key: 'state',
              render: (_, r) => (
                <Tag color={stateColour[r.state]} data-testid={`risk-check-state-${r.id}`}>
                  {renderMessage(lang, `risk.check.state.${r.state}`)}
                  {r.result ? ` · ${renderMessage(lang, `risk.check.result.${r.result}`)}` : ''}
                </Tag>
              ),
            },
            {
              title: renderMessage(lang, 'risk.check.doneBy'),
              key: 'doneBy',
              render: (_, r) => (r.doneAt ? `${r.doneBy ?? ''} ${formatDate(r.doneAt, 'MM-DD HH:mm')}` : '—'),
            },
            {
              title: '',
              key: 'do',
              render: (_, r) =>
                r.state === 'open' ? (
                  <Button size="small" type="primary" data-testid={`risk-check-do-${r.id}`} onClick={() => setChecking(r)}>
                    {renderMessage(lang, 'risk.check.do')}
                  </Button>
                ) : null,
            },
          ]}
        />
      </Space>
      {checking && (
        <CheckDialog
          task={checking}
          onClose={(saved) => {
            setChecking(null);
            if (saved) {
              reload();
            }
          }}
        />
      )}
    </Card>
  );
}
