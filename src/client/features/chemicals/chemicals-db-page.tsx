import { Alert, Button, Card, Descriptions, Input, Select, Space, Table, Tag, Tooltip, Typography, message } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { basicDatabaseDetailCall, basicDatabaseListCall, getTabooRulesCall, submitTabooRulesCall, type CatalogueItem } from '../../../shared/chemicals/calls';
import { tabooCheckCall } from '../../../shared/chemicals/contracts';
import { chemHref } from '../../../shared/chemicals/pages';
import { storageClasses, storageClassCodes, type StorageClass } from '../../../shared/domain/storage-classes';
import { api, errorText } from '../../app/api';
import { pick } from '../../app/i18n';
import { useLoad } from '../../ui/use-load';
import { useMsg } from './use-msg';

const DETAILS = chemHref('ChemicalsManagementDatabase', 'DatabaseDatails');
const markSymbol = { share: '○', separate: '分', forbid: '×' } as const;
const markColor = { share: 'green', separate: 'gold', forbid: 'red' } as const;
type Mark = keyof typeof markSymbol;

/** /…/BasicDatabase (the whole catalogue) and /…/ChemicalInformationManagement/Database (the plant's chemicals): one call, `inPlant`. */
export function BasicDatabasePage() {
  const { lang, m } = useMsg();
  const { pathname } = useLocation();
  const inPlant = pathname.endsWith('/Database') ? true : undefined;
  const [keyword, setKeyword] = useState('');
  const [storageClass, setClass] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const list = useLoad(
    useCallback(
      (signal: AbortSignal) => api(basicDatabaseListCall, { keyword: keyword || undefined, storageClass, inPlant, page, pageSize: 20 }, { signal }),
      [keyword, storageClass, inPlant, page],
    ),
  );
  const oel = (r: CatalogueItem) => (r.oel ? [r.oel.twa, r.oel.stel, r.oel.mac].map((x) => (x === null ? '—' : x)).join(' / ') : '—');
  return (
    <Card size="small" title={pick(lang, inPlant ? '化学品数据库' : '化学品基础数据库', inPlant ? 'Chemicals database' : 'Basic chemicals database')}>
      <Space direction="vertical" size={8} style={{ width: '100%' }}>
        <Alert type="info" showIcon message={m('chemicals.db.source')} />
        <Space wrap>
          <Input.Search allowClear placeholder={m('chemicals.db.keyword')} onSearch={(v) => (setKeyword(v.trim()), setPage(1))} style={{ width: 240, maxWidth: '100%' }} data-testid="chem-db-search" />
          <Select
            allowClear
            placeholder={m('chemicals.db.class')}
            style={{ width: 220, maxWidth: '100%' }}
            value={storageClass}
            onChange={(v) => (setClass(v), setPage(1))}
            options={storageClassCodes.map((c) => ({ value: c, label: storageClasses[c][lang] }))}
          />
        </Space>
        <Table<CatalogueItem>
          data-testid="chem-db-table"
          size="small"
          rowKey="code"
          loading={list.loading}
          dataSource={list.data?.items ?? []}
          scroll={{ x: 'max-content' }}
          pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
          columns={[
            {
              title: m('chemicals.db.name'),
              render: (_, r) => (
                <Link to={`${DETAILS}?code=${encodeURIComponent(r.code)}`} data-testid={`chem-db-row-${r.code}`}>
                  {lang === 'en' ? r.nameEn : r.name}
                </Link>
              ),
            },
            { title: m('chemicals.db.cas'), dataIndex: 'cas' },
            { title: m('chemicals.db.un'), dataIndex: 'un' },
            { title: m('chemicals.db.class'), render: (_, r) => r.classes.map((c) => <Tag key={c}>{storageClasses[c as StorageClass]?.[lang] ?? c}</Tag>) },
            { title: m('chemicals.db.oel'), render: (_, r) => oel(r) },
            { title: m('chemicals.db.inPlant'), render: (_, r) => (r.inPlant ? <Tag color="blue">{m('chemicals.db.yes')}</Tag> : m('chemicals.db.no')) },
            { title: m('chemicals.db.stock'), dataIndex: 'stock', align: 'right' },
          ]}
        />
      </Space>
    </Card>
  );
}

