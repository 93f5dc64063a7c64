import { Alert, Button, Card, Checkbox, Empty, Input, InputNumber, List, Select, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { startOfLocalDay } from '../../../shared/domain/plant-calendar';
import type { CheckItem } from '../../../shared/domain/inspection-tasks';
import { checkIn, type checkInInput, taskDetail, taskList, type PointItem, type TaskItem } from '../../../shared/inspections/contracts';
import { formatDate } from '../../../shared/time';
import { api, ApiError, errorText } from '../../app/api';
import { uploadFile } from '../../ui/records/record-api';
import { useLoad } from '../../ui/use-load';
import { statusColor, useMsg } from './use-msg';

type CheckInBody = z.input<typeof checkInInput>;
type Readings = Record<string, string | number | boolean | number[] | null>;

/** Check-ins made while offline, kept in the browser until they are sent (with the time each was made). */
const QUEUE_KEY = 'plantwatch.inspection.queue';
const DAY = 86_400_000;

function readQueue(): CheckInBody[] {
  try {
    const v = JSON.parse(localStorage.getItem(QUEUE_KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? (v as CheckInBody[]) : [];
  } catch {
    return [];
  }
}
function writeQueue(q: CheckInBody[]) {
  localStorage.setItem(QUEUE_KEY, JSON.stringify(q));
}
const offlineError = (err: unknown) => (err instanceof ApiError && err.status === 0) || !navigator.onLine;

interface NdefReader {
  scan(): Promise<void>;
  onreading: ((e: { serialNumber: string }) => void) | null;
}

/** One check item's input, by its type (seed 1 §3.4). */
function ItemInput({ item, value, onChange }: { item: CheckItem; value: Readings[string] | undefined; onChange: (v: Readings[string]) => void }) {
  const { m } = useMsg();
  const testid = `insp-item-${item.key}`;
  switch (item.type) {
    case 'value':
      return (
        <InputNumber
          data-testid={testid}
          style={{ width: '100%' }}
          value={typeof value === 'number' ? value : null}
          onChange={(v) => onChange(v ?? null)}
          addonAfter={item.unit || undefined}
          placeholder={item.min !== null || item.max !== null ? `${item.min ?? ''} ~ ${item.max ?? ''}` : undefined}
        />
      );
    case 'enum':
      return <Select data-testid={testid} style={{ width: '100%' }} value={typeof value === 'string' ? value : undefined} onChange={(v: string) => onChange(v)} options={item.options.map((o) => ({ value: o, label: o }))} />;
    case 'tick':
      return (
        <Checkbox data-testid={testid} checked={value === true} onChange={(e) => onChange(e.target.checked)}>
          {m('inspections.page.yes')}
        </Checkbox>
      );
    case 'photo':
      return (
        <Space wrap>
          <input
            data-testid={testid}
            type="file"
            accept="image/*"
            capture="environment"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) {
                void uploadFile(file).then((f) => onChange([...(Array.isArray(value) ? value : []), f.id]));
              }
            }}
          />
          {Array.isArray(value) && value.length > 0 && <Tag>{value.length}</Tag>}
        </Space>
      );
    case 'text':
    case 'signature':
      return <Input data-testid={testid} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value)} />;
  }
}

/**
 * /inspection/MobileInspection: the inspector's round on a phone. Today's
 * rounds, the route with each point's state, a scan field a QR scanner (or an
 * NFC reader) types into, the point's check items, and a queue in the browser
 * for check-ins made offline, sent with the time they were made when the
 * connection returns.
 */
