import { Button, Card, Form, Input, Select, Space } from 'antd';
import { useCallback, useEffect } from 'react';
import { commitmentConfigGet, commitmentConfigSave } from '../../../shared/commitments/contracts';
import { renderMessage } from '../../../shared/messages/catalog';
import { api } from '../../app/api';
import { notify } from '../../app/feedback';
import { useLang } from '../../app/i18n';
import { LedgerPage } from '../../ui/records/ledger-page';
import { usePickers } from '../../ui/records/use-pickers';
import { useLoad } from '../../ui/use-load';

type Values = { responsibleUserId: number; draftTime: string; statement: string };

/**
 * /RiskResearch88/CommitmentNoticeConfig (also /riskResearch/commitmentNoticeConfig):
 * who signs, when the morning draft is made, the statement's text, and the
 * units with the state the plant sets (ledger CommitmentUnit).
 */
export function CommitmentConfigPage() {
  const lang = useLang();
  const [form] = Form.useForm<Values>();
  const { users } = usePickers();
  const { data, reload } = useLoad(useCallback((signal: AbortSignal) => api(commitmentConfigGet, {}, { signal }), []));
  useEffect(() => {
    if (data) {
      form.setFieldsValue({ responsibleUserId: data.responsibleUserId ?? undefined, draftTime: data.draftTime, statement: data.statement });
    }
  }, [data, form]);

  const handleSave = async (v: Values) => {
    try {
      await api(commitmentConfigSave, v);
      notify(renderMessage(lang, 'commitment.saved'));
      reload();
    } catch {
      // The API client has shown why.
    }
  };

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="commitment-config-page">
      <Card size="small" title={renderMessage(lang, 'commitment.settings')}>
        <Form form={form} layout="vertical" style={{ maxWidth: 720 }} onFinish={(v) => void handleSave(v)}>
          <Form.Item name="responsibleUserId" label={renderMessage(lang, 'commitment.responsible')} rules={[{ required: true }]}>
            <Select
              showSearch
              optionFilterProp="label"
              data-testid="commitment-responsible"
              options={users.map((u) => ({ value: u.userid, label: u.loginname ? `${u.username} (${u.loginname})` : u.username }))}
            />
          </Form.Item>
          <Form.Item name="draftTime" label={renderMessage(lang, 'commitment.draftTime')} rules={[{ required: true, pattern: /^([01]\d|2[0-3]):[0-5]\d$/ }]}>
            <Input placeholder="07:00" style={{ width: 120 }} data-testid="commitment-draft-time" />
          </Form.Item>
          <Form.Item name="statement" label={renderMessage(lang, 'commitment.statement')} rules={[{ required: true, max: 1000 }]}>
            <Input.TextArea rows={4} maxLength={1000} />
          </Form.Item>
          <Button type="primary" htmlType="submit" data-testid="commitment-config-save">
            {renderMessage(lang, 'commitment.save')}
          </Button>
        </Form>
      </Card>
      <Card size="small" title={renderMessage(lang, 'commitment.units.config')}>
        <LedgerPage entity="CommitmentUnit" />
      </Card>
    </Space>
  );
}
