import { Alert, Button, Card, Checkbox, DatePicker, Descriptions, Form, Input, InputNumber, Modal, Select, Space, Statistic, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { inspectionStatuses } from '../../../shared/domain/inspection-rules';
import { cycleChangeModes, type ScheduleCycle } from '../../../shared/domain/schedule';
import {
  invalidApply,
  invalidApprove,
  missedRate,
  planCycleChange,
  planDelete,
  planEnable,
  planList,
  planSave,
  pointList,
  rateDimensions,
  taskDetail,
  taskList,
  type PlanItem,
  type TaskItem,
} from '../../../shared/inspections/contracts';
import { dataIsolationRegion } from '../../../shared/org/contracts';
import { ledgerUserOptions } from '../../../shared/records/contracts';
import { formatDate } from '../../../shared/time';
import { api, ApiError, errorText } from '../../app/api';
import { useLoad } from '../../ui/use-load';
import { statusColor, useMsg } from './use-msg';

const DAY = 86_400_000;
const fmt = (t: number) => formatDate(t, 'YYYY-MM-DD HH:mm');

function useNames() {
  const { lang } = useMsg();
  const load = useCallback(
    async (signal: AbortSignal) => {
      const [users, regions, points] = await Promise.all([
        api(ledgerUserOptions, {}, { signal, silent: true }).catch(() => []),
        api(dataIsolationRegion, {}, { signal, silent: true }).catch(() => []),
        api(pointList, {}, { signal, silent: true }).catch(() => []),
      ]);
      return { users, regions, points };
    },
    [],
  );
  const d = useLoad(load).data ?? { users: [], regions: [], points: [] };
  return {
    users: d.users.map((u) => ({ value: u.userid, label: u.username })),
    regions: d.regions.map((r) => ({ value: r.regionid, label: lang === 'en' ? r.regionname_en || r.regionname : r.regionname })),
    points: d.points.map((p) => ({ value: p.id, label: p.name })),
    user: new Map(d.users.map((u) => [u.userid, u.username])),
    region: new Map(d.regions.map((r) => [r.regionid, lang === 'en' ? r.regionname_en || r.regionname : r.regionname])),
    point: new Map(d.points.map((p) => [p.id, p.name])),
  };
}

function cycleText(m: (c: string, p?: Record<string, string | number>) => string, c: ScheduleCycle): string {
  const kind = m(`inspections.cycle.${c.kind}`);
  if (c.kind === 'hour') {
    return `${kind} ×${c.every} @${c.at}`;
  }
  const days = c.kind === 'week' ? ` [${c.weekdays.join(',')}]` : c.kind === 'month' ? ` [${c.days.join(',')}]` : '';
  return `${kind} ×${c.every}${days} ${c.times.join(' ')}`;
}

interface CycleForm {
  kind: ScheduleCycle['kind'];
  every: number;
  at?: string;
  times?: string;
  weekdays?: number[];
  days?: string;
  windowMinutes?: number | null;
}

function cycleOf(v: CycleForm): ScheduleCycle {
  const times = (v.times ?? '08:00').split(/[\s,，]+/).filter(Boolean);
  switch (v.kind) {
    case 'hour':
      return { kind: 'hour', every: v.every, at: v.at || '00:00' };
    case 'day':
      return { kind: 'day', every: v.every, times };
    case 'week':
      return { kind: 'week', every: v.every, weekdays: v.weekdays?.length ? v.weekdays : [1], times };
    case 'month':
      return { kind: 'month', every: v.every, days: (v.days ?? '1').split(/[\s,，]+/).map(Number).filter((n) => n >= 1 && n <= 31), times };
  }
}

function cycleFormOf(c: ScheduleCycle, windowMinutes: number | null): CycleForm {
  return {
    kind: c.kind,
    every: c.every,
    at: c.kind === 'hour' ? c.at : undefined,
    times: c.kind === 'hour' ? undefined : c.times.join(' '),
    weekdays: c.kind === 'week' ? c.weekdays : undefined,
    days: c.kind === 'month' ? c.days.join(' ') : undefined,
    windowMinutes,
  };
}

function CycleFields() {
  const { m } = useMsg();
  const kind = Form.useWatch('kind') as CycleForm['kind'] | undefined;
  return (
    <>
      <Space wrap>
        <Form.Item name="kind" label={m('inspections.page.cycle')} rules={[{ required: true }]}>
          <Select style={{ width: 120 }} options={(['hour', 'day', 'week', 'month'] as const).map((k) => ({ value: k, label: m(`inspections.cycle.${k}`) }))} />
        </Form.Item>
        <Form.Item name="every" label={m('inspections.page.every')} rules={[{ required: true }]}>
          <InputNumber min={1} max={366} style={{ width: 90 }} />
        </Form.Item>
        <Form.Item name="windowMinutes" label={m('inspections.page.windowMinutes')}>
          <InputNumber min={1} style={{ width: 120 }} />
        </Form.Item>
      </Space>
      {kind === 'hour' ? (
        <Form.Item name="at" label={m('inspections.page.times')}>
          <Input placeholder="00:00" style={{ width: 120 }} />
        </Form.Item>
      ) : (
        <Form.Item name="times" label={m('inspections.page.times')} rules={[{ required: true, message: m('inspections.plan.timesRequired') }]}>
          <Input placeholder="08:00 20:00" />
        </Form.Item>
      )}
      {kind === 'week' && (
        <Form.Item name="weekdays" label={m('inspections.plan.weekdaysRequired')}>
          <Checkbox.Group options={[1, 2, 3, 4, 5, 6, 0].map((d) => ({ value: d, label: String(d === 0 ? 7 : d) }))} />
        </Form.Item>
      )}
      {kind === 'month' && (
        <Form.Item name="days" label={m('inspections.plan.daysRequired')}>
          <Input placeholder="1 15" />
        </Form.Item>
      )}
    </>
  );
}

interface PlanForm extends CycleForm {
  name: string;
  responsibleId: number;
  inspectorIds?: number[];
  regionid: number;
  effectiveFrom: Dayjs;
  toleranceMinutes: number;
  reminderHours?: number | null;
  headcount: number;
  minDurationMin?: number | null;
  maxDurationMin?: number | null;
  minGapMin?: number | null;
  ordered?: boolean;
  allPoints?: boolean;
  recordMisses?: boolean;
  signAtPoints?: boolean;
  troublePlan?: string;
  pointIds: number[];
  pauses?: { range?: [Dayjs, Dayjs]; note?: string }[];
}

/** /inspection/PlanManagement: plans (seed 2 §3 fields), deactivate/enable, cycle change three ways (seed 2 §4), delete asking first. */
export function PlanManagementPage() {
  const { lang, m } = useMsg();
  const names = useNames();
  const plans = useLoad(useCallback((signal: AbortSignal) => api(planList, { pageSize: 200 }, { signal }), []));
  const [editing, setEditing] = useState<PlanItem | 'new' | null>(null);
  const [cycleFor, setCycleFor] = useState<PlanItem | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<PlanForm>();
  const [cycleForm] = Form.useForm<CycleForm & { mode: (typeof cycleChangeModes)[number]; switchAt?: Dayjs }>();

  const open = (p: PlanItem | 'new') => {
    setEditing(p);
    setError(null);
    form.resetFields();
    if (p === 'new') {
      form.setFieldsValue({ kind: 'hour', every: 1, at: '00:00', toleranceMinutes: 0, headcount: 1, allPoints: true, recordMisses: true, effectiveFrom: dayjs().startOf('day') });
    } else {
      form.setFieldsValue({
        ...p,
        ...cycleFormOf(p.cycle, p.windowMinutes),
        effectiveFrom: dayjs(p.effectiveFrom),
        pauses: p.pauses.map((x) => ({ range: [dayjs(x.start), dayjs(x.end)], note: x.note })),
      });
    }
  };

  const save = async () => {
    const v = await form.validateFields();
    try {
      await api(
        planSave,
        {
          id: editing !== 'new' && editing ? editing.id : undefined,
          name: v.name,
          responsibleId: v.responsibleId,
          inspectorIds: v.inspectorIds ?? [],
          regionid: v.regionid,
          cycle: cycleOf(v),
          windowMinutes: v.windowMinutes ?? null,
          effectiveFrom: v.effectiveFrom.valueOf(),
          toleranceMinutes: v.toleranceMinutes,
          reminderHours: v.reminderHours ?? null,
          headcount: v.headcount,
          minDurationMin: v.minDurationMin ?? null,
          maxDurationMin: v.maxDurationMin ?? null,
          minGapMin: v.minGapMin ?? null,
          ordered: !!v.ordered,
          allPoints: !!v.allPoints,
          recordMisses: !!v.recordMisses,
          signAtPoints: !!v.signAtPoints,
          troublePlan: v.troublePlan ?? '',
          pointIds: v.pointIds,
          pauses: (v.pauses ?? []).filter((x) => x.range).map((x) => ({ start: x.range![0].valueOf(), end: x.range![1].valueOf(), note: x.note ?? '' })),
          enabled: editing !== 'new' && editing ? editing.enabled : true,
        },
        { silent: true },
      );
      setEditing(null);
      plans.reload();
    } catch (err) {
      setError(errorText(err, lang));
    }
  };

  const changeCycle = async () => {
    const v = await cycleForm.validateFields();
    try {
      await api(planCycleChange, { id: cycleFor!.id, cycle: cycleOf(v), windowMinutes: v.windowMinutes ?? null, mode: v.mode, at: v.switchAt?.valueOf() }, { silent: true });
      setCycleFor(null);
      plans.reload();
    } catch (err) {
      setError(errorText(err, lang));
    }
  };

  const remove = async (p: PlanItem) => {
    try {
      await api(planDelete, { id: p.id }, { silent: true });
      plans.reload();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'inspections.plan.deleteConfirm') {
        Modal.confirm({ title: m('inspections.plan.deleteConfirm'), onOk: () => api(planDelete, { id: p.id, confirm: true }).then(plans.reload) });
      } else {
        setError(errorText(err, lang));
      }
    }
  };

  return (
    <Card size="small" title={m('inspections.page.plan')} extra={<Button type="primary" onClick={() => open('new')} data-testid="plan-add">{m('inspections.page.add')}</Button>}>
      {error && editing === null && cycleFor === null && <Alert type="error" showIcon message={error} closable onClose={() => setError(null)} style={{ marginBottom: 8 }} />}
      <Table<PlanItem>
        size="small"
        rowKey="id"
        data-testid="plan-list"
        loading={plans.loading}
        dataSource={plans.data?.items ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: m('inspections.page.none') }}
        columns={[
          { title: m('inspections.page.name'), dataIndex: 'name' },
          { title: m('inspections.page.cycle'), render: (_, p) => cycleText(m, p.cycle) },
          { title: m('inspections.page.points'), render: (_, p) => p.pointIds.map((id) => names.point.get(id) ?? id).join('、') },
          { title: m('inspections.page.region'), render: (_, p) => names.region.get(p.regionid) ?? p.regionid },
          { title: m('inspections.page.responsible'), render: (_, p) => names.user.get(p.responsibleId) ?? p.responsibleId },
          { title: m('inspections.page.effectiveFrom'), render: (_, p) => fmt(p.effectiveFrom) },
          { title: m('inspections.page.status'), render: (_, p) => <Tag color={p.enabled ? 'success' : 'default'}>{m(p.enabled ? 'inspections.page.enabled' : 'inspections.page.disabled')}</Tag> },
          {
            title: '',
            render: (_, p) => (
              <Space wrap>
                <Button size="small" onClick={() => open(p)}>{m('inspections.page.edit')}</Button>
                <Button
                  size="small"
                  onClick={() => {
                    setCycleFor(p);
                    cycleForm.resetFields();
                    cycleForm.setFieldsValue({ ...cycleFormOf(p.cycle, p.windowMinutes), mode: 'nextCycle' });
                  }}
                >
                  {m('inspections.page.changeCycle')}
                </Button>
                <Button size="small" onClick={() => void api(planEnable, { id: p.id, enabled: !p.enabled }).then(plans.reload, () => undefined)}>
                  {m(p.enabled ? 'inspections.page.disable' : 'inspections.page.enable')}
                </Button>
                <Button size="small" danger onClick={() => void remove(p)}>{m('inspections.page.delete')}</Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal width={720} open={editing !== null} title={m(editing === 'new' ? 'inspections.page.add' : 'inspections.page.edit')} onOk={() => void save().catch(() => undefined)} onCancel={() => setEditing(null)} destroyOnHidden>
        <Form form={form} layout="vertical">
          <Form.Item name="name" label={m('inspections.page.name')} rules={[{ required: true }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Space wrap>
            <Form.Item name="responsibleId" label={m('inspections.page.responsible')} rules={[{ required: true }]}>
              <Select style={{ width: 200 }} options={names.users} showSearch optionFilterProp="label" />
            </Form.Item>
            <Form.Item name="inspectorIds" label={m('inspections.page.inspectors')}>
              <Select mode="multiple" style={{ minWidth: 200 }} options={names.users} showSearch optionFilterProp="label" />
            </Form.Item>
            <Form.Item name="regionid" label={m('inspections.page.region')} rules={[{ required: true }]}>
              <Select style={{ width: 200 }} options={names.regions} showSearch optionFilterProp="label" />
            </Form.Item>
          </Space>
          <Form.Item name="pointIds" label={m('inspections.page.route')} rules={[{ required: true, message: m('inspections.plan.pointsRequired') }]}>
            <Select mode="multiple" options={names.points} showSearch optionFilterProp="label" />
          </Form.Item>
          {editing === 'new' ? <CycleFields /> : editing && <Alert type="info" message={`${m('inspections.page.cycle')}: ${cycleText(m, editing.cycle)}`} style={{ marginBottom: 12 }} />}
          <Space wrap>
            <Form.Item name="effectiveFrom" label={m('inspections.page.effectiveFrom')} rules={[{ required: true }]}>
              <DatePicker showTime />
            </Form.Item>
            <Form.Item name="toleranceMinutes" label={m('inspections.page.tolerance')} rules={[{ required: true, type: 'integer', min: 0, message: m('inspections.zeroOrPositiveInteger') }]}>
              <InputNumber style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="reminderHours" label={m('inspections.page.reminderHours')}>
              <InputNumber min={0} style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="headcount" label={m('inspections.page.headcount')} rules={[{ required: true }]}>
              <InputNumber min={1} style={{ width: 100 }} />
            </Form.Item>
          </Space>
          <Space wrap>
            <Form.Item name="minDurationMin" label={m('inspections.page.minDuration')}>
              <InputNumber min={0} style={{ width: 100 }} />
            </Form.Item>
            <Form.Item name="maxDurationMin" label={m('inspections.page.maxDuration')}>
              <InputNumber min={0} style={{ width: 100 }} />
            </Form.Item>
            <Form.Item name="minGapMin" label={m('inspections.page.minGap')}>
              <InputNumber min={0} style={{ width: 100 }} />
            </Form.Item>
          </Space>
          <Space wrap>
            {(['ordered', 'allPoints', 'recordMisses', 'signAtPoints'] as const).map((k) => (
              <Form.Item key={k} name={k} valuePropName="checked">
                <Checkbox>{m(`inspections.page.${k}`)}</Checkbox>
              </Form.Item>
            ))}
          </Space>
          <Form.List name="pauses">
            {(fields, { add, remove }) => (
              <Space direction="vertical" style={{ width: '100%' }}>
                {fields.map((f) => (
                  <Space key={f.key} wrap>
                    <Form.Item name={[f.name, 'range']} rules={[{ required: true, message: m('inspections.plan.pauseRequired') }]}>
                      <DatePicker.RangePicker showTime />
                    </Form.Item>
                    <Form.Item name={[f.name, 'note']}>
                      <Input placeholder={m('inspections.page.reason')} />
                    </Form.Item>
                    <Button onClick={() => remove(f.name)}>{m('inspections.page.delete')}</Button>
                  </Space>
                ))}
                <Button onClick={() => add()}>{m('inspections.plan.pauseRequired')}</Button>
              </Space>
            )}
          </Form.List>
        </Form>
        {error && <Alert type="error" showIcon message={error} style={{ marginTop: 8 }} />}
      </Modal>
      <Modal open={cycleFor !== null} title={m('inspections.page.changeCycle')} onOk={() => void changeCycle().catch(() => undefined)} onCancel={() => setCycleFor(null)} destroyOnHidden>
        <Form form={cycleForm} layout="vertical">
          <CycleFields />
          <Form.Item name="mode" label={m('inspections.page.changeMode')}>
            <Select options={cycleChangeModes.map((k) => ({ value: k, label: m(`inspections.cycleChange.${k}`) }))} />
          </Form.Item>
          <Form.Item noStyle shouldUpdate>
            {() =>
              cycleForm.getFieldValue('mode') === 'atTime' ? (
                <Form.Item name="switchAt" label={m('inspections.page.at')} rules={[{ required: true, message: m('inspections.plan.atRequired') }]}>
                  <DatePicker showTime />
                </Form.Item>
              ) : null
            }
          </Form.Item>
        </Form>
        {error && cycleFor && <Alert type="error" showIcon message={error} />}
      </Modal>
    </Card>
  );
}

function TaskTable({ items, loading, extra }: { items: TaskItem[]; loading: boolean; extra?: (t: TaskItem) => React.ReactNode }) {
  const { m } = useMsg();
  const names = useNames();
  return (
    <Table<TaskItem>
      size="small"
      rowKey="id"
      data-testid="task-list"
      loading={loading}
      dataSource={items}
      pagination={{ pageSize: 50, hideOnSinglePage: true }}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: m('inspections.page.none') }}
      columns={[
        { title: m('inspections.page.plan'), dataIndex: 'planName' },
        { title: m('inspections.page.window'), render: (_, x) => `${fmt(x.start)} – ${formatDate(x.end, 'HH:mm')}` },
        { title: m('inspections.page.status'), render: (_, x) => <Tag color={statusColor[x.status]}>{m(`inspections.status.${x.status}`)}</Tag> },
        { title: m('inspections.page.progress'), render: (_, x) => `${x.done}/${x.route.length}` },
        { title: m('inspections.page.missedPoints'), render: (_, x) => x.missed.map((p) => names.point.get(p) ?? p).join('、') },
        { title: m('inspections.page.flagged'), dataIndex: 'flagged' },
        { title: m('inspections.page.recorder'), render: (_, x) => x.recorder ?? '' },
        { title: m('inspections.page.hiddenDangers'), dataIndex: 'hiddenDangers' },
        { title: m('inspections.page.invalid'), render: (_, x) => (x.invalid === 'none' ? '' : m(`inspections.invalid.state.${x.invalid}`)) },
        {
          title: '',
          render: (_, x) => (
            <Space>
              <Link to={`/IntelligentInspection/PlanQueryDetail?id=${x.id}`}>{m('inspections.page.detail')}</Link>
              {extra?.(x)}
            </Space>
          ),
        },
      ]}
    />
  );
}

function useRange(): [[Dayjs, Dayjs], (r: [Dayjs, Dayjs]) => void] {
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().startOf('day').subtract(6, 'day'), dayjs().endOf('day')]);
  return [range, setRange];
}

/** /IntelligentInspection/PlanQuery: inspection records by plan, status and time. */
export function PlanQueryPage() {
  const { m } = useMsg();
  const [range, setRange] = useRange();
  const [planId, setPlanId] = useState<number | undefined>();
  const [status, setStatus] = useState<(typeof inspectionStatuses)[number] | undefined>();
  const plans = useLoad(useCallback((signal: AbortSignal) => api(planList, { pageSize: 500 }, { signal }), []));
  const tasks = useLoad(
    useCallback((signal: AbortSignal) => api(taskList, { from: range[0].valueOf(), to: range[1].valueOf(), planId, status, pageSize: 1000 }, { signal }), [range, planId, status]),
  );
  return (
    <Card size="small" title={m('inspections.page.plan')}>
      <Space wrap style={{ marginBottom: 8 }}>
        <DatePicker.RangePicker value={range} onChange={(r) => r?.[0] && r[1] && setRange([r[0], r[1]])} />
        <Select allowClear placeholder={m('inspections.page.plan')} style={{ width: 200 }} value={planId} onChange={setPlanId} options={(plans.data?.items ?? []).map((p) => ({ value: p.id, label: p.name }))} />
        <Select allowClear placeholder={m('inspections.page.status')} style={{ width: 140 }} value={status} onChange={setStatus} options={inspectionStatuses.map((s) => ({ value: s, label: m(`inspections.status.${s}`) }))} />
      </Space>
      <TaskTable items={tasks.data?.items ?? []} loading={tasks.loading} />
    </Card>
  );
}

/** /IntelligentInspection/PlanQueryDetail?id=: one round, its points, check-ins (valid or flagged, with why), readings, findings; apply for an invalid inspection. */
export function TaskDetailPage() {
  const { lang, m } = useMsg();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const names = useNames();
  const detail = useLoad(useCallback((signal: AbortSignal) => api(taskDetail, { id }, { signal }), [id]));
  const [applying, setApplying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<{ reason?: string; approverId?: number }>();
  const d = detail.data;
  if (!d) {
    return <Card size="small" loading={detail.loading} />;
  }
  const byPoint = new Map(d.checkIns.map((c) => [c.pointId, c]));
  const apply = async () => {
    const v = form.getFieldsValue();
    try {
      await api(invalidApply, { taskId: id, reason: v.reason ?? '', approverId: v.approverId ?? null }, { silent: true });
      setApplying(false);
      detail.reload();
    } catch (err) {
      setError(errorText(err, lang));
    }
  };
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small" title={d.task.planName} extra={<Button onClick={() => setApplying(true)} disabled={d.task.invalid === 'pending' || d.task.invalid === 'approved'}>{m('inspections.page.apply')}</Button>}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} data-testid="task-detail">
          <Descriptions.Item label={m('inspections.page.window')}>{`${fmt(d.task.start)} – ${fmt(d.task.end)}`}</Descriptions.Item>
          <Descriptions.Item label={m('inspections.page.status')}>
            <Tag color={statusColor[d.task.status]}>{m(`inspections.status.${d.task.status}`)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={m('inspections.page.progress')}>{`${d.task.done}/${d.task.route.length}`}</Descriptions.Item>
          <Descriptions.Item label={m('inspections.page.recorder')}>{d.task.recorder ?? ''}</Descriptions.Item>
          <Descriptions.Item label={m('inspections.page.region')}>{names.region.get(d.task.regionid) ?? d.task.regionid}</Descriptions.Item>
          <Descriptions.Item label={m('inspections.page.invalid')}>{d.task.invalid === 'none' ? '—' : `${m(`inspections.invalid.state.${d.task.invalid}`)} ${d.task.invalidReason}`}</Descriptions.Item>
          <Descriptions.Item label={m('inspections.page.issues')}>{d.task.issues.map((i) => m(i.code, i.params)).join('；') || '—'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title={m('inspections.page.route')}>
        <Table
          size="small"
          rowKey="id"
          dataSource={d.points}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: m('inspections.page.point'), dataIndex: 'name' },
            {
              title: m('inspections.page.status'),
              render: (_, p) => {
                const c = byPoint.get(p.id);
                return c ? <Tag color={c.status === 'valid' ? 'success' : 'warning'}>{m(c.status === 'valid' ? 'inspections.page.valid' : 'inspections.page.flagged')}</Tag> : <Tag>{m('inspections.page.pending')}</Tag>;
              },
            },
            { title: m('inspections.page.checkedAt'), render: (_, p) => (byPoint.get(p.id) ? fmt(byPoint.get(p.id)!.checkedAt) : '') },
            { title: m('inspections.page.distance'), render: (_, p) => (byPoint.get(p.id)?.distanceM == null ? '' : `${byPoint.get(p.id)!.distanceM} m`) },
            { title: m('inspections.page.issues'), render: (_, p) => byPoint.get(p.id)?.reasons.map((r) => m(r.code, r.params)).join('；') ?? '' },
            {
              title: m('inspections.page.readings'),
              render: (_, p) => {
                const c = byPoint.get(p.id);
                if (!c) {
                  return '';
                }
                return p.items.map((i) => {
                  const f = c.findings.find((x) => x.key === i.key);
                  const v = c.readings[i.key];
                  return (
                    <Tag key={i.key} color={f ? 'red' : undefined}>
                      {i.label}: {Array.isArray(v) ? v.length : String(v ?? '')}
                    </Tag>
                  );
                });
              },
            },
            { title: m('inspections.page.hiddenDangers'), render: (_, p) => byPoint.get(p.id)?.hiddenDangerIds.map((h) => <Link key={h} to={`/SecurityRiskManagement/RectificationSearch?id=${h}`}>#{h} </Link>) },
          ]}
        />
      </Card>
      <Modal open={applying} title={m('inspections.page.apply')} onOk={() => void apply()} onCancel={() => setApplying(false)}>
        <Form form={form} layout="vertical">
          <Form.Item name="reason" label={m('inspections.page.reason')} required>
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
          <Form.Item name="approverId" label={m('inspections.page.approver')} required>
            <Select options={names.users} showSearch optionFilterProp="label" />
          </Form.Item>
        </Form>
        {error && <Alert type="error" showIcon message={error} />}
      </Modal>
    </Space>
  );
}

/** /IntelligentInspection/MissQuery: rounds with missed points, and the missed-check rate per plan, person, department or region. */
export function MissQueryPage() {
  const { m } = useMsg();
  const [range, setRange] = useRange();
  const [by, setBy] = useState<(typeof rateDimensions)[number]>('plan');
  const q = useMemo(() => ({ from: range[0].valueOf(), to: range[1].valueOf() }), [range]);
  const tasks = useLoad(useCallback((signal: AbortSignal) => api(taskList, { ...q, missed: true, pageSize: 1000 }, { signal }), [q]));
  const rate = useLoad(useCallback((signal: AbortSignal) => api(missedRate, { item: by, start: q.from, end: q.to }, { signal }), [q, by]));
  const pct = (r: number | null) => (r === null ? '—' : `${(r * 100).toFixed(1)}%`);
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small" title={m('inspections.page.rate')}>
        <Space wrap style={{ marginBottom: 8, display: 'flex' }}>
          <DatePicker.RangePicker value={range} onChange={(r) => r?.[0] && r[1] && setRange([r[0], r[1]])} />
          <Select style={{ width: 140 }} value={by} onChange={setBy} options={rateDimensions.map((d) => ({ value: d, label: m(`inspections.page.by.${d}`) }))} />
        </Space>
        {rate.data && (
          <Space wrap size={24} style={{ marginBottom: 8, display: 'flex' }} data-testid="miss-rate">
            <Statistic title={m('inspections.page.rate')} value={pct(rate.data.overall.rate)} />
            <Statistic title={m('inspections.page.due')} value={rate.data.overall.due} />
            <Statistic title={m('inspections.page.done')} value={rate.data.overall.done} />
            <Statistic title={m('inspections.page.missed')} value={rate.data.overall.missed} />
          </Space>
        )}
        <Table
          size="small"
          rowKey={(r) => String(r.key)}
          dataSource={rate.data?.rows ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: m('inspections.page.none') }}
          columns={[
            { title: m(`inspections.page.by.${by}`), dataIndex: 'name' },
            { title: m('inspections.page.due'), dataIndex: 'due' },
            { title: m('inspections.page.done'), dataIndex: 'done' },
            { title: m('inspections.page.missed'), dataIndex: 'missed' },
            { title: m('inspections.page.rate'), render: (_, r) => pct(r.rate) },
          ]}
        />
      </Card>
      <Card size="small" title={m('inspections.page.missedPoints')}>
        <TaskTable items={tasks.data?.items ?? []} loading={tasks.loading} />
      </Card>
    </Space>
  );
}

