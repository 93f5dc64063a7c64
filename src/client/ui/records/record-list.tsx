import { DownOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Drawer, Dropdown, Popconfirm, Space, message } from 'antd';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ImportResult, RecordContracts, RecordItem } from '../../../shared/records/contracts';
import { recordHref, type RecordDefinition } from '../../../shared/records/definition';
import { formatDate } from '../../../shared/time';
import { api, errorText } from '../../app/api';
import { pick, useLang } from '../../app/i18n';
import { recordsNs } from './ledger-locales';
import { downloadPost, postFile } from './record-api';
import { RecordForm } from './record-form';
import { RecordListPage, type ListQuery } from './record-list-page';
import { ImportDialog } from './import-dialog';
import { usePickers } from './use-pickers';
import { useRecordChanges } from './use-record-changes';

/**
 * The list page of a generic ledger: the shared RecordListPage on the
 * ledger's `<Entity>List` call, with add (a full-width drawer on phones),
 * view, delete, Excel export of the filtered set and import with a per-row report.
 */
export function RecordList({
  def: ledger,
  calls,
  fixed,
  columns,
  rowActions,
}: {
  def: RecordDefinition;
  calls: RecordContracts;
  fixed?: ListQuery['filters'];
  /** Replaces the definition's list columns (a page's stored configuration). */
  columns?: readonly string[];
  /** Buttons added to each row before view and delete. */
  rowActions?: (r: RecordItem) => ReactNode;
}) {
  const columnsKey = columns?.join(',');
  const def = useMemo(
    () => (columnsKey === undefined ? ledger : { ...ledger, list: { ...ledger.list, columns: columnsKey.split(',') } }),
    [ledger, columnsKey],
  );
  const { t } = useTranslation(recordsNs);
  const lang = useLang();
  const navigate = useNavigate();
  const pickers = usePickers();
  const [reloadKey, setReloadKey] = useState(0);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const [msg, holder] = message.useMessage();
  const reload = useCallback(() => setReloadKey((k) => k + 1), []);
  // Another user's save, delete, step or import refreshes the page shown (same filters, sort and page).
  useRecordChanges(def.entity, reload);

  // A page showing part of a ledger (one kind, the caller's own) adds its fixed filters to the user's.
  const fixedKey = JSON.stringify(fixed ?? {});
  const load = useCallback(
    (q: ListQuery, signal: AbortSignal) => api(calls.list, { ...q, filters: { ...q.filters, ...(JSON.parse(fixedKey) as ListQuery['filters']) } }, { signal }),
    [calls, fixedKey],
  );
  /** Downloads the filtered list: every field, or the `columns` given. */
  const exportList = (query: Omit<ListQuery, 'page' | 'pageSize'>, columns?: string[]) =>
    void downloadPost(calls.export.path, { ...query, filters: { ...query.filters, ...fixed }, ...(columns ? { columns } : {}) }, `${pick(lang, def.name.zh, def.name.en)}.xlsx`).catch((err: unknown) =>
      msg.error(errorText(err)),
    );

  return (
    <RecordListPage<RecordItem, number>
      def={def}
      load={load}
      rowKey={(r) => r.id}
      pickers={pickers}
      selectable
      reloadKey={reloadKey}
      extraColumns={[{ title: t('updated'), key: 'updated', dataIndex: 'updated', sorter: true, render: (u: number) => formatDate(u, 'YYYY-MM-DD HH:mm') }]}
      actions={(r, reloadList) => (
        <Space size={0}>
          {rowActions?.(r)}
          <Button type="link" onClick={() => void navigate(recordHref(def.entity, r.id))} data-testid={`record-open-${r.id}`}>
            {t('view')}
          </Button>
          <Popconfirm
            title={t('confirmDelete')}
            onConfirm={async () => {
              await api(calls.delete, { id: r.id, version: r.version });
              void msg.success(t('deleted'));
              reloadList();
            }}
          >
            <Button type="link" danger>
              {t('delete')}
            </Button>
          </Popconfirm>
        </Space>
      )}
      toolbar={({ query, visible }) => (
        <>
          {holder}
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="record-add">
            {t('add')}
          </Button>
          <Space.Compact>
            {/* Every field by default, so the file comes back whole through the import; or only the columns shown. */}
            <Button icon={<DownloadOutlined />} data-testid="record-export" onClick={() => exportList(query)}>
              {t('export')}
            </Button>
            <Dropdown
              trigger={['click']}
              menu={{ items: [{ key: 'visible', label: t('exportVisible'), onClick: () => exportList(query, visible) }] }}
            >
              <Button icon={<DownOutlined />} aria-label={t('exportVisible')} data-testid="record-export-more" />
            </Dropdown>
          </Space.Compact>
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            {t('import')}
          </Button>
        </>
      )}
    >
      <Drawer open={creating} onClose={() => setCreating(false)} title={t('add')} size="large" styles={{ wrapper: { maxWidth: '100vw' } }} destroyOnHidden>
        {creating && (
          <RecordForm
            def={def}
            calls={calls}
            pickers={pickers}
            onSaved={() => {
              setCreating(false);
              reload();
            }}
            onCancel={() => setCreating(false)}
          />
        )}
      </Drawer>
      <ImportDialog<ImportResult>
        open={importing}
        title={t('import')}
        onClose={() => setImporting(false)}
        upload={(file, keepGood) => postFile<ImportResult>(`${calls.list.path.replace(/List$/, 'Import')}${keepGood ? '?keepGood=1' : ''}`, file)}
        fieldLabel={(k) => {
          const f = def.fields.find((x) => x.key === k);
          return f ? pick(lang, f.label.zh, f.label.en) : k;
        }}
        onDone={(r) => {
          if (r.saved > 0) {
            void msg.success(t('importSaved', { n: r.saved }));
            reload();
          }
        }}
      />
    </RecordListPage>
  );
}
