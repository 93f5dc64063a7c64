import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  CopyOutlined,
  DeleteOutlined,
  ExpandOutlined,
  GroupOutlined,
  ImportOutlined,
  RedoOutlined,
  SaveOutlined,
  SnippetsOutlined,
  ThunderboltOutlined,
  UndoOutlined,
  UngroupOutlined,
  VerticalAlignMiddleOutlined,
  VerticalAlignTopOutlined,
} from '@ant-design/icons';
import { Button, Card, Input, Space, Tooltip, Typography, message } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { autoBindNearby, checkBindings, type BindingReport } from '../../../shared/drawings/binding-check';
import {
  drawingAutoBind,
  drawingCheckTags,
  drawingGet,
  drawingSave,
  isSafeSvg,
  type DrawingBinding,
} from '../../../shared/drawings/contracts';
import { symbolBindings, symbolKinds, symbolMarkup, symbolOf, type SymbolKind } from '../../../shared/drawings/symbols';
import { renderMessage } from '../../../shared/messages/catalog';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { useFillHeight } from '../../ui/use-fill-height';
import { parseSvg } from './drawing-binder';
import {
  alignItems,
  autoBindScene,
  boxIn,
  carryBindings,
  elementFrom,
  ensureIds,
  getTranslate,
  GRID,
  groupItems,
  idsIn,
  itemsOf,
  NEW_SVG,
  renameCopy,
  serialise,
  setTranslate,
  svgElement,
  nextPlaceIn,
  ungroupItems,
  uniqueId,
} from './editor-doc';
import { useDragToMove, useEditorKeys } from './editor-input';
import { BindingsTable, CheckReportModal, SymbolIcon } from './svg-editor-panels';
import './drawings.css';

/** One state of the drawing, for undo and redo. */
interface Snapshot {
  svg: string;
  bindings: DrawingBinding[];
}

/** What copy holds: the items' markup and the bindings of their elements. Kept across drawings. */
let clipboard: { markup: string[]; bindings: DrawingBinding[] } | null = null;

/** Most states undo keeps. */
const HISTORY = 100;
/** A tag text binds a symbol within this gap (drawing units). */
const AUTO_BIND_GAP = 40;

/**
 * /NewSvg/SvgEdit (?id= opens a drawing): an SVG editor of our own. The document is the SVG DOM;
 * items are placed from the symbol library or imported, moved on a grid, grouped, aligned,
 * copied with their bindings; every change is a snapshot for undo. Save runs the binding checker.
 */
