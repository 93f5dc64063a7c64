import { Alert, Button, Card, Col, DatePicker, Descriptions, Form, Input, InputNumber, Modal, Progress, Row, Segmented, Select, Space, Statistic, Table, Tag, message } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { auditActionName } from '../../../shared/audit-actions';
import { inspectionStatuses } from '../../../shared/domain/inspection-rules';
import { startOfLocalDay } from '../../../shared/domain/plant-calendar';
import { planList, pointList, taskList, type PointItem, type TaskItem } from '../../../shared/inspections/contracts';
import {
  inspectionDeviceBind,
  inspectionOperationLog,
  inspectionPauseSave,
  inspectionStopQuery,
  inspectionSystemConfig,
  inspectionSystemConfigSave,
  stopStates,
  type OperationLogItem,
  type StopItem,
} from '../../../shared/inspections/ops-contracts';
import { formatDate } from '../../../shared/time';
import { api, errorText } from '../../app/api';
import { pick } from '../../app/i18n';
import { useSession } from '../../app/session-store';
import { LedgerPage } from '../../ui/records/ledger-page';
import { usePickers } from '../../ui/records/use-pickers';
import { useLoad } from '../../ui/use-load';
import { TaskDetailPage } from './plans-page';
import { statusColor, useMsg } from './use-msg';

/*
 * The `/inspection/*` operations pages of issue 24 §2: task detail, operation
 * log, point–device binding, stop-inspection query, time-stop config and
 * history, visualisation, leak check records, upcoming rounds, system config.
 */

const fmt = (t: number | null) => (t === null ? '—' : formatDate(t, 'YYYY-MM-DD HH:mm'));
const DAY = 86_400_000;
const HOUR = 3_600_000;
/** How far ahead /inspection/AdventRecords looks. */
const ADVENT_HOURS = 24;

function useRegionName() {
  const { lang } = useMsg();
  const pickers = usePickers();
  return (id: number) => {
    const r = pickers.regions.find((x) => x.regionid === id);
    return r ? pick(lang, r.regionname, r.regionname_en) : String(id);
  };
}

/** Rounds in a table, each linking to /inspection/TaskDetail. */
function RoundTable({ rows, loading, testId, extra }: { rows: TaskItem[]; loading: boolean; testId: string; extra?: (t: TaskItem) => string }) {
  const { m } = useMsg();
  return (
    <Table
      data-testid={testId}
      rowKey="id"
      size="small"
      loading={loading}
      scroll={{ x: 'max-content' }}
      dataSource={rows}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      columns={[
        { title: m('inspections.ops.plan'), dataIndex: 'planName' },
        { title: m('inspections.ops.window'), key: 'w', render: (_: unknown, t: TaskItem) => `${fmt(t.start)} – ${formatDate(t.end, 'HH:mm')}` },
        { title: m('inspections.ops.state'), dataIndex: 'status', render: (s: string) => <Tag color={statusColor[s]}>{m(`inspections.status.${s}`)}</Tag> },
        { title: m('inspections.ops.points'), key: 'p', render: (_: unknown, t: TaskItem) => `${t.done}/${t.route.length}` },
        ...(extra ? [{ title: '', key: 'x', render: (_: unknown, t: TaskItem) => extra(t) }] : []),
        { title: '', key: 'open', render: (_: unknown, t: TaskItem) => <Link to={`/inspection/TaskDetail?id=${t.id}`}>{m('inspections.ops.open')}</Link> },
      ]}
    />
  );
}

/** /inspection/TaskDetail?id= — one round (as /IntelligentInspection/PlanQueryDetail); without an id, today's rounds to choose from. */
export function InspectionTaskDetailPage() {
  const [params] = useSearchParams();
  return Number(params.get('id')) > 0 ? <TaskDetailPage /> : <TodayRounds />;
}

