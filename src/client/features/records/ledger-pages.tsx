import { Card, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { pick, useLang } from '../../app/i18n';
import { useCallback } from 'react';
import { api } from '../../app/api';
import { useLoad } from '../../ui/use-load';
import { recordsNs } from '../../ui/records/ledger-locales';
import { RecordDetail } from '../../ui/records/record-detail';
import { RecordForm } from '../../ui/records/record-form';
import { LedgerPage } from '../../ui/records/ledger-page';
import { useLedger } from '../../ui/records/use-ledger';
import { usePickers } from '../../ui/records/use-pickers';

/*
 * Built-in ledgers: each page is its definition (src/shared/records/ledgers),
 * its menu entry and one line here.
 */

export const WorkTypeConfigPage = () => <LedgerPage entity="WorkType" />;
export const AnnouncementPage = () => <LedgerPage entity="Announcement" />;
export const NoticeListPage = () => <LedgerPage entity="Notice" />;
export const SafeSignPage = () => <LedgerPage entity="SafeSign" />;
export const SafeSignTypePage = () => <LedgerPage entity="SafeSignType" />;
/** /SystesmManeges (seed spelling): people and vehicles with their positioning cards, Excel import from the list. */
export const PositioningObjectPage = () => <LedgerPage entity="PositioningObject" />;

/** /system/addAnnouncement: add, or edit when an `id` query is present (seed 2 §2.7). */
export function AddAnnouncementPage() {
  const { t } = useTranslation(recordsNs);
  const lang = useLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const { def, calls } = useLedger('Announcement');
  const pickers = usePickers();
  const load = useCallback((signal: AbortSignal) => (calls && id > 0 ? api(calls.get, { id }, { signal }) : Promise.resolve(null)), [calls, id]);
  const existing = useLoad(load);
  if (!def || !calls || (id > 0 && !existing.data)) {
    return <Spin />;
  }
  return (
    <Card size="small" title={`${id > 0 ? t('edit') : t('add')} ${pick(lang, def.name.zh, def.name.en)}`}>
      <RecordForm
        def={def}
        calls={calls}
        pickers={pickers}
        record={existing.data?.record}
        onSaved={(r) => void navigate(`/system/announcementDetail?id=${r.id}`)}
        onCancel={() => void navigate('/system/announcement')}
      />
    </Card>
  );
}

/** /system/announcementDetail?id= */
export function AnnouncementDetailPage() {
  const [params] = useSearchParams();
  const { def, calls } = useLedger('Announcement');
  const pickers = usePickers();
  const id = Number(params.get('id'));
  if (!def || !calls) {
    return <Spin />;
  }
  return <RecordDetail key={id} def={def} calls={calls} pickers={pickers} id={id} />;
}
