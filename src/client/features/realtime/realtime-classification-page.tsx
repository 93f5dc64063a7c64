import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Space,
  Spin,
  Tooltip,
  Transfer,
  Tree,
  TreeSelect,
  Typography,
  message,
} from 'antd';
import type { TransferItem } from 'antd/es/transfer';
import type { DataNode } from 'antd/es/tree';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { classDelete, classList, classSave, classSetTags, type TagClassItem } from '../../../shared/realtime/contracts';
import { flattenTree } from '../../../shared/tree';
import { api } from '../../app/api';
import { pick, useLang } from '../../app/i18n';
import { isValidationError, showSaveError, zodRule } from '../../ui/form-rules';
import { realtimeNs } from './locales';
import { classTree, loadAllTags, tagLabel, useCanManageRealtime, type ClassNode } from './tag-data';
import { useLoad } from '../../ui/use-load';
import './realtime.css';

interface ClassForm {
  parentid: number;
  name: string;
  name_en?: string;
  sort?: number;
}
const classFields: (keyof ClassForm)[] = ['parentid', 'name', 'name_en', 'sort'];

interface TagTransferItem extends TransferItem {
  key: string;
  title: string;
  search: string;
}

/** Keeps the nodes whose name matches, with their ancestors (so a match is shown in its place). */
function filterTree(nodes: readonly ClassNode[], match: (n: ClassNode) => boolean): ClassNode[] {
  const out: ClassNode[] = [];
  for (const n of nodes) {
    const children = filterTree(n.children, match);
    if (match(n) || children.length > 0) {
      out.push({ ...n, children });
    }
  }
  return out;
}

