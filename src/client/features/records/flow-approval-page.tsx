import { Button, Card, Form, Grid, Input, List, Popconfirm, Select, Space, Table, Tabs, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { flowTaskStatuses } from '../../../shared/domain/flow-steps';
import { renderMessage, type MessageCode } from '../../../shared/messages/catalog';
import { ledgerUserOptions } from '../../../shared/records/contracts';
import { recordHref, statusOf, type RecordDefinition } from '../../../shared/records/definition';
import { flowCheck, flowList, type FlowTaskItem } from '../../../shared/records/flow-contracts';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { notify } from '../../app/feedback';
import { pick, useLang, type Lang } from '../../app/i18n';
import { FormModal } from '../../ui/form-modal';
import { useDefinitions } from '../../ui/records/use-ledger';
import { useLoad } from '../../ui/use-load';

const PAGE_SIZE = 20;
type Action = FlowTaskItem['actions'][number];
interface ActValues {
  reason?: string;
  touserid?: number;
}

/**
 * /flowReview/approval (issue 18): the caller's approvals across every ledger,
 * waiting (待我审批) or acted on (我已审批). Each waiting task offers the step's
 * transitions, send back and transfer; acting sends the record's version, so a
 * record changed meanwhile is refused with the conflict message, and the list
 * reloads either way.
 */
export function FlowApprovalPage() {
  const lang = useLang();
  const T = (code: MessageCode) => renderMessage(lang, code);
  const narrow = !Grid.useBreakpoint().md;
  const [tab, setTab] = useState<'pending' | 'done'>('pending');
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState(false);
  const [acting, setActing] = useState<{ task: FlowTaskItem; action: Action; key: number } | null>(null);
  const tasks = useLoad(useCallback((signal: AbortSignal) => api(flowList, { page, pageSize: PAGE_SIZE, done: tab === 'done' }, { signal }), [page, tab]));
  const defs = useDefinitions();
  const byEntity = new Map((defs.data?.items ?? []).map((d) => [d.entity, d.definition]));

  // From the dialog the error shows on its form (silent here); a direct action shows it as a toast.
  const act = async (task: FlowTaskItem, action: string, values: ActValues = {}, silent = false) => {
    await api(
      flowCheck,
      { entity: task.entity, id: task.recordId, version: task.version, action, reason: values.reason ?? '', touserid: values.touserid },
      { silent },
    );
    notify(T('records.flow.actedOk'));
    tasks.reload();
  };
  // Without a reason or a person to pick, one confirmation is enough; errors are shown by the API client.
  const actNow = async (task: FlowTaskItem, action: string) => {
    setBusy(true);
    try {
      await act(task, action);
    } catch {
      tasks.reload();
    } finally {
      setBusy(false);
    }
  };

  // In the table the buttons stay on one line (the table scrolls sideways if it must); on cards they wrap.
  const buttons = (task: FlowTaskItem) => (
    <Space wrap={narrow} size={4}>
      <Link to={recordHref(task.entity, task.recordId)} data-testid={`flow-open-${task.id}`}>
        {T('records.flow.open')}
      </Link>
      {task.actions.map((a) => {
        const label = pick(lang, a.label.zh, a.label.en);
        const testId = `flow-act-${task.id}-${a.action}`;
        if (a.needsReason || a.action === 'transfer') {
          return (
            <Button key={a.action} size="small" data-testid={testId} onClick={() => setActing({ task, action: a, key: Date.now() })}>
              {label}
            </Button>
          );
        }
        return (
          <Popconfirm key={a.action} title={`${label}？`} okButtonProps={{ 'data-testid': `${testId}-ok` }} onConfirm={() => actNow(task, a.action)}>
            <Button size="small" type="primary" loading={busy} data-testid={testId}>
              {label}
            </Button>
          </Popconfirm>
        );
      })}
    </Space>
  );

  const items = tasks.data?.items ?? [];
  const total = tasks.data?.total ?? 0;
  const pagination = { current: page, pageSize: PAGE_SIZE, total, onChange: setPage, size: 'small' as const, hideOnSinglePage: true };
  const timeOf = (t: FlowTaskItem) => formatDate(tab === 'done' ? (t.acted ?? t.opened) : t.opened, 'YYYY-MM-DD HH:mm');

  return (
    <Card size="small" data-testid="flow-approval-page">
      <Tabs
        activeKey={tab}
        onChange={(k) => {
          setTab(k as 'pending' | 'done');
          setPage(1);
        }}
        items={[
          { key: 'pending', label: <span data-testid="flow-tab-pending">{T('records.flow.pending')}</span> },
          { key: 'done', label: <span data-testid="flow-tab-done">{T('records.flow.done')}</span> },
        ]}
      />
      {narrow ? (
        <List<FlowTaskItem>
          loading={tasks.loading}
          dataSource={items}
          pagination={total > PAGE_SIZE ? pagination : false}
          data-testid="flow-list"
          renderItem={(t) => (
            <List.Item key={t.id} data-testid={`flow-task-${t.recordId}`} style={{ display: 'block' }}>
              <Space direction="vertical" size={4} style={{ width: '100%' }}>
                <Space wrap size={4}>
                  <strong>{t.title}</strong>
                  <FlowStatusTag lang={lang} status={t.status} />
                </Space>
                <span>
                  {pick(lang, t.ledger.zh, t.ledger.en)} · <StepTag lang={lang} def={byEntity.get(t.entity)} task={t} />
                </span>
                <span style={{ color: 'rgba(0,0,0,.55)', fontSize: 12 }}>
                  {timeOf(t)}
                  {t.viaName ? ` · ${T('records.flow.from')} ${t.viaName}` : ''}
                </span>
                {t.reason && <span style={{ fontSize: 12 }}>{`${T('records.flow.reason')}：${t.reason}`}</span>}
                {buttons(t)}
              </Space>
            </List.Item>
          )}
        />
      ) : (
        <Table<FlowTaskItem>
          size="small"
          rowKey="id"
          data-testid="flow-list"
          loading={tasks.loading}
          dataSource={items}
          scroll={{ x: 'max-content' }}
          pagination={pagination}
          columns={[
            { title: T('records.flow.ledger'), key: 'ledger', render: (_v, t) => pick(lang, t.ledger.zh, t.ledger.en) },
            { title: T('records.flow.title'), dataIndex: 'title', key: 'title' },
            { title: T('records.flow.step'), key: 'step', render: (_v, t) => <StepTag lang={lang} def={byEntity.get(t.entity)} task={t} /> },
            // Who handed it on, and why (the transfer's reason), for the one who now holds it.
            {
              title: T('records.flow.from'),
              key: 'via',
              render: (_v: unknown, t: FlowTaskItem) =>
                t.viaName ? (
                  <span data-testid="flow-via">
                    {t.viaName}
                    {t.viaReason ? `：${t.viaReason}` : ''}
                  </span>
                ) : (
                  '—'
                ),
            },
            { title: T(tab === 'done' ? 'records.flow.acted' : 'records.flow.opened'), key: 'time', render: (_v, t) => timeOf(t) },
            { title: T('records.flow.status'), key: 'status', render: (_v, t) => <FlowStatusTag lang={lang} status={t.status} /> },
            // The reason given when acting (send back, transfer, reject); a waiting task has none yet.
            ...(tab === 'done' ? [{ title: T('records.flow.reason'), dataIndex: 'reason', key: 'reason', render: (v: string) => v || '—' }] : []),
            { title: T('records.flow.actions'), key: 'actions', render: (_v: unknown, t: FlowTaskItem) => buttons(t) },
          ]}
        />
      )}
      {acting && (
        <ActDialog
          key={acting.key}
          lang={lang}
          action={acting.action}
          onSubmit={(v) => act(acting.task, acting.action.action, v, true)}
          onClose={() => setActing(null)}
        />
      )}
    </Card>
  );
}

/** The step the task is for, as the ledger names that status; countersign steps say so. */
function StepTag({ lang, def, task }: { lang: Lang; def: RecordDefinition | undefined; task: FlowTaskItem }) {
  const s = def ? statusOf(def, task.stepStatus) : { label: { zh: String(task.stepStatus), en: String(task.stepStatus) }, color: 'default' };
  return (
    <>
      <Tag color={s.color}>{pick(lang, s.label.zh, s.label.en)}</Tag>
      {task.mode === 'all' && <Tag>{renderMessage(lang, 'records.flow.countersign')}</Tag>}
    </>
  );
}

function FlowStatusTag({ lang, status }: { lang: Lang; status: number }) {
  const s = flowTaskStatuses.find((x) => x.code === status);
  return s ? <Tag color={s.color}>{pick(lang, s.zh, s.en)}</Tag> : <Tag>{status}</Tag>;
}

/** Send back, transfer or a transition that asks why: the reason (required where the step says so) and, for a transfer, the person. */
function ActDialog({ lang, action, onSubmit, onClose }: { lang: Lang; action: Action; onSubmit: (v: ActValues) => Promise<void>; onClose: () => void }) {
  const T = (code: MessageCode) => renderMessage(lang, code);
  const transfer = action.action === 'transfer';
  const users = useLoad(useCallback((signal: AbortSignal) => (transfer ? api(ledgerUserOptions, {}, { signal }) : Promise.resolve([])), [transfer]));
  return (
    <FormModal<ActValues>
      open
      title={pick(lang, action.label.zh, action.label.en)}
      okText={T('records.flow.confirm')}
      fields={['reason', 'touserid']}
      onSubmit={async (v) => {
        await onSubmit(v);
      }}
      onClose={onClose}
      okTestId="flow-act-ok"
      formTestId="flow-act-form"
    >
      {transfer && (
        <Form.Item name="touserid" label={T('records.flow.transferTo')} rules={[{ required: true, message: T('validation.required') }]}>
          <Select
            showSearch
            optionFilterProp="label"
            loading={users.loading}
            data-testid="flow-transfer-user"
            options={(users.data ?? []).map((u) => ({ value: u.userid, label: u.loginname ? `${u.username} (${u.loginname})` : u.username }))}
          />
        </Form.Item>
      )}
      <Form.Item
        name="reason"
        label={T('records.flow.reason')}
        rules={[{ required: action.needsReason, whitespace: action.needsReason, message: T('validation.required') }, { max: 500 }]}
      >
        <Input.TextArea rows={3} maxLength={500} data-testid="flow-reason" />
      </Form.Item>
    </FormModal>
  );
}
