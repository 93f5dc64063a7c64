import {
  DeleteOutlined,
  DownloadOutlined,
  FileExcelOutlined,
  PlusOutlined,
  ReloadOutlined,
  SearchOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import {
  Button,
  Card,
  Col,
  Divider,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Row,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Tooltip,
  TreeSelect,
  Typography,
  message,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { regionGetList } from '../../../shared/contracts/org';
import { classList, tagDelete, tagList, tagSave, type TagItem, type TagKind } from '../../../shared/contracts/realtime';
import { api } from '../../app/api';
import { pick, useLang } from '../../app/i18n';
import { downloadText } from './csv';
import { isValidationError, showSaveError, zodRule } from '../../ui/form-rules';
import { realtimeNs } from './locales';
import { regionTreeOptions } from '../../ui/region-options';
import { classTreeOptions, kindOptions, loadAllTags, tagLabel, useCanManageRealtime } from './tag-data';
import { StoragePanel } from './storage-panel';
import { TagImportModal } from './tag-import-modal';
import { tagsCsv, templateCsv } from './tag-import';
import { useLoad } from '../../ui/use-load';
import { renderMessage } from '../../../shared/messages/catalog';
import { issueMessage } from '../../../shared/messages/zod-issues';
import './realtime.css';

interface TagForm {
  id: string;
  name: string;
  name_en?: string;
  unit?: string;
  kind: TagKind;
  device?: string;
  regionid?: number | null;
  hazard_source?: string;
  range_lo: number;
  range_hi: number;
  ll?: number | null;
  l?: number | null;
  h?: number | null;
  hh?: number | null;
  deadband?: number | null;
  enabled: boolean;
  classids?: number[];
}

const formFields: (keyof TagForm)[] = [
  'id',
  'name',
  'name_en',
  'unit',
  'kind',
  'device',
  'regionid',
  'hazard_source',
  'range_lo',
  'range_hi',
  'll',
  'l',
  'h',
  'hh',
  'deadband',
  'enabled',
  'classids',
];

interface Filters {
  keyword?: string;
  regionid?: number;
  kind?: TagKind;
  device?: string;
}

interface Query extends Filters {
  page: number;
  pageSize: number;
}

const DEFAULT_PAGE_SIZE = 20;

/** "LL 1 · L 2 · H 16 · HH 18", only the limits set. */
function LimitsText({ tag }: { tag: TagItem }) {
  const parts = (['ll', 'l', 'h', 'hh'] as const).filter((k) => tag[k] !== null).map((k) => `${k.toUpperCase()} ${tag[k]}`);
  return parts.length ? <span className="pw-rt-time">{parts.join(' · ')}</span> : <span className="pw-rt-muted">—</span>;
}

/** /realTimeData/manage: the data items (tags) with their ranges, limits and deadbands; create, edit, delete, import. */
export function RealTimeDataManagePage() {
  const { t } = useTranslation(realtimeNs);
  const lang = useLang();
  const canManage = useCanManageRealtime();
  const [messageApi, messageHolder] = message.useMessage();
  const [filterForm] = Form.useForm<Filters>();
  const [form] = Form.useForm<TagForm>();
  const [query, setQuery] = useState<Query>({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [editing, setEditing] = useState<TagItem | null>(null);
  const [open, setOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const [saving, setSaving] = useState(false);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [exporting, setExporting] = useState(false);

  const loadTags = useCallback((signal: AbortSignal) => api(tagList, query, { signal }), [query]);
  const loadRegions = useCallback((signal: AbortSignal) => api(regionGetList, { isallregionid: 0 }, { signal }), []);
  const loadClasses = useCallback((signal: AbortSignal) => api(classList, {}, { signal }), []);
  const tags = useLoad(loadTags);
  const regions = useLoad(loadRegions);
  const classes = useLoad(loadClasses);

  const regionOptions = useMemo(() => regionTreeOptions(regions.data ?? [], lang), [regions.data, lang]);
  const classOptions = useMemo(() => classTreeOptions(classes.data ?? [], lang), [classes.data, lang]);
  const classById = useMemo(() => new Map((classes.data ?? []).map((c) => [c.id, c])), [classes.data]);
  const regionById = useMemo(() => new Map((regions.data ?? []).map((r) => [r.regionid, r])), [regions.data]);

  const rules = useMemo(() => {
    const shape = tagSave.input.shape;
    return {
      id: zodRule(shape.id, lang),
      name: zodRule(shape.name, lang),
      name_en: zodRule(shape.name_en, lang),
      unit: zodRule(shape.unit, lang),
      device: zodRule(shape.device, lang),
    };
  }, [lang]);

  const openForm = (tag: TagItem | null) => {
    setEditing(tag);
    setFormKey((k) => k + 1);
    setOpen(true);
  };

  const initialValues = (tag: TagItem | null): Partial<TagForm> =>
    tag
      ? {
          ...tag,
          enabled: tag.enabled === 1,
          regionid: tag.regionid,
        }
      : { kind: 'level', enabled: true, range_lo: 0, range_hi: 100, deadband: 0, classids: [] };

  const handleSave = async () => {
    if (saving) {
      return;
    }
    try {
      const v = await form.validateFields();
      const payload = {
        isNew: !editing,
        id: editing ? editing.id : v.id,
        name: v.name,
        name_en: v.name_en ?? '',
        unit: v.unit ?? '',
        kind: v.kind,
        device: v.device ?? '',
        regionid: v.regionid ?? null,
        hazard_source: v.hazard_source ?? '',
        range_lo: v.range_lo,
        range_hi: v.range_hi,
        ll: v.ll ?? null,
        l: v.l ?? null,
        h: v.h ?? null,
        hh: v.hh ?? null,
        deadband: v.deadband ?? 0,
        enabled: v.enabled ? 1 : 0,
        classids: v.classids ?? [],
      };
      // The contract's own rules (limit order, range, deadband) before anything is sent, each on its field.
      const checked = tagSave.input.safeParse(payload, { reportInput: true });
      if (!checked.success) {
        form.setFields(
          checked.error.issues
            .filter((i) => formFields.includes(String(i.path[0]) as keyof TagForm))
            .map((i) => {
              const m = issueMessage(i);
              return { name: String(i.path[0]) as keyof TagForm, errors: [renderMessage(lang, m.code, m.params)] };
            }),
        );
        return;
      }
      setSaving(true);
      await api(tagSave, payload, { silent: true });
      void messageApi.success(t('common.saved'));
      setOpen(false);
      tags.reload();
    } catch (err) {
      if (!isValidationError(err)) {
        showSaveError(err, { form, fields: formFields, message: messageApi, lang });
      }
    } finally {
      setSaving(false);
    }
  };

  const handleDelete = async (ids: string[]) => {
    try {
      await api(tagDelete, { ids });
      void messageApi.success(t('common.deleted'));
      setSelectedIds((s) => s.filter((id) => !ids.includes(id)));
      tags.reload();
    } catch {
      // The API client has shown why.
    }
  };

  const handleSearch = (f: Filters) => {
    setQuery((q) => ({
      page: 1,
      pageSize: q.pageSize,
      keyword: f.keyword?.trim() || undefined,
      regionid: f.regionid,
      kind: f.kind,
      device: f.device?.trim() || undefined,
    }));
  };

  const handleReset = () => {
    filterForm.resetFields();
    setQuery((q) => ({ page: 1, pageSize: q.pageSize }));
  };

  const handleExport = async () => {
    setExporting(true);
    try {
      const { page: _page, pageSize: _size, ...filters } = query;
      const all = await loadAllTags(filters, new AbortController().signal);
      downloadText(
        `tags-${new Date().toISOString().slice(0, 10)}.csv`,
        tagsCsv(all.items, (id) => (id === null ? '' : (regionById.get(id)?.regioncode ?? ''))),
      );
    } catch {
      // The API client has shown why.
    } finally {
      setExporting(false);
    }
  };

  const columns: ColumnsType<TagItem> = [
    {
      title: t('field.id'),
      dataIndex: 'id',
      key: 'id',
      width: 190,
      fixed: 'left',
      render: (id: string, tag) => (
        <Space size={4}>
          <span className="pw-rt-id">{id}</span>
          {tag.enabled !== 1 && <Tag>{t('manage.enabledNo')}</Tag>}
        </Space>
      ),
    },
    { title: t('field.name'), key: 'name', width: 160, ellipsis: true, render: (_, tag) => tagLabel(tag, lang) },
    { title: t('field.kind'), dataIndex: 'kind', key: 'kind', width: 80, render: (k: TagKind) => t(`kind.${k}`) },
    { title: t('field.device'), dataIndex: 'device', key: 'device', width: 90, ellipsis: true, render: (d: string) => d || '—' },
    {
      title: t('field.region'),
      key: 'region',
      width: 100,
      ellipsis: true,
      render: (_, tag) => {
        const r = tag.regionid === null ? undefined : regionById.get(tag.regionid);
        return r ? pick(lang, r.regionname, r.regionname_en) : tag.regionname || '—';
      },
    },
    {
      title: t('field.range'),
      key: 'range',
      width: 120,
      render: (_, tag) => <span className="pw-rt-time">{`${tag.range_lo} ~ ${tag.range_hi}${tag.unit ? ` ${tag.unit}` : ''}`}</span>,
    },
    { title: t('field.limits'), key: 'limits', width: 220, render: (_, tag) => <LimitsText tag={tag} /> },
    { title: t('field.deadband'), dataIndex: 'deadband', key: 'deadband', width: 64 },
    {
      title: t('field.classids'),
      key: 'classids',
      width: 130,
      ellipsis: true,
      render: (_, tag) =>
        tag.classids.length
          ? tag.classids
              .map((id) => {
                const c = classById.get(id);
                return c ? pick(lang, c.name, c.name_en) : String(id);
              })
              .join('、')
          : '—',
    },
  ];
  if (canManage) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      width: 110,
      fixed: 'right',
      render: (_, tag) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => openForm(tag)} data-testid={`tag-edit-${tag.id}`}>
            {t('common.edit')}
          </Button>
          <Popconfirm
            title={t('common.confirmDelete', { name: tag.id })}
            okButtonProps={{ danger: true }}
            onConfirm={() => handleDelete([tag.id])}
          >
            <Button type="link" size="small" danger>
              {t('common.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    });
  }
  const scrollX = columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 100), 0);
  const filtered = Boolean(query.keyword || query.regionid || query.kind || query.device);

  return (
    <Card
      size="small"
      title={t('manage.title')}
      extra={
        <Space size={8} wrap>
          {!canManage && <Typography.Text type="secondary">{t('common.readOnly')}</Typography.Text>}
          {canManage && (
            <>
              <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => openForm(null)} data-testid="tag-add">
                {t('common.add')}
              </Button>
              <Button size="small" icon={<UploadOutlined />} onClick={() => setImportOpen(true)} data-testid="tag-import">
                {t('manage.import')}
              </Button>
              <Button size="small" icon={<FileExcelOutlined />} onClick={() => downloadText('tag-import-template.csv', templateCsv())}>
                {t('manage.template')}
              </Button>
            </>
          )}
          <Button size="small" icon={<DownloadOutlined />} onClick={() => void handleExport()} loading={exporting}>
            {t('manage.export')}
          </Button>
          {canManage && selectedIds.length > 0 && (
            <Popconfirm
              title={t('manage.confirmDeleteMany', { count: selectedIds.length })}
              okButtonProps={{ danger: true }}
              onConfirm={() => handleDelete(selectedIds)}
            >
              <Button size="small" danger icon={<DeleteOutlined />}>
                {t('manage.deleteSelected', { count: selectedIds.length })}
              </Button>
            </Popconfirm>
          )}
          <Tooltip title={t('common.refresh')}>
            <Button size="small" icon={<ReloadOutlined />} aria-label={t('common.refresh')} onClick={tags.reload} />
          </Tooltip>
        </Space>
      }
    >
      {messageHolder}
      <Form form={filterForm} layout="inline" onFinish={handleSearch} style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item name="keyword" label={t('field.keyword')}>
          <Input allowClear maxLength={100} style={{ width: 200 }} placeholder={t('manage.keywordPlaceholder')} data-testid="tag-keyword" />
        </Form.Item>
        <Form.Item name="regionid" label={t('field.region')}>
          <TreeSelect
            allowClear
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            treeData={regionOptions}
            style={{ width: 180 }}
            popupMatchSelectWidth={false}
          />
        </Form.Item>
        <Form.Item name="kind" label={t('field.kind')}>
          <Select allowClear options={kindOptions(t)} style={{ width: 130 }} />
        </Form.Item>
        <Form.Item name="device" label={t('field.device')}>
          <Input allowClear maxLength={64} style={{ width: 140 }} placeholder={t('manage.devicePlaceholder')} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="tag-search">
              {t('common.search')}
            </Button>
            <Button onClick={handleReset}>{t('common.reset')}</Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<TagItem>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={tags.data?.items ?? []}
        loading={tags.loading}
        scroll={{ x: scrollX }}
        rowSelection={
          canManage
            ? { selectedRowKeys: selectedIds, onChange: (keys) => setSelectedIds(keys as string[]), preserveSelectedRowKeys: true }
            : undefined
        }
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? t('details.empty') : t('manage.empty')} />,
        }}
        pagination={{
          current: query.page,
          pageSize: query.pageSize,
          total: tags.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100, 200],
          showTotal: (total) => t('common.total', { total }),
          onChange: (page, pageSize) => setQuery((q) => ({ ...q, page: pageSize === q.pageSize ? page : 1, pageSize })),
        }}
        data-testid="tag-table"
      />
      {canManage && <StoragePanel />}

      <Modal
        open={open}
        title={editing ? t('manage.editTitle') : t('manage.createTitle')}
        width={760}
        onCancel={() => setOpen(false)}
        onOk={() => void handleSave()}
        confirmLoading={saving}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        destroyOnHidden
        okButtonProps={{ 'data-testid': 'tag-save' }}
      >
        <Form key={formKey} form={form} layout="vertical" initialValues={initialValues(editing)} requiredMark preserve={false}>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item
                name="id"
                label={t('field.id')}
                extra={editing ? undefined : t('manage.idHint')}
                rules={[{ required: true, message: t('common.pleaseEnter', { field: t('field.id') }) }, rules.id]}
              >
                <Input disabled={Boolean(editing)} maxLength={128} className="pw-rt-id" data-testid="tag-form-id" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="kind"
                label={t('field.kind')}
                rules={[{ required: true, message: t('common.pleaseSelect', { field: t('field.kind') }) }]}
              >
                <Select options={kindOptions(t)} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="name"
                label={t('field.name')}
                rules={[{ required: true, message: t('common.pleaseEnter', { field: t('field.name') }) }, rules.name]}
              >
                <Input maxLength={100} data-testid="tag-form-name" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="name_en" label={t('field.name_en')} rules={[rules.name_en]}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="unit" label={t('field.unit')} rules={[rules.unit]}>
                <Input maxLength={20} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="device" label={t('field.device')} rules={[rules.device]}>
                <Input maxLength={64} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="hazard_source" label={t('field.hazard_source')}>
                <Input maxLength={64} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="regionid" label={t('field.region')}>
                <TreeSelect allowClear showSearch treeNodeFilterProp="title" treeDefaultExpandAll treeData={regionOptions} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="classids" label={t('field.classids')}>
                <TreeSelect allowClear multiple showSearch treeNodeFilterProp="title" treeDefaultExpandAll treeData={classOptions} />
              </Form.Item>
            </Col>
          </Row>
          <Divider titlePlacement="start" plain style={{ margin: '4px 0 12px' }}>
            {t('field.range')}
          </Divider>
          <Row gutter={16}>
            <Col span={8}>
              <Form.Item
                name="range_lo"
                label={t('field.range_lo')}
                rules={[{ required: true, message: t('common.pleaseEnter', { field: t('field.range_lo') }) }]}
              >
                <InputNumber style={{ width: '100%' }} data-testid="tag-form-range_lo" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item
                name="range_hi"
                label={t('field.range_hi')}
                rules={[{ required: true, message: t('common.pleaseEnter', { field: t('field.range_hi') }) }]}
              >
                <InputNumber style={{ width: '100%' }} data-testid="tag-form-range_hi" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="deadband" label={t('field.deadband')} tooltip={t('manage.deadbandHint')}>
                <InputNumber style={{ width: '100%' }} min={0} data-testid="tag-form-deadband" />
              </Form.Item>
            </Col>
          </Row>
          <Divider titlePlacement="start" plain style={{ margin: '4px 0 12px' }}>
            {t('field.limits')}
          </Divider>
          <Typography.Paragraph type="secondary" style={{ marginTop: -4, fontSize: 12 }}>
            {t('manage.limitsHint')}
          </Typography.Paragraph>
          <Row gutter={16}>
            {(['ll', 'l', 'h', 'hh'] as const).map((k) => (
              <Col span={6} key={k}>
                <Form.Item name={k} label={t(`field.${k}`)}>
                  <InputNumber style={{ width: '100%' }} data-testid={`tag-form-${k}`} />
                </Form.Item>
              </Col>
            ))}
          </Row>
          <Form.Item name="enabled" label={t('field.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>

      <TagImportModal open={importOpen} onClose={() => setImportOpen(false)} onImported={tags.reload} />
    </Card>
  );
}
