import { DownloadOutlined, PlusOutlined, SettingOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Drawer, Input, Popconfirm, Popover, Select, Space, Table, message } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ImportResult, RecordContracts, RecordItem } from '../../../shared/contracts/records';
import { recordHref, statusOf, type RecordDefinition } from '../../../shared/records/definition';
import { formatDate } from '../../../shared/time';
import { api, errorText } from '../../app/api';
import { pick, useLang } from '../../app/i18n';
import { useSession } from '../../app/session-store';
import { useLoad } from '../../ui/use-load';
import { recordsNs } from './locales';
import { downloadPost, postFile } from '../../ui/records/record-api';
import { RecordForm } from './record-form';
import { displayValue, StatusTag } from './record-view';
import { ImportDialog } from '../../ui/records/import-dialog';
import { usePickers } from '../../ui/records/use-pickers';
import { useRecordChanges } from '../../ui/records/use-record-changes';

const columnsKey = (user: string, entity: string) => `records.columns.${user}.${entity}`;

/**
 * The list page of any ledger: server-side paging, sorting and filtering,
 * a column chooser remembered per user, row selection, Excel export of the
 * filtered set and import with a per-row report. Phone-usable: the table
 * scrolls sideways and the form opens in a full-width drawer.
 */
export function RecordList({ def, calls }: { def: RecordDefinition; calls: RecordContracts }) {
  const { t } = useTranslation(recordsNs);
  const lang = useLang();
  const navigate = useNavigate();
  const pickers = usePickers();
  const login = useSession((s) => s.user?.loginname ?? '');
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const [sort, setSort] = useState<{ field: string; order: 'asc' | 'desc' } | undefined>(undefined);
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<number | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const [msg, holder] = message.useMessage();
  const defaultCols = def.list.columns.length ? def.list.columns : def.fields.slice(0, 5).map((f) => f.key);
  const [visible, setVisible] = useState<string[]>(() => {
    try {
      const saved = JSON.parse(localStorage.getItem(columnsKey(login, def.entity)) ?? 'null') as string[] | null;
      return saved?.filter((k) => def.fields.some((f) => f.key === k)) ?? defaultCols;
    } catch {
      return defaultCols;
    }
  });
  const handleColumns = (keys: string[]) => {
    setVisible(keys);
    localStorage.setItem(columnsKey(login, def.entity), JSON.stringify(keys));
  };

  const query = useMemo(() => {
    const filters: Record<string, number> = {};
    if (status !== null) {
      filters.status = status;
    }
    return { keyword, sort, filters };
  }, [keyword, sort, status]);
  const load = useCallback((signal: AbortSignal) => api(calls.list, { ...query, ...page }, { signal }), [calls, query, page]);
  const list = useLoad(load);
  // Another user's save, delete, step or import refreshes the page shown (same filters, sort and page).
  useRecordChanges(def.entity, list.reload);


  const columns: ColumnsType<RecordItem> = [
    ...def.fields
      .filter((f) => visible.includes(f.key))
      .map((f) => ({
        title: pick(lang, f.label.zh, f.label.en),
        key: f.key,
        dataIndex: f.key,
        sorter: true,
        render: (_: unknown, r: RecordItem) => displayValue(f, r[f.key], lang, pickers),
      })),
    ...(def.workflow ? [{ title: t('status'), key: 'status', dataIndex: 'status', sorter: true, render: (s: number) => <StatusTag def={def} status={s} lang={lang} /> }] : []),
    { title: t('updated'), key: 'updated', dataIndex: 'updated', sorter: true, render: (u: number) => formatDate(u, 'YYYY-MM-DD HH:mm') },
    {
      title: t('actions'),
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, r: RecordItem) => (
        <Space size={0}>
          <Button type="link" onClick={() => void navigate(recordHref(def.entity, r.id))} data-testid={`record-open-${r.id}`}>
            {t('view')}
          </Button>
          <Popconfirm
            title={t('confirmDelete')}
            onConfirm={async () => {
              await api(calls.delete, { id: r.id, version: r.version });
              void msg.success(t('deleted'));
              list.reload();
            }}
          >
            <Button type="link" danger>
              {t('delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card size="small" title={pick(lang, def.name.zh, def.name.en)} data-testid={`ledger-${def.entity}`}>
      {holder}
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder={t('keyword')} onSearch={(v) => { setKeyword(v); setPage((p) => ({ ...p, page: 1 })); }} style={{ width: 200 }} />
        {def.workflow && (
          <Select
            allowClear
            placeholder={t('allStatus')}
            style={{ width: 140 }}
            value={status}
            onChange={(v: number | undefined) => setStatus(v ?? null)}
            options={def.workflow.states.map((s) => ({ value: s.code, label: pick(lang, statusOf(def, s.code).label.zh, statusOf(def, s.code).label.en) }))}
          />
        )}
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="record-add">
          {t('add')}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={() => void downloadPost(calls.export.path, { ...query, columns: visible }, `${pick(lang, def.name.zh, def.name.en)}.xlsx`).catch((err: unknown) => msg.error(errorText(err)))}>
          {t('export')}
        </Button>
        <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
          {t('import')}
        </Button>
        <Popover
          trigger="click"
          content={<Checkbox.Group style={{ display: 'grid' }} value={visible} onChange={(v) => handleColumns(v)} options={def.fields.map((f) => ({ value: f.key, label: pick(lang, f.label.zh, f.label.en) }))} />}
        >
          <Button icon={<SettingOutlined />}>{t('columns')}</Button>
        </Popover>
        {selected.length > 0 && <span>{t('selected', { n: selected.length })}</span>}
      </Space>
      <Table<RecordItem>
        rowKey="id"
        size="small"
        loading={list.loading}
        dataSource={list.data?.items ?? []}
        columns={columns}
        scroll={{ x: 'max-content' }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        pagination={{ current: page.page, pageSize: page.pageSize, total: list.data?.total ?? 0, showSizeChanger: true }}
        onChange={(p, _f, s) => {
          setPage({ page: p.current ?? 1, pageSize: p.pageSize ?? 20 });
          const one = Array.isArray(s) ? s[0] : s;
          setSort(one?.order ? { field: String(one.columnKey), order: one.order === 'ascend' ? 'asc' : 'desc' } : undefined);
        }}
      />
      <Drawer open={creating} onClose={() => setCreating(false)} title={t('add')} size="large" styles={{ wrapper: { maxWidth: '100vw' } }} destroyOnHidden>
        {creating && (
          <RecordForm
            def={def}
            calls={calls}
            pickers={pickers}
            onSaved={() => {
              setCreating(false);
              list.reload();
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
            list.reload();
          }
        }}
      />
    </Card>
  );
}