/** /inspection/InvalidQuery: invalid-inspection applications; the approver approves (out of statistics) or rejects (seed 2 §4). */
export function InvalidQueryPage() {
  const { lang, m } = useMsg();
  const [state, setState] = useState<'pending' | 'approved' | 'rejected'>('pending');
  const tasks = useLoad(useCallback((signal: AbortSignal) => api(taskList, { invalid: state, from: Date.now() - 366 * DAY, pageSize: 1000 }, { signal }), [state]));
  const [error, setError] = useState<string | null>(null);
  const decide = async (taskId: number, approve: boolean) => {
    try {
      await api(invalidApprove, { taskId, approve }, { silent: true });
      tasks.reload();
    } catch (err) {
      setError(errorText(err, lang));
    }
  };
  return (
    <Card size="small" title={m('inspections.page.invalid')}>
      <Space wrap style={{ marginBottom: 8 }}>
        <Select style={{ width: 200 }} value={state} onChange={setState} options={(['pending', 'approved', 'rejected'] as const).map((s) => ({ value: s, label: m(`inspections.invalid.state.${s}`) }))} />
      </Space>
      {error && <Alert type="error" showIcon message={error} closable onClose={() => setError(null)} style={{ marginBottom: 8 }} />}
      <TaskTable
        items={tasks.data?.items ?? []}
        loading={tasks.loading}
        extra={(x) =>
          x.invalid === 'pending' ? (
            <Space>
              <span>{x.invalidReason}</span>
              <Button size="small" type="primary" onClick={() => void decide(x.id, true)}>{m('inspections.page.approve')}</Button>
              <Button size="small" onClick={() => void decide(x.id, false)}>{m('inspections.page.reject')}</Button>
            </Space>
          ) : (
            <span>{x.invalidReason}</span>
          )
        }
      />
    </Card>
  );
}