export function MobileInspectionPage() {
  const { lang, m } = useMsg();
  const [params] = useSearchParams();
  // A to-do or a link may name the round (?task=); otherwise the one open now.
  const [taskId, setTaskId] = useState<number | null>(Number(params.get('task')) || null);
  const [scan, setScan] = useState('');
  const [point, setPoint] = useState<PointItem | null>(null);
  const [method, setMethod] = useState<'qr' | 'nfc'>('qr');
  const [readings, setReadings] = useState<Readings>({});
  const [result, setResult] = useState<{ type: 'success' | 'warning' | 'error' | 'info'; text: string } | null>(null);
  const [queue, setQueue] = useState<CheckInBody[]>(readQueue);
  const [busy, setBusy] = useState(false);
  const flushing = useRef(false);

  const today = startOfLocalDay(Date.now());
  const tasks = useLoad(useCallback((signal: AbortSignal) => api(taskList, { mine: true, from: today, to: today + DAY, pageSize: 100 }, { signal }), [today]));
  const open = useMemo(() => (tasks.data?.items ?? []).find((x) => x.start <= Date.now() && Date.now() < x.end + x.toleranceMinutes * 60_000), [tasks.data]);
  const current = taskId ?? open?.id ?? null;
  const detail = useLoad(useCallback((signal: AbortSignal) => (current === null ? Promise.resolve(null) : api(taskDetail, { id: current }, { signal })), [current]));
  const reloadDetail = detail.reload;
  const reloadTasks = tasks.reload;

  const flush = useCallback(async () => {
    if (flushing.current || !navigator.onLine) {
      return;
    }
    flushing.current = true;
    try {
      for (const body of readQueue()) {
        try {
          await api(checkIn, body, { silent: true });
        } catch (err) {
          if (offlineError(err)) {
            return;
          }
          setResult({ type: 'error', text: errorText(err, lang) });
        }
        writeQueue(readQueue().filter((x) => !(x.taskId === body.taskId && x.pointId === body.pointId)));
        setQueue(readQueue());
      }
      reloadDetail();
      reloadTasks();
    } finally {
      flushing.current = false;
    }
  }, [lang, reloadDetail, reloadTasks]);

  useEffect(() => {
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    void flush();
    const timer = setInterval(() => void flush(), 15_000);
    return () => {
      window.removeEventListener('online', onOnline);
      clearInterval(timer);
    };
  }, [flush]);

  const points = detail.data?.points ?? [];
  const checked = new Map((detail.data?.checkIns ?? []).map((c) => [c.pointId, c]));
  const queued = new Set(queue.filter((q) => q.taskId === current).map((q) => q.pointId));

  const handleScan = (value: string, how: 'qr' | 'nfc' = 'qr') => {
    const v = value.trim();
    const hit = points.find((p) => p.qrCode === v) ?? points.find((p) => p.nfcId !== '' && p.nfcId === v);
    setScan(v);
    if (!hit) {
      setPoint(null);
      setResult({ type: 'error', text: m('inspections.checkIn.wrongCode') });
      return;
    }
    setMethod(hit.qrCode === v ? how : 'nfc');
    setPoint(hit);
    setReadings({});
    setResult(null);
  };

  const readNfc = async () => {
    const Reader = (window as unknown as { NDEFReader?: new () => NdefReader }).NDEFReader;
    if (!Reader) {
      return;
    }
    const reader = new Reader();
    await reader.scan();
    reader.onreading = (e) => handleScan(e.serialNumber, 'nfc');
  };

  const submit = async () => {
    if (!point || current === null) {
      return;
    }
    const body: CheckInBody = { taskId: current, pointId: point.id, method, value: scan, checkedAt: Date.now(), readings };
    setBusy(true);
    try {
      const r = await api(checkIn, body, { silent: true });
      const c = r.checkIn;
      const parts = [m('inspections.page.sent')];
      if (c.status === 'flagged') {
        parts.push(c.reasons.map((x) => m(x.code, x.params)).join('；'));
      }
      if (c.hiddenDangerIds.length > 0) {
        parts.push(m('inspections.page.hiddenDangerOpened', { count: c.hiddenDangerIds.length }));
      }
      setResult({ type: c.status === 'flagged' || c.hiddenDangerIds.length > 0 ? 'warning' : 'success', text: parts.join(' · ') });
      setPoint(null);
      setScan('');
      detail.reload();
      tasks.reload();
    } catch (err) {
      if (offlineError(err)) {
        const q = [...readQueue().filter((x) => !(x.taskId === body.taskId && x.pointId === body.pointId)), body];
        writeQueue(q);
        setQueue(q);
        setResult({ type: 'info', text: m('inspections.page.offline') });
        setPoint(null);
        setScan('');
      } else {
        setResult({ type: 'error', text: errorText(err, lang) });
      }
    } finally {
      setBusy(false);
    }
  };

  const taskLabel = (x: TaskItem) => `${formatDate(x.start, 'HH:mm')}–${formatDate(x.end, 'HH:mm')} ${x.planName}`;
  const hasNfc = typeof window !== 'undefined' && 'NDEFReader' in window;

  return (
    <Space direction="vertical" size={12} style={{ width: '100%', maxWidth: 720 }} data-testid="insp-mobile">
      <Card size="small" title={m('inspections.page.myTasks')}>
        {(tasks.data?.items.length ?? 0) === 0 ? (
          <Empty description={m('inspections.page.noTasks')} />
        ) : (
          <Select
            data-testid="insp-task-select"
            style={{ width: '100%' }}
            value={current ?? undefined}
            onChange={(v: number) => setTaskId(v)}
            options={(tasks.data?.items ?? []).map((x) => ({ value: x.id, label: `${taskLabel(x)} · ${m(`inspections.status.${x.status}`)}` }))}
          />
        )}
        {queue.length > 0 && <Alert style={{ marginTop: 8 }} type="info" showIcon message={m('inspections.page.queue', { count: queue.length })} data-testid="insp-queue" />}
      </Card>
      {detail.data && (
        <Card
          size="small"
          data-testid="insp-task"
          title={`${m('inspections.page.route')} · ${detail.data.task.done}/${detail.data.task.route.length}`}
          extra={<Tag color={statusColor[detail.data.task.status]}>{m(`inspections.status.${detail.data.task.status}`)}</Tag>}
        >
          <List
            size="small"
            dataSource={points}
            renderItem={(p, i) => {
              const c = checked.get(p.id);
              return (
                <List.Item data-testid={`insp-point-${p.id}`}>
                  <Space wrap>
                    <Typography.Text strong>{i + 1}.</Typography.Text>
                    <span>{p.name}</span>
                    {c ? (
                      <Tag color={c.status === 'valid' ? 'success' : 'warning'} data-testid="insp-point-state">
                        {m(c.status === 'valid' ? 'inspections.page.valid' : 'inspections.page.flagged')}
                      </Tag>
                    ) : queued.has(p.id) ? (
                      <Tag color="processing" data-testid="insp-point-state">
                        {m('inspections.page.queue', { count: 1 })}
                      </Tag>
                    ) : (
                      <Tag data-testid="insp-point-state">{m('inspections.page.pending')}</Tag>
                    )}
                  </Space>
                </List.Item>
              );
            }}
          />
        </Card>
      )}
      {detail.data && (
        <Card size="small" title={m('inspections.page.scan')}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Input.Search
              data-testid="insp-qr"
              placeholder={m('inspections.page.scanHint')}
              value={scan}
              onChange={(e) => setScan(e.target.value)}
              onSearch={(v) => handleScan(v)}
              enterButton={m('inspections.page.scan')}
              allowClear
            />
            {hasNfc && <Button onClick={() => void readNfc()}>{m('inspections.page.readNfc')}</Button>}
            {point && (
              <div data-testid="insp-point-form">
                <Typography.Title level={5}>{point.name}</Typography.Title>
                <Space direction="vertical" style={{ width: '100%' }}>
                  {point.items.map((item) => (
                    <div key={item.key}>
                      <div>
                        {item.label}
                        {item.type === 'value' && (item.min !== null || item.max !== null) ? ` (${item.min ?? ''}~${item.max ?? ''}${item.unit})` : ''}
                      </div>
                      <ItemInput item={item} value={readings[item.key]} onChange={(v) => setReadings((r) => ({ ...r, [item.key]: v }))} />
                    </div>
                  ))}
                  <Button type="primary" block loading={busy} onClick={() => void submit()} data-testid="insp-checkin">
                    {m('inspections.page.checkIn')}
                  </Button>
                </Space>
              </div>
            )}
            {result && <Alert type={result.type} showIcon message={result.text} data-testid="insp-result" />}
          </Space>
        </Card>
      )}
    </Space>
  );
}
