import { Button, Card, Checkbox, Input, Modal, Space, Table, Tag, Typography, message } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { responsibleCheckIn, responsibleCheckList, type ResponsibleCheckItem } from '../../../shared/major-hazard/contracts';
import { responsibleRoles } from '../../../shared/major-hazard/ledgers';
import { renderMessage } from '../../../shared/messages/catalog';
import { ledgerUserOptions } from '../../../shared/records/contracts';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { LedgerPage } from '../../ui/records/ledger-page';
import { uploadFile } from '../../ui/records/record-api';
import { useRecordChanges } from '../../ui/records/use-record-changes';
import { useLoad } from '../../ui/use-load';

/**
 * /dangerSourceManagement/responsibleAllocation: the three responsible
 * persons of each major hazard source (主要负责人, 技术负责人, 操作负责人)
 * with their check cycles, when each check is due and whether it is late;
 * the person records a check here (findings and photos, on a phone too),
 * which closes their overdue to-do, and may open a hidden danger of the
 * findings. Below, the allocation ledger itself.
 */
export function ResponsibleAllocationPage() {
  const lang = useLang();
  const t = (code: string, params?: Record<string, string | number>) => renderMessage(lang, code, params);
  const load = useCallback((signal: AbortSignal) => api(responsibleCheckList, {}, { signal }), []);
  const { data, reload } = useLoad(load);
  useRecordChanges('DangerSourceResponsible', reload);
  const loadUsers = useCallback((signal: AbortSignal) => api(ledgerUserOptions, {}, { signal }), []);
  const { data: users } = useLoad(loadUsers);
  const names = useMemo(() => new Map((users ?? []).map((u) => [u.userid, u.username])), [users]);
  const [checking, setChecking] = useState<ResponsibleCheckItem | null>(null);
  const [findings, setFindings] = useState('');
  const [photos, setPhotos] = useState<number[]>([]);
  const [openDanger, setOpenDanger] = useState(false);
  const [saving, setSaving] = useState(false);
  const close = () => {
    setChecking(null);
    setFindings('');
    setPhotos([]);
    setOpenDanger(false);
  };
  const submit = async () => {
    if (!checking) {
      return;
    }
    setSaving(true);
    try {
      const done = await api(responsibleCheckIn, { id: checking.id, findings, photos, openHiddenDanger: openDanger });
      if (done.lastHiddenDangerId !== null) {
        void message.success(t('majorHazard.check.hiddenDanger', { id: done.lastHiddenDangerId }));
      }
      close();
      reload();
    } catch (e) {
      void message.error((e as Error).message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small" title={t('majorHazard.check.title')}>
        <Table<ResponsibleCheckItem>
          size="small"
          rowKey="id"
          data-testid="mh-checks"
          dataSource={data?.items ?? []}
          loading={!data}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: t('majorHazard.check.source'), dataIndex: 'sourceName' },
            {
              title: t('majorHazard.check.tier'),
              render: (_v, r) => responsibleRoles.find((x) => x.value === r.role)?.label[lang] ?? r.role,
            },
            { title: t('majorHazard.check.person'), render: (_v, r) => names.get(r.userid) ?? `#${r.userid}` },
            { title: t('majorHazard.check.cycle'), dataIndex: 'cycleDays' },
            {
              title: t('majorHazard.check.last'),
              render: (_v, r) =>
                r.lastCheckAt === null ? (
                  <Typography.Text type="secondary">{t('majorHazard.check.never')}</Typography.Text>
                ) : (
                  <Space size={4} title={r.lastFindings}>
                    {formatDate(r.lastCheckAt, 'YYYY-MM-DD HH:mm')}
                    {r.lastPhotos.length > 0 ? <Tag>📷 {r.lastPhotos.length}</Tag> : null}
                    {r.lastHiddenDangerId !== null ? <Tag color="orange">{t('majorHazard.check.hiddenDanger', { id: r.lastHiddenDangerId })}</Tag> : null}
                  </Space>
                ),
            },
            {
              title: t('majorHazard.check.due'),
              render: (_v, r) => (
                <Space size={4} data-testid={`mh-check-${r.id}`} data-overdue={r.overdue ? '1' : '0'}>
                  {formatDate(r.dueAt, 'YYYY-MM-DD')}
                  {r.overdue ? (
                    <Tag color="red">{t('majorHazard.check.overdue')}</Tag>
                  ) : (
                    <Tag color="green">{t('majorHazard.check.onTime')}</Tag>
                  )}
                </Space>
              ),
            },
            {
              title: '',
              render: (_v, r) =>
                r.mine ? (
                  <Button size="small" type="primary" data-testid={`mh-check-do-${r.id}`} onClick={() => setChecking(r)}>
                    {t('majorHazard.check.do')}
                  </Button>
                ) : null,
            },
          ]}
        />
      </Card>
      <Card size="small" title={t('majorHazard.check.allocation')}>
        <LedgerPage entity="DangerSourceResponsible" />
      </Card>
      <Modal
        open={checking !== null}
        title={checking ? `${t('majorHazard.check.do')} · ${checking.sourceName}` : ''}
        onCancel={close}
        onOk={() => void submit()}
        confirmLoading={saving}
        okButtonProps={{ 'data-testid': 'mh-check-submit' }}
      >
        <Input.TextArea
          rows={4}
          maxLength={2000}
          placeholder={t('majorHazard.check.findings')}
          value={findings}
          onChange={(e) => setFindings(e.target.value)}
          data-testid="mh-check-findings"
        />
        <Space direction="vertical" style={{ marginTop: 12, width: '100%' }}>
          <Space wrap>
            <Typography.Text>{t('majorHazard.check.photos')}</Typography.Text>
            <input
              data-testid="mh-check-photo"
              type="file"
              accept="image/*"
              capture="environment"
              disabled={photos.length >= 9}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) {
                  void uploadFile(file)
                    .then((f) => setPhotos((p) => [...p, f.id]))
                    .catch((err: unknown) => void message.error((err as Error).message));
                }
              }}
            />
            {photos.length > 0 ? <Tag data-testid="mh-check-photo-count">{photos.length}</Tag> : null}
          </Space>
          <Checkbox checked={openDanger} onChange={(e) => setOpenDanger(e.target.checked)} data-testid="mh-check-danger">
            {t('majorHazard.check.openHiddenDanger')}
          </Checkbox>
        </Space>
      </Modal>
    </Space>
  );
}
