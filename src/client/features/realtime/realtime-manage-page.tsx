import { DeleteOutlined, DownloadOutlined, FileExcelOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space, Tag, TreeSelect, Typography, message } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { classList, tagDelete, tagKind, tagList, tagSave, type TagItem } from '../../../shared/realtime/contracts';
import { api } from '../../app/api';
import { pick, useLang } from '../../app/i18n';
import { downloadText } from './csv';
import { FormModal } from '../../ui/form-modal';
import { DefinitionFields, type FormValues } from '../../ui/records/definition-form';
import { RecordListPage, type ListQuery } from '../../ui/records/record-list-page';
import { usePickers } from '../../ui/records/use-pickers';
import { tagLedger } from '../../../shared/records/ledgers/tag';
import { realtimeNs } from './locales';
import { useRegions } from '../../ui/region-options';
import { classTreeOptions, loadAllTags, tagLabel, useCanManageRealtime, type TagListQuery } from './tag-data';
import { StoragePanel } from './storage-panel';
import { TagImportModal } from './tag-import-modal';
import { tagsCsv, templateCsv } from './tag-import';
import { useLoad } from '../../ui/use-load';
import './realtime.css';

/** "LL 1 · L 2 · H 16 · HH 18", only the limits set. */
function LimitsText({ tag }: { tag: TagItem }) {
  const parts = (['ll', 'l', 'h', 'hh'] as const).filter((k) => tag[k] !== null).map((k) => `${k.toUpperCase()} ${tag[k]}`);
  return parts.length ? <span className="pw-rt-time">{parts.join(' · ')}</span> : <span className="pw-rt-muted">—</span>;
}

/** The list's filters as the tag list call takes them (`regionid` includes the region's descendants). */
function tagQuery(q: Pick<ListQuery, 'keyword' | 'filters'>): TagListQuery {
  const kind = tagKind.safeParse(q.filters.kind);
  return {
    keyword: q.keyword || undefined,
    regionid: typeof q.filters.regionid === 'number' ? q.filters.regionid : undefined,
    kind: kind.success ? kind.data : undefined,
    device: typeof q.filters.device === 'string' ? q.filters.device : undefined,
  };
}

/**
 * /realTimeData/manage: the data items (tags) on the shared ledger list, from
 * the tag's definition (columns, filters), over the tag's own calls; range and
 * limits are cells of several fields. Create, edit, delete, import, export.
 */
export function RealTimeDataManagePage() {
  const { t } = useTranslation(realtimeNs);
  const lang = useLang();
  const canManage = useCanManageRealtime();
  const regions = useRegions();
  const [messageApi, messageHolder] = message.useMessage();
  // The tag being edited (null: a new one); the key mounts a fresh form for every opening.
  const [editor, setEditor] = useState<{ key: number; tag: TagItem | null } | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const reload = () => setReloadKey((k) => k + 1);

  const loadClasses = useCallback((signal: AbortSignal) => api(classList, {}, { signal }), []);
  const classes = useLoad(loadClasses);
  const classOptions = useMemo(() => classTreeOptions(classes.data ?? [], lang), [classes.data, lang]);
  const classById = useMemo(() => new Map((classes.data ?? []).map((c) => [c.id, c])), [classes.data]);
  const regionById = useMemo(() => new Map(regions.list.map((r) => [r.regionid, r])), [regions.list]);

  const load = useCallback((q: ListQuery, signal: AbortSignal) => api(tagList, { page: q.page, pageSize: q.pageSize, ...tagQuery(q) }, { signal }), []);
  const openForm = (tag: TagItem | null) => setEditor((e) => ({ key: (e?.key ?? 0) + 1, tag }));

  const handleDelete = async (ids: string[], done: () => void) => {
    try {
      await api(tagDelete, { ids });
      void messageApi.success(t('common.deleted'));
      done();
    } catch {
      // The API client has shown why.
    }
  };

  const handleExport = async (q: Pick<ListQuery, 'keyword' | 'filters'>) => {
    setExporting(true);
    try {
      const all = await loadAllTags(tagQuery(q), new AbortController().signal);
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

  return (
    <RecordListPage<TagItem, string>
      def={tagLedger}
      load={load}
      rowKey={(tag) => tag.id}
      sortable={false}
      selectable={canManage}
      reloadKey={reloadKey}
      keywordPlaceholder={t('manage.keywordPlaceholder')}
      filterInputs={{
        regionid: <TreeSelect allowClear showSearch treeNodeFilterProp="title" treeDefaultExpandAll treeData={regions.tree} style={{ width: 180 }} popupMatchSelectWidth={false} />,
      }}
      cells={{
        id: (tag) => (
          <Space size={4}>
            <span className="pw-rt-id">{tag.id}</span>
            {tag.enabled !== 1 && <Tag>{t('manage.enabledNo')}</Tag>}
          </Space>
        ),
        name: (tag) => tagLabel(tag, lang),
        regionid: (tag) => {
          const r = tag.regionid === null ? undefined : regionById.get(tag.regionid);
          return r ? pick(lang, r.regionname, r.regionname_en) : tag.regionname || '—';
        },
        classids: (tag) =>
          tag.classids.length
            ? tag.classids
                .map((id) => {
                  const c = classById.get(id);
                  return c ? pick(lang, c.name, c.name_en) : String(id);
                })
                .join('、')
            : '—',
      }}
      extraColumns={[
        { title: t('field.range'), key: 'range', render: (_, tag) => <span className="pw-rt-time">{`${tag.range_lo} ~ ${tag.range_hi}${tag.unit ? ` ${tag.unit}` : ''}`}</span> },
        { title: t('field.limits'), key: 'limits', render: (_, tag) => <LimitsText tag={tag} /> },
      ]}
      actions={
        canManage
          ? (tag, reloadList) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => openForm(tag)} data-testid={`tag-edit-${tag.id}`}>
                  {t('common.edit')}
                </Button>
                <Popconfirm title={t('common.confirmDelete', { name: tag.id })} okButtonProps={{ danger: true }} onConfirm={() => handleDelete([tag.id], reloadList)}>
                  <Button type="link" size="small" danger>
                    {t('common.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            )
          : undefined
      }
      toolbar={({ query, selected, clearSelection, reload: reloadList }) => (
        <>
          {messageHolder}
          {!canManage && <Typography.Text type="secondary">{t('common.readOnly')}</Typography.Text>}
          {canManage && (
            <>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)} data-testid="tag-add">
                {t('common.add')}
              </Button>
              <Button icon={<UploadOutlined />} onClick={() => setImportOpen(true)} data-testid="tag-import">
                {t('manage.import')}
              </Button>
              <Button icon={<FileExcelOutlined />} onClick={() => downloadText('tag-import-template.csv', templateCsv())}>
                {t('manage.template')}
              </Button>
            </>
          )}
          <Button icon={<DownloadOutlined />} onClick={() => void handleExport(query)} loading={exporting}>
            {t('manage.export')}
          </Button>
          {canManage && selected.length > 0 && (
            <Popconfirm
              title={t('manage.confirmDeleteMany', { count: selected.length })}
              okButtonProps={{ danger: true }}
              onConfirm={() =>
                handleDelete(selected, () => {
                  clearSelection();
                  reloadList();
                })
              }
            >
              <Button danger icon={<DeleteOutlined />}>
                {t('manage.deleteSelected', { count: selected.length })}
              </Button>
            </Popconfirm>
          )}
        </>
      )}
    >
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
            reload();
          }}
        />
      )}
      <TagImportModal open={importOpen} onClose={() => setImportOpen(false)} onImported={reload} />
    </RecordListPage>
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
