import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, DatePicker, Input, InputNumber, Select, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { renderMessage } from '../../../shared/messages/catalog';
import { issueMessage } from '../../../shared/messages/zod-issues';
import { fieldTypes, type FieldDef, type SubFieldDef } from '../../../shared/records/definition';
import { hazardMatrixLevel, riskLevelColour } from '../../../shared/records/field-catalogue';
import { riskLevelInfo } from '../../../shared/domain/risk-evaluation';
import { fieldSchema, isSignedValue, optionsOf, type Dictionaries, type ReceiptEntry, type ReminderValue } from '../../../shared/records/validator';
import { formatDate } from '../../../shared/time';
import { pick, type Lang } from '../../app/i18n';

/** Words of the inputs below, both languages. */
const words = {
  addRow: { zh: '添加行', en: 'Add row' },
  clear: { zh: '清除', en: 'Clear' },
  signHere: { zh: '请在框内手写签名', en: 'Sign inside the box' },
  signedBy: { zh: '签名人', en: 'Signed by' },
  parameter: { zh: '参数', en: 'Parameter' },
  expires: { zh: '到期日', en: 'Expires' },
  remindDays: { zh: '提前提醒（天）', en: 'Remind days before' },
  likelihood: { zh: '可能性 L', en: 'Likelihood L' },
  severity: { zh: '严重性 S', en: 'Severity S' },
} as const;
const w = (lang: Lang, k: keyof typeof words) => pick(lang, words[k].zh, words[k].en);

type CellRenderer = (column: SubFieldDef, value: unknown, onChange: (v: unknown) => void, testId: string) => ReactNode;

/**
 * A table field (seed type 12): rows of the field's own typed columns, added
 * and removed by the user; each cell is checked by its column's rule as it is
 * typed (the server checks them again on save, naming `field.row.column`).
 */
export function TableInput({ field, lang, dictionaries, value, onChange, renderCell, disabled }: {
  field: FieldDef;
  lang: Lang;
  dictionaries: Dictionaries;
  value?: unknown;
  onChange?: (v: unknown) => void;
  renderCell: CellRenderer;
  disabled?: boolean;
}) {
  const rows = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  const columns = field.columns ?? [];
  const max = field.max ?? 500;
  const setCell = (i: number, key: string, v: unknown) => onChange?.(rows.map((r, j) => (j === i ? { ...r, [key]: v } : r)));
  const cellError = (c: SubFieldDef, v: unknown) => {
    const r = fieldSchema(c, dictionaries).safeParse(v === undefined ? null : v, { reportInput: true });
    if (r.success) {
      return null;
    }
    const m = issueMessage(r.error.issues[0]);
    return renderMessage(lang, m.code, m.params);
  };
  return (
    <div data-testid={`field-${field.key}`}>
      <Table
        size="small"
        bordered
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowKey={(_, i) => String(i)}
        dataSource={rows}
        columns={[
          { title: '#', width: 40, render: (_: unknown, __: unknown, i: number) => i + 1 },
          ...columns.map((c) => ({
            title: `${c.required ? '* ' : ''}${pick(lang, c.label.zh, c.label.en)}`,
            key: c.key,
            render: (_: unknown, r: Record<string, unknown>, i: number) => {
              const err = cellError(c, r[c.key]);
              return (
                <div style={{ minWidth: c.type === fieldTypes.number ? 90 : 140 }}>
                  {renderCell(c, r[c.key], (v) => setCell(i, c.key, v), `cell-${field.key}-${i}-${c.key}`)}
                  {err && (r[c.key] !== undefined || c.required) && <div className="ant-form-item-explain-error">{err}</div>}
                </div>
              );
            },
          })),
          {
            title: '',
            width: 48,
            render: (_: unknown, __: unknown, i: number) => (
              <Button size="small" type="text" danger icon={<DeleteOutlined />} disabled={disabled} aria-label="delete" data-testid={`row-delete-${field.key}-${i}`} onClick={() => onChange?.(rows.filter((_r, j) => j !== i))} />
            ),
          },
        ]}
      />
      <Button
        type="dashed"
        size="small"
        icon={<PlusOutlined />}
        style={{ marginTop: 8 }}
        disabled={disabled || rows.length >= max}
        data-testid={`row-add-${field.key}`}
        onClick={() => onChange?.([...rows, Object.fromEntries(columns.map((c) => [c.key, null]))])}
      >
        {w(lang, 'addRow')}
      </Button>
    </div>
  );
}

const PAD_W = 360;
const PAD_H = 140;

/**
 * A signature field (seed type 44): the signer draws with finger, pen or
 * mouse; the value is the PNG only. Who signed and when are set by the server
 * from the session; a signed value is shown, never drawn over.
 */
