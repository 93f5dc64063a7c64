import { Alert, Button, Card, Col, Empty, Row, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useCallback, useMemo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { dataSummaryCall, fileExpiryCheckCall, inventoryStatisticsCall } from '../../../shared/chemicals/calls';
import { chemicalInfoLedger } from '../../../shared/chemicals/ledgers';
import { CHEM_HOME, CHEM_PORTAL, chemChildren, chemHref, chemSections } from '../../../shared/chemicals/pages';
import type { MenuItem } from '../../../shared/org/contracts';
import { recordContracts } from '../../../shared/records/contracts';
import { api } from '../../app/api';
import { pick } from '../../app/i18n';
import { useSession } from '../../app/session-store';
import { LedgerPage } from '../../ui/records/ledger-page';
import { RecordForm } from '../../ui/records/record-form';
import { usePickers } from '../../ui/records/use-pickers';
import { useLoad } from '../../ui/use-load';
import { useMsg } from './use-msg';

/** The hrefs of the caller's menu (what they may open). */
function useMenuHrefs(): Set<string> {
  const menus = useSession((s) => s.menus);
  return useMemo(() => {
    const out = new Set<string>();
    const walk = (items: MenuItem[]) => items.forEach((m) => (out.add(m.href), walk(m.childs)));
    walk(menus);
    return out;
  }, [menus]);
}

/** /ChemicalsManagement (and each section's own path): the sections and their pages the caller may open. */
export function ChemicalsHomePage() {
  const { lang, m } = useMsg();
  const { pathname } = useLocation();
  const hrefs = useMenuHrefs();
  const only = chemSections.find((s) => pathname.endsWith(`/${s.section}`));
  const sections = (only ? [only] : chemSections).map((s) => ({ ...s, children: s.children.filter((c) => hrefs.has(chemHref(s.section, c.child))) }));
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="chem-home">
      <Card size="small">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {pick(lang, '化学品管理系统', 'Chemicals management')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{m('chemicals.home.intro')}</Typography.Paragraph>
        <Link to={CHEM_PORTAL} data-testid="chem-home-portal">
          {m('chemicals.home.portal')}
        </Link>
      </Card>
      <Row gutter={[12, 12]}>
        {sections.map((s) => (
          <Col key={s.section} xs={24} md={12} xl={8}>
            <Card size="small" title={pick(lang, s.name, s.name_en)} data-testid={`chem-section-${s.section}`}>
              {s.children.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
              ) : (
                <Space direction="vertical" size={4}>
                  {s.children.map((c) => (
                    <Link key={c.child} to={chemHref(s.section, c.child)} data-testid={`chem-link-${c.child}`}>
                      {pick(lang, c.name, c.name_en)}
                    </Link>
                  ))}
                </Space>
              )}
            </Card>
          </Col>
        ))}
      </Row>
    </Space>
  );
}