export function SvgEditPage() {
  const lang = useLang();
  const t = (code: string, params?: Record<string, string | number>) => renderMessage(lang, code, params);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id') ?? 0) || null;
  const host = useRef<HTMLDivElement>(null);
  const root = useRef<SVGSVGElement | null>(null);
  const overlay = useRef<SVGGElement | null>(null);
  const height = useFillHeight(host, 24, 360);
  const [name, setName] = useState('');
  const [bindings, setBindingsState] = useState<DrawingBinding[]>([]);
  const bindingsRef = useRef<DrawingBinding[]>([]);
  const [selected, setSelectedState] = useState<string[]>([]);
  const selectedRef = useRef<string[]>([]);
  const [version, setVersion] = useState(0);
  const undo = useRef<Snapshot[]>([]);
  const redo = useRef<Snapshot[]>([]);
  const [text, setText] = useState('');
  const [bindTag, setBindTag] = useState('');
  const [report, setReport] = useState<BindingReport | null>(null);
  const [saving, setSaving] = useState(false);
  const importInput = useRef<HTMLInputElement>(null);

  const setBindings = (b: DrawingBinding[]) => {
    bindingsRef.current = b;
    setBindingsState(b);
  };
  const select = (ids: string[]) => {
    selectedRef.current = ids;
    setSelectedState(ids);
  };
  const bump = () => setVersion((v) => v + 1);

  /** Draws the selection boxes (on the overlay, never saved). */
  const drawSelection = useCallback(() => {
    const r = root.current;
    const o = overlay.current;
    if (!r || !o) {
      return;
    }
    o.replaceChildren();
    for (const sid of selectedRef.current) {
      const el = r.getElementById(sid);
      if (!el) {
        continue;
      }
      const b = boxIn(r, el);
      o.appendChild(
        svgElement('rect', {
          x: b.x - 3,
          y: b.y - 3,
          width: b.w + 6,
          height: b.h + 6,
          fill: 'none',
          stroke: '#1677ff',
          'stroke-width': 1.5,
          'stroke-dasharray': '4 3',
          'data-selection': sid,
        }),
      );
    }
  }, []);

  /** Mounts an SVG text as the document (import, open, undo). */
  const mount = useCallback((svgText: string) => {
    const el = host.current;
    const r = parseSvg(svgText, { strict: true });
    if (!el || !r) {
      return false;
    }
    r.classList.add('pw-svg-edit');
    r.style.touchAction = 'none';
    ensureIds(r);
    const vb = r.viewBox.baseVal;
    const defs = svgElement('defs', { 'data-editor': '1' });
    const pattern = svgElement('pattern', { id: 'pw-edit-grid', width: GRID, height: GRID, patternUnits: 'userSpaceOnUse' });
    pattern.appendChild(svgElement('path', { d: `M${GRID} 0 H0 V${GRID}`, fill: 'none', stroke: '#bfbfbf', 'stroke-width': 0.5 }));
    defs.appendChild(pattern);
    const grid = svgElement('rect', {
      x: vb.x,
      y: vb.y,
      width: vb.width || 1200,
      height: vb.height || 800,
      fill: 'url(#pw-edit-grid)',
      'pointer-events': 'none',
      'data-editor': '1',
    });
    const bg = [...r.children].find((c) => !itemsOf(r).includes(c as SVGGraphicsElement) && c.tagName === 'rect');
    r.insertBefore(defs, r.firstChild);
    r.insertBefore(grid, bg ? bg.nextSibling : defs.nextSibling);
    const o = svgElement('g', { 'data-editor': '1', 'pointer-events': 'none' });
    r.appendChild(o);
    el.replaceChildren(r);
    root.current = r;
    overlay.current = o;
    return true;
  }, []);

  const snapshot = (): Snapshot => ({ svg: root.current ? serialise(root.current) : NEW_SVG, bindings: bindingsRef.current });
  /** Records the state before a change, for undo. */
  const commit = () => {
    undo.current.push(snapshot());
    if (undo.current.length > HISTORY) {
      undo.current.shift();
    }
    redo.current = [];
  };
  const restore = (s: Snapshot) => {
    mount(s.svg);
    setBindings(s.bindings);
    select(selectedRef.current.filter((sid) => root.current?.getElementById(sid)));
    bump();
  };
  const handleUndo = () => {
    const s = undo.current.pop();
    if (s) {
      redo.current.push(snapshot());
      restore(s);
    }
  };
  const handleRedo = () => {
    const s = redo.current.pop();
    if (s) {
      undo.current.push(snapshot());
      restore(s);
    }
  };

  // Open the drawing of ?id=, or an empty one.
  useEffect(() => {
    let live = true;
    undo.current = [];
    redo.current = [];
    if (id === null) {
      mount(NEW_SVG);
      setBindings([]);
      bump();
      return undefined;
    }
    api(drawingGet, { id }).then(
      (d) => {
        if (live) {
          mount(d.svg);
          setName(d.name);
          setBindings(d.bindings);
          select([]);
          bump();
        }
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [id, mount]);

  useLayoutEffect(drawSelection, [drawSelection, selected, version, height]);

  const selectedItems = () =>
    selectedRef.current.map((sid) => root.current?.getElementById(sid)).filter((e): e is SVGGraphicsElement => !!e);

  const nextPlace = () => nextPlaceIn(root.current!, selectedItems());

  const handlePlace = (kind: SymbolKind) => {
    const r = root.current;
    if (!r) {
      return;
    }
    commit();
    const sid = uniqueId(r, kind);
    const n = itemsOf(r).length;
    const el = elementFrom(symbolMarkup(kind, sid, 40 + (n % 8) * 120, 60 + (Math.floor(n / 8) % 5) * 160));
    if (el) {
      r.insertBefore(el, overlay.current);
      select([sid]);
      bump();
    }
  };

  const handleAddText = () => {
    const r = root.current;
    const value = text.trim();
    if (!r || !value) {
      return;
    }
    commit();
    const [x, y] = nextPlace();
    const sid = uniqueId(r, 'text');
    const el = svgElement('text', {
      id: sid,
      x: 0,
      y: 12,
      'font-size': 13,
      'font-weight': 600,
      fill: '#262626',
      transform: `translate(${x} ${y})`,
    });
    el.textContent = value;
    r.insertBefore(el, overlay.current);
    setText('');
    select([sid]);
    bump();
  };

  const handleDelete = () => {
    const sel = selectedItems();
    if (!sel.length) {
      return;
    }
    commit();
    const gone = new Set(sel.flatMap(idsIn));
    sel.forEach((e) => e.remove());
    setBindings(bindingsRef.current.filter((b) => !gone.has(b.element)));
    select([]);
    bump();
  };

  const handleGroup = () => {
    const r = root.current;
    const sel = itemsOf(r!).filter((e) => selectedRef.current.includes(e.id));
    if (!r || sel.length < 2) {
      return;
    }
    commit();
    select([groupItems(r, sel).id]);
    bump();
  };

  const handleUngroup = () => {
    const r = root.current;
    const groups = selectedItems().filter((e) => e.tagName === 'g' && !e.hasAttribute('data-symbol'));
    if (!r || !groups.length) {
      return;
    }
    commit();
    const freed = ungroupItems(r, groups);
    select(freed);
    bump();
  };

  const handleAlign = (how: 'left' | 'centre' | 'top' | 'middle') => {
    const r = root.current;
    const sel = selectedItems();
    if (!r || sel.length < 2) {
      return;
    }
    commit();
    alignItems(r, sel, how);
    bump();
  };

  const handleCopy = () => {
    const sel = selectedItems();
    if (!sel.length) {
      return;
    }
    const ids = new Set(sel.flatMap(idsIn));
    clipboard = {
      markup: sel.map((e) => new XMLSerializer().serializeToString(e)),
      bindings: bindingsRef.current.filter((b) => ids.has(b.element)),
    };
    bump();
  };

  const handlePaste = () => {
    const r = root.current;
    if (!r || !clipboard) {
      return;
    }
    commit();
    const taken = new Set<string>();
    const pasted: string[] = [];
    let carried: DrawingBinding[] = [];
    for (const markup of clipboard.markup) {
      const el = elementFrom(markup);
      if (!el) {
        continue;
      }
      const renamed = renameCopy(r, el, taken);
      const [tx, ty] = getTranslate(el);
      setTranslate(el, tx + 2 * GRID, ty + 2 * GRID);
      r.insertBefore(el, overlay.current);
      carried = [...carried, ...carryBindings(clipboard.bindings, renamed)];
      pasted.push(el.id);
    }
    // A second paste lands further on, not on the first.
    clipboard = { markup: pasted.map((pid) => new XMLSerializer().serializeToString(r.getElementById(pid))), bindings: carried };
    setBindings([...bindingsRef.current, ...carried]);
    select(pasted);
    bump();
  };

  const handleImport = async (file: File) => {
    const svgText = await file.text();
    if (!isSafeSvg(svgText)) {
      void message.error(t('drawings.badSvg'));
      return;
    }
    commit();
    if (mount(svgText)) {
      setBindings([]);
      select([]);
      setName((n) => n || file.name.replace(/\.svg$/i, ''));
      bump();
    }
  };

  /** Auto-binding: the server names the tag of each text; the text binds the symbol or shape next to it. */
  const handleAutoBind = async () => {
    const r = root.current;
    if (!r) {
      return;
    }
    const { symbolIds, texts, targets } = autoBindScene(r);
    try {
      const named = await api(drawingAutoBind, { svg: serialise(r) });
      // The tags each text may name: one, or several that the symbol next to it decides between.
      const naming = new Map<string, string[]>([
        ...named.bindings.map((b): [string, string[]] => [b.element, [b.tag]]),
        ...named.unmatched.filter((u) => u.candidates).map((u): [string, string[]] => [u.element, u.candidates!]),
      ]);
      const bound = new Set(bindingsRef.current.map((b) => symbolOf(b.element, symbolIds) ?? b.element));
      const { found, unmatched } = autoBindNearby(
        texts.filter((x) => naming.has(x.element)),
        targets,
        [...new Set([...naming.values()].flat())],
        { maxGap: AUTO_BIND_GAP, bound },
      );
      if (found.length) {
        commit();
        setBindings([...bindingsRef.current, ...found.flatMap((f) => f.bindings)]);
        bump();
      }
      void message.info(
        t('drawings.autoBound', { bound: found.length, unmatched: unmatched.length + texts.filter((x) => !naming.has(x.element)).length }),
      );
    } catch {
      // The API client has shown why.
    }
  };

  const doSave = async () => {
    const r = root.current;
    if (!r) {
      return;
    }
    setSaving(true);
    try {
      const saved = await api(drawingSave, {
        id: id ?? undefined,
        name: name.trim() || t('drawings.drawing'),
        svg: serialise(r),
        bindings: bindingsRef.current,
      });
      setBindings(saved.bindings);
      setReport(null);
      void message.success(t('drawings.saved'));
      if (id !== saved.id) {
        setParams({ id: String(saved.id) }, { replace: true });
      }
    } catch {
      // The API client has shown why (the server's checker names the elements or tags).
    } finally {
      setSaving(false);
    }
  };

  /** Save runs the binding checker first: a clean drawing is saved, otherwise the findings are listed. */
  const handleSave = async () => {
    const r = root.current;
    if (!r) {
      return;
    }
    try {
      const tags = [...new Set(bindingsRef.current.map((b) => b.tag))];
      const { unknown } = await api(drawingCheckTags, { tags });
      const symbolIds = [...r.querySelectorAll('[data-symbol]')].map((e) => e.id);
      const found = checkBindings(symbolIds, bindingsRef.current, (tag) => !unknown.includes(tag));
      if (found.unbound.length || found.unknownTags.length || found.duplicateTags.length) {
        setReport(found);
      } else {
        await doSave();
      }
    } catch {
      // The API client has shown why.
    }
  };

  useDragToMove(host, root, { selectedRef, select, selectedItems, commit, drawSelection, bump });
  useEditorKeys({
    selectedRef,
    selectedItems,
    commit,
    bump,
    handleUndo,
    handleRedo,
    handleCopy,
    handlePaste,
    handleGroup,
    handleUngroup,
    handleDelete,
  });

  // The bindings the panel shows: the selection's elements, or all when nothing is selected.
  const selIds = new Set(selectedItems().flatMap(idsIn));
  const rows = bindings.map((b, i) => ({ ...b, key: i })).filter((b) => !selIds.size || selIds.has(b.element));
  const update = (i: number, patch: Partial<DrawingBinding>) => {
    commit();
    setBindings(bindingsRef.current.map((b, k) => (k === i ? { ...b, ...patch } : b)));
  };
  const single = selectedItems().length === 1 ? selectedItems()[0] : null;
  const handleBindSymbol = () => {
    const tag = bindTag.trim();
    if (!single || !tag) {
      return;
    }
    commit();
    const have = new Set(bindingsRef.current.map((b) => `${b.element}/${b.prop}`));
    const add = symbolBindings(single.getAttribute('data-symbol') ?? 'shape', single.id, tag).filter(
      (b) => !have.has(`${b.element}/${b.prop}`),
    );
    setBindings([...bindingsRef.current, ...add]);
    setBindTag('');
  };

  const tool = (key: string, label: string, icon: ReactNode, onClick: () => void, disabled = false) => (
    <Tooltip title={label} key={key}>
      <Button size="small" icon={icon} onClick={onClick} disabled={disabled} aria-label={label} data-testid={`editor-${key}`} />
    </Tooltip>
  );
  const nSel = selected.length;

  return (
    <Space direction="vertical" size={8} style={{ width: '100%' }} data-testid="svg-editor" data-version={version}>
      <Space wrap size={6}>
        <Input
          size="small"
          style={{ width: 200 }}
          value={name}
          placeholder={t('drawings.name')}
          onChange={(e) => setName(e.target.value)}
          data-testid="editor-name"
        />
        <Button
          size="small"
          type="primary"
          icon={<SaveOutlined />}
          loading={saving}
          onClick={() => void handleSave()}
          data-testid="editor-save"
        >
          {t('drawings.save')}
        </Button>
        {id !== null ? (
          <Button size="small" icon={<ExpandOutlined />} onClick={() => navigate(`/SvgShow?id=${id}`)} data-testid="editor-show">
            {t('drawings.show')}
          </Button>
        ) : null}
        <Button size="small" icon={<ImportOutlined />} onClick={() => importInput.current?.click()}>
          {t('drawings.import')}
        </Button>
        <input
          ref={importInput}
          type="file"
          accept=".svg,image/svg+xml"
          hidden
          data-testid="editor-import"
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) {
              void handleImport(f);
            }
          }}
        />
        <Button size="small" icon={<ThunderboltOutlined />} onClick={() => void handleAutoBind()} data-testid="editor-autobind">
          {t('drawings.autoBind')}
        </Button>
        <Space.Compact size="small">
          {tool('undo', `${t('drawings.undo')} (Ctrl+Z)`, <UndoOutlined />, handleUndo, !undo.current.length)}
          {tool('redo', `${t('drawings.redo')} (Ctrl+Y)`, <RedoOutlined />, handleRedo, !redo.current.length)}
        </Space.Compact>
        <Space.Compact size="small">
          {tool('copy', `${t('drawings.copy')} (Ctrl+C)`, <CopyOutlined />, handleCopy, !nSel)}
          {tool('paste', `${t('drawings.paste')} (Ctrl+V)`, <SnippetsOutlined />, handlePaste, !clipboard)}
          {tool('delete', `${t('drawings.delete')} (Delete)`, <DeleteOutlined />, handleDelete, !nSel)}
        </Space.Compact>
        <Space.Compact size="small">
          {tool('group', `${t('drawings.group')} (Ctrl+G)`, <GroupOutlined />, handleGroup, nSel < 2)}
          {tool('ungroup', `${t('drawings.ungroup')} (Ctrl+Shift+G)`, <UngroupOutlined />, handleUngroup, !nSel)}
        </Space.Compact>
        <Space.Compact size="small">
          {tool('align-left', t('drawings.alignLeft'), <AlignLeftOutlined />, () => handleAlign('left'), nSel < 2)}
          {tool('align-centre', t('drawings.alignCentre'), <AlignCenterOutlined />, () => handleAlign('centre'), nSel < 2)}
          {tool('align-top', t('drawings.alignTop'), <VerticalAlignTopOutlined />, () => handleAlign('top'), nSel < 2)}
          {tool('align-middle', t('drawings.alignMiddle'), <VerticalAlignMiddleOutlined />, () => handleAlign('middle'), nSel < 2)}
        </Space.Compact>
      </Space>
      <Space wrap size={4}>
        <Typography.Text type="secondary">{t('drawings.symbols')}:</Typography.Text>
        {symbolKinds.map((k) => (
          <Button key={k} size="small" onClick={() => handlePlace(k)} data-testid={`editor-symbol-${k}`} icon={<SymbolIcon kind={k} />}>
            {t(`drawings.symbol.${k}`)}
          </Button>
        ))}
        <Space.Compact size="small">
          <Input
            size="small"
            style={{ width: 150 }}
            value={text}
            placeholder={t('drawings.textPlaceholder')}
            onChange={(e) => setText(e.target.value)}
            onPressEnter={handleAddText}
            data-testid="editor-text"
          />
          <Button size="small" onClick={handleAddText} data-testid="editor-add-text">
            {t('drawings.addText')}
          </Button>
        </Space.Compact>
      </Space>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <div
          ref={host}
          className="pw-svg-edit-host"
          data-testid="editor-canvas"
          style={{ flex: '3 1 520px', minWidth: 0, height, background: '#d0d0d0', borderRadius: 6, overflow: 'hidden' }}
        />
        <Card
          size="small"
          style={{ flex: '1 1 340px', minWidth: 0 }}
          title={nSel ? `${t('drawings.bindings')} · ${t('drawings.selected', { n: nSel })}` : t('drawings.allBindings')}
          data-testid="editor-bindings"
        >
          {single ? (
            <Space.Compact size="small" style={{ width: '100%', marginBottom: 8 }}>
              <Input
                size="small"
                value={bindTag}
                placeholder={t('drawings.tag')}
                onChange={(e) => setBindTag(e.target.value)}
                onPressEnter={handleBindSymbol}
                data-testid="editor-bind-tag"
              />
              <Button size="small" onClick={handleBindSymbol} data-testid="editor-bind-symbol">
                {t('drawings.bindSymbol')}
              </Button>
            </Space.Compact>
          ) : null}
          <BindingsTable
            rows={rows}
            t={t}
            update={update}
            remove={(key) => {
              commit();
              setBindings(bindingsRef.current.filter((_b, k) => k !== key));
            }}
          />
        </Card>
      </div>
      <CheckReportModal report={report} saving={saving} t={t} onCancel={() => setReport(null)} onSave={() => void doSave()} />
    </Space>
  );
}
