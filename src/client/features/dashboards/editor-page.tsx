import { CopyOutlined, DeleteOutlined, DownloadOutlined, PlusOutlined, RedoOutlined, SaveOutlined, SnippetsOutlined, UndoOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Card, Col, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Layout } from 'react-grid-layout';
import { useSearchParams } from 'react-router-dom';
import { dashboardGet, dashboardSave } from '../../../shared/dashboards/contracts';
import {
  dashboardDefinition,
  migrateDefinition,
  widgetTypes,
  type DashboardDefinition,
  type DashboardWidget,
  type WidgetType,
} from '../../../shared/dashboards/definition';
import { cameraList, noticeList } from '../../../shared/dashboards/wall-contracts';
import { renderMessage } from '../../../shared/messages/catalog';
import { figures } from '../../../shared/modules';
import { tagList } from '../../../shared/realtime/contracts';
import { api } from '../../app/api';
import { feedback } from '../../app/feedback';
import { pick, useLang } from '../../app/i18n';
import { useLoad } from '../../ui/use-load';
import { DashboardGrid } from './dashboard-grid';
import { pastedCopy, useUndoable } from './editor-history';
import { useDashboardList, useElementSize } from './use-dashboards';

/** Widget types bound to one tag, to alarms, to head counts, or to nothing. */
const bindingOf = (type: WidgetType): DashboardWidget['binding'] =>
  type === 'value' || type === 'gauge' || type === 'sparkline'
    ? { kind: 'tag', tag: '' }
    : type === 'alarmList' || type === 'stat'
      ? { kind: 'alarms' }
      : type === 'areaCount'
        ? { kind: 'areaCount' }
        : { kind: 'none' };

const defaultSize: Record<WidgetType, { w: number; h: number }> = {
  stat: { w: 4, h: 2 },
  value: { w: 4, h: 2 },
  sparkline: { w: 8, h: 3 },
  gauge: { w: 5, h: 4 },
  alarmList: { w: 10, h: 5 },
  areaCount: { w: 8, h: 5 },
  text: { w: 8, h: 2 },
  clock: { w: 4, h: 2 },
  camera: { w: 8, h: 5 },
  richText: { w: 8, h: 5 },
  frame: { w: 10, h: 6 },
  permitsLive: { w: 10, h: 5 },
};

/** Options of the wall's widgets: which camera, which notice, which page. */
function WallOptions({ w, opt }: { w: DashboardWidget; opt: (k: string, v: string | number | null) => void }) {
  const lang = useLang();
  const loadCameras = useCallback((signal: AbortSignal) => (w.type === 'camera' ? api(cameraList, {}, { signal, silent: true }) : Promise.resolve(null)), [w.type]);
  const loadNotices = useCallback((signal: AbortSignal) => (w.type === 'richText' ? api(noticeList, {}, { signal, silent: true }) : Promise.resolve(null)), [w.type]);
  const cameras = useLoad(loadCameras).data?.items ?? [];
  const notices = useLoad(loadNotices).data?.items ?? [];
  switch (w.type) {
    case 'camera':
      return (
        <Form.Item label={renderMessage(lang, 'dashboards.camera')}>
          <Select value={typeof w.options.cameraId === 'number' ? w.options.cameraId : undefined} onChange={(v: number) => opt('cameraId', v)} options={cameras.map((c) => ({ value: c.id, label: c.name }))} data-testid="widget-camera" />
        </Form.Item>
      );
    case 'richText':
      return (
        <Form.Item label={renderMessage(lang, 'dashboards.notices')}>
          <Select value={typeof w.options.noticeId === 'number' ? w.options.noticeId : undefined} onChange={(v: number) => opt('noticeId', v)} options={notices.map((n) => ({ value: n.id, label: n.title }))} data-testid="widget-notice" />
        </Form.Item>
      );
    case 'frame':
      return (
        <Form.Item label={renderMessage(lang, 'dashboards.frameUrl')}>
          <Input value={typeof w.options.url === 'string' ? w.options.url : ''} onChange={(e) => opt('url', e.target.value)} data-testid="widget-url" />
        </Form.Item>
      );
    case 'stat':
    case 'value':
    case 'sparkline':
    case 'gauge':
    case 'alarmList':
    case 'areaCount':
    case 'text':
    case 'clock':
    case 'permitsLive':
      return null;
  }
}

