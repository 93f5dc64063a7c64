import { Card, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { pick, useLang } from '../../app/i18n';
import { useCallback } from 'react';
import { api } from '../../app/api';
import { useLoad } from '../../ui/use-load';
import { recordsNs } from './locales';
import { RecordDetail } from './record-detail';
import { RecordForm } from './record-form';
import { RecordList } from './record-list';
import { useLedger } from './use-ledger';
import { usePickers } from '../../ui/records/use-pickers';

/*
 * Built-in ledgers: each page is its definition (src/shared/records/ledgers),
 * its menu entry and one line here.
 */

function List({ entity }: { entity: string }) {
  const { t } = useTranslation(recordsNs);
  const { loading, def, calls } = useLedger(entity);
  if (loading && !def) {
    return <Spin />;
  }
  return def && calls ? <RecordList def={def} calls={calls} /> : <Result status="404" subTitle={t('noLedger')} />;
}

export const WorkTypeConfigPage = () => <List entity="WorkType" />;
export const AnnouncementPage = () => <List entity="Announcement" />;
export const NoticeListPage = () => <List entity="Notice" />;
export const SafeSignPage = () => <List entity="SafeSign" />;
export const SafeSignTypePage = () => <List entity="SafeSignType" />;
/** /SystesmManeges (seed spelling): people and vehicles with their positioning cards, Excel import from the list. */
export const PositioningObjectPage = () => <List entity="PositioningObject" />;

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
