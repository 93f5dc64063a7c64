import { FilterOutlined, SearchOutlined, SettingOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Checkbox, Empty, Form, Grid, Input, Popover, Select, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordItem } from '../../../shared/records/contracts';
import { statusOf, type FieldDef, type RecordDefinition } from '../../../shared/records/definition';
import type { Dictionaries } from '../../../shared/records/validator';
import { pick, useLang, type Lang } from '../../app/i18n';
import { useSession } from '../../app/session-store';
import { useLoad } from '../use-load';
import { FieldInput } from './field-input';
import { recordListNs } from './list-locales';
import { displayValue, StatusTag } from './record-view';
import { noPickers, type Pickers } from './use-pickers';
import './record-list.css';

/** A filter value as the list calls take it: text contains, anything else matches exactly. */
export type ListFilterValue = string | number | null;

/** What the list asks its source for: a page, the sort, the definition's filters and a keyword. */
export interface ListQuery {
  page: number;
  pageSize: number;
  sort?: { field: string; order: 'asc' | 'desc' };
  filters: Record<string, ListFilterValue>;
  keyword: string;
}

/** What a toolbar button can use: the query as filtered now, the visible columns, the selection. */
export interface ListContext<K> {
  query: Omit<ListQuery, 'page' | 'pageSize'>;
  visible: string[];
  selected: K[];
  clearSelection: () => void;
  reload: () => void;
}

interface Props<R, K extends string | number> {
  def: RecordDefinition;
  /** One page of rows for a query (the generic `<Entity>List`, or a ledger's own list call). */
  load: (query: ListQuery, signal: AbortSignal) => Promise<{ items: R[]; total: number }>;
  rowKey: (row: R) => K;
  /** Names of departments, regions and people in cells and filters. */
  pickers?: Pickers;
  dictionaries?: Dictionaries;
  /** Cells a ledger draws itself, by field key (a bilingual name, a live value…). */
  cells?: Partial<Record<string, (row: R) => ReactNode>>;
  /** Filter inputs a ledger draws itself, by field key (a classification tree…). */
  filterInputs?: Partial<Record<string, ReactNode>>;
  /** Columns after the definition's, before the actions (several fields in one cell, times of the record). */
  extraColumns?: ColumnsType<R>;
  /** The actions cell of a row; no actions column without it. */
  actions?: (row: R, reload: () => void) => ReactNode;
  toolbar?: (ctx: ListContext<K>) => ReactNode;
  /** Rows can be selected (batch delete, export of the selection). */
  selectable?: boolean;
  /** The list call sorts by the columns the user clicks. */
  sortable?: boolean;
  /** Change it to load the list again (after an edit made outside the list). */
  reloadKey?: number;
  keywordPlaceholder?: string;
  /** Under the table: panels of the page that belong with the list. */
  children?: ReactNode;
}

const columnsKey = (user: string, entity: string) => `records.columns.${user}.${entity}`;
const PAGE_SIZES = [20, 50, 100, 200];

/**
 * The list page of a ledger, from its definition: filters (the definition's,
 * with a keyword and, with a workflow, the status), server-side paging and
 * sorting, the definition's columns with a chooser remembered per user, row
 * selection, and the ledger's own toolbar and actions. The rows come from
 * `load`, so a ledger on its own calls (tags) uses the same page as the
 * generic ones. Phone-usable: filters wrap and the table scrolls sideways.
 */