/** /ChemicalsManagement/ChemicalsPortal: the area's figures (DataSummary) and its entries. */
export function ChemicalsPortalPage() {
  const { lang, m } = useMsg();
  const navigate = useNavigate();
  const hrefs = useMenuHrefs();
  const sum = useLoad(useCallback((signal: AbortSignal) => api(dataSummaryCall, {}, { signal }), []));
  const d = sum.data;
  const figures: { key: keyof NonNullable<typeof d>; code: string; href: string; warn?: boolean }[] = [
    { key: 'catalogue', code: 'chemicals.portal.catalogue', href: chemHref('ChemicalsManagementDatabase', 'BasicDatabase') },
    { key: 'chemicals', code: 'chemicals.portal.chemicals', href: chemHref('ChemicalInformationManagement', 'ChemicalLists') },
    { key: 'stores', code: 'chemicals.portal.stores', href: chemHref('ChemicalStorageManagement', 'StorageFacilities') },
    { key: 'stockTotal', code: 'chemicals.portal.stockTotal', href: chemHref('ChemicalStorageManagement', 'ChemicalStocksAll') },
    { key: 'movements30d', code: 'chemicals.portal.movements30d', href: chemHref('ChemicalStorageManagement', 'OutOfTheWarehouse') },
    { key: 'counts30d', code: 'chemicals.portal.counts30d', href: chemHref('ChemicalStorageManagement', 'ChemicalStocksAll') },
    { key: 'inStockConflicts', code: 'chemicals.portal.conflicts', href: chemHref('ChemicalsManagementDatabase', 'TabooStorageRules'), warn: true },
    { key: 'expiring', code: 'chemicals.portal.expiring', href: chemHref('ChemicalStorageManagement', 'PromptInformation'), warn: true },
  ];
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="chem-portal">
      <Row gutter={[12, 12]}>
        {figures.map((f) => (
          <Col key={f.key} xs={12} md={6}>
            <Card size="small" hoverable onClick={() => void navigate(f.href)} data-testid={`chem-figure-${f.key}`}>
              <Statistic
                title={m(f.code)}
                loading={sum.loading && !d}
                value={d ? d[f.key] : 0}
                valueStyle={f.warn && d && d[f.key] > 0 ? { color: '#cf1322' } : undefined}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" title={m('chemicals.portal.sections')}>
        <Space wrap>
          {chemChildren
            .filter((c) => hrefs.has(c.href))
            .map((c) => (
              <Button key={c.href} size="small" onClick={() => void navigate(c.href)}>
                {pick(lang, c.name, c.name_en)}
              </Button>
            ))}
          <Button size="small" type="link" onClick={() => void navigate(CHEM_HOME)}>
            {pick(lang, '化学品管理系统', 'Chemicals management')}
          </Button>
        </Space>
      </Card>
    </Space>
  );
}

/** A child of seed 3 that is one ledger: the ledger named for the path's last segment in `pages.ts`. */
export function ChemLedgerPage() {
  const { pathname } = useLocation();
  const child = pathname.split('/').filter(Boolean).at(-1);
  const entity = chemChildren.find((c) => c.child === child)?.entity ?? '';
  // Keyed by the ledger: the shell may keep this component while the path moves to another child's ledger.
  return <LedgerPage key={entity} entity={entity} />;
}

/** /…/ChemicalInformationManagement/AddChemical: the chemical list's form on its own page; the list afterwards. */
export function AddChemicalPage() {
  const { lang } = useMsg();
  const navigate = useNavigate();
  const pickers = usePickers();
  const calls = useMemo(() => recordContracts(chemicalInfoLedger), []);
  const list = chemHref('ChemicalInformationManagement', 'ChemicalLists');
  return (
    <Card size="small" title={pick(lang, '新增化学品', 'Add chemical')} data-testid="chem-add">
      <RecordForm def={chemicalInfoLedger} calls={calls} pickers={pickers} onSaved={() => void navigate(list)} onCancel={() => void navigate(list)} />
    </Card>
  );
}

/** /…/ChemicalStocksChemical: stock per substance over every store the caller sees. */
export function StockByChemicalPage() {
  const { lang, m } = useMsg();
  const stats = useLoad(useCallback((signal: AbortSignal) => api(inventoryStatisticsCall, {}, { signal }), []));
  return (
    <Card size="small" title={m('chemicals.stock.byChemical')}>
      <Table
        data-testid="chem-by-chemical"
        size="small"
        rowKey="cas"
        loading={stats.loading}
        dataSource={stats.data?.byChemical ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: m('chemicals.page.substance'), render: (_, r) => `${lang === 'en' ? r.nameEn : r.name}` },
          { title: m('chemicals.db.cas'), dataIndex: 'cas' },
          { title: m('chemicals.page.quantity'), dataIndex: 'quantity', align: 'right' },
          { title: m('chemicals.stock.stores'), dataIndex: 'stores', align: 'right' },
        ]}
      />
    </Card>
  );
}

/** The stores with their totals and fill against the design capacity. */
export function StoreTotals() {
  const { m } = useMsg();
  const stats = useLoad(useCallback((signal: AbortSignal) => api(inventoryStatisticsCall, {}, { signal }), []));
  return (
    <Table
      data-testid="chem-by-store"
      size="small"
      rowKey="storeId"
      loading={stats.loading}
      dataSource={stats.data?.byStore ?? []}
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: m('chemicals.page.store'), dataIndex: 'store' },
        { title: m('chemicals.page.quantity'), dataIndex: 'quantity', align: 'right' },
        { title: m('chemicals.page.capacity'), dataIndex: 'capacity', align: 'right' },
        {
          title: m('chemicals.stock.fill'),
          align: 'right',
          render: (_, r) => (r.capacity ? <Tag color={r.quantity > r.capacity * 0.9 ? 'red' : 'green'}>{Math.round((r.quantity / r.capacity) * 100)}%</Tag> : '—'),
        },
        { title: m('chemicals.stock.substances'), dataIndex: 'substances', align: 'right' },
      ]}
    />
  );
}

/** /…/PromptInformation: the prompts ledger, and the chemicals whose MSDS or licence is past or near its date. */
export function PromptPage() {
  const { lang, m } = useMsg();
  const exp = useLoad(useCallback((signal: AbortSignal) => api(fileExpiryCheckCall, { days: 30 }, { signal }), []));
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small" title={m('chemicals.prompt.expiry')}>
        <Alert type="info" showIcon message={m('chemicals.prompt.todo')} style={{ marginBottom: 8 }} />
        <Table
          data-testid="chem-expiry"
          size="small"
          rowKey={(r) => `${r.id}/${r.file}`}
          loading={exp.loading}
          dataSource={exp.data?.items ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: m('chemicals.prompt.none') }}
          columns={[
            { title: m('chemicals.page.substance'), render: (_, r) => (lang === 'en' ? r.nameEn : r.name) },
            { title: m('chemicals.prompt.file'), render: (_, r) => (r.file === 'msds' ? 'MSDS' : pick(lang, '许可证', 'Licence')) },
            { title: m('chemicals.prompt.expires'), render: (_, r) => new Date(r.expires).toLocaleDateString(lang === 'en' ? 'en-GB' : 'zh-CN') },
            {
              title: m('chemicals.prompt.days'),
              align: 'right',
              render: (_, r) => <Tag color={r.days < 0 ? 'red' : 'gold'}>{r.days < 0 ? m('chemicals.prompt.expired') : r.days}</Tag>,
            },
          ]}
        />
      </Card>
      <LedgerPage entity="ChemicalPrompt" />
    </Space>
  );
}
