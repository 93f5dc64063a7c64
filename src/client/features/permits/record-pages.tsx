import { Card, Result, Spin, message } from 'antd';
import { useSearchParams } from 'react-router-dom';
import type { RecordItem } from '../../../shared/records/contracts';
import { pick, useLang } from '../../app/i18n';
import { navigateTo } from '../../app/navigation';
import { LedgerPage } from '../../ui/records/ledger-page';
import { RecordDetail } from '../../ui/records/record-detail';
import { RecordForm } from '../../ui/records/record-form';
import { useLedger } from '../../ui/records/use-ledger';
import { usePickers } from '../../ui/records/use-pickers';

/** A record of a ledger by `?id=` (its fields, flow and history); without an id, the ledger. */
export function RecordDetailPage({ entity }: { entity: string }) {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const { loading, def, calls } = useLedger(entity);
  const pickers = usePickers();
  if (!Number.isInteger(id) || id <= 0) {
    return <LedgerPage entity={entity} />;
  }
  if (loading && !def) {
    return <Spin />;
  }
  return def && calls ? <RecordDetail key={id} def={def} calls={calls} pickers={pickers} id={id} /> : <Result status="404" />;
}

/** A page holding the new-record form of a ledger; once saved, `detailHref` opens the record. */
export function RecordCreatePage({ entity, detailHref, savedText }: { entity: string; detailHref: string; savedText: string }) {
  const lang = useLang();
  const { loading, def, calls } = useLedger(entity);
  const pickers = usePickers();
  const [msg, holder] = message.useMessage();
  if (loading && !def) {
    return <Spin />;
  }
  if (!def || !calls) {
    return <Result status="404" />;
  }
  return (
    <Card title={pick(lang, def.name.zh, def.name.en)} size="small">
      {holder}
      <RecordForm
        def={def}
        calls={calls}
        pickers={pickers}
        onSaved={(r: RecordItem) => {
          void msg.success(savedText);
          navigateTo(`${detailHref}?id=${r.id}`);
        }}
        onCancel={() => navigateTo(detailHref)}
      />
    </Card>
  );
}
