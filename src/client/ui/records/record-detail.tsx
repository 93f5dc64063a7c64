import { Button, Card, Descriptions, Empty, Input, Modal, Result, Space, Spin, Table, Timeline, message } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auditActionName } from '../../../shared/audit-actions';
import { receiptConfirm, type RecordContracts, type RecordItem } from '../../../shared/records/contracts';
import { statusOf, type RecordDefinition } from '../../../shared/records/definition';
import { formatDate } from '../../../shared/time';
import { api, errorText } from '../../app/api';
import { pick, useLang } from '../../app/i18n';
import { useSession } from '../../app/session-store';
import { FieldView } from './field-view';
import { useLoad } from '../use-load';
import { recordsNs } from './ledger-locales';
import { AttachmentThumb } from './attachment-thumb';
import { downloadFile } from './record-api';
import { RecordForm } from './record-form';
import { StatusTag } from './record-view';
import type { Pickers } from './use-pickers';

/** The fields a detail shows: a read-only field only when it holds something (a migration's leftover text, say). */
function shownFields(def: RecordDefinition, record: RecordItem): RecordDefinition['fields'] {
  return def.fields.filter((f) => {
    const v = record[f.key];
    return !f.readOnly || !(v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0));
  });
}

/** One record: its fields, attachments, workflow actions and timeline (who, when, what), and its audit history. */
export function RecordDetail({ def, calls, pickers, id, onChanged }: { def: RecordDefinition; calls: RecordContracts; pickers: Pickers; id: number; onChanged?: () => void }) {
  const { t } = useTranslation(recordsNs);
  const lang = useLang();
  const load = useCallback((signal: AbortSignal) => api(calls.get, { id }, { signal }), [calls, id]);
  const detail = useLoad(load);
  const [editing, setEditing] = useState(false);
  const [acting, setActing] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [msg, holder] = message.useMessage();
  const me = useSession((s) => s.user?.userid);

  if (detail.loading && !detail.data) {
    return <Spin />;
  }
  if (!detail.data) {
    return <Result status="404" subTitle={t('noLedger')} />;
  }
  const { record, createdByName, steps, audit, files, actions, canEdit } = detail.data;
  const transition = def.workflow?.transitions.find((x) => x.action === acting);

  const handleAct = async () => {
    if (!transition) {
      return;
    }
    try {
      await api(calls.transition, { id: record.id, version: record.version, action: transition.action, reason }, { silent: true });
      setActing(null);
      setReason('');
      detail.reload();
      onChanged?.();
    } catch (err) {
      void msg.error(errorText(err), 5);
    }
  };
  const handleConfirm = async (field: string) => {
    try {
      await api(receiptConfirm, { entity: def.entity, id: record.id, field }, { silent: true });
      detail.reload();
      onChanged?.();
    } catch (err) {
      void msg.error(errorText(err), 5);
    }
  };
  const fileNames = Object.fromEntries(files.map((f) => [f.id, f.name]));

  return (
    <div data-testid="record-detail">
      {holder}
      <Card
        size="small"
        title={
          <Space wrap>
            {record.title || `#${record.id}`}
            {def.workflow && <StatusTag def={def} status={record.status} lang={lang} />}
          </Space>
        }
        extra={
          <Space wrap>
            {canEdit && !editing && (
              <Button onClick={() => setEditing(true)} data-testid="record-edit">
                {t('edit')}
              </Button>
            )}
            {(def.workflow?.transitions ?? [])
              .filter((x) => x.from.includes(record.status))
              .map((x) => (
                <Button key={x.action} type={x.to === -1 ? 'default' : 'primary'} danger={x.to === -1} onClick={() => setActing(x.action)} data-testid={`record-act-${x.action}`}>
                  {pick(lang, x.label.zh, x.label.en)}
                </Button>
              ))}
          </Space>
        }
      >
        {editing ? (
          <RecordForm
            def={def}
            calls={calls}
            pickers={pickers}
            record={record}
            fileNames={fileNames}
            onSaved={() => {
              setEditing(false);
              detail.reload();
              onChanged?.();
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <Descriptions column={{ xs: 1, sm: 1, md: 2 }} size="small" bordered>
            {shownFields(def, record).map((f) => (
              <Descriptions.Item key={f.key} label={pick(lang, f.label.zh, f.label.en)}>
                <div data-testid={`detail-${f.key}`}>
                  <FieldView field={f} record={record} lang={lang} pickers={pickers} me={me} onConfirm={(k) => void handleConfirm(k)} />
                </div>
              </Descriptions.Item>
            ))}
            <Descriptions.Item label={t('createdBy')}>{createdByName}</Descriptions.Item>
            <Descriptions.Item label={t('updated')}>{formatDate(record.updated, 'YYYY-MM-DD HH:mm')}</Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <Card size="small" title={t('attachments')} style={{ marginTop: 12 }}>
        {files.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <Space wrap align="start" size={12}>
            {files.map((f) => {
              const open = () => void downloadFile(f.id, f.name).catch((err: unknown) => msg.error(errorText(err)));
              return (
                <div key={f.id} style={{ maxWidth: 160 }}>
                  <AttachmentThumb file={f} onOpen={open} />
                  <Button type="link" onClick={open} style={{ padding: 0, whiteSpace: 'normal', height: 'auto', textAlign: 'left' }}>
                    {f.name}
                  </Button>
                </div>
              );
            })}
          </Space>
        )}
      </Card>
      {def.workflow && (
        <Card size="small" title={t('timeline')} style={{ marginTop: 12 }} data-testid="record-timeline">
          <Timeline
            items={[
              { content: `${formatDate(record.created, 'YYYY-MM-DD HH:mm')} ${createdByName} ${t('add')}` },
              ...steps.map((s) => {
                const tr = def.workflow?.transitions.find((x) => x.action === s.action);
                const to = statusOf(def, s.to).label;
                return {
                  color: s.to === -1 ? 'red' : 'green',
                  content: `${formatDate(s.at, 'YYYY-MM-DD HH:mm')} ${s.username} ${tr ? pick(lang, tr.label.zh, tr.label.en) : s.action} → ${pick(lang, to.zh, to.en)}${s.reason ? `: ${s.reason}` : ''}`,
                };
              }),
            ]}
          />
          {actions.length === 0 && detail.data.approvers.length > 0 && (
            <div>
              {t('waitingFor')}: {detail.data.approvers.map((u) => pickers.users.find((x) => x.userid === u)?.username ?? `#${u}`).join(', ')}
            </div>
          )}
        </Card>
      )}
      <Card size="small" title={t('audit')} style={{ marginTop: 12 }} data-testid="record-audit">
        <Table
          size="small"
          rowKey={(r) => `${r.at}-${r.action}-${r.loginname}`}
          pagination={false}
          scroll={{ x: true }}
          dataSource={audit}
          columns={[
            { title: t('at'), dataIndex: 'at', render: (at: number) => formatDate(at, 'YYYY-MM-DD HH:mm:ss') },
            { title: t('who'), dataIndex: 'username' },
            { title: t('what'), dataIndex: 'action', render: (a: string) => auditActionName(a, lang) },
          ]}
        />
      </Card>
      <Modal open={acting !== null} title={transition ? pick(lang, transition.label.zh, transition.label.en) : ''} onOk={() => void handleAct()} onCancel={() => setActing(null)} okButtonProps={{ 'data-testid': 'record-act-ok' }}>
        <Input.TextArea rows={3} placeholder={t('reason')} value={reason} onChange={(e) => setReason(e.target.value)} data-testid="record-act-reason" />
      </Modal>
    </div>
  );
}
