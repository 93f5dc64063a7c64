import { DeleteOutlined } from '@ant-design/icons';
import { Alert, Button, Input, InputNumber, Modal, Select, Space, Table } from 'antd';
import type { BindingReport } from '../../../shared/drawings/binding-check';
import { bindingProps, bindingSources, type DrawingBinding } from '../../../shared/drawings/contracts';
import { SYMBOLS, type SymbolKind } from '../../../shared/drawings/symbols';

/* The SVG editor's panels (/NewSvg/SvgEdit): the bindings table, the checker's findings and the palette's icons. */

type T = (code: string, params?: Record<string, string | number>) => string;

/** Condition props: what `source`, `above` and `color` apply to. */
const CONDITIONS: ReadonlySet<DrawingBinding['prop']> = new Set(['fill', 'stroke', 'visible', 'blink']);

/** The bindings of the selection (or all): tag, property and its condition edited in place; `key` is the index in the drawing's list. */
export function BindingsTable({
  rows,
  t,
  update,
  remove,
}: {
  rows: (DrawingBinding & { key: number })[];
  t: T;
  update: (key: number, patch: Partial<DrawingBinding>) => void;
  remove: (key: number) => void;
}) {
  return (
    <Table<DrawingBinding & { key: number }>
      size="small"
      rowKey="key"
      dataSource={rows}
      pagination={{ pageSize: 8, size: 'small', hideOnSinglePage: true }}
      scroll={{ x: 520 }}
      columns={[
        { title: t('drawings.element'), dataIndex: 'element', width: 120, ellipsis: true },
        {
          title: t('drawings.tag'),
          dataIndex: 'tag',
          width: 150,
          render: (v: string, r) => (
            <Input
              size="small"
              value={v}
              onChange={(e) => update(r.key, { tag: e.target.value })}
              data-testid={`editor-binding-tag-${r.element}-${r.prop}`}
            />
          ),
        },
        {
          title: t('drawings.prop'),
          dataIndex: 'prop',
          width: 110,
          render: (v: DrawingBinding['prop'], r) => (
            <Select
              size="small"
              value={v}
              style={{ width: 100 }}
              onChange={(prop) => update(r.key, { prop })}
              options={bindingProps.map((p) => ({ value: p, label: t(`drawings.prop.${p}`) }))}
            />
          ),
        },
        {
          title: t('drawings.source'),
          width: 190,
          render: (_v, r) =>
            CONDITIONS.has(r.prop) ? (
              <Space.Compact size="small">
                <Select
                  size="small"
                  value={r.source ?? 'value'}
                  style={{ width: 76 }}
                  onChange={(source) => update(r.key, { source })}
                  options={bindingSources.map((s) => ({ value: s, label: t(`drawings.source.${s}`) }))}
                />
                {r.source !== 'alarm' ? (
                  <InputNumber
                    size="small"
                    style={{ width: 64 }}
                    placeholder={t('drawings.above')}
                    value={r.above ?? null}
                    onChange={(above) => update(r.key, { above: above ?? undefined })}
                  />
                ) : null}
                {r.prop === 'fill' || r.prop === 'stroke' ? (
                  <input
                    type="color"
                    aria-label={t('drawings.color')}
                    value={r.color ?? '#d4380d'}
                    onChange={(e) => update(r.key, { color: e.target.value })}
                    style={{ width: 28, height: 24, padding: 0, border: 0 }}
                  />
                ) : null}
              </Space.Compact>
            ) : null,
        },
        {
          title: '',
          width: 36,
          render: (_v, r) => (
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('drawings.delete')}
              onClick={() => remove(r.key)}
            />
          ),
        },
      ]}
    />
  );
}

/** The binding checker's findings before a save: unknown tags block it; duplicates and unbound symbols may be saved anyway. */
export function CheckReportModal({
  report,
  saving,
  t,
  onCancel,
  onSave,
}: {
  report: BindingReport | null;
  saving: boolean;
  t: T;
  onCancel: () => void;
  onSave: () => void;
}) {
  return (
    <Modal
      open={report !== null}
      title={t('drawings.check.title')}
      onCancel={onCancel}
      okText={t('drawings.saveAnyway')}
      onOk={onSave}
      okButtonProps={{ disabled: !!report?.unknownTags.length, loading: saving, 'data-testid': 'editor-save-anyway' }}
    >
      <Space direction="vertical" style={{ width: '100%' }} data-testid="editor-check">
        {report?.unknownTags.length ? (
          <Alert
            type="error"
            showIcon
            message={t('drawings.check.blocked')}
            description={t('drawings.unknownTags', { tags: report.unknownTags.join(', ') })}
          />
        ) : null}
        {report?.duplicateTags.length ? (
          <Alert type="warning" showIcon message={t('drawings.check.duplicateTags', { tags: report.duplicateTags.join(', ') })} />
        ) : null}
        {report?.unbound.length ? (
          <Alert
            type="warning"
            showIcon
            message={t('drawings.check.unbound', { n: report.unbound.length, ids: report.unbound.slice(0, 20).join(', ') })}
          />
        ) : null}
      </Space>
    </Modal>
  );
}

/** A palette button's icon: the symbol itself, drawn small. */
export function SymbolIcon({ kind }: { kind: SymbolKind }) {
  const s = SYMBOLS[kind];
  const size = Math.max(s.w, s.h);
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      width={16}
      height={16}
      aria-hidden
      dangerouslySetInnerHTML={{ __html: s.body.replaceAll('id="$-', 'data-part="') }}
    />
  );
}
