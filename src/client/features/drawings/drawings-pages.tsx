import { DeleteOutlined, EditOutlined, ExpandOutlined, PlusOutlined, SaveOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Input, Select, Space, Table, Typography, message } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { bindingProps, drawingAutoBind, drawingGet, drawingList, drawingSave, type DrawingBinding, type DrawingDetail } from '../../../shared/drawings/contracts';
import { renderMessage } from '../../../shared/messages/catalog';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { useSession } from '../../app/session-store';
import { useFillHeight } from '../../ui/use-fill-height';
import { useLoad } from '../../ui/use-load';
import { DrawingView } from './drawing-view';

/** The binding editor: rows of element → tag → what it shows; a click in the drawing fills the element of a new row. */
function BindingEditor({ drawing, picked, onSaved }: { drawing: DrawingDetail; picked: string | null; onSaved: (d: DrawingDetail) => void }) {
  const lang = useLang();
  const [rows, setRows] = useState<DrawingBinding[]>(drawing.bindings);
  const [saving, setSaving] = useState(false);
  useEffect(() => setRows(drawing.bindings), [drawing]);
  useEffect(() => {
    if (picked) {
      setRows((r) => [{ element: picked, tag: '', prop: 'text' }, ...r]);
    }
  }, [picked]);
  const handleAutoBind = async () => {
    try {
      const found = await api(drawingAutoBind, { svg: drawing.svg });
      setRows((r) => {
        const have = new Set(r.map((x) => `${x.element}/${x.prop}`));
        return [...found.bindings.filter((b) => !have.has(`${b.element}/${b.prop}`)), ...r];
      });
      void message.info(renderMessage(lang, 'drawings.autoBound', { bound: found.bindings.length, unmatched: found.unmatched.length }));
    } catch {
      // The API client has shown why.
    }
  };
  const update = (i: number, patch: Partial<DrawingBinding>) => setRows((r) => r.map((x, k) => (k === i ? { ...x, ...patch } : x)));
  const handleSave = async () => {
    setSaving(true);
    try {
      const saved = await api(drawingSave, { id: drawing.id, name: drawing.name, svg: drawing.svg, bindings: rows });
      void message.success(renderMessage(lang, 'drawings.saved'));
      onSaved(saved);
    } catch {
      // The API client has shown why (the checker's message names the elements or tags).
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card
      size="small"
      data-testid="drawing-editor"
      title={`${renderMessage(lang, 'drawings.bindings')} (${rows.length})`}
      extra={
        <Space wrap>
          <Button size="small" icon={<ThunderboltOutlined />} onClick={() => void handleAutoBind()} data-testid="drawing-autobind">
            {renderMessage(lang, 'drawings.autoBind')}
          </Button>
          <Button size="small" icon={<PlusOutlined />} onClick={() => setRows((r) => [{ element: '', tag: '', prop: 'text' }, ...r])} data-testid="drawing-add">
            {renderMessage(lang, 'drawings.add')}
          </Button>
          <Button size="small" type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void handleSave()} data-testid="drawing-save">
            {renderMessage(lang, 'drawings.save')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {renderMessage(lang, 'drawings.pickHint')}
      </Typography.Paragraph>
      <Table<DrawingBinding & { key: number }>
        size="small"
        rowKey="key"
        pagination={{ pageSize: 8, size: 'small' }}
        dataSource={rows.map((r, key) => ({ ...r, key }))}
        scroll={{ x: 460 }}
        columns={[
          {
            title: renderMessage(lang, 'drawings.element'),
            dataIndex: 'element',
            render: (v: string, _r, i) => <Input size="small" value={v} onChange={(e) => update(i, { element: e.target.value })} data-testid={`drawing-row-element-${i}`} />,
          },
          {
            title: renderMessage(lang, 'drawings.tag'),
            dataIndex: 'tag',
            render: (v: string, _r, i) => <Input size="small" value={v} onChange={(e) => update(i, { tag: e.target.value })} data-testid={`drawing-row-tag-${i}`} />,
          },
          {
            title: renderMessage(lang, 'drawings.prop'),
            dataIndex: 'prop',
            width: 110,
            render: (v: DrawingBinding['prop'], _r, i) => (
              <Select
                size="small"
                value={v}
                style={{ width: 100 }}
                onChange={(prop) => update(i, { prop })}
                options={bindingProps.map((p) => ({ value: p, label: renderMessage(lang, `drawings.prop.${p}`) }))}
              />
            ),
          },
          {
            title: '',
            width: 40,
            render: (_v, _r, i) => <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => setRows((r) => r.filter((_x, k) => k !== i))} aria-label="delete" />,
          },
        ]}
      />
    </Card>
  );
}

/** /NewSvg/SvgConfig: the drawings, one shown live, and its bindings for those who manage them. */
export function SvgConfigPage() {
  const lang = useLang();
  const navigate = useNavigate();
  const canManage = useSession((s) => s.user?.permissions.includes('drawing:manage') ?? false);
  const box = useRef<HTMLDivElement>(null);
  const height = useFillHeight(box, 24, 320);
  const loadList = useCallback(() => api(drawingList, {}), []);
  const list = useLoad(loadList);
  const [id, setId] = useState<number | null>(null);
  const [drawing, setDrawing] = useState<DrawingDetail | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const items = list.data?.items ?? [];
  const current = id ?? items[0]?.id ?? null;

  useEffect(() => {
    if (current === null) {
      return;
    }
    let live = true;
    api(drawingGet, { id: current }).then(
      (d) => live && setDrawing(d),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [current]);

  if (list.data && items.length === 0) {
    return (
      <Empty description={renderMessage(lang, 'drawings.empty')}>
        {canManage ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/NewSvg/SvgEdit')} data-testid="drawing-new">
            {renderMessage(lang, 'drawings.new')}
          </Button>
        ) : null}
      </Empty>
    );
  }
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="svg-config">
      <Space wrap>
        <Select
          style={{ minWidth: 220 }}
          value={current ?? undefined}
          onChange={(v: number) => setId(v)}
          options={items.map((d) => ({ value: d.id, label: d.name }))}
          data-testid="drawing-select"
        />
        {current !== null ? (
          <Button icon={<ExpandOutlined />} onClick={() => navigate(`/SvgShow?id=${current}`)} data-testid="drawing-show">
            {renderMessage(lang, 'drawings.show')}
          </Button>
        ) : null}
        {canManage && current !== null ? (
          <Button icon={<EditOutlined />} onClick={() => navigate(`/NewSvg/SvgEdit?id=${current}`)} data-testid="drawing-open-editor">
            {renderMessage(lang, 'drawings.open')}
          </Button>
        ) : null}
        {canManage ? (
          <Button icon={<PlusOutlined />} onClick={() => navigate('/NewSvg/SvgEdit')} data-testid="drawing-new">
            {renderMessage(lang, 'drawings.new')}
          </Button>
        ) : null}
        {canManage ? (
          <Button type={editing ? 'primary' : 'default'} onClick={() => setEditing((e) => !e)} data-testid="drawing-edit">
            {renderMessage(lang, 'drawings.edit')}
          </Button>
        ) : null}
      </Space>
      <div ref={box} style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        <div style={{ flex: '2 1 480px', minWidth: 0, background: '#f0f0f0', borderRadius: 6 }}>
          {drawing ? <DrawingView svg={drawing.svg} bindings={drawing.bindings} height={editing ? Math.min(height, 640) : height} onPick={editing ? setPicked : undefined} /> : null}
        </div>
        {editing && drawing ? (
          <div style={{ flex: '1 1 360px', minWidth: 0 }}>
            <BindingEditor drawing={drawing} picked={picked} onSaved={setDrawing} />
          </div>
        ) : null}
      </div>
    </Space>
  );
}

/** /SvgShow?id=N: one drawing, read-only, fitted to the screen at any size. */
export function SvgShowPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const box = useRef<HTMLDivElement>(null);
  const height = useFillHeight(box, 16, 300);
  const load = useCallback(async () => {
    const ids = id > 0 ? [id] : (await api(drawingList, {})).items.map((d) => d.id).slice(0, 1);
    return ids.length ? api(drawingGet, { id: ids[0] }) : null;
  }, [id]);
  const { data } = useLoad(load);
  return (
    <div ref={box} data-testid="svg-show" style={{ width: '100%' }}>
      {data ? <DrawingView svg={data.svg} bindings={data.bindings} height={height} /> : null}
    </div>
  );
}
