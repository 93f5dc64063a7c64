import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Empty,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Space,
  Spin,
  Tooltip,
  Tree,
  TreeSelect,
  Typography,
  message,
} from 'antd';
import { useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { deptDelete, deptSave, regionDelete, regionSave } from '../../../shared/contracts/org';
import { api } from '../../app/api';
import { useLang, type Lang } from '../../app/i18n';
import { FormModal } from './form-modal';
import { zodRule } from '../../ui/form-rules';
import { orgNs } from './locales';
import { allKeys, filterUnitTree, keysToDepth, localName, selfAndDescendants, unitTree, type OrgUnit, type UnitNode } from './org-units';

export type UnitKind = 'dept' | 'region';

interface UnitForm {
  parentId: number;
  name: string;
  name_en?: string;
  code: string;
  sort?: number;
}
const formFields: (keyof UnitForm)[] = ['parentId', 'name', 'name_en', 'code', 'sort'];

/** Contract field names of each kind, by form field. */
const contractFields = {
  dept: { parentId: 'parentdeptid', name: 'deptname', name_en: 'deptname_en', code: 'deptcode', sort: 'sort' },
  region: { parentId: 'regionparentid', name: 'regionname', name_en: 'regionname_en', code: 'regioncode', sort: 'sort' },
} as const satisfies Record<UnitKind, Record<keyof UnitForm, string>>;

const invert = (m: Record<string, string>) => Object.fromEntries(Object.entries(m).map(([k, v]) => [v, k]));

function fieldRules(kind: UnitKind, lang: Lang) {
  const shape = kind === 'dept' ? deptSave.input.shape : regionSave.input.shape;
  const f = contractFields[kind];
  return {
    name: zodRule(shape[f.name as keyof typeof shape], lang),
    name_en: zodRule(shape[f.name_en as keyof typeof shape], lang),
    code: zodRule(shape[f.code as keyof typeof shape], lang),
  };
}

async function saveUnit(kind: UnitKind, v: UnitForm, id: number | undefined): Promise<void> {
  const common = { name_en: v.name_en ?? '', sort: v.sort ?? 0 };
  if (kind === 'dept') {
    await api(
      deptSave,
      { deptid: id, parentdeptid: v.parentId, deptname: v.name, deptname_en: common.name_en, deptcode: v.code, sort: common.sort },
      { silent: true },
    );
  } else {
    await api(
      regionSave,
      {
        regionid: id,
        regionparentid: v.parentId,
        regionname: v.name,
        regionname_en: common.name_en,
        regioncode: v.code,
        sort: common.sort,
      },
      { silent: true },
    );
  }
}

async function deleteUnit(kind: UnitKind, id: number): Promise<void> {
  if (kind === 'dept') {
    await api(deptDelete, { deptid: id });
  } else {
    await api(regionDelete, { regionid: id });
  }
}

type Editing = { mode: 'create'; parentId: number } | { mode: 'edit'; unit: OrgUnit };

export interface OrgTreePanelProps {
  kind: UnitKind;
  units: OrgUnit[] | undefined;
  loading: boolean;
  canManage: boolean;
  selectedId: number | undefined;
  onSelect: (id: number | undefined) => void;
  /** A unit was created, changed or deleted: load the list again. */
  onChanged: () => void;
}

/** Department or region tree with search, and (with org:manage) add child, edit and delete. */
export function OrgTreePanel({ kind, units, loading, canManage, selectedId, onSelect, onChanged }: OrgTreePanelProps) {
  const { t } = useTranslation(orgNs);
  const lang = useLang();
  const [messageApi, messageHolder] = message.useMessage();
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<Key[] | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  // `editing` outlives `open` so the dialog keeps its title while it closes.
  const [open, setOpen] = useState(false);
  const [formKey, setFormKey] = useState(0);

  const tree = useMemo(() => unitTree(units ?? [], lang), [units, lang]);
  const shown = useMemo(() => filterUnitTree(tree, search), [tree, search]);
  const expandedKeys = search.trim() ? allKeys(shown) : (expanded ?? keysToDepth(tree, 2));

  const parentOptions = useMemo(() => {
    const blocked = editing?.mode === 'edit' ? selfAndDescendants(units ?? [], editing.unit.id) : new Set<number>();
    const root = { key: 0, value: 0, title: t(`${kind}.root`), children: unitTree(units ?? [], lang, (u) => blocked.has(u.id)) };
    return [root];
  }, [editing, units, lang, kind, t]);

  const rules = useMemo(() => fieldRules(kind, lang), [kind, lang]);

  const openEditor = (e: Editing) => {
    setEditing(e);
    setFormKey((k) => k + 1);
    setOpen(true);
  };
  const openCreate = (parentId: number) => openEditor({ mode: 'create', parentId });

  const handleSubmit = async (values: UnitForm) => {
    if (!editing) {
      return;
    }
    await saveUnit(kind, values, editing.mode === 'edit' ? editing.unit.id : undefined);
    void messageApi.success(t('common.saved'));
    if (editing.mode === 'create' && editing.parentId) {
      setExpanded((keys) => [...(keys ?? keysToDepth(tree, 2)), editing.parentId]);
    }
    onChanged();
  };

  const handleDelete = async (unit: OrgUnit) => {
    try {
      await deleteUnit(kind, unit.id);
      void messageApi.success(t('common.deleted'));
      if (selectedId === unit.id) {
        onSelect(undefined);
      }
      onChanged();
    } catch {
      // The API client has shown the reason.
    }
  };

  const renderTitle = (node: UnitNode) => {
    const { unit } = node;
    const selected = unit.id === selectedId;
    return (
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 }}>
        <span style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {node.title}
          <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
            {unit.code}
          </Typography.Text>
        </span>
        {canManage && selected && (
          <Space size={0} onClick={(e) => e.stopPropagation()}>
            <Tooltip title={t(`${kind}.addChild`)}>
              <Button
                type="text"
                size="small"
                icon={<PlusOutlined />}
                aria-label={t(`${kind}.addChild`)}
                onClick={() => openCreate(unit.id)}
              />
            </Tooltip>
            <Tooltip title={t('common.edit')}>
              <Button
                type="text"
                size="small"
                icon={<EditOutlined />}
                aria-label={t('common.edit')}
                onClick={() => openEditor({ mode: 'edit', unit })}
              />
            </Tooltip>
            <Popconfirm
              title={t('common.confirmDelete', { name: localName(lang, unit.name, unit.name_en) })}
              description={node.children.length ? t(`${kind}.deleteHasChildren`) : undefined}
              okButtonProps={{ danger: true }}
              onConfirm={() => handleDelete(unit)}
            >
              <Tooltip title={t('common.delete')}>
                <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} />
              </Tooltip>
            </Popconfirm>
          </Space>
        )}
      </div>
    );
  };

  const initialValues: Partial<UnitForm> | undefined =
    editing?.mode === 'edit'
      ? {
          parentId: editing.unit.parentId,
          name: editing.unit.name,
          name_en: editing.unit.name_en,
          code: editing.unit.code,
          sort: editing.unit.sort,
        }
      : editing
        ? { parentId: editing.parentId, sort: 0 }
        : undefined;

  return (
    <Card
      title={t(`${kind}.title`)}
      size="small"
      extra={
        canManage && (
          <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => openCreate(selectedId ?? 0)}>
            {selectedId ? t(`${kind}.addChild`) : t(`${kind}.addRoot`)}
          </Button>
        )
      }
      styles={{ body: { minHeight: 360 } }}
    >
      {messageHolder}
      <Input.Search allowClear placeholder={t(`${kind}.search`)} style={{ marginBottom: 8 }} onChange={(e) => setSearch(e.target.value)} />
      <Spin spinning={loading && !units}>
        {shown.length ? (
          <Tree<UnitNode>
            blockNode
            showLine
            treeData={shown}
            expandedKeys={expandedKeys}
            onExpand={(keys) => setExpanded(keys)}
            selectedKeys={selectedId ? [selectedId] : []}
            onSelect={(keys) => onSelect(keys.length ? Number(keys[0]) : undefined)}
            titleRender={renderTitle}
          />
        ) : (
          !loading && (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={search.trim() ? t('common.noMatch') : t(`${kind}.empty`)}>
              {canManage && !search.trim() && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => openCreate(0)}>
                  {t(`${kind}.addRoot`)}
                </Button>
              )}
            </Empty>
          )
        )}
      </Spin>
      <FormModal<UnitForm>
        key={formKey}
        open={open}
        title={editing?.mode === 'edit' ? t(`${kind}.editTitle`) : t(`${kind}.createTitle`)}
        initialValues={initialValues}
        fields={formFields}
        fieldNames={invert(contractFields[kind])}
        onSubmit={handleSubmit}
        onClose={() => setOpen(false)}
      >
        <Form.Item
          name="parentId"
          label={t(`${kind}.parent`)}
          rules={[{ required: true, message: t('common.pleaseSelect', { field: t(`${kind}.parent`) }) }]}
        >
          <TreeSelect treeData={parentOptions} treeDefaultExpandedKeys={[0]} showSearch treeNodeFilterProp="title" />
        </Form.Item>
        <Form.Item
          name="name"
          label={t(`${kind}.name`)}
          rules={[{ required: true, whitespace: true, message: t('common.pleaseEnter', { field: t(`${kind}.name`) }) }, rules.name]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="name_en" label={t('common.nameEn')} rules={[rules.name_en]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="code"
          label={t(`${kind}.code`)}
          extra={t('common.codeHint')}
          rules={[{ required: true, whitespace: true, message: t('common.pleaseEnter', { field: t(`${kind}.code`) }) }, rules.code]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="sort" label={t('common.sort')}>
          <InputNumber precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </FormModal>
    </Card>
  );
}
