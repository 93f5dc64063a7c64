import { DownloadOutlined, EditOutlined, HistoryOutlined, StopOutlined, UndoOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, InputNumber, Modal, Select, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  MAX_ALARM_DELAY_S,
  alarmSettingExport,
  alarmSettingHistory,
  alarmSettingImport,
  alarmSettingList,
  alarmSettingSave,
  type AlarmSettingFields,
  type AlarmSettingItem,
  type SettingAlarmType,
} from '../../../shared/alarms/settings-contracts';
import { limitTypesOfTags } from '../../../shared/alarms/contracts';
import { consequenceClasses, proposedPriority, responseTimeClasses } from '../../../shared/domain/alarm-rationalisation';
import { renderMessage } from '../../../shared/messages/catalog';
import { formatDate } from '../../../shared/time';
import { api, errorText } from '../../app/api';
import { feedback, notify } from '../../app/feedback';
import { pick, useLang } from '../../app/i18n';
import { useSession } from '../../app/session-store';
import { submitForm } from '../../ui/form-rules';
import { downloadPost } from '../../ui/file-transfer';
import { ImportDialog } from '../../ui/records/import-dialog';
import { postFile } from '../../ui/records/record-api';
import { useLoad } from '../../ui/use-load';
import { priorityColors } from '../../ui/alarm-priority';
import { OutOfServiceDialog, returnToService } from './alarm-actions';
import { alarmsNs } from './locales';
import './alarms.css';

interface Query {
  keyword: string;
  type?: SettingAlarmType;
  page: number;
  pageSize: number;
}

const fmt = (v: number | null, unit: string) => (v === null ? '—' : `${Number(v.toFixed(3))}${unit ? ` ${unit}` : ''}`);
const PriorityTag = ({ p, label }: { p: number; label: string }) => <Tag color={priorityColors[p]}>{label}</Tag>;

/**
 * `/alarmAduit/alarmSettings`, the alarm setting standard ledger: one row per
 * tag and alarm type with the tag's limit (edited on the tag page), priority,
 * delays, enabled and the ISA-18.2 rationalisation; the proposed priority
 * beside the chosen one; every change with a reason, and its history.
 */
