import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Input, Popconfirm, Space, Spin, Tooltip, Tree, TreeSelect, Typography, message } from 'antd';
import { useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { deptDelete, deptSave, regionDelete, regionSave } from '../../../shared/org/contracts';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { deptUnitLedger, regionUnitLedger } from '../../../shared/records/ledgers/org';
import { FormModal } from '../../ui/form-modal';
import { DefinitionFields, type FormValues } from '../../ui/records/definition-form';
import { orgNs } from './locales';
import { allKeys, filterUnitTree, keysToDepth, localName, selfAndDescendants, unitTree, type OrgUnit, type UnitNode } from './org-units';

export type UnitKind = 'dept' | 'region';

const ledgers = { dept: deptUnitLedger, region: regionUnitLedger } as const;
const formFields = deptUnitLedger.fields.map((f) => f.key);

/** Contract field names of each kind, by form field. */
const contractFields = {
  dept: { parentId: 'parentdeptid', name: 'deptname', name_en: 'deptname_en', code: 'deptcode', sort: 'sort' },
  region: { parentId: 'regionparentid', name: 'regionname', name_en: 'regionname_en', code: 'regioncode', sort: 'sort' },
} as const satisfies Record<UnitKind, Record<string, string>>;

const invert = (m: Record<string, string>) => Object.fromEntries(Object.entries(m).map(([k, v]) => [v, k]));

/** The unit's own call with the form's values under the contract's names; the contract's issues come back when they are wrong. */
async function saveUnit(kind: UnitKind, v: FormValues, id: number | undefined) {
  const f = contractFields[kind];
  const payload = Object.fromEntries(Object.entries(f).map(([form, contract]) => [contract, v[form]]));
  if (kind === 'dept') {
    const checked = deptSave.input.safeParse({ ...payload, deptid: id }, { reportInput: true });
    if (!checked.success) {
      return checked.error.issues;
    }
    await api(deptSave, checked.data, { silent: true });
  } else {
    const checked = regionSave.input.safeParse({ ...payload, regionid: id }, { reportInput: true });
    if (!checked.success) {
      return checked.error.issues;
    }
    await api(regionSave, checked.data, { silent: true });
  }
  return [];
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

  const openEditor = (e: Editing) => {
    setEditing(e);
    setFormKey((k) => k + 1);
    setOpen(true);
  };
  const openCreate = (parentId: number) => openEditor({ mode: 'create', parentId });

  const handleSubmit = async (values: FormValues) => {
    if (!editing) {
      return;
    }
    const issues = await saveUnit(kind, values, editing.mode === 'edit' ? editing.unit.id : undefined);
    if (issues.length) {
      return issues;
    }
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

  const initialValues: FormValues | undefined =
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
      <FormModal<FormValues>
        key={formKey}
        open={open}
        title={editing?.mode === 'edit' ? t(`${kind}.editTitle`) : t(`${kind}.createTitle`)}
        okText={t('common.save')}
        initialValues={initialValues}
        fields={formFields}
        fieldNames={invert(contractFields[kind])}
        onSubmit={handleSubmit}
        onClose={() => setOpen(false)}
      >
        <DefinitionFields
          fields={ledgers[kind].fields}
          extra={{ code: t('common.codeHint') }}
          inputs={{ parentId: <TreeSelect treeData={parentOptions} treeDefaultExpandedKeys={[0]} showSearch treeNodeFilterProp="title" /> }}
        />
      </FormModal>
    </Card>
  );
}
