import { Button, Space, Table, Tag } from 'antd';
import type { RecordItem } from '../../../shared/records/contracts';
import { fieldTypes, type FieldDef } from '../../../shared/records/definition';
import { isSignedValue, type ReceiptEntry } from '../../../shared/records/validator';
import { formatDate } from '../../../shared/time';
import { pick, type Lang } from '../../app/i18n';
import { HazardMatrixTag } from './field-inputs-extra';
import { displayValue } from './record-view';
import type { Pickers } from './use-pickers';

const words = {
  confirmed: { zh: '已确认', en: 'Confirmed' },
  notConfirmed: { zh: '未确认', en: 'Not confirmed' },
  confirm: { zh: '确认收到', en: 'Confirm receipt' },
  signedBy: { zh: '签名人', en: 'Signed by' },
} as const;

/**
 * One value in a record's detail: signatures as the drawn image with signer
 * and time, tables as tables, receipt confirmations as who has and has not
 * confirmed (with the caller's own button), the hazard matrix as its level;
 * everything else as the list shows it.
 */
export function FieldView({
  field,
  record,
  lang,
  pickers,
  me,
  onConfirm,
}: {
  field: FieldDef;
  record: RecordItem;
  lang: Lang;
  pickers: Pickers;
  me?: number;
  onConfirm?: (field: string) => void;
}) {
  const v = record[field.key];
  const w = (k: keyof typeof words) => pick(lang, words[k].zh, words[k].en);
  if (field.type === fieldTypes.signature && isSignedValue(v)) {
    {
      return (
        <div>
          <img
            src={v.png}
            alt={v.signerName}
            style={{ maxWidth: 240, width: '100%', background: '#fff', border: '1px solid #eee' }}
            data-testid={`detail-${field.key}-image`}
          />
          <div>
            {w('signedBy')}: {v.signerName} · {formatDate(v.at, 'YYYY-MM-DD HH:mm')}
          </div>
        </div>
      );
    }
  }
  if (field.type === fieldTypes.table) {
    {
      const rows = Array.isArray(v) ? (v as Record<string, unknown>[]) : [];
      const columns = field.columns ?? [];
      return (
        <Table
          size="small"
          bordered
          pagination={false}
          scroll={{ x: 'max-content' }}
          rowKey={(_, i) => String(i)}
          dataSource={rows}
          columns={columns.map((c) => ({
            title: pick(lang, c.label.zh, c.label.en),
            key: c.key,
            render: (_: unknown, r: Record<string, unknown>) => displayValue({ ...c, columns: undefined }, r[c.key], lang, pickers),
          }))}
        />
      );
    }
  }
  if (field.type === fieldTypes.receipt) {
    {
      const entries = Array.isArray(v) ? (v as ReceiptEntry[]) : [];
      return (
        <Space direction="vertical" size={2}>
          {entries.map((e) => (
            <Space key={e.userid} wrap>
              <span>{pickers.users.find((u) => u.userid === e.userid)?.username ?? `#${e.userid}`}</span>
              {e.at !== null ? (
                <Tag color="green">
                  {w('confirmed')} {formatDate(e.at, 'YYYY-MM-DD HH:mm')}
                </Tag>
              ) : (
                <Tag color="orange">{w('notConfirmed')}</Tag>
              )}
              {e.at === null && e.userid === me && onConfirm && (
                <Button size="small" type="primary" onClick={() => onConfirm(field.key)} data-testid={`receipt-confirm-${field.key}`}>
                  {w('confirm')}
                </Button>
              )}
            </Space>
          ))}
        </Space>
      );
    }
  }
  if (field.type === fieldTypes.hazardMatrix && v && typeof v === 'object' && typeof (v as { l?: unknown }).l === 'number') {
    return <HazardMatrixTag value={v as { l: number; s: number }} lang={lang} />;
  }
  return <>{displayValue(field, v, lang, pickers, record._links)}</>;
}