export function AlarmSettingsPage() {
  const { t } = useTranslation(alarmsNs);
  const lang = useLang();
  const canEdit = useSession((s) => s.user?.permissions.includes('alarm:admin') ?? false);
  const [draft, setDraft] = useState<Query>({ keyword: '', page: 1, pageSize: 20 });
  const [query, setQuery] = useState(draft);
  const [editing, setEditing] = useState<AlarmSettingItem | null>(null);
  const [history, setHistory] = useState<AlarmSettingItem | null>(null);
  const [removing, setRemoving] = useState<AlarmSettingItem | null>(null);
  const [importing, setImporting] = useState(false);
  const [importReason, setImportReason] = useState('');
  const load = useCallback(
    (signal: AbortSignal) => api(alarmSettingList, { keyword: query.keyword.trim() || undefined, type: query.type, page: query.page, pageSize: query.pageSize }, { signal }),
    [query],
  );
  const result = useLoad(load);

  const columns: ColumnsType<AlarmSettingItem> = [
    {
      title: t('settings.tag'),
      dataIndex: 'tagId',
      width: 220,
      render: (_: string, r) => (
        <Space direction="vertical" size={0}>
          <span>{pick(lang, r.tagName, r.tagNameEn)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.tagId}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('col.type'), dataIndex: 'type', width: 100, render: (ty: SettingAlarmType) => t(`type.${ty}`) },
    { title: t('col.limit'), dataIndex: 'limit', width: 100, render: (v: number | null, r) => fmt(v, r.unit) },
    { title: t('settings.deadband'), dataIndex: 'deadband', width: 90, render: (v: number, r) => fmt(v, r.unit) },
    { title: t('col.priority'), dataIndex: 'priority', width: 80, render: (p: number) => <PriorityTag p={p} label={t(`priority.${p}`)} /> },
    {
      title: t('settings.proposed'),
      dataIndex: 'proposedPriority',
      width: 100,
      render: (p: number | null, r) => (p === null ? '—' : <span className={p !== r.priority ? 'pw-setting-differs' : undefined}>{t(`priority.${p}`)}</span>),
    },
    { title: t('settings.delays'), key: 'delays', width: 110, render: (_: unknown, r) => t('settings.delayValue', { on: r.onDelayS, off: r.offDelayS }) },
    { title: t('settings.enabled'), dataIndex: 'enabled', width: 80, render: (e: boolean) => (e ? <Tag color="green">{t('settings.on')}</Tag> : <Tag>{t('settings.off')}</Tag>) },
    {
      title: t('settings.service'),
      dataIndex: 'outOfService',
      width: 110,
      render: (o: AlarmSettingItem['outOfService'], r) =>
        o ? (
          <Tooltip title={t('settings.outOfServiceSince', { by: o.by, at: formatDate(o.since, 'MM-DD HH:mm'), reason: o.reason })}>
            <Tag color="volcano" data-testid={`setting-oos-${r.tagId}-${r.type}`}>
              {t('state.outOfService')}
            </Tag>
          </Tooltip>
        ) : (
          <Tag color="green">{t('settings.inService')}</Tag>
        ),
    },
    { title: t('settings.consequence'), dataIndex: 'consequence', width: 100, render: (c: string | null) => (c ? t(`consequence.${c}`) : '—') },
    { title: t('settings.responseTime'), dataIndex: 'responseTime', width: 110, render: (c: string | null) => (c ? t(`responseTime.${c}`) : '—') },
    { title: t('settings.cause'), dataIndex: 'cause', width: 160, ellipsis: true, render: (c: string) => c || '—' },
    { title: t('settings.updated'), dataIndex: 'updatedAt', width: 150, render: (at: number | null, r) => (at ? `${r.updatedBy ?? ''} ${formatDate(at, 'MM-DD HH:mm')}` : '—') },
    {
      title: '',
      key: 'actions',
      width: 140,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={4}>
          {canEdit && <Button size="small" icon={<EditOutlined />} aria-label={t('settings.edit')} onClick={() => setEditing(r)} data-testid={`setting-edit-${r.tagId}-${r.type}`} />}
          {canEdit &&
            (r.outOfService ? (
              <Button
                size="small"
                icon={<UndoOutlined />}
                aria-label={t('oos.restore')}
                title={t('oos.restore')}
                onClick={() =>
                  void returnToService({ alarms: [{ tagId: r.tagId, type: r.type }] })
                    .then((n) => {
                      notify(t('oos.restored', { n }));
                      result.reload();
                    })
                    .catch(() => undefined)
                }
                data-testid={`setting-rts-${r.tagId}-${r.type}`}
              />
            ) : (
              <Button size="small" icon={<StopOutlined />} aria-label={t('oos.remove')} title={t('oos.remove')} onClick={() => setRemoving(r)} data-testid={`setting-oos-remove-${r.tagId}-${r.type}`} />
            ))}
          <Button size="small" icon={<HistoryOutlined />} aria-label={t('settings.history')} onClick={() => setHistory(r)} data-testid={`setting-history-${r.tagId}-${r.type}`} />
        </Space>
      ),
    },
  ];

  return (
    <Card size="small" data-testid="alarm-settings-page">
      <div className="pw-alarm-toolbar">
        <Input.Search
          allowClear
          placeholder={t('filter.keyword')}
          value={draft.keyword}
          onChange={(e) => setDraft((d) => ({ ...d, keyword: e.target.value }))}
          onSearch={() => setQuery({ ...draft, page: 1 })}
          style={{ width: 220 }}
          data-testid="settings-keyword"
        />
        <Select
          allowClear
          placeholder={t('col.type')}
          value={draft.type}
          onChange={(type?: SettingAlarmType) => setDraft((d) => ({ ...d, type }))}
          options={limitTypesOfTags.map((ty) => ({ value: ty, label: t(`type.${ty}`) }))}
          style={{ width: 130 }}
        />
        <Button type="primary" onClick={() => setQuery({ ...draft, page: 1 })}>
          {t('action.search')}
        </Button>
        <Button
          icon={<DownloadOutlined />}
          onClick={() =>
            void downloadPost(alarmSettingExport.path, { keyword: query.keyword.trim() || undefined, type: query.type }, `${t('settings.fileName')}.xlsx`).catch(
              (err: unknown) => void feedback.message.error(errorText(err, lang)),
            )
          }
          data-testid="settings-export"
        >
          {t('history.export')}
        </Button>
        {canEdit && (
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="settings-import">
            {t('settings.import')}
          </Button>
        )}
      </div>
      <Table<AlarmSettingItem>
        size="small"
        rowKey={(r) => `${r.tagId}:${r.type}`}
        loading={result.loading}
        dataSource={result.data?.items ?? []}
        columns={columns}
        scroll={{ x: 1680 }}
        onRow={(r) => ({ 'data-testid': `setting-row-${r.tagId}-${r.type}` }) as React.HTMLAttributes<HTMLElement>}
        pagination={{
          current: query.page,
          pageSize: query.pageSize,
          total: result.data?.total ?? 0,
          showTotal: (total) => t('total', { total }),
          onChange: (page, pageSize) => setQuery((q) => ({ ...q, page, pageSize })),
        }}
      />
      {editing && (
        <SettingDialog
          item={editing}
          onClose={(done) => {
            setEditing(null);
            if (done) {
              result.reload();
            }
          }}
        />
      )}
      {history && <HistoryDialog item={history} onClose={() => setHistory(null)} />}
      <OutOfServiceDialog
        target={{ alarms: removing ? [{ tagId: removing.tagId, type: removing.type }] : [] }}
        open={removing !== null}
        onClose={(done) => {
          setRemoving(null);
          if (done) {
            result.reload();
          }
        }}
      />
      <ImportDialog
        open={importing}
        title={t('settings.import')}
        onClose={() => setImporting(false)}
        upload={(file, keepGood) => {
          const q = new URLSearchParams({ keepGood: keepGood ? '1' : '0', reason: importReason.trim() });
          return postFile<z.output<typeof alarmSettingImport.output>>(`${alarmSettingImport.path}?${q.toString()}`, file);
        }}
        fieldLabel={(k) => t(`settings.field.${k}`, { defaultValue: k })}
        onDone={(r) => {
          if (r.saved > 0 || r.errors.length === 0) {
            notify(t('settings.imported', { saved: r.saved, unchanged: r.unchanged }));
            result.reload();
          }
        }}
      >
        <Typography.Paragraph type="secondary">{t('settings.importHint')}</Typography.Paragraph>
        <Input.TextArea
          rows={2}
          maxLength={500}
          placeholder={t('settings.importReason')}
          value={importReason}
          onChange={(e) => setImportReason(e.target.value)}
          style={{ marginBottom: 12 }}
          data-testid="settings-import-reason"
        />
      </ImportDialog>
    </Card>
  );
}

