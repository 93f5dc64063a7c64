import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Popconfirm, Result, Space, Spin, Table, Tag, message } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { definitionLog, dictionaryDelete, dictionaryList, dictionarySave, type DefinitionItem, type DictionaryItem } from '../../../shared/records/contracts';
import { renderMessage } from '../../../shared/messages/catalog';
import { ledgerHref, recordHref } from '../../../shared/records/definition';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { pick, useLang } from '../../app/i18n';
import { FormModal } from '../../ui/form-modal';
import { useLoad } from '../../ui/use-load';
import { useSession } from '../../app/session-store';
import { LedgerDesigner } from './ledger-designer';
import { recordsNs } from '../../ui/records/ledger-locales';
import { RecordDetail } from '../../ui/records/record-detail';
import { RecordForm } from '../../ui/records/record-form';
import { RecordList } from '../../ui/records/record-list';
import { useDefinitions, useLedger } from '../../ui/records/use-ledger';
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
        ledgers={(defs.data?.items ?? []).map((d) => d.definition)}
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
          { title: t('who'), dataIndex: 'username' },
          { title: t('what'), dataIndex: 'action' },
          { title: t('entityCol'), dataIndex: 'entity' },
        ]}
      />
    </Card>
  );
}

/** /low-code-platform/data-dictionary — the enumerations ledger fields name (`dictionary`), kept once for every ledger. */
export function DataDictionaryPage() {
  const { t } = useTranslation(recordsNs);
  const lang = useLang();
  const defs = useDefinitions();
  const load = useCallback((signal: AbortSignal) => api(dictionaryList, {}, { signal }), []);
  const dicts = useLoad(load);
  const [editing, setEditing] = useState<{ item?: DictionaryItem; n: number } | null>(null);
  const [msg, holder] = message.useMessage();
  const usedBy = (code: string) =>
    (defs.data?.items ?? [])
      .filter((d) => d.definition.fields.some((f) => f.dictionary === code || (f.columns ?? []).some((c) => c.dictionary === code)))
      .map((d) => pick(lang, d.definition.name.zh, d.definition.name.en));

  const handleSave = async (v: DictionaryFormValues) => {
    const dictionary = {
      code: v.code,
      name: { zh: v.nameZh, en: v.nameEn ?? '' },
      options: (v.options ?? []).map((o) => ({ value: o.value, label: { zh: o.zh, en: o.en ?? '' } })),
    };
    await api(dictionarySave, { dictionary, version: editing?.item?.version }, { silent: true });
    void msg.success(t('saved'));
    dicts.reload();
  };

  return (
    <Card
      size="small"
      title={t('dictionary')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ n: Date.now() })} data-testid="dictionary-add">
          {t('add')}
        </Button>
      }
    >
      {holder}
      <p>{t('dictionaryHint')}</p>
      <Table<DictionaryItem>
        rowKey={(d) => d.dictionary.code}
        size="small"
        loading={dicts.loading}
        dataSource={dicts.data?.items ?? []}
        scroll={{ x: 'max-content' }}
        pagination={false}
        columns={[
          { title: t('dictionaryCode'), key: 'code', render: (_: unknown, d) => d.dictionary.code },
          { title: t('dictionaryName'), key: 'name', render: (_: unknown, d) => pick(lang, d.dictionary.name.zh, d.dictionary.name.en) },
          { title: t('choices'), key: 'options', render: (_: unknown, d) => d.dictionary.options.map((o) => <Tag key={o.value}>{pick(lang, o.label.zh, o.label.en)}</Tag>) },
          { title: t('usedBy'), key: 'used', render: (_: unknown, d) => usedBy(d.dictionary.code).join('; ') },
          { title: t('version'), dataIndex: 'version' },
          {
            title: t('actions'),
            key: 'actions',
            render: (_: unknown, d) => (
              <Space size={0}>
                <Button type="link" onClick={() => setEditing({ item: d, n: Date.now() })} data-testid={`dictionary-edit-${d.dictionary.code}`}>
                  {t('edit')}
                </Button>
                <Popconfirm
                  title={t('confirmDelete')}
                  onConfirm={async () => {
                    await api(dictionaryDelete, { code: d.dictionary.code });
                    void msg.success(t('deleted'));
                    dicts.reload();
                  }}
                >
                  <Button type="link" danger>
                    {t('delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <FormModal<DictionaryFormValues>
          key={editing.n}
          open
          title={editing.item ? t('edit') : t('add')}
          okText={t('save')}
          fields={['code', 'nameZh', 'nameEn', 'options']}
          initialValues={
            editing.item
              ? {
                  code: editing.item.dictionary.code,
                  nameZh: editing.item.dictionary.name.zh,
                  nameEn: editing.item.dictionary.name.en,
                  options: editing.item.dictionary.options.map((o) => ({ value: o.value, zh: o.label.zh, en: o.label.en })),
                }
              : { options: [{ value: '', zh: '', en: '' }] }
          }
          onSubmit={handleSave}
          onClose={() => setEditing(null)}
          okTestId="dictionary-save"
          formTestId="dictionary-form"
          width={640}
        >
          <Form.Item name="code" label={t('dictionaryCode')} rules={[{ required: true, pattern: /^[A-Za-z][A-Za-z0-9_]{0,59}$/, message: renderMessage(lang, 'validation.badFormat') }]}>
            <Input disabled={!!editing.item} data-testid="dictionary-code" />
          </Form.Item>
          <Form.Item name="nameZh" label={t('nameZh')} rules={[{ required: true, whitespace: true, message: renderMessage(lang, 'validation.required') }]}>
            <Input data-testid="dictionary-name" />
          </Form.Item>
          <Form.Item name="nameEn" label={t('nameEn')}>
            <Input />
          </Form.Item>
          <Form.List name="options">
            {(rows, { add, remove }) => (
              <>
                {rows.map((row, i) => (
                  <Space key={row.key} wrap align="start" data-testid={`dictionary-option-${i}`}>
                    <Form.Item name={[row.name, 'value']} rules={[{ required: true, whitespace: true, message: renderMessage(lang, 'validation.required') }]}>
                      <Input placeholder={t('optionValue')} style={{ width: 120 }} data-testid="option-value" />
                    </Form.Item>
                    <Form.Item name={[row.name, 'zh']} rules={[{ required: true, whitespace: true, message: renderMessage(lang, 'validation.required') }]}>
                      <Input placeholder={t('nameZh')} style={{ width: 150 }} data-testid="option-zh" />
                    </Form.Item>
                    <Form.Item name={[row.name, 'en']}>
                      <Input placeholder={t('nameEn')} style={{ width: 150 }} />
                    </Form.Item>
                    <Button icon={<MinusCircleOutlined />} onClick={() => remove(row.name)} disabled={rows.length === 1} aria-label={t('delete')} />
                  </Space>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ value: '', zh: '', en: '' })} data-testid="dictionary-add-option">
                  {t('addOption')}
                </Button>
              </>
            )}
          </Form.List>
        </FormModal>
      )}
    </Card>
  );
}

interface DictionaryFormValues {
  code: string;
  nameZh: string;
  nameEn?: string;
  options?: { value: string; zh: string; en?: string }[];
}
