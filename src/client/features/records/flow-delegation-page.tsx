import { Button, Card, DatePicker, Form, Grid, Input, List, Popconfirm, Select, Space, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useState } from 'react';
import { renderMessage, type MessageCode } from '../../../shared/messages/catalog';
import { ledgerUserOptions } from '../../../shared/records/contracts';
import { delegationAdd, delegationRevoke, delegationSearch, type DelegationItem } from '../../../shared/records/flow-contracts';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { notify } from '../../app/feedback';
import { pick, useLang, type Lang } from '../../app/i18n';
import { useSession } from '../../app/session-store';
import { FormModal } from '../../ui/form-modal';
import { useDefinitions } from '../../ui/records/use-ledger';
import { useLoad } from '../../ui/use-load';

const PAGE_SIZE = 20;
const TIME = 'YYYY-MM-DD HH:mm';

interface AddValues {
  fromuserid?: number;
  touserid: number;
  entity?: string;
  start: Dayjs;
  end: Dayjs;
  reason?: string;
}

/** Where a delegation stands at `now`: revoked, waiting for its start, in force, or over. */
function stateOf(d: DelegationItem, now: number): { code: MessageCode; color: string } {
  if (d.revoked) {
    return { code: 'records.delegation.revoked', color: 'default' };
  }
  if (now < d.start) {
    return { code: 'records.delegation.waiting', color: 'blue' };
  }
  return now < d.end ? { code: 'records.delegation.active', color: 'green' } : { code: 'records.delegation.expired', color: 'default' };
}

/**
 * /FlowAuthorization/FlowAuthorizationSearch (issue 18): delegations from or to
 * the caller (every one for an administrator). A new one sends the caller's
 * approvals — of one ledger or of all — to another person for a time; an
 * administrator may delegate for someone else. Revoking keeps the row.
 */
export function FlowDelegationPage() {
  const lang = useLang();
  const T = (code: MessageCode) => renderMessage(lang, code);
  const me = useSession((s) => s.user);
  const isAdmin = me?.roles.includes('admin') ?? false;
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState<number | null>(null);
  const list = useLoad(useCallback((signal: AbortSignal) => api(delegationSearch, { page, pageSize: PAGE_SIZE }, { signal }), [page]));
  const defs = useDefinitions();
  const ledgerName = new Map((defs.data?.items ?? []).map((d) => [d.entity, pick(lang, d.definition.name.zh, d.definition.name.en)]));
  const now = Date.now();
  // On a phone each delegation is a card, so that 撤销 is in view without scrolling sideways.
  const narrow = !Grid.useBreakpoint().md;
  const ledgerOf = (d: DelegationItem) => (d.entity ? (ledgerName.get(d.entity) ?? d.entity) : T('records.delegation.allLedgers'));
  const periodOf = (d: DelegationItem) => `${formatDate(d.start, TIME)} – ${formatDate(d.end, TIME)}`;
  const stateTag = (d: DelegationItem) => {
    const s = stateOf(d, now);
    return <Tag color={s.color}>{T(s.code)}</Tag>;
  };
  const revokeButton = (d: DelegationItem) =>
    !d.revoked &&
    d.end > now &&
    (isAdmin || d.fromUserid === me?.userid) && (
      <Popconfirm title={T('records.delegation.revokeConfirm')} okButtonProps={{ 'data-testid': `delegation-revoke-ok-${d.id}` }} onConfirm={() => handleRevoke(d)}>
        <Button size="small" danger data-testid={`delegation-revoke-${d.id}`}>
          {T('records.delegation.revoke')}
        </Button>
      </Popconfirm>
    );
  const pagination = { current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage, size: 'small' as const, hideOnSinglePage: true };

  const handleRevoke = async (d: DelegationItem) => {
    try {
      await api(delegationRevoke, { id: d.id });
      notify(T('records.delegation.revokedOk'));
    } finally {
      list.reload();
    }
  };

  return (
    <Card
      size="small"
      data-testid="flow-delegation-page"
      extra={
        <Button type="primary" onClick={() => setAdding(Date.now())} data-testid="delegation-add">
          {T('records.delegation.add')}
        </Button>
      }
    >
      {narrow ? (
        <List<DelegationItem>
          loading={list.loading}
          dataSource={list.data?.items ?? []}
          pagination={(list.data?.total ?? 0) > PAGE_SIZE ? pagination : false}
          data-testid="delegation-list"
          renderItem={(d) => (
            <List.Item key={d.id} data-testid={`delegation-${d.id}`} style={{ display: 'block' }}>
              <Space direction="vertical" size={4} style={{ width: '100%' }}>
                <Space wrap size={4}>
                  <strong>{`${d.fromName} → ${d.toName}`}</strong>
                  {stateTag(d)}
                </Space>
                <span>{ledgerOf(d)}</span>
                <span style={{ color: 'rgba(0,0,0,.55)', fontSize: 12 }}>{periodOf(d)}</span>
                {d.reason && <span style={{ fontSize: 12 }}>{`${T('records.flow.reason')}：${d.reason}`}</span>}
                {revokeButton(d)}
              </Space>
            </List.Item>
          )}
        />
      ) : (
        <Table<DelegationItem>
          size="small"
          rowKey="id"
          data-testid="delegation-list"
          loading={list.loading}
          dataSource={list.data?.items ?? []}
          scroll={{ x: 'max-content' }}
          pagination={pagination}
          columns={[
            { title: T('records.delegation.from'), dataIndex: 'fromName', key: 'from' },
            { title: T('records.delegation.to'), dataIndex: 'toName', key: 'to' },
            { title: T('records.flow.ledger'), key: 'ledger', render: (_v, d) => ledgerOf(d) },
            { title: T('records.delegation.period'), key: 'period', render: (_v, d) => periodOf(d) },
            { title: T('records.flow.reason'), dataIndex: 'reason', key: 'reason', render: (v: string) => v || '—' },
            { title: T('records.delegation.state'), key: 'state', render: (_v, d) => stateTag(d) },
            { title: T('records.flow.actions'), key: 'actions', render: (_v, d) => revokeButton(d) },
          ]}
        />
      )}
      {adding !== null && (
        <AddDialog
          key={adding}
          lang={lang}
          isAdmin={isAdmin}
          // Only ledgers with an approval flow have approvals to hand on.
          ledgers={(defs.data?.items ?? []).filter((d) => d.definition.workflow).map((d) => ({ value: d.entity, label: pick(lang, d.definition.name.zh, d.definition.name.en) }))}
          onClose={() => setAdding(null)}
          onSaved={() => {
            notify(T('records.delegation.saved'));
            list.reload();
          }}
        />
      )}
    </Card>
  );
}