export function SignaturePad({ lang, testId, value, onChange, disabled }: { lang: Lang; testId: string; value?: unknown; onChange?: (v: unknown) => void; disabled?: boolean }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (ctx) {
      ctx.lineWidth = 2.5;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.strokeStyle = '#111';
    }
  }, []);
  if (isSignedValue(value)) {
    return (
      <div data-testid={testId}>
        <img src={value.png} alt={value.signerName} style={{ maxWidth: PAD_W, width: '100%', border: '1px solid #d9d9d9', background: '#fff' }} />
        <div>
          {w(lang, 'signedBy')}: {value.signerName} · {formatDate(value.at, 'YYYY-MM-DD HH:mm')}
        </div>
      </div>
    );
  }
  if (typeof value === 'string' && value !== '') {
    // Stored before the pad (text, or a data URL): shown as it is.
    return <div data-testid={testId}>{value.startsWith('data:image/') ? <img src={value} alt="" style={{ maxWidth: PAD_W }} /> : value}</div>;
  }
  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: ((e.clientX - r.left) * PAD_W) / r.width, y: ((e.clientY - r.top) * PAD_H) / r.height };
  };
  const clear = () => {
    canvas.current?.getContext('2d')?.clearRect(0, 0, PAD_W, PAD_H);
    setDrawn(false);
    onChange?.(null);
  };
  return (
    <div>
      <canvas
        ref={canvas}
        width={PAD_W}
        height={PAD_H}
        data-testid={testId}
        aria-label={w(lang, 'signHere')}
        style={{ width: '100%', maxWidth: PAD_W, aspectRatio: `${PAD_W} / ${PAD_H}`, border: '1px dashed #999', background: '#fff', touchAction: 'none', cursor: disabled ? 'not-allowed' : 'crosshair', display: 'block' }}
        onPointerDown={(e) => {
          if (disabled) {
            return;
          }
          e.currentTarget.setPointerCapture(e.pointerId);
          drawing.current = true;
          const ctx = e.currentTarget.getContext('2d');
          const p = point(e);
          ctx?.beginPath();
          ctx?.moveTo(p.x, p.y);
        }}
        onPointerMove={(e) => {
          if (!drawing.current) {
            return;
          }
          const ctx = e.currentTarget.getContext('2d');
          const p = point(e);
          ctx?.lineTo(p.x, p.y);
          ctx?.stroke();
          setDrawn(true);
        }}
        onPointerUp={(e) => {
          if (!drawing.current) {
            return;
          }
          drawing.current = false;
          onChange?.({ png: e.currentTarget.toDataURL('image/png') });
        }}
      />
      <Space style={{ marginTop: 4 }}>
        <span style={{ color: '#888' }}>{w(lang, 'signHere')}</span>
        <Button size="small" onClick={clear} disabled={disabled || !drawn} data-testid={`${testId}-clear`}>
          {w(lang, 'clear')}
        </Button>
      </Space>
    </div>
  );
}

/** Enumeration multi-select with a parameter (seed type 14): choices, each with a short text. */
export function EnumParamInput({ field, lang, dictionaries, testId, value, onChange, disabled }: { field: FieldDef; lang: Lang; dictionaries: Dictionaries; testId: string; value?: unknown; onChange?: (v: unknown) => void; disabled?: boolean }) {
  const entries = Array.isArray(value) ? (value as { value: string; param: string }[]) : [];
  const options = optionsOf(field, dictionaries).map((o) => ({ value: o.value, label: pick(lang, o.label.zh, o.label.en) }));
  return (
    <div data-testid={testId}>
      <Select
        mode="multiple"
        allowClear
        disabled={disabled}
        style={{ width: '100%' }}
        options={options}
        value={entries.map((e) => e.value)}
        onChange={(vals: string[]) => onChange?.(vals.map((v) => entries.find((e) => e.value === v) ?? { value: v, param: '' }))}
      />
      {entries.map((e, i) => (
        <Space key={e.value} style={{ marginTop: 4, display: 'flex' }}>
          <span style={{ minWidth: 80 }}>{options.find((o) => o.value === e.value)?.label ?? e.value}</span>
          <Input
            size="small"
            disabled={disabled}
            placeholder={w(lang, 'parameter')}
            value={e.param}
            data-testid={`${testId}-param-${i}`}
            onChange={(ev) => onChange?.(entries.map((x, j) => (j === i ? { ...x, param: ev.target.value } : x)))}
          />
        </Space>
      ))}
    </div>
  );
}

const tagColour: Record<string, string> = { red: 'red', orange: 'orange', yellow: 'gold', blue: 'blue' };