const blank = (): DashboardDefinition => ({ version: 1, key: `screen-${Date.now().toString(36)}`, name: { zh: '新大屏', en: 'New screen' }, grid: { cols: 24, rows: 12 }, widgets: [] });

/** A tag chosen from the tag list by id or name (the realtime module's call). */
function TagSelect({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const lang = useLang();
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  const search = useCallback(
    (keyword: string) => {
      api(tagList, { keyword: keyword || undefined, page: 1, pageSize: 30 }, { silent: true }).then(
        (r) => setOptions(r.items.map((t) => ({ value: t.id, label: `${t.id} · ${pick(lang, t.name, t.name_en)}` }))),
        () => undefined,
      );
    },
    [lang],
  );
  useEffect(() => search(value), [search]); // eslint-disable-line react-hooks/exhaustive-deps -- the first list only
  return (
    <Select
      showSearch
      value={value || undefined}
      filterOption={false}
      onSearch={search}
      onChange={onChange}
      options={options}
      data-testid="binding-tag"
      aria-label={renderMessage(lang, 'dashboards.bindTag')}
    />
  );
}

/** The selected widget's type, title, binding and options. */
function WidgetForm({ w, onChange, onRemove }: { w: DashboardWidget; onChange: (w: DashboardWidget) => void; onRemove: () => void }) {
  const lang = useLang();
  const set = (patch: Partial<DashboardWidget>) => onChange({ ...w, ...patch });
  const opt = (k: string, v: string | number | null) => {
    const options = { ...w.options };
    if (v === null || v === '') {
      delete options[k];
    } else {
      options[k] = v;
    }
    set({ options });
  };
  const b = w.binding;
  return (
    <Form layout="vertical" size="small" data-testid="widget-form">
      <Form.Item label={renderMessage(lang, 'dashboards.widgetType')}>
        <Select
          value={w.type}
          data-testid="widget-type"
          onChange={(type: WidgetType) => set({ type, binding: bindingOf(type).kind === b.kind ? b : bindingOf(type) })}
          options={widgetTypes.map((t) => ({ value: t, label: renderMessage(lang, `dashboards.type.${t}`) }))}
        />
      </Form.Item>
      <Form.Item label={renderMessage(lang, 'dashboards.widgetTitle')}>
        <Space.Compact style={{ width: '100%' }}>
          <Input value={w.title?.zh ?? ''} placeholder="中文" data-testid="widget-title-zh" onChange={(e) => set({ title: { zh: e.target.value, en: w.title?.en ?? '' } })} />
          <Input value={w.title?.en ?? ''} placeholder="English" onChange={(e) => set({ title: { zh: w.title?.zh ?? '', en: e.target.value } })} />
        </Space.Compact>
      </Form.Item>
      {b.kind === 'tag' && (
        <Form.Item label={renderMessage(lang, 'dashboards.bindTag')}>
          <TagSelect value={b.tag} onChange={(tag) => set({ binding: { kind: 'tag', tag } })} />
        </Form.Item>
      )}
      {(w.type === 'stat' || w.type === 'alarmList') && (
        <Form.Item label={renderMessage(lang, 'dashboards.type.alarmList')}>
          <Select
            mode="multiple"
            allowClear
            value={b.kind === 'alarms' ? (b.priorities ?? []) : []}
            disabled={b.kind !== 'alarms'}
            options={[1, 2, 3, 4].map((p) => ({ value: p, label: `P${p}` }))}
            onChange={(priorities: number[]) => set({ binding: { kind: 'alarms', ...(priorities.length ? { priorities } : {}) } })}
          />
        </Form.Item>
      )}
      {w.type === 'stat' && (
        <Form.Item label={renderMessage(lang, 'dashboards.choose')}>
          <Select
            value={b.kind === 'none' ? undefined : b.kind}
            data-testid="stat-binding"
            onChange={(kind: 'alarms' | 'areaCount' | 'tag' | 'figure') =>
              set({ binding: kind === 'tag' ? { kind, tag: '' } : kind === 'figure' ? { kind, figure: Object.keys(figures)[0] ?? '' } : { kind } })
            }
            options={[
              { value: 'alarms', label: renderMessage(lang, 'dashboards.stat.openAlarms') },
              { value: 'areaCount', label: renderMessage(lang, 'dashboards.stat.people') },
              { value: 'tag', label: renderMessage(lang, 'dashboards.bindTag') },
              { value: 'figure', label: renderMessage(lang, 'dashboards.bindFigure') },
            ]}
          />
        </Form.Item>
      )}
      {b.kind === 'figure' && (
        <Form.Item label={renderMessage(lang, 'dashboards.bindFigure')}>
          <Select
            value={b.figure}
            showSearch
            optionFilterProp="label"
            data-testid="figure-binding"
            onChange={(figure: string) => set({ binding: { kind: 'figure', figure } })}
            options={Object.entries(figures).map(([key, f]) => ({ value: key, label: pick(lang, f.label.zh, f.label.en) }))}
          />
        </Form.Item>
      )}
      {b.kind === 'areaCount' && (
        <Form.Item label={renderMessage(lang, 'dashboards.bindRegion')}>
          <InputNumber min={1} value={b.regionid ?? null} onChange={(v) => set({ binding: v ? { kind: 'areaCount', regionid: v } : { kind: 'areaCount' } })} />
        </Form.Item>
      )}
      {(w.type === 'gauge' || w.type === 'sparkline') && (
        <Space>
          <Form.Item label={renderMessage(lang, 'dashboards.min')}>
            <InputNumber value={typeof w.options.min === 'number' ? w.options.min : null} onChange={(v) => opt('min', v)} />
          </Form.Item>
          <Form.Item label={renderMessage(lang, 'dashboards.max')}>
            <InputNumber value={typeof w.options.max === 'number' ? w.options.max : null} onChange={(v) => opt('max', v)} />
          </Form.Item>
        </Space>
      )}
      {w.type === 'text' && (
        <Form.Item label={renderMessage(lang, 'dashboards.text')}>
          <Input.TextArea value={typeof w.options.text === 'string' ? w.options.text : ''} onChange={(e) => opt('text', e.target.value)} />
        </Form.Item>
      )}
      <WallOptions w={w} opt={opt} />
      <Button danger icon={<DeleteOutlined />} onClick={onRemove} data-testid="widget-remove">
        {renderMessage(lang, 'dashboards.remove')}
      </Button>
    </Form>
  );
}

/**
 * The dashboard editor (/RedashConfig/MajorHazardVisualConfig, issue 22 §3):
 * drag and resize on react-grid-layout, a palette of widget types, a form
 * for the selected widget's binding and options, save with the version it
 * loaded (a newer save by someone else is refused), JSON export and import,
 * undo/redo and copy/paste of a widget with its binding (buttons and Ctrl+Z,
 * Ctrl+Shift+Z or Ctrl+Y, Ctrl+C, Ctrl+V).
 */
export function DashboardEditorPage() {
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const list = useDashboardList();
  const history = useUndoable<DashboardDefinition>(blank);
  const { value: def, set: setDef, reset: resetDef, undo, redo } = history;
  const clipboard = useRef<DashboardWidget | null>(null);
  const [id, setId] = useState<number | undefined>(undefined);
  const [version, setVersion] = useState<number | undefined>(undefined);
  const [selected, setSelected] = useState<string | null>(null);
  const [addType, setAddType] = useState<WidgetType>('value');
  const [saving, setSaving] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const { width } = useElementSize(boxRef);
  const key = params.get('key');

  useEffect(() => {
    if (!key) {
      resetDef(blank());
      setId(undefined);
      setVersion(undefined);
      return;
    }
    api(dashboardGet, { key }).then(
      (d) => {
        resetDef(d.definition);
        setId(d.id);
        setVersion(d.version);
        setSelected(null);
      },
      () => undefined,
    );
  }, [key, resetDef]);

  const handleLayout = useCallback((layout: Layout) => {
    setDef((d) => {
      const pos = new Map(layout.map((l) => [l.i, l]));
      let changed = false;
      const widgets = d.widgets.map((w) => {
        const l = pos.get(w.id);
        if (l && (l.x !== w.x || l.y !== w.y || l.w !== w.w || l.h !== w.h)) {
          changed = true;
          return { ...w, x: l.x, y: l.y, w: l.w, h: l.h };
        }
        return w;
      });
      return changed ? { ...d, widgets } : d;
    });
  }, [setDef]);

  const handleCopy = useCallback(() => {
    clipboard.current = def.widgets.find((w) => w.id === selected) ?? null;
  }, [def, selected]);
  const handlePaste = useCallback(() => {
    const w = clipboard.current;
    if (w) {
      const copy = pastedCopy(def, w);
      setDef({ ...def, widgets: [...def.widgets, copy] });
      setSelected(copy.id);
    }
  }, [def, setDef]);

  // Ctrl+Z / Ctrl+Shift+Z (or Ctrl+Y), Ctrl+C / Ctrl+V on the grid; never while typing in a field.
  useEffect(() => {
    const handleKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (!(e.ctrlKey || e.metaKey) || target?.closest('input, textarea, [contenteditable="true"]')) {
        return;
      }
      const k = e.key.toLowerCase();
      const action = k === 'z' ? (e.shiftKey ? redo : undo) : k === 'y' ? redo : k === 'c' ? handleCopy : k === 'v' ? handlePaste : null;
      if (action) {
        e.preventDefault();
        action();
      }
    };
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, [undo, redo, handleCopy, handlePaste]);

  const handleAdd = () => {
    const size = defaultSize[addType];
    const y = def.widgets.reduce((m, w) => Math.max(m, w.y + w.h), 0);
    let n = def.widgets.length + 1;
    while (def.widgets.some((w) => w.id === `w${n}`)) {
      n++;
    }
    const widget: DashboardWidget = { id: `w${n}`, type: addType, x: 0, y, w: Math.min(size.w, def.grid.cols), h: size.h, binding: bindingOf(addType), options: {} };
    setDef({ ...def, widgets: [...def.widgets, widget] });
    setSelected(widget.id);
  };

  const handleSave = async () => {
    setSaving(true);
    try {
      const saved = await api(dashboardSave, { ...(id !== undefined ? { id, version } : {}), definition: def });
      setId(saved.id);
      setVersion(saved.version);
      feedback.message.success(renderMessage(lang, 'dashboards.saved'));
      list.reload();
      if (key !== saved.key) {
        setParams({ key: saved.key }, { replace: true });
      }
    } catch {
      // The API client has shown why (the field is named in the message).
    } finally {
      setSaving(false);
    }
  };

  const handleExport = () => {
    const url = URL.createObjectURL(new Blob([JSON.stringify(def, null, 2)], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${def.key}.json`;
    a.click();
    URL.revokeObjectURL(url);
  };

  const handleImport = async (file: File) => {
    const parsed = dashboardDefinition.safeParse(migrateDefinition(JSON.parse(await file.text()) as unknown));
    if (!parsed.success) {
      feedback.message.error(`${parsed.error.issues[0]?.path.join('.') ?? ''} ${renderMessage(lang, 'validation.invalid')}`);
      return;
    }
    resetDef(parsed.data);
    setId(undefined);
    setVersion(undefined);
  };

  const sel = def.widgets.find((w) => w.id === selected) ?? null;
  const gridWidth = Math.max(320, width);
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24}>
        <Space wrap>
          <Select
            style={{ minWidth: 180 }}
            value={key ?? undefined}
            placeholder={renderMessage(lang, 'dashboards.new')}
            data-testid="editor-dashboard"
            options={list.items.map((d) => ({ value: d.key, label: pick(lang, d.name.zh, d.name.en) }))}
            onChange={(k: string) => setParams({ key: k })}
          />
          <Button icon={<PlusOutlined />} onClick={() => setParams({})} data-testid="editor-new">
            {renderMessage(lang, 'dashboards.new')}
          </Button>
          <Input addonBefore={renderMessage(lang, 'dashboards.key')} value={def.key} style={{ width: 240 }} data-testid="editor-key" onChange={(e) => setDef({ ...def, key: e.target.value })} />
          <Input addonBefore={renderMessage(lang, 'dashboards.nameZh')} value={def.name.zh} style={{ width: 240 }} data-testid="editor-name-zh" onChange={(e) => setDef({ ...def, name: { ...def.name, zh: e.target.value } })} />
          <Input addonBefore={renderMessage(lang, 'dashboards.nameEn')} value={def.name.en} style={{ width: 240 }} onChange={(e) => setDef({ ...def, name: { ...def.name, en: e.target.value } })} />
          <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void handleSave()} data-testid="editor-save">
            {renderMessage(lang, 'dashboards.save')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={handleExport}>
            {renderMessage(lang, 'dashboards.export')}
          </Button>
          <Button icon={<UploadOutlined />} onClick={() => fileRef.current?.click()}>
            {renderMessage(lang, 'dashboards.import')}
          </Button>
          <Button icon={<UndoOutlined />} disabled={!history.canUndo} onClick={undo} data-testid="editor-undo">
            {renderMessage(lang, 'dashboards.undo')}
          </Button>
          <Button icon={<RedoOutlined />} disabled={!history.canRedo} onClick={redo} data-testid="editor-redo">
            {renderMessage(lang, 'dashboards.redo')}
          </Button>
          <Button icon={<CopyOutlined />} disabled={!selected} onClick={handleCopy} data-testid="editor-copy">
            {renderMessage(lang, 'dashboards.copy')}
          </Button>
          <Button icon={<SnippetsOutlined />} onClick={handlePaste} data-testid="editor-paste">
            {renderMessage(lang, 'dashboards.paste')}
          </Button>
          <input ref={fileRef} type="file" accept="application/json,.json" hidden onChange={(e) => e.target.files?.[0] && void handleImport(e.target.files[0])} />
        </Space>
      </Col>
      <Col xs={24} lg={18}>
        <div ref={boxRef} style={{ width: '100%' }}>
          <DashboardGrid def={def} width={gridWidth} height={Math.round((gridWidth * 9) / 16)} editable selected={selected} onSelect={setSelected} onLayout={handleLayout} />
        </div>
      </Col>
      <Col xs={24} lg={6}>
        <Card size="small" title={renderMessage(lang, 'dashboards.addWidget')}>
          <Space.Compact style={{ width: '100%' }}>
            <Select
              style={{ flex: 1 }}
              value={addType}
              data-testid="palette-type"
              onChange={setAddType}
              options={widgetTypes.map((t) => ({ value: t, label: renderMessage(lang, `dashboards.type.${t}`) }))}
            />
            <Button icon={<PlusOutlined />} onClick={handleAdd} data-testid="palette-add">
              {renderMessage(lang, 'dashboards.addWidget')}
            </Button>
          </Space.Compact>
        </Card>
        {sel && (
          <Card size="small" style={{ marginTop: 12 }} title={sel.id}>
            <WidgetForm
              key={sel.id}
              w={sel}
              onChange={(w) => setDef({ ...def, widgets: def.widgets.map((x) => (x.id === w.id ? w : x)) })}
              onRemove={() => {
                setDef({ ...def, widgets: def.widgets.filter((x) => x.id !== sel.id) });
                setSelected(null);
              }}
            />
          </Card>
        )}
      </Col>
    </Row>
  );
}