function AddDialog({
  lang,
  isAdmin,
  ledgers,
  onClose,
  onSaved,
}: {
  lang: Lang;
  isAdmin: boolean;
  ledgers: { value: string; label: string }[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const T = (code: MessageCode) => renderMessage(lang, code);
  const users = useLoad(useCallback((signal: AbortSignal) => api(ledgerUserOptions, {}, { signal }), []));
  const userOptions = (users.data ?? []).map((u) => ({ value: u.userid, label: u.loginname ? `${u.username} (${u.loginname})` : u.username }));
  const required = { required: true, message: T('validation.required') };
  const start = dayjs().startOf('minute');
  return (
    <FormModal<AddValues>
      open
      title={T('records.delegation.addTitle')}
      okText={T('records.delegation.add')}
      initialValues={{ entity: '', start, end: start.add(1, 'day') }}
      fields={['fromuserid', 'touserid', 'entity', 'start', 'end', 'reason']}
      onSubmit={async (v) => {
        await api(
          delegationAdd,
          {
            fromuserid: v.fromuserid,
            touserid: v.touserid,
            entity: v.entity ?? '',
            start: v.start.valueOf(),
            end: v.end.valueOf(),
            reason: v.reason ?? '',
          },
          { silent: true },
        );
        onSaved();
      }}
      onClose={onClose}
      okTestId="delegation-save"
      formTestId="delegation-form"
    >
      {isAdmin && (
        <Form.Item name="fromuserid" label={T('records.delegation.from')}>
          <Select allowClear showSearch optionFilterProp="label" loading={users.loading} options={userOptions} data-testid="delegation-from" />
        </Form.Item>
      )}
      <Form.Item name="touserid" label={T('records.delegation.to')} rules={[required]}>
        <Select showSearch optionFilterProp="label" loading={users.loading} options={userOptions} data-testid="delegation-to" />
      </Form.Item>
      <Form.Item name="entity" label={T('records.flow.ledger')}>
        <Select showSearch optionFilterProp="label" options={[{ value: '', label: T('records.delegation.allLedgers') }, ...ledgers]} data-testid="delegation-ledger" />
      </Form.Item>
      <Form.Item name="start" label={T('records.delegation.start')} rules={[required]}>
        <DatePicker showTime format={TIME} style={{ width: '100%' }} data-testid="delegation-start" />
      </Form.Item>
      <Form.Item
        name="end"
        label={T('records.delegation.end')}
        dependencies={['start']}
        rules={[
          required,
          ({ getFieldValue }) => ({
            validator: (_r, value: Dayjs | undefined) => {
              const from = getFieldValue('start') as Dayjs | undefined;
              return !value || !from || value.isAfter(from) ? Promise.resolve() : Promise.reject(new Error(T('records.endBeforeStart')));
            },
          }),
        ]}
      >
        <DatePicker showTime format={TIME} style={{ width: '100%' }} data-testid="delegation-end" />
      </Form.Item>
      <Form.Item name="reason" label={T('records.flow.reason')} rules={[{ max: 200 }]}>
        <Input.TextArea rows={2} maxLength={200} data-testid="delegation-reason" />
      </Form.Item>
    </FormModal>
  );
}
