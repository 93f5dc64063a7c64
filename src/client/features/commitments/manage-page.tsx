import { Alert, Button, Card, Empty, Form, Input, Popconfirm, Space, Switch, Table, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  commitmentNoticeDraft,
  commitmentNoticeList,
  commitmentNoticeSave,
  commitmentNoticeSign,
  commitmentNoticeToday,
  type CommitmentNoticeItem,
} from '../../../shared/commitments/contracts';
import { renderMessage } from '../../../shared/messages/catalog';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { notify } from '../../app/feedback';
import { useLang } from '../../app/i18n';
import { useLoad } from '../../ui/use-load';
import { NoticeView } from './notice-view';

/**
 * /RiskResearch88/CommitmentNoticeManage (also /riskResearch/CommitmentNoticeManage
 * and …Add): today's notice drafted from live data, its statement and the
 * hazards' state editable while a draft, signed by the responsible person
 * on their own session; the history below; a link to the public page.
 */
export function CommitmentManagePage() {
  const lang = useLang();
  const T = (code: Parameters<typeof renderMessage>[1], params?: Record<string, string | number>) => renderMessage(lang, code, params);
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState(false);
  const today = useLoad(useCallback((signal: AbortSignal) => api(commitmentNoticeToday, {}, { signal }), []));
  const history = useLoad(useCallback((signal: AbortSignal) => api(commitmentNoticeList, { page, pageSize: 10 }, { signal }), [page]));
  const notice = today.data?.notice ?? null;

  const run = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await fn();
      notify(T('commitment.saved'));
      today.reload();
      history.reload();
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="commitment-manage-page">
      <Card
        size="small"
        title={`${T('commitment.title')} · ${today.data?.day ?? ''}`}
        loading={today.loading && !today.data}
        extra={
          <Link to="/showCommitment" target="_blank" data-testid="commitment-public-link">
            {T('commitment.publicLink')}
          </Link>
        }
      >
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <Space wrap>
            <Button data-testid="commitment-draft" loading={busy} disabled={notice?.status === 'signed'} onClick={() => void run(() => api(commitmentNoticeDraft, {}))}>
              {T(notice ? 'commitment.redraft' : 'commitment.draft')}
            </Button>
            {notice && notice.status === 'draft' && today.data?.maySign && (
              <Popconfirm title={T('commitment.signConfirm')} onConfirm={() => run(() => api(commitmentNoticeSign, { id: notice.id }))}>
                <Button type="primary" data-testid="commitment-sign" loading={busy}>
                  {T('commitment.sign')}
                </Button>
              </Popconfirm>
            )}
          </Space>
          {notice && notice.status === 'draft' && !today.data?.maySign && (
            <Alert
              type="info"
              showIcon
              message={today.data?.responsibleName ? T('commitment.notResponsible', { name: today.data.responsibleName }) : T('commitment.noResponsible')}
            />
          )}
          {!notice && <Empty description={T('commitment.none')} />}
          {notice && <NoticeView lang={lang} notice={notice} />}
          {notice && notice.status === 'draft' && <DraftEditor key={`${notice.id}-${notice.draftedAt}`} notice={notice} busy={busy} onSave={(v) => run(() => api(commitmentNoticeSave, { id: notice.id, ...v }))} />}
          {notice && (
            <span style={{ fontSize: 12, color: 'rgba(0,0,0,.45)' }}>{T('commitment.draftedAt', { time: formatDate(notice.draftedAt, 'YYYY-MM-DD HH:mm'), by: notice.draftedBy })}</span>
          )}
        </Space>
      </Card>
      <Card size="small" title={T('commitment.history')}>
        <Table<CommitmentNoticeItem>
          size="small"
          rowKey="id"
          data-testid="commitment-history"
          loading={history.loading}
          dataSource={history.data?.items ?? []}
          scroll={{ x: 640 }}
          pagination={{ current: page, pageSize: 10, total: history.data?.total ?? 0, onChange: setPage, size: 'small' }}
          expandable={{ expandedRowRender: (n) => <NoticeView lang={lang} notice={n} /> }}
          columns={[
            { title: T('commitment.day'), dataIndex: 'day', key: 'day', width: 120 },
            {
              title: T('commitment.status.signed'),
              key: 'status',
              width: 110,
              render: (_v, n) => <Tag color={n.status === 'signed' ? 'green' : 'orange'}>{T(n.status === 'signed' ? 'commitment.status.signed' : 'commitment.status.draft')}</Tag>,
            },
            { title: T('commitment.operating'), key: 'op', width: 80, render: (_v, n) => n.units.operating.length },
            { title: T('commitment.specialWork'), key: 'sw', width: 100, render: (_v, n) => n.specialWork.reduce((a, s) => a + s.count, 0) },
            { title: T('commitment.hazards'), key: 'hz', render: (_v, n) => T(n.hazards.underControl ? 'commitment.hazardsOk' : 'commitment.hazardsNotOk') },
            { title: T('commitment.responsible'), key: 'who', render: (_v, n) => (n.signedAt !== null ? `${n.signerName} ${formatDate(n.signedAt, 'HH:mm')}` : n.responsibleName || '—') },
          ]}
        />
      </Card>
    </Space>
  );
}

function DraftEditor({ notice, busy, onSave }: { notice: CommitmentNoticeItem; busy: boolean; onSave: (v: { statement: string; underControl: boolean }) => Promise<void> }) {
  const lang = useLang();
  const [form] = Form.useForm<{ statement: string; underControl: boolean }>();
  return (
    <Form form={form} layout="vertical" initialValues={{ statement: notice.statement, underControl: notice.hazards.underControl }} onFinish={(v) => void onSave(v)}>
      <Form.Item name="statement" label={renderMessage(lang, 'commitment.statement')} rules={[{ required: true, max: 1000 }]}>
        <Input.TextArea rows={3} maxLength={1000} data-testid="commitment-statement" />
      </Form.Item>
      <Form.Item name="underControl" label={renderMessage(lang, 'commitment.hazardsOk')} valuePropName="checked">
        <Switch data-testid="commitment-under-control" />
      </Form.Item>
      <Button htmlType="submit" loading={busy} data-testid="commitment-save">
        {renderMessage(lang, 'commitment.save')}
      </Button>
    </Form>
  );
}