function TodayRounds() {
  const { m } = useMsg();
  const load = useCallback((signal: AbortSignal) => {
    const from = startOfLocalDay(Date.now());
    return api(taskList, { from, to: from + DAY, pageSize: 500 }, { signal });
  }, []);
  const today = useLoad(load);
  return (
    <Card size="small" title={m('inspections.ops.today')} data-testid="insp-task-pick">
      <Alert type="info" showIcon message={m('inspections.ops.pickRound')} style={{ marginBottom: 12 }} />
      <RoundTable rows={today.data?.items ?? []} loading={today.loading} testId="insp-today" />
    </Card>
  );
}

/** /inspection/AdventRecords: rounds that start within the next day, soonest first. */
export function AdventRecordsPage() {
  const { m } = useMsg();
  const [now] = useState(() => Date.now());
  const load = useCallback((signal: AbortSignal) => api(taskList, { from: now, to: now + ADVENT_HOURS * HOUR, status: 'notStarted', pageSize: 500 }, { signal }), [now]);
  const { data, loading } = useLoad(load);
  const rows = (data?.items ?? []).filter((t) => t.start >= now - HOUR).sort((a, b) => a.start - b.start);
  return (
    <Card size="small" title={m('inspections.ops.advent', { hours: ADVENT_HOURS })}>
      <RoundTable rows={rows} loading={loading} testId="insp-advent" extra={(t) => (t.start > now ? m('inspections.ops.startsIn', { minutes: Math.ceil((t.start - now) / 60_000) }) : '')} />
    </Card>
  );
}

/** The detail of an audit row as short text: from → to for changes, the keys otherwise. */
function detailText(row: OperationLogItem, m: (c: string, p?: Record<string, string | number>) => string): string {
  let d: Record<string, unknown>;
  try {
    d = JSON.parse(row.detail) as Record<string, unknown>;
  } catch {
    return row.detail;
  }
  if (row.action === 'inspection.pauseSave') {
    const list = (v: unknown) =>
      Array.isArray(v) && v.length > 0 ? (v as { start: number; end: number; note?: string }[]).map((p) => `${fmt(p.start)}~${fmt(p.end)}${p.note ? ` ${p.note}` : ''}`).join('；') : m('inspections.ops.none');
    return `${m('inspections.ops.before')}：${list(d.from)} → ${m('inspections.ops.after')}：${list(d.to)}`;
  }
  if (row.action === 'inspection.planEnable') {
    return m(d.enabled ? 'inspections.ops.enabled' : 'inspections.ops.disabled');
  }
  return Object.entries(d)
    .filter(([, v]) => v !== null && typeof v !== 'object')
    // Epoch milliseconds (generation windows, check-in times) as the plant's date and time.
    .map(([k, v]) => `${k}: ${typeof v === 'number' && v > 1e12 ? fmt(v) : String(v)}`)
    .join(', ');
}

function LogTable({ actions, testId }: { actions: string[]; testId: string }) {
  const { lang, m } = useMsg();
  const [page, setPage] = useState(1);
  const [action, setAction] = useState<string | undefined>(undefined);
  const chosen = action ? [action] : actions;
  const key = chosen.join(',');
  const load = useCallback((signal: AbortSignal) => api(inspectionOperationLog, { page, pageSize: 20, actions: key ? key.split(',') : [] }, { signal }), [page, key]);
  const { data, loading } = useLoad(load);
  const options = (actions.length > 0 ? actions : knownActions).map((a) => ({ value: a, label: auditActionName(a, lang) }));
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      {options.length > 1 ? (
        <Select
          data-testid={`${testId}-action`}
          allowClear
          placeholder={m('inspections.ops.allActions')}
          style={{ width: 240, maxWidth: '100%' }}
          value={action}
          onChange={(v: string | undefined) => {
            setAction(v);
            setPage(1);
          }}
          options={options}
        />
      ) : null}
      <Table
        data-testid={testId}
        rowKey="id"
        size="small"
        loading={loading}
        scroll={{ x: 'max-content' }}
        dataSource={data?.items ?? []}
        pagination={{ current: page, pageSize: 20, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: m('inspections.ops.time'), dataIndex: 'at', render: (t: number) => fmt(t) },
          { title: m('inspections.ops.who'), dataIndex: 'loginname' },
          { title: m('inspections.ops.action'), dataIndex: 'action', render: (a: string) => auditActionName(a, lang) },
          { title: m('inspections.ops.subject'), dataIndex: 'subject' },
          { title: m('inspections.ops.detail'), key: 'd', render: (_: unknown, r: OperationLogItem) => <span style={{ wordBreak: 'break-all' }}>{detailText(r, m)}</span> },
        ]}
      />
    </Space>
  );
}

