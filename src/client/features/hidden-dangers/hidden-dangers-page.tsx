import { Button, Card, Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select, Space, Statistic, Table, Tag, message } from 'antd';
import type { Dayjs } from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { hiddenDangerSeedStatus, hiddenDangerStatuses, type HiddenDangerStatus } from '../../../shared/domain/hidden-danger';
import {
  hiddenDangerAssign,
  hiddenDangerClose,
  hiddenDangerCriteria,
  hiddenDangerDeadlineList,
  hiddenDangerMajorReport,
  hiddenDangerRectify,
  hiddenDangerRegister,
  hiddenDangerSendBack,
  hiddenDangerStatistics,
  hiddenDangerVerify,
  hiddenDangerVoid,
  type DeadlineItem,
} from '../../../shared/hidden-dangers/contracts';
import { hiddenDangerCategories, hiddenDangerLedger, hiddenDangerSources } from '../../../shared/hidden-dangers/ledger';
import { renderMessage } from '../../../shared/messages/catalog';
import { recordContracts, type RecordItem } from '../../../shared/records/contracts';
import { formatDate } from '../../../shared/time';
import { api, errorText } from '../../app/api';
import { pick, useLang } from '../../app/i18n';
import { FieldInput } from '../../ui/records/field-input';
import { LedgerPage } from '../../ui/records/ledger-page';
import { usePickers } from '../../ui/records/use-pickers';
import { useRecordChanges } from '../../ui/records/use-record-changes';
import { downloadPost } from '../../ui/file-transfer';
import { useLoad } from '../../ui/use-load';
import { useSession } from '../../app/session-store';

const calls = recordContracts(hiddenDangerLedger);
const S = hiddenDangerSeedStatus;
const nameOf = new Map<number, HiddenDangerStatus>(hiddenDangerStatuses.map((s) => [S[s], s]));
const afterPhotosField = hiddenDangerLedger.fields.find((f) => f.key === 'afterPhotos')!;

type Step = 'register' | 'assign' | 'rectify' | 'verify' | 'close' | 'sendBack' | 'void';
const stepsOf: Record<HiddenDangerStatus, Step[]> = {
  found: ['register', 'void'],
  registered: ['assign', 'sendBack', 'void'],
  assigned: ['rectify', 'sendBack'],
  rectified: ['verify', 'sendBack'],
  verified: ['close', 'sendBack'],
  closed: [],
  voided: [],
};

function useMsg() {
  const lang = useLang();
  return { lang, m: (code: string, params?: Record<string, string | number>) => renderMessage(lang, code, params) };
}

interface StepForm {
  grade?: 'general' | 'major';
  criteria?: number[];
  responsibleId?: number;
  deadline?: Dayjs;
  measures?: string;
  money?: number;
  note?: string;
  afterPhotos?: number[];
  reason?: string;
  goal?: string;
  method?: string;
  planMoney?: number;
  people?: string;
  planDeadline?: Dayjs;
  safetyMeasures?: string;
}