/** /…/DatabaseDatails?code=: one substance, its fields as DatabaseDetailsConfig orders them, its stock per store and plant records. */
export function DatabaseDetailsPage() {
  const { lang, m } = useMsg();
  const [params, setParams] = useSearchParams();
  const code = params.get('code') ?? 'methanol';
  const options = useLoad(useCallback((signal: AbortSignal) => api(basicDatabaseListCall, { page: 1, pageSize: 1000 }, { signal }), []));
  const detail = useLoad(useCallback((signal: AbortSignal) => api(basicDatabaseDetailCall, { code }, { signal }), [code]));
  const d = detail.data;
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small">
        <Select
          showSearch
          optionFilterProp="label"
          style={{ width: 320, maxWidth: '100%' }}
          value={code}
          placeholder={m('chemicals.db.pick')}
          onChange={(v: string) => setParams({ code: v })}
          options={(options.data?.items ?? []).map((x) => ({ value: x.code, label: `${lang === 'en' ? x.nameEn : x.name}${x.cas ? ` (${x.cas})` : ''}` }))}
          data-testid="chem-detail-pick"
        />
      </Card>
      <Card size="small" loading={detail.loading && !d} title={d ? (lang === 'en' ? d.nameEn : d.name) : ''} data-testid="chem-detail">
        {d && (
          <Space direction="vertical" size={12} style={{ width: '100%' }}>
            <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} data-testid="chem-detail-fields">
              {d.fields.map((f) => (
                <Descriptions.Item key={f.key} label={f.title}>
                  {f.value}
                </Descriptions.Item>
              ))}
            </Descriptions>
            {d.hasMsds && <Link to={`/majorHazard88/instructions?code=${encodeURIComponent(d.code)}`}>{m('chemicals.db.msds')}</Link>}
            <Typography.Text strong>{m('chemicals.db.stores')}</Typography.Text>
            <Table
              size="small"
              rowKey="storeId"
              dataSource={d.stores}
              pagination={false}
              data-testid="chem-detail-stores"
              locale={{ emptyText: m('chemicals.page.none') }}
              columns={[
                { title: m('chemicals.page.store'), dataIndex: 'store' },
                { title: m('chemicals.page.quantity'), dataIndex: 'quantity', align: 'right' },
              ]}
            />
          </Space>
        )}
      </Card>
    </Space>
  );
}