type FormValues = AlarmSettingFields & { reason: string };

/** Edits one alarm's settings and rationalisation; the reason is required and goes to the history. */
function SettingDialog({ item, onClose }: { item: AlarmSettingItem; onClose: (done: boolean) => void }) {
  const { t } = useTranslation(alarmsNs);
  const lang = useLang();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const consequence = Form.useWatch('consequence', form);
  const responseTime = Form.useWatch('responseTime', form);
  const proposed = proposedPriority(consequence ?? null, responseTime ?? null);
  const submit = () =>
    submitForm(form, { fields: ['priority', 'onDelayS', 'offDelayS', 'cause', 'correctiveAction', 'reason'], lang, setSaving }, async (values) => {
      await api(alarmSettingSave, { ...values, consequence: values.consequence ?? null, responseTime: values.responseTime ?? null, tagId: item.tagId, type: item.type }, { silent: true });
      notify(t('settings.saved'));
      onClose(true);
    });
  const priorities = [1, 2, 3, 4].map((p) => ({ value: p, label: t(`priority.${p}`) }));
  return (
    <Modal
      open
      title={`${pick(lang, item.tagName, item.tagNameEn)} · ${t(`type.${item.type}`)}`}
      okText={t('settings.save')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={() => onClose(false)}
      destroyOnHidden
      width={640}
      data-testid="setting-dialog"
    >
      <Typography.Paragraph type="secondary">
        {t('settings.limitHint', { limit: fmt(item.limit, item.unit), deadband: fmt(item.deadband, item.unit) })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ ...item, reason: '' }} className="pw-setting-form">
        <div className="pw-setting-grid">
          <Form.Item name="consequence" label={t('settings.consequence')}>
            <Select allowClear options={consequenceClasses.map((c) => ({ value: c, label: t(`consequence.${c}`) }))} data-testid="setting-consequence" />
          </Form.Item>
          <Form.Item name="responseTime" label={t('settings.responseTime')}>
            <Select allowClear options={responseTimeClasses.map((c) => ({ value: c, label: t(`responseTime.${c}`) }))} data-testid="setting-response" />
          </Form.Item>
          <Form.Item
            name="priority"
            label={t('col.priority')}
            extra={proposed === null ? t('settings.noProposal') : t('settings.proposedIs', { p: t(`priority.${proposed}`) })}
            rules={[{ required: true }]}
          >
            <Select options={priorities} data-testid="setting-priority" />
          </Form.Item>
          <Form.Item name="enabled" label={t('settings.enabled')} valuePropName="checked">
            <Switch data-testid="setting-enabled" />
          </Form.Item>
          <Form.Item name="onDelayS" label={t('settings.onDelay')} rules={[{ required: true }]}>
            <InputNumber min={0} max={MAX_ALARM_DELAY_S} precision={0} addonAfter="s" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="offDelayS" label={t('settings.offDelay')} rules={[{ required: true }]}>
            <InputNumber min={0} max={MAX_ALARM_DELAY_S} precision={0} addonAfter="s" style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <Form.Item name="cause" label={t('settings.cause')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Form.Item name="correctiveAction" label={t('settings.correctiveAction')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Form.Item name="reason" label={t('settings.reason')} rules={[{ required: true, whitespace: true, message: t('settings.reasonRequired') }]}>
          <Input.TextArea rows={2} maxLength={500} data-testid="setting-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Who changed what, when and why (the audit rows of the saves). */
function HistoryDialog({ item, onClose }: { item: AlarmSettingItem; onClose: () => void }) {
  const { t } = useTranslation(alarmsNs);
  const lang = useLang();
  const load = useCallback((signal: AbortSignal) => api(alarmSettingHistory, { tagId: item.tagId, type: item.type }, { signal }), [item]);
  const result = useLoad(load);
  const valueText = (field: string, v: unknown): string => {
    if (typeof v === 'boolean') {
      return v ? t('settings.on') : t('settings.off');
    }
    if (typeof v !== 'string' && typeof v !== 'number') {
      return '—';
    }
    if (v === '') {
      return '—';
    }
    if (field === 'priority') {
      return t(`priority.${v}`);
    }
    return field === 'consequence' || field === 'responseTime' ? t(`${field}.${v}`) : String(v);
  };
  return (
    <Modal open title={`${t('settings.history')} · ${pick(lang, item.tagName, item.tagNameEn)} · ${t(`type.${item.type}`)}`} footer={null} onCancel={onClose} width={720} data-testid="setting-history">
      <Table
        size="small"
        rowKey={(r) => `${r.at}:${r.loginname}`}
        loading={result.loading}
        dataSource={result.data?.list ?? []}
        pagination={false}
        scroll={{ x: 600 }}
        columns={[
          { title: t('settings.when'), dataIndex: 'at', width: 150, render: (at: number) => formatDate(at) },
          { title: t('settings.who'), dataIndex: 'loginname', width: 90 },
          {
            title: t('settings.change'),
            dataIndex: 'changes',
            render: (changes: { field: string; from: unknown; to: unknown }[]) =>
              changes.length === 0
                ? '—'
                : changes.map((c) => (
                    <div key={c.field}>
                      {t(`settings.field.${c.field}`)}: {valueText(c.field, c.from)} → {valueText(c.field, c.to)}
                    </div>
                  )),
          },
          { title: t('settings.reason'), dataIndex: 'reason', width: 160, render: (reason: string, r) => reason || (r.reasonCode ? renderMessage(lang, r.reasonCode) : '—') },
        ]}
      />
    </Modal>
  );
}
