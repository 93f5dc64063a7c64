import {
  DeleteOutlined,
  DownloadOutlined,
  FileExcelOutlined,
  PlusOutlined,
  ReloadOutlined,
  SearchOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { Button, Card, Empty, Form, Input, Popconfirm, Select, Space, Table, Tag, Tooltip, TreeSelect, Typography, message } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { regionGetList } from '../../../shared/contracts/org';
import { classList, tagDelete, tagList, tagSave, type TagItem, type TagKind } from '../../../shared/contracts/realtime';
import { api } from '../../app/api';
import { pick, useLang } from '../../app/i18n';
import { downloadText } from './csv';
import { FormModal } from '../../ui/form-modal';
import { DefinitionFields, type FormValues } from '../../ui/records/definition-form';
import { usePickers } from '../../ui/records/use-pickers';
import { tagLedger } from '../../../shared/records/ledgers/tag';
import { realtimeNs } from './locales';
import { regionTreeOptions } from '../../ui/region-options';
import { classTreeOptions, kindOptions, loadAllTags, tagLabel, useCanManageRealtime } from './tag-data';
import { StoragePanel } from './storage-panel';
import { TagImportModal } from './tag-import-modal';
import { tagsCsv, templateCsv } from './tag-import';
import { useLoad } from '../../ui/use-load';
import './realtime.css';

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
  const [query, setQuery] = useState<Query>({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  // The tag being edited (null: a new one); the key mounts a fresh form for every opening.
  const [editor, setEditor] = useState<{ key: number; tag: TagItem | null } | null>(null);
  const [importOpen, setImportOpen] = useState(false);
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

  const openForm = (tag: TagItem | null) => setEditor((e) => ({ key: (e?.key ?? 0) + 1, tag }));

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

      {editor && (
        <TagEditor
          key={editor.key}
          tag={editor.tag}
          classOptions={classOptions}
          onClose={() => setEditor(null)}
          onSaved={() => {
            void messageApi.success(t('common.saved'));
            setEditor(null);
            tags.reload();
          }}
        />
      )}
      <TagImportModal open={importOpen} onClose={() => setImportOpen(false)} onImported={tags.reload} />
    </Card>
  );
}

/** A new tag starts from these; an existing one from its own stored values, never from these. */
const NEW_TAG: FormValues = { kind: 'level', enabled: '1', range_lo: 0, range_hi: 100, deadband: 0, classids: [] };
const formKeys = tagLedger.fields.map((f) => f.key);
const LIMIT_SPAN = 6;
const ROW3_SPAN = 8;

/**
 * The tag form: the fields of the tag's definition with their rules, then
 * the TagSave schema itself (limits inside the range and ordered, id
 * characters) before anything is sent, each problem on its field.
 */
function TagEditor({ tag, classOptions, onClose, onSaved }: { tag: TagItem | null; classOptions: ReturnType<typeof classTreeOptions>; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(realtimeNs);
  const pickers = usePickers();

  const handleSubmit = async (v: FormValues) => {
    const checked = tagSave.input.safeParse({ ...v, isNew: !tag, id: tag ? tag.id : v.id, enabled: Number(v.enabled), classids: v.classids ?? [] }, { reportInput: true });
    if (!checked.success) {
      return checked.error.issues;
    }
    await api(tagSave, checked.data, { silent: true });
    onSaved();
  };

  return (
    <FormModal<FormValues>
      open
      title={tag ? t('manage.editTitle') : t('manage.createTitle')}
      okText={t('common.save')}
      width={760}
      initialValues={tag ? { ...tag, enabled: String(tag.enabled) } : NEW_TAG}
      fields={formKeys}
      onSubmit={handleSubmit}
      onClose={onClose}
      okTestId="tag-save"
      formTestId="tag-form"
    >
      <DefinitionFields
        fields={tagLedger.fields}
        pickers={pickers}
        columns={2}
        spans={{ unit: ROW3_SPAN, device: ROW3_SPAN, hazard_source: ROW3_SPAN, range_lo: ROW3_SPAN, range_hi: ROW3_SPAN, deadband: ROW3_SPAN, ll: LIMIT_SPAN, l: LIMIT_SPAN, h: LIMIT_SPAN, hh: LIMIT_SPAN }}
        disabled={tag ? ['id'] : []}
        extra={{ id: tag ? undefined : t('manage.idHint'), deadband: t('manage.deadbandHint'), ll: t('manage.limitsHint'), comp_dev: t('manage.compDevHint') }}
        inputs={{
          classids: <TreeSelect allowClear multiple showSearch treeNodeFilterProp="title" treeDefaultExpandAll treeData={classOptions} data-testid="field-classids" />,
        }}
      />
    </FormModal>
  );
}
