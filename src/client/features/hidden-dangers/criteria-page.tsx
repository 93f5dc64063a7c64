import { Button, Card, Form, Input, Switch, Table, Tag, Typography, message } from 'antd';
import { useCallback, useState } from 'react';
import { hiddenDangerCriteria, hiddenDangerCriterionSave, type MajorCriterionItem } from '../../../shared/hidden-dangers/contracts';
import { renderMessage } from '../../../shared/messages/catalog';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { pick, useLang } from '../../app/i18n';
import { useSession } from '../../app/session-store';
import { FormModal } from '../../ui/form-modal';
import { useLoad } from '../../ui/use-load';

interface CriterionForm {
  zh: string;
  en: string;
  enabled: boolean;
}

/**
 * /SecurityRiskManagement/MajorTroubleCriteria: the plant's list of 重大
 * criteria, seeded from the 20 items of 安监总管三〔2017〕121 号 (issue 24 §1).
 * A danger citing any item in force is 重大 whatever it is graded; the
 * administrators may change an item's wording or switch it off (graders are
 * then refused it); everyone else reads it.
 */
export function CriteriaPage() {
  const lang = useLang();
  const m = (code: string, params?: Record<string, string | number>) => renderMessage(lang, code, params);
  const canEdit = useSession((s) => s.user?.permissions.includes('hiddenDanger:criteria') ?? false);
  const { data, loading, reload } = useLoad(useCallback((signal: AbortSignal) => api(hiddenDangerCriteria, {}, { signal }), []));
  const [editing, setEditing] = useState<MajorCriterionItem | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [messageApi, messageHolder] = message.useMessage();

  const submit = async (values: CriterionForm) => {
    if (!editing) {
      return;
    }
    const input = { no: editing.no, zh: values.zh ?? '', en: values.en ?? '', enabled: values.enabled };
    const checked = hiddenDangerCriterionSave.input.safeParse(input);
    if (!checked.success) {
      return checked.error.issues;
    }
    await api(hiddenDangerCriterionSave, input);
    void messageApi.success(m('hiddenDangers.criteria.saved'));
    setEditing(null);
    reload();
  };

  return (
    <Card title={m('hiddenDangers.page.criteria')} data-testid="hd-criteria">
      {messageHolder}
      <Typography.Paragraph type="secondary">{m('hiddenDangers.criteria.hint')}</Typography.Paragraph>
      <Table<MajorCriterionItem>
        rowKey="no"
        size="small"
        loading={loading}
        pagination={false}
        scroll={{ x: 640 }}
        dataSource={data ?? []}
        columns={[
          { title: m('hiddenDangers.criteria.no'), dataIndex: 'no', width: 64 },
          { title: m('hiddenDangers.criteria.text'), key: 'text', render: (_v, r) => pick(lang, r.zh, r.en) },
          {
            title: m('hiddenDangers.criteria.inForce'),
            dataIndex: 'enabled',
            width: 96,
            render: (on: boolean) => (on ? <Tag color="red">{m('hiddenDangers.criteria.on')}</Tag> : <Tag>{m('hiddenDangers.criteria.off')}</Tag>),
          },
          {
            title: m('hiddenDangers.criteria.updated'),
            key: 'updated',
            width: 180,
            responsive: ['md'],
            render: (_v, r) => (r.updated === null ? '—' : `${formatDate(r.updated)} ${r.updatedBy ?? ''}`),
          },
          ...(canEdit
            ? [
                {
                  title: '',
                  key: 'edit',
                  width: 80,
                  render: (_v: unknown, r: MajorCriterionItem) => (
                    <Button
                      size="small"
                      data-testid={`hd-criterion-edit-${r.no}`}
                      onClick={() => {
                        setEditing(r);
                        setFormKey((k) => k + 1);
                      }}
                    >
                      {m('hiddenDangers.criteria.edit')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      <FormModal<CriterionForm>
        key={formKey}
        open={editing !== null}
        title={editing ? m('hiddenDangers.criteria.editTitle', { no: editing.no }) : ''}
        okText={m('hiddenDangers.criteria.save')}
        initialValues={editing ? { zh: editing.zh, en: editing.en, enabled: editing.enabled } : undefined}
        fields={['zh', 'en', 'enabled']}
        onSubmit={submit}
        onClose={() => setEditing(null)}
        okTestId="hd-criterion-ok"
        formTestId="hd-criterion-form"
      >
        <Form.Item name="zh" label={m('hiddenDangers.criteria.zh')}>
          <Input.TextArea data-testid="hd-criterion-zh" rows={3} />
        </Form.Item>
        <Form.Item name="en" label={m('hiddenDangers.criteria.en')}>
          <Input.TextArea data-testid="hd-criterion-en" rows={3} />
        </Form.Item>
        <Form.Item name="enabled" label={m('hiddenDangers.criteria.inForce')} valuePropName="checked">
          <Switch data-testid="hd-criterion-enabled" />
        </Form.Item>
      </FormModal>
    </Card>
  );
}