/** /realTimeData/calssificationManage: the classification tree of tags and each class's member tags. */
export function RealTimeDataClassificationPage() {
  const { t } = useTranslation(realtimeNs);
  const lang = useLang();
  const canManage = useCanManageRealtime();
  const [messageApi, messageHolder] = message.useMessage();
  const [form] = Form.useForm<ClassForm>();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<TagClassItem | null>(null);
  const [open, setOpen] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const [defaults, setDefaults] = useState<Partial<ClassForm>>({});
  const [saving, setSaving] = useState(false);
  const [draft, setDraft] = useState<string[] | null>(null);

  const loadClasses = useCallback((signal: AbortSignal) => api(classList, {}, { signal }), []);
  const loadTags = useCallback((signal: AbortSignal) => loadAllTags({}, signal), []);
  const classes = useLoad(loadClasses);
  const tags = useLoad(loadTags);

  const tree = useMemo(() => classTree(classes.data ?? []), [classes.data]);
  const byId = useMemo(() => new Map((classes.data ?? []).map((c) => [c.id, c])), [classes.data]);
  const selected = selectedId === null ? undefined : byId.get(selectedId);
  const nameOf = useCallback((c: TagClassItem) => pick(lang, c.name, c.name_en), [lang]);

  // Pick the first class once loaded; forget a class that was deleted.
  useEffect(() => {
    if (!classes.data) {
      return;
    }
    if (selectedId === null || !byId.has(selectedId)) {
      setSelectedId(tree[0]?.id ?? null);
    }
  }, [classes.data, byId, selectedId, tree]);
  // A new selection starts from the saved members.
  useEffect(() => setDraft(null), [selectedId]);

  const treeData: DataNode[] = useMemo(() => {
    const keyword = search.trim().toLowerCase();
    const shown = keyword
      ? filterTree(tree, (n) => n.name.toLowerCase().includes(keyword) || n.name_en.toLowerCase().includes(keyword))
      : tree;
    const toNode = (n: ClassNode): DataNode => ({
      key: n.id,
      title: (
        <span className="pw-rt-tree-title" data-testid={`class-node-${n.id}`}>
          {nameOf(n)}
          <span className="pw-rt-tree-count">{n.tagids.length}</span>
        </span>
      ),
      children: n.children.map(toNode),
    });
    return shown.map(toNode);
  }, [tree, search, nameOf]);
  const allKeys = useMemo(() => flattenTree(tree).map((n) => n.id), [tree]);
  // Everything open at first and after a reload; the user's collapsing is kept until then.
  const [expanded, setExpanded] = useState<number[]>([]);
  useEffect(() => setExpanded(allKeys), [allKeys]);

  const parentOptions = useMemo(() => {
    // A class cannot move under itself or its descendants.
    const banned = new Set<number>();
    if (editing) {
      const node = flattenTree(tree).find((n) => n.id === editing.id);
      if (node) {
        flattenTree([node]).forEach((n) => banned.add(n.id));
      }
    }
    type Opt = { value: number; title: string; disabled?: boolean; children: Opt[] };
    const toOpt = (n: ClassNode): Opt => ({ value: n.id, title: nameOf(n), disabled: banned.has(n.id), children: n.children.map(toOpt) });
    return [{ value: 0, title: t('classification.root'), children: [] as Opt[] }, ...tree.map(toOpt)];
  }, [tree, editing, nameOf, t]);

  const transferData: TagTransferItem[] = useMemo(
    () =>
      (tags.data?.items ?? []).map((tag) => ({
        key: tag.id,
        title: `${tag.id} · ${tagLabel(tag, lang)}`,
        search: `${tag.id} ${tag.name} ${tag.name_en} ${tag.device}`.toLowerCase(),
      })),
    [tags.data, lang],
  );
  const members = draft ?? selected?.tagids ?? [];
  const dirty =
    draft !== null &&
    selected !== undefined &&
    (draft.length !== selected.tagids.length || draft.some((id) => !selected.tagids.includes(id)));

  const rules = useMemo(
    () => ({ name: zodRule(classSave.input.shape.name, lang), name_en: zodRule(classSave.input.shape.name_en, lang) }),
    [lang],
  );

  const openForm = (item: TagClassItem | null, parentid = 0) => {
    setEditing(item);
    setDefaults(item ? { parentid: item.parentid, name: item.name, name_en: item.name_en, sort: item.sort } : { parentid, sort: 0 });
    setFormKey((k) => k + 1);
    setOpen(true);
  };

  const handleSave = async () => {
    if (saving) {
      return;
    }
    try {
      const v = await form.validateFields();
      setSaving(true);
      const saved = await api(
        classSave,
        { id: editing?.id, parentid: v.parentid ?? 0, name: v.name, name_en: v.name_en ?? '', sort: v.sort ?? 0 },
        { silent: true },
      );
      void messageApi.success(t('common.saved'));
      setOpen(false);
      setSelectedId(saved.id);
      classes.reload();
    } catch (err) {
      if (!isValidationError(err)) {
        showSaveError(err, { form, fields: classFields, message: messageApi, lang });
      }
    } finally {
      setSaving(false);
    }
  };

  const handleDelete = async (item: TagClassItem) => {
    if ((classes.data ?? []).some((c) => c.parentid === item.id)) {
      void messageApi.warning(t('classification.deleteHasChildren'));
      return;
    }
    try {
      await api(classDelete, { id: item.id });
      void messageApi.success(t('common.deleted'));
      setSelectedId(null);
      classes.reload();
    } catch {
      // The API client has shown why.
    }
  };

  const handleSaveMembers = async () => {
    if (!selected || draft === null) {
      return;
    }
    setSaving(true);
    try {
      await api(classSetTags, { id: selected.id, tagids: draft });
      void messageApi.success(t('common.saved'));
      setDraft(null);
      classes.reload();
    } catch {
      // The API client has shown why.
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="pw-rt-split">
      {messageHolder}
      <Card
        size="small"
        className="pw-rt-split-left"
        title={t('classification.tree')}
        extra={
          <Space size={4}>
            {canManage && (
              <Tooltip title={t('classification.addRoot')}>
                <Button
                  size="small"
                  type="primary"
                  icon={<PlusOutlined />}
                  aria-label={t('classification.addRoot')}
                  onClick={() => openForm(null, 0)}
                  data-testid="class-add-root"
                />
              </Tooltip>
            )}
            <Tooltip title={t('common.refresh')}>
              <Button size="small" icon={<ReloadOutlined />} aria-label={t('common.refresh')} onClick={classes.reload} />
            </Tooltip>
          </Space>
        }
      >
        <Input.Search
          allowClear
          size="small"
          placeholder={t('classification.searchTree')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ marginBottom: 8 }}
        />
        {classes.loading && !classes.data ? (
          <Spin />
        ) : treeData.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('classification.empty')} />
        ) : (
          <Tree
            blockNode
            showLine
            treeData={treeData}
            selectedKeys={selectedId === null ? [] : [selectedId]}
            expandedKeys={search ? allKeys : expanded}
            onExpand={(keys) => setExpanded(keys.map(Number))}
            onSelect={(keys) => keys.length && setSelectedId(Number(keys[0]))}
            data-testid="class-tree"
          />
        )}
      </Card>

      <Card
        size="small"
        className="pw-rt-split-right"
        title={selected ? t('classification.members', { name: nameOf(selected) }) : t('classification.title')}
        extra={
          selected &&
          canManage && (
            <Space size={4} wrap>
              <Button size="small" icon={<PlusOutlined />} onClick={() => openForm(null, selected.id)}>
                {t('classification.addChild')}
              </Button>
              <Button size="small" icon={<EditOutlined />} onClick={() => openForm(selected)}>
                {t('common.edit')}
              </Button>
              <Popconfirm
                title={t('common.confirmDelete', { name: nameOf(selected) })}
                okButtonProps={{ danger: true }}
                onConfirm={() => handleDelete(selected)}
              >
                <Button size="small" danger icon={<DeleteOutlined />}>
                  {t('common.delete')}
                </Button>
              </Popconfirm>
            </Space>
          )
        }
      >
        {!selected ? (
          <Empty description={t('classification.pick')} />
        ) : (
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            <Transfer<TagTransferItem>
              dataSource={transferData}
              targetKeys={members}
              onChange={(keys) => setDraft(keys.map(String))}
              showSearch
              filterOption={(input, item) => item.search.includes(input.trim().toLowerCase())}
              render={(item) => item.title}
              titles={[t('classification.available'), t('classification.selected')]}
              locale={{ searchPlaceholder: t('classification.searchTags') }}
              pagination={{ pageSize: 50 }}
              disabled={!canManage}
              styles={{ section: { width: '50%', height: 460 } }}
              data-testid="class-transfer"
            />
            {canManage && (
              <Space>
                <Button
                  type="primary"
                  icon={<SaveOutlined />}
                  disabled={!dirty}
                  loading={saving && dirty}
                  onClick={() => void handleSaveMembers()}
                  data-testid="class-save-members"
                >
                  {t('classification.saveMembers')}
                </Button>
                {dirty && <Typography.Text type="warning">{t('classification.unsaved')}</Typography.Text>}
                {!dirty && <Typography.Text type="secondary">{t('classification.memberCount', { count: members.length })}</Typography.Text>}
              </Space>
            )}
          </Space>
        )}
      </Card>

      <Modal
        open={open}
        title={editing ? t('classification.editTitle') : t('classification.createTitle')}
        onCancel={() => setOpen(false)}
        onOk={() => void handleSave()}
        confirmLoading={saving}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        destroyOnHidden
      >
        <Form key={formKey} form={form} layout="vertical" initialValues={defaults} preserve={false}>
          <Form.Item name="parentid" label={t('classification.parent')}>
            <TreeSelect treeData={parentOptions} treeDefaultExpandAll showSearch treeNodeFilterProp="title" />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('classification.name')}
            rules={[{ required: true, message: t('common.pleaseEnter', { field: t('classification.name') }) }, rules.name]}
          >
            <Input maxLength={100} data-testid="class-form-name" />
          </Form.Item>
          <Form.Item name="name_en" label={t('classification.name_en')} rules={[rules.name_en]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="sort" label={t('classification.sort')}>
            <InputNumber style={{ width: '100%' }} precision={0} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