/** The modal of one step: the inputs that step needs, sent to its call; the server's rule names what is wrong. */
function StepModal({ record, step, onClose, onRefused }: { record: RecordItem; step: Step; onClose: (done: boolean) => void; onRefused: () => void }) {
  const { lang, m } = useMsg();
  const [form] = Form.useForm<StepForm>();
  const [busy, setBusy] = useState(false);
  const pickers = usePickers();
  const grade = Form.useWatch('grade', form);
  // The plant's list in force (an item switched off is not offered).
  const criteria = useLoad(useCallback((signal: AbortSignal) => (step === 'register' ? api(hiddenDangerCriteria, {}, { signal }) : Promise.resolve([])), [step])).data ?? [];
  const submit = async () => {
    const v = form.getFieldsValue();
    const target = { id: record.id, version: record.version };
    setBusy(true);
    try {
      switch (step) {
        case 'register':
          await api(hiddenDangerRegister, { ...target, grade: v.grade ?? null, criteria: v.criteria ?? [] });
          break;
        case 'assign':
          await api(hiddenDangerAssign, {
            ...target,
            responsibleId: v.responsibleId ?? null,
            deadline: v.deadline ? v.deadline.valueOf() : null,
            measures: v.measures ?? null,
            money: v.money ?? null,
            majorPlan:
              record.grade === 'major'
                ? { goal: v.goal, method: v.method, money: v.planMoney ?? null, people: v.people, deadline: v.planDeadline ? v.planDeadline.valueOf() : null, safetyMeasures: v.safetyMeasures }
                : null,
          });
          break;
        case 'rectify':
          await api(hiddenDangerRectify, { ...target, note: v.note ?? null, afterPhotos: v.afterPhotos ?? [] });
          break;
        case 'verify':
          await api(hiddenDangerVerify, target);
          break;
        case 'close':
          await api(hiddenDangerClose, target);
          break;
        case 'sendBack':
          await api(hiddenDangerSendBack, { ...target, reason: v.reason ?? null });
          break;
        case 'void':
          await api(hiddenDangerVoid, { ...target, reason: v.reason ?? null });
          break;
      }
      onClose(true);
    } catch (err) {
      void message.error(errorText(err));
      // Someone else may have moved the danger on: the list reloads, so a retry sends its current version.
      onRefused();
    } finally {
      setBusy(false);
    }
  };
  const users = pickers.users.map((u) => ({ value: u.userid, label: u.loginname ? `${u.username} (${u.loginname})` : u.username }));
  return (
    <Modal open title={`${m(`hiddenDangers.action.${step}`)} · ${record.title}`} onCancel={() => onClose(false)} onOk={() => void submit()} confirmLoading={busy} okButtonProps={{ 'data-testid': 'hd-step-ok' }} destroyOnHidden>
      <Form form={form} layout="vertical" data-testid={`hd-step-${step}`}>
        {step === 'register' ? (
          <>
            <Form.Item name="grade" label={m('hiddenDangers.field.grade')} initialValue={grade}>
              <Select data-testid="hd-grade" options={(['general', 'major'] as const).map((g) => ({ value: g, label: m(`hiddenDangers.grade.${g}`) }))} />
            </Form.Item>
            <Form.Item name="criteria" label={m('hiddenDangers.field.criteria')}>
              <Select mode="multiple" allowClear data-testid="hd-criteria" options={criteria.filter((c) => c.enabled).map((c) => ({ value: c.no, label: `${c.no}. ${pick(lang, c.zh, c.en)}` }))} />
            </Form.Item>
          </>
        ) : null}
        {step === 'assign' ? (
          <>
            <Form.Item name="responsibleId" label={m('hiddenDangers.field.responsible')}>
              <Select data-testid="hd-responsible" showSearch optionFilterProp="label" options={users} />
            </Form.Item>
            <Form.Item name="deadline" label={m('hiddenDangers.field.deadline')}>
              <DatePicker data-testid="hd-deadline" showTime style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="measures" label={m('hiddenDangers.field.measures')}>
              <Input.TextArea data-testid="hd-measures" rows={2} />
            </Form.Item>
            <Form.Item name="money" label={m('hiddenDangers.field.money')}>
              <InputNumber data-testid="hd-money" min={0} style={{ width: '100%' }} />
            </Form.Item>
            {record.grade === 'major' ? (
              <Card size="small" title={m('hiddenDangers.majorPlanIncomplete')}>
                <Form.Item name="goal" label={m('hiddenDangers.plan.goal')}>
                  <Input />
                </Form.Item>
                <Form.Item name="method" label={m('hiddenDangers.plan.method')}>
                  <Input />
                </Form.Item>
                <Form.Item name="planMoney" label={m('hiddenDangers.plan.money')}>
                  <InputNumber min={0} style={{ width: '100%' }} />
                </Form.Item>
                <Form.Item name="people" label={m('hiddenDangers.plan.people')}>
                  <Input />
                </Form.Item>
                <Form.Item name="planDeadline" label={m('hiddenDangers.plan.deadline')}>
                  <DatePicker style={{ width: '100%' }} />
                </Form.Item>
                <Form.Item name="safetyMeasures" label={m('hiddenDangers.plan.safetyMeasures')}>
                  <Input />
                </Form.Item>
              </Card>
            ) : null}
          </>
        ) : null}
        {step === 'rectify' ? (
          <>
            <Form.Item name="note" label={m('hiddenDangers.field.note')}>
              <Input.TextArea data-testid="hd-note" rows={3} />
            </Form.Item>
            <Form.Item name="afterPhotos" label={m('hiddenDangers.field.afterPhotos')}>
              <FieldInput field={{ ...afterPhotosField, readOnly: false }} lang={lang} pickers={pickers} />
            </Form.Item>
          </>
        ) : null}
        {step === 'sendBack' || step === 'void' ? (
          <Form.Item name="reason" label={m('hiddenDangers.field.reason')}>
            <Input.TextArea data-testid="hd-reason" rows={2} />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}

/** The dangers still in the loop, each with the steps of its status (the server decides whether the caller may take one). */
function LoopTable({ only }: { only?: HiddenDangerStatus }) {
  const { lang, m } = useMsg();
  const [open, setOpen] = useState<{ id: number; step: Step } | null>(null);
  const load = useCallback(
    async (signal: AbortSignal) =>
      (await api(calls.list, { page: 1, pageSize: 500, filters: {}, keyword: '' }, { signal })).items.filter((r) => {
        const s = nameOf.get(r.status);
        return s !== undefined && (only ? s === only : s !== 'closed' && s !== 'voided');
      }),
    [only],
  );
  const rows = useLoad(load);
  useRecordChanges(hiddenDangerLedger.entity, rows.reload);
  // The open step acts on the danger as last loaded (its current version), not on the row as it was when clicked.
  const openRecord = open ? rows.data?.find((r) => r.id === open.id) : undefined;
  useEffect(() => {
    if (open && !openRecord && !rows.loading) {
      setOpen(null); // moved on by someone else: nothing left to act on here
    }
  }, [open, openRecord, rows.loading]);
  const label = (opts: { value: string; label: { zh: string; en: string } }[], v: unknown) => {
    const o = opts.find((x) => x.value === v);
    return o ? pick(lang, o.label.zh, o.label.en) : '';
  };
  return (
    <Card size="small" title={m('hiddenDangers.page.actions')} data-testid="hd-loop">
      <Table<RecordItem>
        rowKey="id"
        size="small"
        loading={rows.loading}
        dataSource={rows.data ?? []}
        pagination={{ pageSize: 10 }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: m('hiddenDangers.page.none') }}
        columns={[
          { title: hiddenDangerLedger.fields[0].label[lang === 'en' ? 'en' : 'zh'], dataIndex: 'title', render: (v: string, r) => <span data-testid={`hd-row-${r.id}`}>{v}</span> },
          { title: m('hiddenDangers.field.grade'), dataIndex: 'grade', render: (g: unknown) => (g === 'major' ? <Tag color="red">{m('hiddenDangers.grade.major')}</Tag> : g === 'general' ? m('hiddenDangers.grade.general') : '') },
          { title: '', dataIndex: 'category', render: (v: unknown) => label(hiddenDangerCategories, v) },
          { title: '', dataIndex: 'status', render: (s: number) => <Tag data-testid="hd-status">{m(`hiddenDangers.status.${nameOf.get(s) ?? 'found'}`)}</Tag> },
          { title: m('hiddenDangers.field.deadline'), dataIndex: 'deadline', render: (d: unknown) => (typeof d === 'number' ? formatDate(d, 'YYYY-MM-DD HH:mm') : '') },
          {
            title: m('hiddenDangers.page.actions'),
            key: 'actions',
            render: (_, r) => (
              <Space size={4} wrap>
                {stepsOf[nameOf.get(r.status) ?? 'closed'].map((step) => (
                  <Button key={step} size="small" data-testid={`hd-${step}-${r.id}`} onClick={() => setOpen({ id: r.id, step })}>
                    {m(`hiddenDangers.action.${step}`)}
                  </Button>
                ))}
              </Space>
            ),
          },
        ]}
      />
      {openRecord && open ? (
        <StepModal
          record={openRecord}
          step={open.step}
          onRefused={rows.reload}
          onClose={(done) => {
            setOpen(null);
            if (done) {
              rows.reload();
            }
          }}
        />
      ) : null}
    </Card>
  );
}

/** /SecurityRiskManagement/RectificationSearch (and the seed's other spellings, /Trouble, /BYCTroubleCheck): the register and the loop. */
export function HiddenDangersPage() {
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <LoopTable />
      <LedgerPage entity={hiddenDangerLedger.entity} />
    </Space>
  );
}

/** /SecurityRiskManagement/NeedConfirmSearch: rectified dangers waiting for acceptance. */
export function NeedConfirmPage() {
  return <LoopTable only="rectified" />;
}

const STATE_COLOR = { onTime: 'green', dueSoon: 'orange', overdue: 'red' } as const;

function DeadlineTable({ state }: { state?: 'dueSoon' | 'overdue' }) {
  const { m } = useMsg();
  const load = useCallback((signal: AbortSignal) => api(hiddenDangerDeadlineList, { page: 1, pageSize: 500, state }, { signal }), [state]);
  const rows = useLoad(load);
  useRecordChanges(hiddenDangerLedger.entity, rows.reload);
  return (
    <Card size="small" title={m('hiddenDangers.page.deadlines')} data-testid="hd-deadlines">
      <Table<DeadlineItem>
        rowKey="id"
        size="small"
        loading={rows.loading}
        dataSource={rows.data?.items ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: m('hiddenDangers.page.none') }}
        columns={[
          { title: '', dataIndex: 'title' },
          { title: '', dataIndex: 'status', render: (s: number) => m(`hiddenDangers.status.${nameOf.get(s) ?? 'found'}`) },
          { title: m('hiddenDangers.field.deadline'), dataIndex: 'deadline', render: (d: number) => formatDate(d, 'YYYY-MM-DD HH:mm') },
          { title: '', dataIndex: 'state', render: (s: DeadlineItem['state'], r) => <Tag color={STATE_COLOR[s]} data-testid={`hd-deadline-${r.id}`}>{m(`hiddenDangers.deadline.${s}`)}</Tag> },
          {
            title: m('hiddenDangers.page.level'),
            dataIndex: 'escalatedTo',
            render: (to: string[], r) => (
              <span data-testid={`hd-level-${r.id}`}>
                {to.map((x) => (
                  <Tag key={x} color="volcano">
                    {m(`hiddenDangers.escalation.${x}`)}
                  </Tag>
                ))}
              </span>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** /SecurityRiskManagement/ApproachingTrouble: dangers due soon. */
export function ApproachingPage() {
  return <DeadlineTable state="dueSoon" />;
}

/** /SecurityRiskManagement/troubleTracking and troubleCheckTracking: every open deadline with its state and escalation. */
export function TrackingPage() {
  return <DeadlineTable />;
}

/** /SecurityRiskManagement/TroubleAnalysis: counts by category, grade, status, region, department, source. */
export function AnalysisPage() {
  const { lang, m } = useMsg();
  const pickers = usePickers();
  const load = useCallback((signal: AbortSignal) => api(hiddenDangerStatistics, {}, { signal }), []);
  const stats = useLoad(load).data;
  const optLabel = (opts: { value: string; label: { zh: string; en: string } }[]) => (k: string) => {
    const o = opts.find((x) => x.value === k);
    return o ? pick(lang, o.label.zh, o.label.en) : k;
  };
  const regionName = (k: string) => {
    const r = pickers.regions.find((x) => String(x.regionid) === k);
    return r ? pick(lang, r.regionname, r.regionname_en) : k;
  };
  const deptName = (k: string) => {
    const d = pickers.depts.find((x) => String(x.deptid) === k);
    return d ? pick(lang, d.deptname, d.deptname_en) : k;
  };
  const block = (title: string, rows: { key: string; count: number }[] | undefined, name: (k: string) => string) => (
    <Col xs={24} md={12} xl={8} key={title}>
      <Card size="small" title={title}>
        <Table rowKey="key" size="small" pagination={false} dataSource={rows ?? []} columns={[{ dataIndex: 'key', render: (k: string) => name(k) || '—' }, { dataIndex: 'count', align: 'right' }]} showHeader={false} />
      </Card>
    </Col>
  );
  const mayReport = useSession((s) => s.user?.permissions.includes('hiddenDanger:manage') ?? false);
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="hd-analysis">
      {mayReport ? (
        <Button
          data-testid="hd-major-report"
          onClick={() => void downloadPost(hiddenDangerMajorReport.path, {}, m('hiddenDangers.page.majorReportFile')).catch((e: unknown) => void message.error(errorText(e, lang)))}
        >
          {m('hiddenDangers.page.majorReport')}
        </Button>
      ) : null}
      <Row gutter={[12, 12]}>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={m('hiddenDangers.page.total')} value={stats?.total ?? 0} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={m('hiddenDangers.page.closed')} value={stats?.closed ?? 0} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={m('hiddenDangers.page.overdue')} value={stats?.overdue ?? 0} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={m('hiddenDangers.page.meanDays')} value={stats?.meanDaysToClose ?? '—'} />
          </Card>
        </Col>
      </Row>
      <Row gutter={[12, 12]}>
        {block(m('hiddenDangers.page.byCategory'), stats?.byCategory, optLabel(hiddenDangerCategories))}
        {block(m('hiddenDangers.page.byGrade'), stats?.byGrade, (k) => (k ? m(`hiddenDangers.grade.${k}`) : ''))}
        {block(m('hiddenDangers.page.byStatus'), stats?.byStatus, (k) => m(`hiddenDangers.status.${k}`))}
        {block(m('hiddenDangers.page.byRegion'), stats?.byRegion, regionName)}
        {block(m('hiddenDangers.page.byDept'), stats?.byDept, deptName)}
        {block(m('hiddenDangers.page.bySource'), stats?.bySource, optLabel(hiddenDangerSources))}
      </Row>
    </Space>
  );
}
