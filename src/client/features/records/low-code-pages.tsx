import { Button, Card, Result, Spin, Table, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { definitionLog, type DefinitionItem } from '../../../shared/contracts/records';
import { fieldTypes, ledgerHref, recordHref } from '../../../shared/records/definition';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { pick, useLang } from '../../app/i18n';
import { useLoad } from '../../ui/use-load';
import { useSession } from '../../app/session-store';
import { LedgerDesigner } from './ledger-designer';
import { recordsNs } from './locales';
import { RecordDetail } from './record-detail';
import { RecordForm } from './record-form';
import { RecordList } from './record-list';
import { useDefinitions, useLedger } from './use-ledger';
import { usePickers } from '../../ui/records/use-pickers';

function LedgerOf({ entity }: { entity: string | null }) {
  const { t } = useTranslation(recordsNs);
  const { loading, def, calls } = useLedger(entity);
  if (loading && !def) {
    return <Spin />;
  }
  return def && calls ? <RecordList def={def} calls={calls} /> : <Result status="404" subTitle={t('noLedger')} />;
}

/** /low-code-platform/ledger/:entity — a run-time ledger's list, from its menu entry. */
export function LedgerPage() {
  const { entity } = useParams();
  return <LedgerOf key={entity} entity={entity ?? null} />;
}

/** /low-code-platform/list-view: the ledger definitions; with `?entity=` one ledger's list. */
export function ListViewPage() {
  const { t } = useTranslation(recordsNs);
  const lang = useLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const defs = useDefinitions();
  const pickers = usePickers();
  const [designing, setDesigning] = useState(false);
  const entity = params.get('entity');
  if (entity) {
    return <LedgerOf key={entity} entity={entity} />;
  }
  return (
    <Card
      size="small"
      title={t('ledgers')}
      extra={
        <Button type="primary" onClick={() => setDesigning(true)} data-testid="ledger-new">
          {t('newLedger')}
        </Button>
      }
    >
      <Table<DefinitionItem>
        rowKey="entity"
        size="small"
        loading={defs.loading}
        dataSource={defs.data?.items ?? []}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('ledgerName'), key: 'name', render: (_: unknown, d) => pick(lang, d.definition.name.zh, d.definition.name.en) },
          { title: t('entity'), dataIndex: 'entity' },
          { title: t('area'), dataIndex: 'area' },
          { title: t('fields'), key: 'n', render: (_: unknown, d) => d.definition.fields.length },
          { title: t('version'), dataIndex: 'version', render: (v: number, d) => (d.builtin ? <Tag>{t('builtin')}</Tag> : v) },
          { title: t('actions'), key: 'a', render: (_: unknown, d) => <Button type="link" onClick={() => void navigate(d.builtin ? `/low-code-platform/list-view?entity=${d.entity}` : ledgerHref(d.entity))}>{t('open')}</Button> },
        ]}
      />
      <LedgerDesigner
        open={designing}
        pickers={pickers}
        onClose={() => setDesigning(false)}
        onSaved={(e) => {
          setDesigning(false);
          defs.reload();
          // The new ledger's menu entry is in the profile only once it is read again.
          void useSession
            .getState()
            .loadProfile()
            .then(() => navigate(ledgerHref(e)));
        }}
      />
    </Card>
  );
}

/** /low-code-platform/list-view-record?entity=&id= — one record (to-dos open it here). */
export function ListViewRecordPage() {
  const { t } = useTranslation(recordsNs);
  const [params] = useSearchParams();
  const entity = params.get('entity');
  const id = Number(params.get('id'));
  const { loading, def, calls } = useLedger(entity);
  const pickers = usePickers();
  if (loading && !def) {
    return <Spin />;
  }
  if (!def || !calls || !Number.isInteger(id) || id <= 0) {
    return <Result status="404" subTitle={t('noLedger')} />;
  }
  return <RecordDetail key={`${entity}-${id}`} def={def} calls={calls} pickers={pickers} id={id} />;
}

/** /low-code-platform/form-detail?entity= — a new record of a ledger, as a page. */
export function FormDetailPage() {
  const { t } = useTranslation(recordsNs);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const entity = params.get('entity');
  const { loading, def, calls } = useLedger(entity);
  const pickers = usePickers();
  if (loading && !def) {
    return <Spin />;
  }
  if (!def || !calls) {
    return <Result status="404" subTitle={t('noLedger')} />;
  }
  return (
    <Card size="small" title={`${t('add')} ${pick('zh', def.name.zh, def.name.en)}`}>
      <RecordForm def={def} calls={calls} pickers={pickers} onSaved={(r) => void navigate(recordHref(def.entity, r.id))} onCancel={() => void navigate(-1)} />
    </Card>
  );
}

/** /low-code-platform/processLogs — what changed in ledger definitions, who and when. */
export function ProcessLogsPage() {
  const { t } = useTranslation(recordsNs);
  const [page, setPage] = useState(1);
  const load = useCallback((signal: AbortSignal) => api(definitionLog, { page, pageSize: 20 }, { signal }), [page]);
  const log = useLoad(load);
  return (
    <Card size="small" title={t('definitionLog')}>
      <Table
        rowKey={(r) => `${r.at}-${r.entity}-${r.action}`}
        size="small"
        loading={log.loading}
        dataSource={log.data?.items ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, pageSize: 20, total: log.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: t('at'), dataIndex: 'at', render: (at: number) => formatDate(at) },
          { title: t('who'), dataIndex: 'loginname' },
          { title: t('what'), dataIndex: 'action' },
          { title: t('entityCol'), dataIndex: 'entity' },
        ]}
      />
    </Card>
  );
}

/** /low-code-platform/data-dictionary — the enumerations fields use, across every ledger. */
export function DataDictionaryPage() {
  const { t } = useTranslation(recordsNs);
  const lang = useLang();
  const defs = useDefinitions();
  const rows = (defs.data?.items ?? []).flatMap((d) =>
    d.definition.fields
      .filter((f) => f.type === fieldTypes.enum || f.type === fieldTypes.enumMulti)
      .map((f) => ({ key: `${d.entity}.${f.key}`, ledger: pick(lang, d.definition.name.zh, d.definition.name.en), field: pick(lang, f.label.zh, f.label.en), options: (f.options ?? []).map((o) => pick(lang, o.label.zh, o.label.en)).join('; ') })),
  );
  return (
    <Card size="small" title={t('dictionary')}>
      <p>{t('dictionaryHint')}</p>
      <Table rowKey="key" size="small" loading={defs.loading} dataSource={rows} scroll={{ x: 'max-content' }} columns={[{ title: t('entityCol'), dataIndex: 'ledger' }, { title: t('field'), dataIndex: 'field' }, { title: t('options'), dataIndex: 'options' }]} />
    </Card>
  );
}
