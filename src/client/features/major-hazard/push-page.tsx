import { Alert, Button, Card, Col, Descriptions, Form, Input, InputNumber, Row, Segmented, Space, Switch, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import {
  PUSH_INTERVAL_MAX_S,
  PUSH_INTERVAL_MIN_S,
  pushKinds,
  pushRowStatuses,
  regulatorPushSave,
  regulatorPushSaveInput,
  regulatorPushStatus,
  type PushKind,
  type PushRowItem,
} from '../../../shared/major-hazard/push-contracts';
import { renderMessage } from '../../../shared/messages/catalog';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { feedback } from '../../app/feedback';
import { useLang } from '../../app/i18n';
import { useSession } from '../../app/session-store';
import { showIssues, submitForm } from '../../ui/form-rules';
import { useLoad } from '../../ui/use-load';

type Values = { kind: PushKind; url: string; topic: string; intervalS: number; enabled: boolean; plantCode: string };
const FIELDS = ['kind', 'url', 'topic', 'intervalS', 'enabled', 'plantCode'] as const;
const when = (ms: number | null) => (ms === null ? '—' : formatDate(ms, 'YYYY-MM-DD HH:mm:ss'));

/**
 * /realTimeDataCollection/RegulatorPush: the endpoint of the push of each
 * major hazard source's monitored values to the regulator (HTTP or MQTT,
 * period, on/off) and its status — what was sent, what waits, the last error.
 */
export function RegulatorPushPage() {
  const lang = useLang();
  const t = (code: string, params?: Record<string, string | number>) => renderMessage(lang, code, params);
  const canManage = useSession((s) => s.user?.permissions.includes('majorHazard:manage') ?? false);
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form);
  const [saving, setSaving] = useState(false);
  const [filter, setFilter] = useState<'all' | PushRowItem['status']>('all');
  const [pageIndex, setPageIndex] = useState(1);
  const load = useCallback(
    (signal: AbortSignal) => api(regulatorPushStatus, { pageIndex, pageSize: 20, ...(filter === 'all' ? {} : { status: filter }) }, { signal }),
    [pageIndex, filter],
  );
  const { data, reload } = useLoad(load);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (data && !loaded) {
      const c = data.config;
      form.setFieldsValue({ kind: c.kind, url: c.url, topic: c.topic, intervalS: c.intervalS, enabled: c.enabled, plantCode: c.plantCode });
      setLoaded(true);
    }
  }, [data, loaded, form]);

  const save = () =>
    submitForm(form, { fields: FIELDS, lang, setSaving }, async (values) => {
      const parsed = regulatorPushSaveInput.safeParse(values);
      if (!parsed.success) {
        showIssues(form, parsed.error.issues, FIELDS, lang);
        return;
      }
      await api(regulatorPushSave, parsed.data);
      void feedback.message.success(t('majorHazard.push.saved'));
      reload();
    });

  const columns = [
    { title: '#', dataIndex: 'id', width: 80 },
    { title: t('majorHazard.push.col.source'), dataIndex: 'sourceName' },
    { title: t('majorHazard.push.col.at'), render: (_v: unknown, r: PushRowItem) => when(r.at) },
    { title: t('majorHazard.push.col.values'), dataIndex: 'values' },
    {
      title: t('majorHazard.push.col.status'),
      render: (_v: unknown, r: PushRowItem) => (
        <Tag color={r.status === 'sent' ? 'green' : 'orange'} data-testid={`mh-push-row-${r.id}`} data-status={r.status}>
          {t(`majorHazard.push.${r.status}`)}
        </Tag>
      ),
    },
    { title: t('majorHazard.push.col.attempts'), dataIndex: 'attempts' },
    { title: t('majorHazard.push.col.sentAt'), render: (_v: unknown, r: PushRowItem) => when(r.sentAt) },
  ];

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="mh-push">
      <Alert type="info" showIcon message={t('majorHazard.push.title')} description={t('majorHazard.push.hint')} />
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={10}>
          <Card size="small" title={t('majorHazard.push.config')} loading={!data}>
            <Form<Values> form={form} layout="vertical" disabled={!canManage} initialValues={{ kind: 'http', url: '', topic: '', intervalS: 60, enabled: false, plantCode: '' }}>
              <Form.Item name="kind" label={t('majorHazard.push.kind')} rules={[{ required: true }]}>
                <Segmented data-testid="mh-push-kind" options={pushKinds.map((k) => ({ value: k, label: t(`majorHazard.push.kind.${k}`) }))} />
              </Form.Item>
              <Form.Item name="url" label={t('majorHazard.push.url')} rules={[{ required: true, message: t('majorHazard.push.badUrl') }]}>
                <Input data-testid="mh-push-url" placeholder={kind === 'mqtt' ? 'mqtt://broker.example.gov.cn:1883' : 'https://warning.example.gov.cn/api/push'} />
              </Form.Item>
              {kind === 'mqtt' ? (
                <Form.Item name="topic" label={t('majorHazard.push.topic')} rules={[{ required: true, message: t('majorHazard.push.badTopic') }]}>
                  <Input data-testid="mh-push-topic" placeholder="hazard/P-001/values" />
                </Form.Item>
              ) : null}
              <Space wrap size={16}>
                <Form.Item name="intervalS" label={t('majorHazard.push.interval')} rules={[{ required: true, message: t('majorHazard.push.badInterval') }]}>
                  <InputNumber data-testid="mh-push-interval" min={PUSH_INTERVAL_MIN_S} max={PUSH_INTERVAL_MAX_S} precision={0} style={{ width: 140 }} />
                </Form.Item>
                <Form.Item name="plantCode" label={t('majorHazard.push.plantCode')}>
                  <Input data-testid="mh-push-plant" style={{ width: 180 }} />
                </Form.Item>
                <Form.Item name="enabled" label={t('majorHazard.push.enabled')} valuePropName="checked">
                  <Switch data-testid="mh-push-enabled" />
                </Form.Item>
              </Space>
              <div>
                {canManage ? (
                  <Button type="primary" loading={saving} onClick={() => void save()} data-testid="mh-push-save">
                    {t('majorHazard.push.save')}
                  </Button>
                ) : null}
                {data?.config.updatedAt ? (
                  <Typography.Text type="secondary" style={{ marginLeft: 12 }}>
                    {t('majorHazard.method.updated', { by: data.config.updatedBy, time: when(data.config.updatedAt) })}
                  </Typography.Text>
                ) : null}
              </div>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card size="small" title={t('majorHazard.push.status')} loading={!data} extra={<Button size="small" onClick={reload}>↻</Button>}>
            {data ? (
              <Space direction="vertical" style={{ width: '100%' }}>
                {!data.config.enabled ? <Alert type="warning" showIcon message={t('majorHazard.push.disabled')} /> : null}
                {data.config.enabled && !data.sending ? <Alert type="info" showIcon message={t('majorHazard.push.notSending')} /> : null}
                <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
                  <Descriptions.Item label={t('majorHazard.push.waiting')}>
                    <Typography.Text strong type={data.waiting > 0 ? 'warning' : undefined} data-testid="mh-push-waiting">
                      {data.waiting}
                    </Typography.Text>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('majorHazard.push.sent')}>
                    <span data-testid="mh-push-sent">{data.sent}</span>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('majorHazard.push.oldestWaiting')}>{when(data.oldestWaitingAt)}</Descriptions.Item>
                  <Descriptions.Item label={t('majorHazard.push.lastSent')}>{when(data.lastSentAt)}</Descriptions.Item>
                  <Descriptions.Item label={t('majorHazard.push.lastError')} span={2}>
                    {data.lastError ? (
                      <Space direction="vertical" size={0}>
                        <Typography.Text type="danger" data-testid="mh-push-error">
                          {data.lastError}
                        </Typography.Text>
                        <Typography.Text type="secondary">
                          {when(data.lastErrorAt)}
                          {data.failures > 0 ? ` · ${t('majorHazard.push.failures', { n: data.failures })}` : ''}
                          {data.nextTryAt ? ` · ${t('majorHazard.push.nextTry')} ${when(data.nextTryAt)}` : ''}
                        </Typography.Text>
                      </Space>
                    ) : (
                      t('majorHazard.push.none')
                    )}
                  </Descriptions.Item>
                </Descriptions>
              </Space>
            ) : null}
          </Card>
        </Col>
      </Row>
      <Card
        size="small"
        extra={
          <Segmented
            size="small"
            value={filter}
            onChange={(v) => {
              setFilter(v as typeof filter);
              setPageIndex(1);
            }}
            options={[{ value: 'all', label: t('majorHazard.push.all') }, ...pushRowStatuses.map((s) => ({ value: s, label: t(`majorHazard.push.${s}`) }))]}
          />
        }
      >
        <Table<PushRowItem>
          size="small"
          rowKey="id"
          loading={!data}
          scroll={{ x: 'max-content' }}
          dataSource={data?.items ?? []}
          columns={columns}
          pagination={{ current: pageIndex, pageSize: 20, total: data?.total ?? 0, hideOnSinglePage: true, onChange: setPageIndex, showSizeChanger: false }}
        />
      </Card>
    </Space>
  );
}