/** The level of a hazard-matrix value as a coloured tag: "R = 12 较大风险". */
export function HazardMatrixTag({ value, lang }: { value: { l: number; s: number }; lang: Lang }) {
  const { r, level } = hazardMatrixLevel(value);
  return (
    <Tag color={level ? tagColour[riskLevelColour(level)] : 'default'}>
      L{value.l} × S{value.s} = {r} {level ? pick(lang, riskLevelInfo[level].zh, riskLevelInfo[level].en) : ''}
    </Tag>
  );
}

/** The 5 × 5 hidden-hazard matrix (seed type 42): likelihood down, severity across, each cell coloured by its LS band. */
export function HazardMatrixInput({ lang, testId, value, onChange, disabled }: { lang: Lang; testId: string; value?: unknown; onChange?: (v: unknown) => void; disabled?: boolean }) {
  const v = value && typeof value === 'object' ? (value as { l: number; s: number }) : null;
  const scale = [1, 2, 3, 4, 5];
  const hex: Record<string, string> = { red: '#ff4d4f', orange: '#fa8c16', yellow: '#fadb14', blue: '#69b1ff' };
  return (
    <div data-testid={testId}>
      <table style={{ borderCollapse: 'collapse' }}>
        <tbody>
          <tr>
            <td style={{ fontSize: 12, padding: 2 }}>L \ S</td>
            {scale.map((s) => (
              <td key={s} style={{ textAlign: 'center', fontSize: 12 }}>
                {s}
              </td>
            ))}
          </tr>
          {[...scale].reverse().map((l) => (
            <tr key={l}>
              <td style={{ fontSize: 12, textAlign: 'center' }}>{l}</td>
              {scale.map((s) => {
                const { r, level } = hazardMatrixLevel({ l, s });
                const on = v?.l === l && v.s === s;
                return (
                  <td key={s} style={{ padding: 1 }}>
                    <button
                      type="button"
                      disabled={disabled}
                      data-testid={`${testId}-${l}-${s}`}
                      aria-pressed={on}
                      title={`L${l} × S${s} = ${r}`}
                      onClick={() => onChange?.({ l, s })}
                      style={{
                        width: 40,
                        height: 32,
                        border: on ? '3px solid #000' : '1px solid #fff',
                        background: level ? hex[riskLevelColour(level)] : '#eee',
                        cursor: disabled ? 'not-allowed' : 'pointer',
                        fontWeight: on ? 700 : 400,
                      }}
                    >
                      {r}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div style={{ fontSize: 12, color: '#888' }}>
        {w(lang, 'likelihood')} × {w(lang, 'severity')}
      </div>
      {v && <HazardMatrixTag value={v} lang={lang} />}
    </div>
  );
}

/** Person receipt confirmation (seed type 28): the people asked; their confirmations are kept by the server. */
export function ReceiptInput({ options, testId, value, onChange, disabled }: { options: { value: number; label: string }[]; testId: string; value?: unknown; onChange?: (v: unknown) => void; disabled?: boolean }) {
  const entries = Array.isArray(value) ? (value as ReceiptEntry[]) : [];
  return (
    <Select
      data-testid={testId}
      mode="multiple"
      allowClear
      disabled={disabled}
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: '100%' }}
      options={options}
      value={entries.map((e) => e.userid)}
      onChange={(ids: number[]) => onChange?.(ids.map((u) => entries.find((e) => e.userid === u) ?? { userid: u, at: null }))}
    />
  );
}

/** Attachment reminder (seed type 54): files, their expiry date and how many days before it to remind. */
export function ReminderInput({ lang, testId, value, onChange, files, disabled }: { lang: Lang; testId: string; value?: unknown; onChange?: (v: unknown) => void; files: (v: number[], set: (ids: number[]) => void) => ReactNode; disabled?: boolean }) {
  const r = value && typeof value === 'object' ? (value as Partial<ReminderValue>) : {};
  const set = (patch: Partial<ReminderValue>) => {
    const next = { files: r.files ?? [], remindDays: r.remindDays ?? 30, ...r, ...patch };
    onChange?.(next.expires === undefined && next.files.length === 0 ? null : next);
  };
  return (
    <div data-testid={testId}>
      {files(r.files ?? [], (ids) => set({ files: ids }))}
      <Space wrap style={{ marginTop: 4 }}>
        <DatePicker
          placeholder={w(lang, 'expires')}
          disabled={disabled}
          value={typeof r.expires === 'number' ? dayjs(r.expires) : null}
          onChange={(d) => set({ expires: d ? d.endOf('day').valueOf() : undefined })}
          data-testid={`${testId}-expires`}
        />
        <span>{w(lang, 'remindDays')}</span>
        <InputNumber min={0} max={365} precision={0} disabled={disabled} value={r.remindDays ?? 30} onChange={(d) => set({ remindDays: d ?? 0 })} style={{ width: 80 }} />
      </Space>
    </div>
  );
}
