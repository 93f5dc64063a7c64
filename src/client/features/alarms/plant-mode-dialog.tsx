import { Button, Form, Input, Modal, Radio, Table, Tag, TreeSelect, type TreeSelectProps } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { plantModeList, plantModeSet, type PlantMode, type PlantModeItem } from '../../../shared/alarms/settings-contracts';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { notify } from '../../app/feedback';
import { useLang } from '../../app/i18n';
import { submitForm } from '../../ui/form-rules';
import { useLoad } from '../../ui/use-load';
import { alarmsNs } from './locales';

interface Values {
  regionid: number;
  mode: PlantMode;
  reason: string;
}

/**
 * Plant modes (suppression by design, ISA-18.2 §11.8): the regions out of
 * operation, and setting a region's mode with a reason (alarm:admin).
 */
export function PlantModeDialog({ open, onClose, regionTree, regionName }: { open: boolean; onClose: () => void; regionTree: TreeSelectProps['treeData']; regionName: Map<number, string> }) {
  const { t } = useTranslation(alarmsNs);
  const lang = useLang();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const load = useCallback((signal: AbortSignal) => (open ? api(plantModeList, {}, { signal }) : Promise.resolve({ list: [] })), [open]);
  const modes = useLoad(load);
  const submit = () =>
    submitForm(form, { fields: ['regionid', 'mode', 'reason'], lang, setSaving }, async (values) => {
      const r = await api(plantModeSet, values, { silent: true });
      notify(t('mode.done', { n: r.alarms.length }));
      form.setFieldValue('reason', '');
      modes.reload();
    });
  return (
    <Modal open={open} title={t('mode.title')} footer={null} onCancel={onClose} destroyOnHidden width={640} data-testid="plant-mode-dialog">
      <Table<PlantModeItem>
        size="small"
        rowKey="regionid"
        loading={modes.loading}
        dataSource={modes.data?.list ?? []}
        pagination={false}
        scroll={{ x: 500 }}
        columns={[
          { title: t('mode.region'), dataIndex: 'regionid', render: (r: number) => regionName.get(r) ?? r },
          { title: t('mode.mode'), dataIndex: 'mode', width: 110, render: (m: PlantMode) => <Tag color={m === 'stop' ? 'orange' : 'green'}>{t(`mode.${m}`)}</Tag> },
          { title: t('mode.reason'), dataIndex: 'reason', ellipsis: true },
          { title: t('mode.since'), dataIndex: 'updatedAt', width: 150, render: (at: number | null, m) => (at ? `${m.updatedBy ?? ''} ${formatDate(at, 'MM-DD HH:mm')}` : '—') },
        ]}
      />
      <Form form={form} layout="vertical" initialValues={{ mode: 'stop', reason: '' }} style={{ marginTop: 16 }}>
        <Form.Item name="regionid" label={t('mode.region')} rules={[{ required: true, message: t('mode.region') }]}>
          <TreeSelect treeDefaultExpandAll treeData={regionTree} data-testid="plant-mode-region" />
        </Form.Item>
        <Form.Item name="mode" label={t('mode.mode')}>
          <Radio.Group
            options={[
              { value: 'stop', label: t('mode.stop') },
              { value: 'run', label: t('mode.run') },
            ]}
          />
        </Form.Item>
        <Form.Item name="reason" label={t('mode.reason')} rules={[{ required: true, whitespace: true, message: t('mode.reasonRequired') }]}>
          <Input.TextArea rows={2} maxLength={500} data-testid="plant-mode-reason" />
        </Form.Item>
        <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="plant-mode-save">
          {t('settings.save')}
        </Button>
      </Form>
    </Modal>
  );
}
