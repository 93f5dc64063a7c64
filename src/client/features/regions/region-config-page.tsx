import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Empty,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Select,
  Space,
  Switch,
  Tag,
  Tree,
  TreeSelect,
  Typography,
  message,
} from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  regionDelete,
  regionGeometrySave,
  regionGetList,
  regionKinds,
  regionSave,
  type AreaGeometry,
  type RegionItem,
  type RegionKind,
} from '../../../shared/org/contracts';
import type { RegionHeadCountItem } from '../../../shared/regions/contracts';
import { checkAreaGeometry, type LonLat } from '../../../shared/domain/geometry';
import { renderMessage } from '../../../shared/messages/catalog';
import { listToTree, type TreeNode } from '../../../shared/tree';
import { api, errorText } from '../../app/api';
import { pick, useLang, type Lang } from '../../app/i18n';
import { useSession } from '../../app/session-store';
import { useTopic } from '../../stream/use-topic';
import { isValidationError, showSaveError } from '../../ui/form-rules';
import { PlantMap } from '../../ui/plant-map';
import { reloadRegionShapes, useRegionShapes } from '../../ui/region-shapes';
import { useRegionHeadCounts } from '../../ui/use-head-counts';
import { useLoad } from '../../ui/use-load';
import { GeoJsonButtons } from './geojson-io';
import { regionsNs } from './locales';
import { closeRing, ShapeEditor, type EditMode } from './shape-editor';
import { SitePlanButton } from './site-plan-dialog';
import './regions.css';

interface RegionForm {
  regionname: string;
  regionname_en: string;
  regioncode: string;
  regionparentid: number;
  fullname: string;
  fullcode: string;
  pinyincode: string;
  description: string;
  nfccard: string;
  defaultexpand: boolean;
  kind: RegionKind;
  floors: string[];
  sort: number;
}

const FORM_FIELDS: (keyof RegionForm)[] = [
  'regionname',
  'regionname_en',
  'regioncode',
  'regionparentid',
  'fullname',
  'fullcode',
  'pinyincode',
  'description',
  'nfccard',
  'defaultexpand',
  'kind',
  'floors',
  'sort',
];

interface TreeData {
  key: number;
  value: number;
  title: string;
  children: TreeData[];
}

function regionTreeData(regions: readonly RegionItem[], lang: Lang, note: (id: number) => string | undefined): TreeData[] {
  const sorted = [...regions].sort((a, b) => a.sort - b.sort || a.regionid - b.regionid);
  const toNode = (r: TreeNode<RegionItem>): TreeData => {
    const n = note(r.regionid);
    const name = `${pick(lang, r.regionname, r.regionname_en)} (${r.regioncode})`;
    return { key: r.regionid, value: r.regionid, title: n ? `${name} · ${n}` : name, children: r.children.map(toNode) };
  };
  return listToTree(sorted, { id: 'regionid', parent: 'regionparentid' }).map(toNode);
}

/** The exterior ring of a stored polygon (the first one of a MultiPolygon), without the closing repeat. */
function editableRing(g: AreaGeometry | undefined): LonLat[] {
  if (!g) {
    return [];
  }
  const ring = g.type === 'Polygon' ? g.coordinates[0] : g.coordinates[0]?.[0];
  return ring ? ring.slice(0, -1).map((p) => [p[0], p[1]] as LonLat) : [];
}

/** The edited ring put back into the stored geometry: holes and further polygons are kept. */
function withRing(g: AreaGeometry | undefined, vertices: readonly LonLat[]): AreaGeometry {
  const ring = closeRing(vertices).map((p) => [p[0], p[1]] as [number, number]);
  if (g?.type === 'MultiPolygon') {
    return { type: 'MultiPolygon', coordinates: g.coordinates.map((poly, i) => (i === 0 ? [ring, ...poly.slice(1)] : poly)) };
  }
  return { type: 'Polygon', coordinates: [ring, ...(g?.coordinates.slice(1) ?? [])] as [number, number][][] };
}