export function RecordListPage<R extends object, K extends string | number>(props: Props<R, K>) {
  const { def, load, rowKey, pickers = noPickers, dictionaries = pickers.dictionaries, cells = {}, filterInputs = {}, extraColumns = [], actions, toolbar, selectable, sortable = true, reloadKey = 0, keywordPlaceholder, children } = props;
  const { t } = useTranslation(recordListNs);
  const lang = useLang();
  const login = useSession((s) => s.user?.loginname ?? '');
  const [filterForm] = Form.useForm<Record<string, unknown>>();
  const [page, setPage] = useState({ page: 1, pageSize: PAGE_SIZES[0] });
  const [sort, setSort] = useState<ListQuery['sort']>(undefined);
  const [filter, setFilter] = useState<{ keyword: string; filters: Record<string, ListFilterValue> }>({ keyword: '', filters: {} });
  const [selected, setSelected] = useState<K[]>([]);
  // Phones show the keyword and fold the other filters behind one button.
  const narrow = !Grid.useBreakpoint().md;
  const [filtersOpen, setFiltersOpen] = useState(false);
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

  const query = useMemo(() => ({ ...filter, sort }), [filter, sort]);
  const loadPage = useCallback(
    (signal: AbortSignal) => load({ ...query, ...page }, signal),
    // reloadKey: a change asks for the list again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [load, query, page, reloadKey],
  );
  const list = useLoad(loadPage);

  const handleSearch = (v: Record<string, unknown>) => {
    const filters: Record<string, ListFilterValue> = {};
    for (const [k, x] of Object.entries(v)) {
      if (k === 'keyword') {
        continue;
      }
      const value = typeof x === 'string' ? x.trim() : x;
      if (value !== undefined && value !== null && value !== '' && (typeof value === 'string' || typeof value === 'number')) {
        filters[k] = value;
      }
    }
    setFilter({ keyword: typeof v.keyword === 'string' ? v.keyword.trim() : '', filters });
    setPage((p) => ({ ...p, page: 1 }));
  };
  const handleReset = () => {
    filterForm.resetFields();
    setFilter({ keyword: '', filters: {} });
    setPage((p) => ({ ...p, page: 1 }));
  };

  const filterFields = def.list.filters.map((k) => def.fields.find((f) => f.key === k)!).filter(Boolean);
  // The definition's columns in its order, then any other field the user chose.
  const order = [...def.list.columns, ...def.fields.map((f) => f.key).filter((k) => !def.list.columns.includes(k))];
  const columns: ColumnsType<R> = [
    ...order
      .filter((k) => visible.includes(k))
      .map((k) => def.fields.find((f) => f.key === k)!)
      .map((f) => ({
        title: pick(lang, f.label.zh, f.label.en),
        key: f.key,
        sorter: sortable,
        render: (_: unknown, r: R) => cells[f.key]?.(r) ?? (displayValue(f, (r as Record<string, unknown>)[f.key], lang, pickers, (r as Pick<RecordItem, '_links'>)._links) || '—'),
      })),
    ...(def.workflow
      ? [{ title: t('status'), key: 'status', sorter: sortable, render: (_: unknown, r: R) => <StatusTag def={def} status={(r as { status: number }).status} lang={lang} /> }]
      : []),
    ...extraColumns,
    ...(actions ? [{ title: t('actions'), key: 'actions', fixed: 'right' as const, render: (_: unknown, r: R) => actions(r, list.reload) }] : []),
  ];
  const foldable = filterFields.length + (def.workflow ? 1 : 0);
  const folded = narrow && !filtersOpen;
  const filtered = Boolean(filter.keyword) || Object.keys(filter.filters).length > 0;
  const ctx: ListContext<K> = { query, visible, selected, clearSelection: () => setSelected([]), reload: list.reload };

  return (
    <Card size="small" title={pick(lang, def.name.zh, def.name.en)} data-testid={`ledger-${def.entity}`} className="pw-record-list">
      <Form form={filterForm} layout="inline" onFinish={handleSearch} style={{ marginBottom: 12, rowGap: 8 }} className="pw-list-filters" data-testid="record-filters">
        <Form.Item name="keyword" label={t('keyword')}>
          <Input allowClear maxLength={100} className="pw-list-filter-input" placeholder={keywordPlaceholder} data-testid="record-keyword" />
        </Form.Item>
        {filterFields.map((f) => (
          <Form.Item key={f.key} name={f.key} label={pick(lang, f.label.zh, f.label.en)} hidden={folded}>
            {filterInputs[f.key] ?? <FilterInput field={f} lang={lang} pickers={pickers} dictionaries={dictionaries} />}
          </Form.Item>
        ))}
        {def.workflow && (
          <Form.Item name="status" label={t('status')} hidden={folded}>
            <Select
              allowClear
              className="pw-list-filter-input"
              options={def.workflow.states.map((s) => ({ value: s.code, label: pick(lang, statusOf(def, s.code).label.zh, statusOf(def, s.code).label.en) }))}
            />
          </Form.Item>
        )}
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="record-search">
              {t('search')}
            </Button>
            <Button onClick={handleReset}>{t('reset')}</Button>
            {narrow && foldable > 0 && (
              <Badge count={Object.keys(filter.filters).length} size="small">
                <Button icon={<FilterOutlined />} onClick={() => setFiltersOpen((o) => !o)} aria-expanded={filtersOpen} data-testid="record-filters-toggle">
                  {t('filters')}
                </Button>
              </Badge>
            )}
          </Space>
        </Form.Item>
      </Form>
      <Space wrap style={{ marginBottom: 12 }}>
        {toolbar?.(ctx)}
        <Popover
          trigger="click"
          content={<Checkbox.Group style={{ display: 'grid' }} value={visible} onChange={(v) => handleColumns(v)} options={def.fields.map((f) => ({ value: f.key, label: pick(lang, f.label.zh, f.label.en) }))} />}
        >
          <Button icon={<SettingOutlined />}>{t('columns')}</Button>
        </Popover>
        {selected.length > 0 && <span>{t('selected', { n: selected.length })}</span>}
      </Space>
      <Table<R>
        rowKey={rowKey}
        size="small"
        loading={list.loading}
        dataSource={list.data?.items ?? []}
        columns={columns}
        scroll={{ x: 'max-content' }}
        rowSelection={selectable ? { selectedRowKeys: selected, preserveSelectedRowKeys: true, onChange: (keys) => setSelected(keys as K[]) } : undefined}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? t('emptyFiltered') : t('empty')} /> }}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (total) => t('total', { total }),
        }}
        onChange={(p, _f, s) => {
          setPage((old) => ({ page: p.pageSize === old.pageSize ? (p.current ?? 1) : 1, pageSize: p.pageSize ?? old.pageSize }));
          const one = Array.isArray(s) ? s[0] : s;
          setSort(one?.order ? { field: String(one.columnKey), order: one.order === 'ascend' ? 'asc' : 'desc' } : undefined);
        }}
        data-testid="record-table"
      />
      {children}
    </Card>
  );
}

/** A field's input as a filter: never required, and a readable width in the inline form (FieldInput fills its column). */
function FilterInput({ field, lang, pickers, dictionaries, value, onChange }: { field: FieldDef; lang: Lang; pickers: Pickers; dictionaries?: Dictionaries; value?: unknown; onChange?: (v: unknown) => void }) {
  return (
    <div className="pw-list-filter-input">
      <FieldInput field={{ ...field, required: false }} lang={lang} pickers={pickers} dictionaries={dictionaries} value={value} onChange={onChange} />
    </div>
  );
}