const knownActions = [
  'inspection.pointSave',
  'inspection.pointDelete',
  'inspection.nfcBind',
  'inspection.deviceBind',
  'inspection.planSave',
  'inspection.planEnable',
  'inspection.planDelete',
  'inspection.cycleChange',
  'inspection.pauseSave',
  'inspection.generate',
  'inspection.checkIn',
  'inspection.invalidApply',
  'inspection.invalidDecide',
  'inspection.import',
];

/** /inspection/OperationLog: who did what to the inspection points, plans and rounds of the caller's regions. */
export function OperationLogPage() {
  return (
    <Card size="small">
      <LogTable actions={[]} testId="insp-oplog" />
    </Card>
  );
}

/** /inspection/TimeStopHistory: the changes of time-stop periods and plan activation, before and after. */
export function TimeStopHistoryPage() {
  return (
    <Card size="small">
      <LogTable actions={['inspection.pauseSave', 'inspection.planEnable']} testId="insp-stop-history" />
    </Card>
  );
}

/** /inspection/PointDeviceBinding: each point and the device it checks; bind or unbind. */
export function PointDeviceBindingPage() {
  const { lang, m } = useMsg();
  const regionName = useRegionName();
  const load = useCallback((signal: AbortSignal) => api(pointList, {}, { signal }), []);
  const points = useLoad(load);
  const [editing, setEditing] = useState<PointItem | null>(null);
  const [device, setDevice] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (!editing) {
      return;
    }
    setBusy(true);
    try {
      await api(inspectionDeviceBind, { pointId: editing.id, device }, { silent: true });
      void message.success(m('inspections.ops.saved'));
      setEditing(null);
      points.reload();
    } catch (err) {
      void message.error(errorText(err, lang));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small">
      <Table
        data-testid="insp-device-binding"
        rowKey="id"
        size="small"
        loading={points.loading}
        scroll={{ x: 'max-content' }}
        dataSource={points.data ?? []}
        columns={[
          { title: m('inspections.ops.point'), dataIndex: 'name' },
          { title: m('inspections.ops.region'), dataIndex: 'regionid', render: regionName },
          { title: m('inspections.ops.device'), dataIndex: 'device', render: (d: string, p: PointItem) => <span data-testid={`insp-device-${p.id}`}>{d || m('inspections.ops.noDevice')}</span> },
          {
            title: '',
            key: 'bind',
            render: (_: unknown, p: PointItem) => (
              <Button
                size="small"
                data-testid={`insp-bind-${p.id}`}
                onClick={() => {
                  setEditing(p);
                  setDevice(p.device);
                }}
              >
                {m('inspections.ops.bind')}
              </Button>
            ),
          },
        ]}
      />
      <Modal open={editing !== null} title={editing ? m('inspections.ops.bindTitle', { point: editing.name }) : ''} onCancel={() => setEditing(null)} onOk={() => void save()} confirmLoading={busy} okButtonProps={{ 'data-testid': 'insp-bind-ok' }} destroyOnHidden>
        <Form layout="vertical">
          <Form.Item label={m('inspections.ops.device')} extra={m('inspections.ops.deviceHint')}>
            <Input data-testid="insp-bind-device" value={device} maxLength={100} onChange={(e) => setDevice(e.target.value)} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}

/** /inspection/StopInspectionQuery: the time stops and deactivated plans, over, now or upcoming. */
export function StopInspectionQueryPage() {
  const { m } = useMsg();
  const regionName = useRegionName();
  const [state, setState] = useState<string>('all');
  const [page, setPage] = useState(1);
  const load = useCallback(
    (signal: AbortSignal) => api(inspectionStopQuery, { page, pageSize: 20, state: state === 'all' ? undefined : (state as StopItem['state']) }, { signal }),
    [page, state],
  );
  const { data, loading } = useLoad(load);
  return (
    <Card size="small">
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Segmented
          data-testid="insp-stop-state"
          value={state}
          onChange={(v) => {
            setState(String(v));
            setPage(1);
          }}
          options={['all', ...stopStates].map((s) => ({ value: s, label: m(`inspections.ops.state.${s}`) }))}
        />
        <Table
          data-testid="insp-stops"
          rowKey={(r: StopItem) => `${r.planId}-${r.kind}-${r.start}`}
          size="small"
          loading={loading}
          scroll={{ x: 'max-content' }}
          dataSource={data?.items ?? []}
          pagination={{ current: page, pageSize: 20, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
          columns={[
            { title: m('inspections.ops.plan'), dataIndex: 'planName' },
            { title: m('inspections.ops.region'), dataIndex: 'regionid', render: regionName },
            { title: m('inspections.ops.kind'), dataIndex: 'kind', render: (k: string) => m(`inspections.ops.kind.${k}`) },
            { title: m('inspections.ops.start'), dataIndex: 'start', render: fmt },
            { title: m('inspections.ops.end'), dataIndex: 'end', render: fmt },
            { title: m('inspections.ops.note'), dataIndex: 'note' },
            { title: m('inspections.ops.state'), dataIndex: 'state', render: (s: string) => <Tag color={s === 'current' ? 'warning' : s === 'upcoming' ? 'processing' : 'default'}>{m(`inspections.ops.state.${s}`)}</Tag> },
          ]}
        />
      </Space>
    </Card>
  );
}

interface PauseRow {
  range: [Dayjs, Dayjs] | null;
  note: string;
}

/** /inspection/TimeStopConfig: a plan's time-stop periods, edited and saved together. */
export function TimeStopConfigPage() {
  const { lang, m } = useMsg();
  const load = useCallback((signal: AbortSignal) => api(planList, { pageSize: 1000 }, { signal }), []);
  const plans = useLoad(load);
  const [planId, setPlanId] = useState<number | undefined>(undefined);
  const [rows, setRows] = useState<PauseRow[]>([]);
  const [busy, setBusy] = useState(false);
  const plan = plans.data?.items.find((p) => p.id === planId);
  useEffect(() => {
    setRows((plan?.pauses ?? []).map((p) => ({ range: [dayjs(p.start), dayjs(p.end)], note: p.note })));
  }, [plan]);
  const save = async () => {
    if (planId === undefined) {
      return;
    }
    setBusy(true);
    try {
      const pauses = rows.filter((r) => r.range).map((r) => ({ start: r.range![0].valueOf(), end: r.range![1].valueOf(), note: r.note }));
      await api(inspectionPauseSave, { planId, pauses }, { silent: true });
      void message.success(m('inspections.ops.saved'));
      plans.reload();
    } catch (err) {
      void message.error(errorText(err, lang));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small">
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Select
          data-testid="insp-stop-plan"
          showSearch
          optionFilterProp="label"
          placeholder={m('inspections.ops.choosePlan')}
          style={{ width: 320, maxWidth: '100%' }}
          value={planId}
          onChange={(v: number) => setPlanId(v)}
          options={(plans.data?.items ?? []).map((p) => ({ value: p.id, label: p.name }))}
        />
        <Alert type="info" showIcon message={m('inspections.ops.pauseHint')} />
        {plan ? (
          <div data-testid="insp-pauses">
            {rows.map((r, i) => (
              <Space key={i} wrap style={{ marginBottom: 8 }} data-testid={`insp-pause-${i}`}>
                <DatePicker.RangePicker
                  style={{ maxWidth: '100%' }}
                  showTime={{ format: 'HH:mm' }}
                  format="YYYY-MM-DD HH:mm"
                  value={r.range}
                  onChange={(v) => setRows(rows.map((x, j) => (j === i ? { ...x, range: v && v[0] && v[1] ? [v[0], v[1]] : null } : x)))}
                />
                <Input placeholder={m('inspections.ops.note')} value={r.note} maxLength={200} style={{ width: 200, maxWidth: '100%' }} onChange={(e) => setRows(rows.map((x, j) => (j === i ? { ...x, note: e.target.value } : x)))} />
                <Button danger onClick={() => setRows(rows.filter((_, j) => j !== i))}>
                  {m('inspections.ops.remove')}
                </Button>
              </Space>
            ))}
            <Space wrap>
              <Button data-testid="insp-pause-add" onClick={() => setRows([...rows, { range: null, note: '' }])}>
                {m('inspections.ops.addPause')}
              </Button>
              <Button type="primary" data-testid="insp-pause-save" loading={busy} onClick={() => void save()}>
                {m('inspections.ops.save')}
              </Button>
            </Space>
          </div>
        ) : null}
      </Space>
    </Card>
  );
}

/** /inspection/Visualization: today's rounds by status and each region's progress (points checked of points due). */
export function VisualizationPage() {
  const { m } = useMsg();
  const regionName = useRegionName();
  const load = useCallback((signal: AbortSignal) => {
    const from = startOfLocalDay(Date.now());
    return api(taskList, { from, to: from + DAY, pageSize: 1000 }, { signal });
  }, []);
  const { data, loading } = useLoad(load);
  const rounds = (data?.items ?? []).filter((t) => t.invalid !== 'approved');
  const byStatus = inspectionStatuses.map((s) => ({ s, n: rounds.filter((t) => t.status === s).length }));
  const regions = new Map<number, { rounds: number; due: number; done: number; flagged: number }>();
  for (const t of rounds) {
    const r = regions.get(t.regionid) ?? { rounds: 0, due: 0, done: 0, flagged: 0 };
    r.rounds += 1;
    r.due += t.route.length;
    r.done += t.done;
    r.flagged += t.flagged;
    regions.set(t.regionid, r);
  }
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="insp-visual">
      <Card size="small" title={m('inspections.ops.byStatus')} loading={loading}>
        <Row gutter={[12, 12]}>
          {byStatus.map(({ s, n }) => (
            <Col xs={12} md={8} xl={4} key={s}>
              <Statistic title={<Tag color={statusColor[s]}>{m(`inspections.status.${s}`)}</Tag>} value={n} />
            </Col>
          ))}
        </Row>
      </Card>
      <Card size="small" title={m('inspections.ops.byRegion')} loading={loading}>
        <Table
          data-testid="insp-visual-regions"
          rowKey="regionid"
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={[...regions.entries()].map(([regionid, r]) => ({ regionid, ...r }))}
          columns={[
            { title: m('inspections.ops.region'), dataIndex: 'regionid', render: regionName },
            { title: m('inspections.ops.rounds'), dataIndex: 'rounds', align: 'right' },
            { title: `${m('inspections.ops.checked')} / ${m('inspections.ops.due')}`, key: 'p', render: (_: unknown, r: { due: number; done: number }) => `${r.done} / ${r.due}` },
            { title: '', key: 'bar', width: 220, render: (_: unknown, r: { due: number; done: number }) => <Progress percent={r.due > 0 ? Math.round((r.done / r.due) * 100) : 0} size="small" /> },
            { title: m('inspections.ops.flagged'), dataIndex: 'flagged', align: 'right' },
          ]}
        />
      </Card>
    </Space>
  );
}

/** /inspection/LeakCheckRecord: leak detection and repair records (record engine). */
export function LeakCheckRecordPage() {
  return <LedgerPage entity="LeakCheckRecord" />;
}

type RulesForm = { pointRadiusM: number; fixWindowSec: number; invalidApplicants: 'recorder' | 'recorderOrResponsible' };

/** /inspection/SystemConfig: the check-in rules in force; a manager (inspection:manage) changes them. */
export function SystemConfigPage() {
  const { m, lang } = useMsg();
  const load = useCallback((signal: AbortSignal) => api(inspectionSystemConfig, {}, { signal }), []);
  const { data, loading, reload } = useLoad(load);
  const canManage = useSession((st) => st.user?.permissions.includes('inspection:manage') ?? false);
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<RulesForm>();
  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await api(inspectionSystemConfigSave, v, { silent: true });
      void message.success(m('inspections.ops.saved'));
      setEditing(false);
      reload();
    } catch (err) {
      void message.error(errorText(err, lang));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card
      size="small"
      loading={loading}
      extra={
        canManage && data ? (
          <Button size="small" data-testid="insp-config-edit" onClick={() => setEditing(true)}>
            {m('inspections.ops.config.edit')}
          </Button>
        ) : null
      }
    >
      <Alert type="info" showIcon message={m('inspections.ops.config.hint')} style={{ marginBottom: 12 }} />
      <Modal open={editing} title={m('inspections.ops.config.edit')} onCancel={() => setEditing(false)} onOk={() => void save()} confirmLoading={saving} okButtonProps={{ 'data-testid': 'insp-config-save' }} destroyOnHidden>
        <Form form={form} layout="vertical" data-testid="insp-config-form" initialValues={data ? { pointRadiusM: data.pointRadiusM, fixWindowSec: data.fixWindowSec, invalidApplicants: data.invalidApplicants } : undefined}>
          <Form.Item name="pointRadiusM" label={m('inspections.ops.config.radius')} rules={[{ required: true }, { type: 'number', min: 1, max: 500 }]}>
            <InputNumber min={1} max={500} precision={0} style={{ width: '100%' }} data-testid="insp-config-radius" />
          </Form.Item>
          <Form.Item name="fixWindowSec" label={m('inspections.ops.config.fixWindow')} rules={[{ required: true }, { type: 'number', min: 5, max: 3600 }]}>
            <InputNumber min={5} max={3600} precision={0} style={{ width: '100%' }} data-testid="insp-config-window" />
          </Form.Item>
          <Form.Item name="invalidApplicants" label={m('inspections.ops.config.applicants')} rules={[{ required: true }]}>
            <Select
              options={(['recorder', 'recorderOrResponsible'] as const).map((k) => ({ value: k, label: m(`inspections.ops.config.applicants.${k}`) }))}
              data-testid="insp-config-applicants"
            />
          </Form.Item>
        </Form>
      </Modal>
      {data ? (
        <Descriptions size="small" bordered column={1} data-testid="insp-config">
          <Descriptions.Item label={m('inspections.ops.config.radius')}>{data.pointRadiusM}</Descriptions.Item>
          <Descriptions.Item label={m('inspections.ops.config.fixWindow')}>{data.fixWindowSec}</Descriptions.Item>
          <Descriptions.Item label={m('inspections.ops.config.applicants')}>{m(`inspections.ops.config.applicants.${data.invalidApplicants}`)}</Descriptions.Item>
          <Descriptions.Item label={m('inspections.ops.config.clockSkew')}>{data.clockSkewSec}</Descriptions.Item>
          <Descriptions.Item label={m('inspections.ops.config.generate')}>{data.generateEverySec}</Descriptions.Item>
          <Descriptions.Item label={m('inspections.ops.config.points')}>{data.points}</Descriptions.Item>
          <Descriptions.Item label={m('inspections.ops.config.plans')}>{`${data.enabledPlans} / ${data.plans}`}</Descriptions.Item>
        </Descriptions>
      ) : null}
    </Card>
  );
}