/** The matrix as a table of classes; `edit` makes each cell cycle ○ → 分 → × when clicked. */
function Matrix({ cells, edits, onCell }: { cells: { a: string; b: string; mark: Mark; reason: string; edited: boolean }[]; edits?: Map<string, Mark>; onCell?: (a: string, b: string) => void }) {
  const { lang } = useMsg();
  const at = useMemo(() => new Map(cells.map((c) => [`${c.a}/${c.b}`, c])), [cells]);
  const cellOf = (a: string, b: string) => at.get(`${a}/${b}`) ?? at.get(`${b}/${a}`);
  return (
    <div style={{ overflowX: 'auto' }} data-testid="chem-matrix">
      <table className="chem-matrix" style={{ borderCollapse: 'collapse', fontSize: 12 }}>
        <thead>
          <tr>
            <th />
            {storageClassCodes.map((c, i) => (
              <th key={c} style={{ padding: 2, minWidth: 26 }}>
                <Tooltip title={storageClasses[c][lang]}>{i + 1}</Tooltip>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {storageClassCodes.map((a, i) => (
            <tr key={a}>
              <th style={{ textAlign: 'left', padding: '2px 6px', whiteSpace: 'nowrap', fontWeight: 400 }}>
                {i + 1}. {storageClasses[a][lang]}
              </th>
              {storageClassCodes.map((b) => {
                const c = cellOf(a, b);
                const key = [a, b].sort((x, y) => storageClassCodes.indexOf(x) - storageClassCodes.indexOf(y)).join('/');
                const mark = edits?.get(key) ?? c?.mark ?? 'forbid';
                return (
                  <td
                    key={b}
                    data-testid={`chem-cell-${a}-${b}`}
                    data-mark={mark}
                    onClick={onCell ? () => onCell(a, b) : undefined}
                    style={{
                      border: c?.edited || edits?.has(key) ? '2px solid #1677ff' : '1px solid #d9d9d9',
                      textAlign: 'center',
                      padding: 2,
                      cursor: onCell ? 'pointer' : 'default',
                      color: markColor[mark] === 'red' ? '#cf1322' : markColor[mark] === 'gold' ? '#d48806' : '#389e0d',
                    }}
                  >
                    <Tooltip title={c?.reason}>{markSymbol[mark]}</Tooltip>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /…/TabooStorageRules: the matrix, the substance rules, pairs in stock it refuses, and the taboo check of chosen substances. */
export function TabooRulesPage() {
  const { lang, m } = useMsg();
  const rules = useLoad(useCallback((signal: AbortSignal) => api(getTabooRulesCall, {}, { signal }), []));
  const options = useLoad(useCallback((signal: AbortSignal) => api(basicDatabaseListCall, { page: 1, pageSize: 1000 }, { signal }), []));
  const [chosen, setChosen] = useState<string[]>([]);
  const [result, setResult] = useState<{ ok: boolean; lines: string[] } | null>(null);
  const check = async () => {
    try {
      const r = await api(tabooCheckCall, { substances: chosen.map((cas) => ({ cas })) }, { silent: true });
      const line = (c: (typeof r.conflicts)[number]) =>
        m('chemicals.taboo.refusedPair', { a: lang === 'en' ? (c.a.nameEn ?? c.a.name) : c.a.name, b: lang === 'en' ? (c.b.nameEn ?? c.b.name) : c.b.name, reason: m(c.rule.reason.code, c.rule.reason.params) });
      setResult({ ok: r.allowed, lines: r.allowed ? [m('chemicals.taboo.allowed'), ...r.warnings.map(line)] : r.conflicts.map(line) });
    } catch (err) {
      setResult({ ok: false, lines: [errorText(err, lang)] });
    }
  };
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small" title={m('chemicals.taboo.check')}>
        <Space wrap style={{ width: '100%' }}>
          <Select
            mode="multiple"
            showSearch
            optionFilterProp="label"
            placeholder={m('chemicals.taboo.checkPick')}
            style={{ minWidth: 280, maxWidth: '100%' }}
            value={chosen}
            onChange={setChosen}
            data-testid="chem-taboo-pick"
            options={(options.data?.items ?? []).filter((x) => x.cas).map((x) => ({ value: x.cas!, label: `${lang === 'en' ? x.nameEn : x.name} (${x.cas})` }))}
          />
          <Button type="primary" disabled={chosen.length < 2} onClick={() => void check()} data-testid="chem-taboo-check">
            {m('chemicals.taboo.check')}
          </Button>
        </Space>
        {result && <Alert style={{ marginTop: 8 }} type={result.ok ? 'success' : 'error'} showIcon message={result.lines.join('；')} data-testid="chem-taboo-result" />}
      </Card>
      <Card size="small" title={m('chemicals.taboo.inStock')}>
        <Table
          size="small"
          data-testid="chem-taboo-instock"
          rowKey={(r) => `${r.storeId}/${r.a}/${r.b}`}
          loading={rules.loading}
          dataSource={rules.data?.inStock ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: m('chemicals.taboo.noneInStock') }}
          columns={[
            { title: m('chemicals.page.store'), dataIndex: 'store' },
            { title: m('chemicals.taboo.pair'), render: (_, r) => `${r.a} · ${r.b}` },
            { title: m('chemicals.taboo.mark'), render: (_, r) => <Tag color={markColor[r.mark]}>{markSymbol[r.mark]}</Tag> },
            { title: m('chemicals.taboo.reason'), dataIndex: 'reason' },
          ]}
        />
      </Card>
      <Card size="small" title={m('chemicals.taboo.matrix')}>
        <Alert type="info" showIcon message={m('chemicals.taboo.method')} style={{ marginBottom: 8 }} />
        {rules.data && <Matrix cells={rules.data.cells} />}
      </Card>
      <Card size="small" title={m('chemicals.taboo.substanceRules')}>
        <Table
          size="small"
          rowKey="id"
          dataSource={rules.data?.substanceRules ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: 'CAS', render: (_, r) => r.cas.join(' · ') },
            { title: m('chemicals.taboo.mark'), render: (_, r) => <Tag color={markColor[r.mark]}>{markSymbol[r.mark]}</Tag> },
            { title: m('chemicals.taboo.reason'), dataIndex: 'reason' },
          ]}
        />
      </Card>
    </Space>
  );
}

/** /…/TabooStorageRulesConfig: the matrix to edit (click cycles a cell), saved with SubmitTabooRules; pairs in stock the new table refuses are listed. */
export function TabooRulesConfigPage() {
  const { lang, m } = useMsg();
  const rules = useLoad(useCallback((signal: AbortSignal) => api(getTabooRulesCall, {}, { signal }), []));
  const [edits, setEdits] = useState(new Map<string, Mark | 'default'>());
  const [busy, setBusy] = useState(false);
  const [msg, holder] = message.useMessage();
  const [refused, setRefused] = useState<string[]>([]);
  const current = (key: string): Mark => {
    const e = edits.get(key);
    const [a, b] = key.split('/');
    return e && e !== 'default' ? e : (rules.data?.cells.find((c) => c.a === a && c.b === b)?.mark ?? 'forbid');
  };
  const cycle = (a: string, b: string) => {
    const key = [a, b].sort((x, y) => storageClassCodes.indexOf(x as StorageClass) - storageClassCodes.indexOf(y as StorageClass)).join('/');
    const next: Record<Mark, Mark> = { share: 'separate', separate: 'forbid', forbid: 'share' };
    setEdits((e) => new Map(e).set(key, next[current(key)]));
  };
  const save = async (all: Map<string, Mark | 'default'>) => {
    setBusy(true);
    try {
      const cells = [...all.entries()].map(([k, mark]) => ({ a: k.split('/')[0], b: k.split('/')[1], mark }));
      const r = await api(submitTabooRulesCall, { cells: cells }, { silent: true });
      void msg.success(m('chemicals.taboo.saved', { changed: r.changed }));
      setRefused(r.inStock.map((c) => `${c.store}：${c.a} · ${c.b}（${c.reason}）`));
      setEdits(new Map());
      rules.reload();
    } catch (err) {
      void msg.error(errorText(err, lang));
    } finally {
      setBusy(false);
    }
  };
  const reset = () => {
    const edited = (rules.data?.cells ?? []).filter((c) => c.edited);
    if (edited.length) {
      void save(new Map(edited.map((c) => [`${c.a}/${c.b}`, 'default' as const])));
    }
  };
  const shown = new Map([...edits.entries()].filter(([, v]) => v !== 'default') as [string, Mark][]);
  return (
    <Card size="small" title={pick(lang, '禁忌储存规则配置', 'Taboo storage rules configuration')}>
      {holder}
      <Space direction="vertical" size={8} style={{ width: '100%' }}>
        <Alert type="info" showIcon message={m('chemicals.taboo.edit')} />
        <Space wrap>
          <Button type="primary" loading={busy} disabled={edits.size === 0} onClick={() => void save(edits)} data-testid="chem-taboo-save">
            {m('chemicals.taboo.save')}
          </Button>
          <Button loading={busy} onClick={reset} disabled={!(rules.data?.cells ?? []).some((c) => c.edited)} data-testid="chem-taboo-reset">
            {m('chemicals.taboo.reset')}
          </Button>
        </Space>
        {refused.length > 0 && <Alert type="error" showIcon message={m('chemicals.taboo.inStock')} description={refused.join('；')} data-testid="chem-taboo-refused" />}
        {rules.data && <Matrix cells={rules.data.cells} edits={shown} onCell={cycle} />}
      </Space>
    </Card>
  );
}