/**
 * /systemConfig/RegionConfig (seed 2 §2.3): the region tree beside the plant map. Select a
 * region to highlight it and edit its fields; draw, reshape and move its polygon on the map;
 * import and export GeoJSON; place the plant's own site plan.
 */
export function RegionConfigPage() {
  const { t } = useTranslation(regionsNs);
  const lang = useLang();
  const [form] = Form.useForm<RegionForm>();
  const [msg, msgHolder] = message.useMessage();
  const canManage = useSession((s) => s.user?.permissions.includes('org:manage') ?? false);

  const loadRegions = useCallback((signal: AbortSignal) => api(regionGetList, { isallregionid: 0 }, { signal }), []);
  const regions = useLoad(loadRegions);
  const shapes = useRegionShapes();
  // Someone else added, renamed or deleted a region: the tree follows.
  useTopic('region', regions.reload);
  // Head counts follow people moving: refreshed every few seconds while the page is open.
  const headCounts = useRegionHeadCounts();
  const counts = useMemo((): Record<number, RegionHeadCountItem> => Object.fromEntries(headCounts.map((i) => [i.regionid, i])), [headCounts]);

  const [selected, setSelected] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const [search, setSearch] = useState('');
  /** Opened tree nodes; null until the user folds one: everything open. */
  const [expanded, setExpanded] = useState<number[] | null>(null);
  const [mode, setMode] = useState<EditMode>('view');
  const [vertices, setVertices] = useState<LonLat[]>([]);
  const [selectedVertex, setSelectedVertex] = useState<number | null>(null);
  const [shapeError, setShapeError] = useState<string | null>(null);
  const [savingShape, setSavingShape] = useState(false);
  const [saving, setSaving] = useState(false);

  const list = useMemo(() => regions.data ?? [], [regions.data]);
  const current = list.find((r) => r.regionid === selected);
  const currentShape = shapes?.find((f) => f.id === selected)?.geometry;

  const noteOf = useCallback(
    (id: number) => {
      const c = counts[id];
      return c && (c.people > 0 || c.vehicles > 0) ? t('headCount', { p: c.people, v: c.vehicles }) : undefined;
    },
    [counts, t],
  );
  const mapNotes = useMemo(() => {
    const out: Record<number, string> = {};
    for (const id of Object.keys(counts)) {
      const note = noteOf(Number(id));
      if (note) {
        out[Number(id)] = note;
      }
    }
    return out;
  }, [counts, noteOf]);

  const visible = useMemo(() => {
    const q = search.trim().toLowerCase();
    if (!q) {
      return list;
    }
    const hit = new Set(
      list
        .filter((r) => [r.regionname, r.regionname_en, r.regioncode, r.pinyincode].some((s) => s.toLowerCase().includes(q)))
        .map((r) => r.regionid),
    );
    // Keep the ancestors of every hit, so the tree still shows where it lies.
    const byId = new Map(list.map((r) => [r.regionid, r]));
    for (const id of [...hit]) {
      let up = byId.get(id)?.regionparentid;
      while (up && !hit.has(up)) {
        hit.add(up);
        up = byId.get(up)?.regionparentid;
      }
    }
    return list.filter((r) => hit.has(r.regionid));
  }, [list, search]);
  const treeData = useMemo(() => regionTreeData(visible, lang, noteOf), [visible, lang, noteOf]);
  const parentTree = useMemo(
    () => [{ key: 0, value: 0, title: t('topLevel'), children: regionTreeData(list, lang, () => undefined) }],
    [list, lang, t],
  );

  const resetShape = useCallback((g: AreaGeometry | undefined) => {
    setVertices(editableRing(g));
    setMode('view');
    setSelectedVertex(null);
    setShapeError(null);
  }, []);

  const fillForm = useCallback(
    (r: RegionItem) => {
      form.resetFields();
      form.setFieldsValue({
        regionname: r.regionname,
        regionname_en: r.regionname_en,
        regioncode: r.regioncode,
        regionparentid: r.regionparentid,
        fullname: r.fullname,
        fullcode: r.fullcode,
        pinyincode: r.pinyincode,
        description: r.description,
        nfccard: r.nfccard,
        defaultexpand: r.defaultexpand === 1,
        kind: r.kind,
        floors: r.floors.map(String),
        sort: r.sort,
      });
    },
    [form],
  );

  const handleSelect = (id: number) => {
    const r = list.find((x) => x.regionid === id);
    if (!r) {
      return;
    }
    setCreating(false);
    setSelected(id);
    fillForm(r);
    resetShape(shapes?.find((f) => f.id === id)?.geometry);
  };

  // A region reselected after a reload (or its polygon changed by someone else) shows its stored shape.
  useEffect(() => {
    if (mode === 'view' && !creating) {
      setVertices(editableRing(currentShape));
    }
  }, [currentShape, mode, creating]);

  const handleAdd = () => {
    setCreating(true);
    setSelected(null);
    form.resetFields();
    form.setFieldsValue({ regionparentid: current?.regionid ?? 0, kind: 'restricted', defaultexpand: false, floors: [], sort: 0 });
    setVertices([]);
    setMode('view');
    setShapeError(null);
  };

  /** The client check of a drawn shape: the same rule the server applies. */
  const checkShape = (): AreaGeometry | null => {
    const geometry = withRing(creating ? undefined : currentShape, vertices);
    const problem = checkAreaGeometry(geometry);
    if (problem) {
      const [a, b] = problem.vertices ?? [0, 0];
      setShapeError(renderMessage(lang, problem.code, { a, b }));
      return null;
    }
    setShapeError(null);
    return geometry;
  };

  const handleSave = async () => {
    let values: RegionForm;
    try {
      values = await form.validateFields();
    } catch (err) {
      if (isValidationError(err)) {
        return;
      }
      throw err;
    }
    // A new region drawn before its first save is stored with its polygon in one call.
    let geometry: AreaGeometry | undefined;
    if (creating && vertices.length > 0) {
      const checked = checkShape();
      if (!checked) {
        return;
      }
      geometry = checked;
    }
    setSaving(true);
    try {
      const saved = await api(
        regionSave,
        {
          ...(creating ? {} : { regionid: selected ?? undefined }),
          ...values,
          defaultexpand: values.defaultexpand ? 1 : 0,
          floors: (values.floors ?? []).map(Number).filter((n) => Number.isInteger(n)),
          ...(geometry ? { geometry } : {}),
        },
        { silent: true },
      );
      void msg.success(t('saved'));
      setCreating(false);
      setSelected(saved.regionid);
      setMode('view');
      regions.reload();
      await reloadRegionShapes();
    } catch (err) {
      showSaveError(err, { form, fields: FORM_FIELDS, message: msg, lang });
    } finally {
      setSaving(false);
    }
  };

  const handleSaveShape = async () => {
    if (creating) {
      await handleSave();
      return;
    }
    if (selected === null) {
      return;
    }
    const geometry = checkShape();
    if (!geometry) {
      return;
    }
    setSavingShape(true);
    try {
      await api(regionGeometrySave, { regionid: selected, geometry }, { silent: true });
      void msg.success(t('shapeSaved'));
      setMode('view');
      setSelectedVertex(null);
      await reloadRegionShapes();
      regions.reload();
    } catch (err) {
      setShapeError(errorText(err));
    } finally {
      setSavingShape(false);
    }
  };

  const handleClearShape = async () => {
    if (selected === null) {
      return;
    }
    try {
      await api(regionGeometrySave, { regionid: selected, geometry: null }, { silent: true });
      resetShape(undefined);
      await reloadRegionShapes();
      regions.reload();
    } catch (err) {
      setShapeError(errorText(err));
    }
  };

  const handleDelete = async () => {
    if (selected === null) {
      return;
    }
    try {
      await api(regionDelete, { regionid: selected }, { silent: true });
      setSelected(null);
      form.resetFields();
      resetShape(undefined);
      regions.reload();
      await reloadRegionShapes();
    } catch (err) {
      void msg.error(errorText(err), 5);
    }
  };

  const handleDeleteVertex = () => {
    if (selectedVertex === null) {
      return;
    }
    setVertices(vertices.filter((_, i) => i !== selectedVertex));
    setSelectedVertex(null);
  };

  const handleSelectVertex = (i: number | null) => {
    // Clicking the first corner again while drawing closes the polygon.
    if (mode === 'draw' && i === 0 && vertices.length >= 3) {
      setMode('edit');
      return;
    }
    setSelectedVertex(i);
  };

  const editing = creating || selected !== null;
  const shapeChanged = mode !== 'view' || (creating && vertices.length > 0);

  const toolbar = (
    <Space wrap size={[8, 8]}>
      <Typography.Text strong>{t('shape')}</Typography.Text>
      {mode === 'view' && (
        <>
          <Button
            icon={<EditOutlined />}
            disabled={!editing || !canManage}
            data-testid="shape-draw"
            onClick={() => {
              setVertices([]);
              setSelectedVertex(null);
              setShapeError(null);
              setMode('draw');
            }}
          >
            {t('draw')}
          </Button>
          <Button disabled={!editing || !canManage || vertices.length < 3} data-testid="shape-edit" onClick={() => setMode('edit')}>
            {t('reshape')}
          </Button>
          {!creating && currentShape && (
            <Popconfirm title={t('confirmClear')} onConfirm={handleClearShape}>
              <Button danger disabled={!canManage} data-testid="shape-clear">
                {t('clearShape')}
              </Button>
            </Popconfirm>
          )}
        </>
      )}
      {mode === 'draw' && (
        <Button type="primary" disabled={vertices.length < 3} data-testid="shape-finish" onClick={() => setMode('edit')}>
          {t('finish')}
        </Button>
      )}
      {mode === 'edit' && (
        <Button
          icon={<DeleteOutlined />}
          disabled={selectedVertex === null || vertices.length <= 3}
          data-testid="shape-delete-vertex"
          onClick={handleDeleteVertex}
        >
          {t('deleteVertex')}
        </Button>
      )}
      {shapeChanged && (
        <>
          <Button
            type="primary"
            loading={savingShape || saving}
            disabled={vertices.length < 3 || mode === 'draw'}
            data-testid="shape-save"
            onClick={handleSaveShape}
          >
            {t('saveShape')}
          </Button>
          <Button data-testid="shape-cancel" onClick={() => resetShape(creating ? undefined : currentShape)}>
            {t('cancel')}
          </Button>
        </>
      )}
      <Typography.Text type="secondary" data-testid="shape-hint">
        {mode === 'draw'
          ? t('drawHint')
          : mode === 'edit'
            ? t('editHint')
            : vertices.length >= 3
              ? t('vertices', { n: vertices.length })
              : editing
                ? t('noShape')
                : ''}
      </Typography.Text>
    </Space>
  );

  return (
    <div className="region-config" data-testid="region-config">
      {msgHolder}
      <div className="region-config-side">
        <Card
          size="small"
          title={t('tree')}
          extra={
            <Space size={4}>
              <Button size="small" icon={<ReloadOutlined />} onClick={regions.reload} aria-label={t('refresh')} />
              {canManage && (
                <Button size="small" type="primary" icon={<PlusOutlined />} onClick={handleAdd} data-testid="region-add">
                  {current ? t('addChild') : t('add')}
                </Button>
              )}
            </Space>
          }
        >
          <Input.Search
            allowClear
            placeholder={t('search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            style={{ marginBottom: 8 }}
          />
          {list.length === 0 && !regions.loading ? (
            <Empty />
          ) : (
            <div style={{ maxHeight: '40vh', overflow: 'auto' }}>
              <Tree<TreeData>
                treeData={treeData}
                selectedKeys={selected !== null ? [selected] : []}
                onSelect={(keys) => keys.length > 0 && handleSelect(Number(keys[0]))}
                expandedKeys={expanded ?? list.map((r) => r.regionid)}
                onExpand={(keys) => setExpanded(keys.map(Number))}
                blockNode
                data-testid="region-tree"
              />
            </div>
          )}
        </Card>
        <Card
          size="small"
          title={creating ? t('newRegion') : t('form')}
          extra={
            !creating && current && canManage ? (
              <Popconfirm title={t('confirmRemove', { name: current.regionname })} onConfirm={handleDelete}>
                <Button size="small" danger icon={<DeleteOutlined />}>
                  {t('remove')}
                </Button>
              </Popconfirm>
            ) : null
          }
        >
          {!editing ? (
            <Empty description={t('noRegion')} />
          ) : (
            <Form form={form} layout="vertical" size="small" disabled={!canManage} data-testid="region-form">
              <Form.Item name="regionname" label={t('regionname')} rules={[{ required: true, whitespace: true, message: t('required') }]}>
                <Input maxLength={100} data-testid="region-name" />
              </Form.Item>
              <Form.Item name="regionname_en" label={t('regionname_en')}>
                <Input maxLength={100} />
              </Form.Item>
              <Form.Item name="regioncode" label={t('regioncode')} rules={[{ required: true, whitespace: true, message: t('required') }]}>
                <Input maxLength={50} data-testid="region-code" />
              </Form.Item>
              <Form.Item name="regionparentid" label={t('parent')} rules={[{ required: true, message: t('required') }]}>
                <TreeSelect treeData={parentTree} treeDefaultExpandAll showSearch treeNodeFilterProp="title" />
              </Form.Item>
              <Form.Item name="kind" label={t('kind')}>
                <Select data-testid="region-kind" options={regionKinds.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} />
              </Form.Item>
              <Form.Item name="floors" label={t('floors')} tooltip={t('floorsHint')}>
                <Select mode="tags" tokenSeparators={[',', ' ']} open={false} suffixIcon={null} />
              </Form.Item>
              <Form.Item name="fullname" label={t('fullname')}>
                <Input maxLength={200} />
              </Form.Item>
              <Form.Item name="fullcode" label={t('fullcode')}>
                <Input maxLength={200} />
              </Form.Item>
              <Form.Item name="pinyincode" label={t('pinyincode')}>
                <Input maxLength={50} />
              </Form.Item>
              <Form.Item name="nfccard" label={t('nfccard')}>
                <Input maxLength={64} />
              </Form.Item>
              <Form.Item name="description" label={t('description')}>
                <Input.TextArea maxLength={1000} autoSize={{ minRows: 2, maxRows: 5 }} />
              </Form.Item>
              <Space>
                <Form.Item name="defaultexpand" label={t('defaultexpand')} valuePropName="checked">
                  <Switch />
                </Form.Item>
                <Form.Item name="sort" label={t('sort')}>
                  <InputNumber />
                </Form.Item>
              </Space>
              <Button type="primary" block loading={saving} onClick={handleSave} data-testid="region-save">
                {t('save')}
              </Button>
            </Form>
          )}
        </Card>
      </div>
      <div className="region-config-map">
        <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
          {toolbar}
          <Space wrap>
            {current && counts[current.regionid] && (
              <Tag
                color="blue"
                data-testid="region-headcount"
                data-people={counts[current.regionid].people}
                data-vehicles={counts[current.regionid].vehicles}
              >
                {t('headCount', { p: counts[current.regionid].people, v: counts[current.regionid].vehicles })}
              </Tag>
            )}
            <GeoJsonButtons
              parentid={current?.regionid ?? 0}
              parents={parentTree}
              canManage={canManage}
              onImported={() => regions.reload()}
            />
            {canManage && <SitePlanButton />}
          </Space>
        </Space>
        {shapeError && (
          <Alert type="error" showIcon message={shapeError} data-testid="shape-error" closable onClose={() => setShapeError(null)} />
        )}
        <div className="region-config-canvas">
          <PlantMap language={lang} highlightRegionId={mode === 'view' ? selected : null} regionNotes={mapNotes}>
            <ShapeEditor
              vertices={vertices}
              mode={editing ? mode : 'view'}
              selectedVertex={selectedVertex}
              onChange={(v) => {
                setVertices(v);
                setShapeError(null);
              }}
              onSelectVertex={handleSelectVertex}
              onFinish={() => setMode(vertices.length >= 3 ? 'edit' : 'draw')}
              moveTitle={t('moveHandle')}
            />
          </PlantMap>
        </div>
      </div>
    </div>
  );
}
