import { QrcodeOutlined, SaveOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Space } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { systemConfigFields, systemConfigGet, systemConfigSave, type SystemConfigFields } from '../../shared/shell/contracts';
import { api } from '../app/api';
import { feedback } from '../app/feedback';
import { i18n, useLang } from '../app/i18n';
import { useSession } from '../app/session-store';
import { showSaveError, zodRule } from '../ui/form-rules';
import { useLoad } from '../ui/use-load';
import { publicNs } from './public-pages-i18n';

const texts = {
  zh: {
    title: '系统配置',
    appDownloadUrl: 'App 下载链接',
    appDownloadHint: '/download 页面的二维码指向此链接',
    customerwebtitle: '平台标题',
    customershortname: '单位简称',
    LogOutJumpUrl: '退出后跳转链接',
    save: '保存',
    saved: '已保存',
    preview: '查看下载页',
  },
  en: {
    title: 'System configuration',
    appDownloadUrl: 'App download link',
    appDownloadHint: 'The QR code of the /download page points here',
    customerwebtitle: 'Portal title',
    customershortname: 'Short company name',
    LogOutJumpUrl: 'Address after sign-out',
    save: 'Save',
    saved: 'Saved',
    preview: 'Open the download page',
  },
};
i18n.addResourceBundle('zh', publicNs, { config: texts.zh }, true, false);
i18n.addResourceBundle('en', publicNs, { config: texts.en }, true, false);

const FIELDS = ['appDownloadUrl', 'customerwebtitle', 'customershortname', 'LogOutJumpUrl'] as const;

/** /system/config: the administrator's system configuration, the app download link among it (issue 11). */
export function SystemConfigPage() {
  const { t } = useTranslation(publicNs, { keyPrefix: 'config' });
  const lang = useLang();
  const [form] = Form.useForm<SystemConfigFields>();
  const [busy, setBusy] = useState(false);
  const load = useCallback((signal: AbortSignal) => api(systemConfigGet, {}, { signal }), []);
  const config = useLoad(load);
  const loadLoginConfig = useSession((s) => s.loadLoginConfig);

  useEffect(() => {
    if (config.data) {
      form.setFieldsValue(config.data);
    }
  }, [config.data, form]);

  const handleFinish = async (values: SystemConfigFields) => {
    setBusy(true);
    try {
      const saved = await api(systemConfigSave, values, { silent: true });
      form.setFieldsValue(saved);
      feedback.message.success(t('saved'));
      void loadLoginConfig().catch(() => undefined);
    } catch (err) {
      showSaveError(err, { form, fields: FIELDS, message: feedback.message, lang });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card size="small" title={t('title')} loading={config.loading && !config.data} data-testid="system-config">
      <Form<SystemConfigFields> form={form} layout="vertical" onFinish={handleFinish} disabled={busy} style={{ maxWidth: 640 }}>
        <Form.Item name="appDownloadUrl" label={t('appDownloadUrl')} extra={t('appDownloadHint')} rules={[zodRule(systemConfigFields.shape.appDownloadUrl, lang)]}>
          <Input placeholder="https://…" data-testid="config-app-url" />
        </Form.Item>
        <Form.Item name="customerwebtitle" label={t('customerwebtitle')} rules={[{ required: true }, zodRule(systemConfigFields.shape.customerwebtitle, lang)]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="customershortname" label={t('customershortname')} rules={[zodRule(systemConfigFields.shape.customershortname, lang)]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="LogOutJumpUrl" label={t('LogOutJumpUrl')} rules={[zodRule(systemConfigFields.shape.LogOutJumpUrl, lang)]}>
          <Input placeholder="/login" />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={busy} data-testid="config-save">
            {t('save')}
          </Button>
          <Link to="/download" target="_blank">
            <Button icon={<QrcodeOutlined />}>{t('preview')}</Button>
          </Link>
        </Space>
      </Form>
    </Card>
  );
}
