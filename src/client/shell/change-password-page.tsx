import { LockOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { newPasswordSchema } from '../../shared/auth/contracts';
import { ApiError, errorText } from '../app/api';
import { feedback } from '../app/feedback';
import { useLang } from '../app/i18n';
import { safeRedirect } from '../app/navigation';
import { zodIssueText } from '../ui/form-rules';
import { useSession } from '../app/session-store';
import { useShellTheme } from '../app/theme';
import { LangSwitch } from './lang-switch';
import { Logo } from './logo';
import './shell-i18n';
import './shell.css';

interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/**
 * /changePassword. When the account must change its password
 * (isNeedChangePassword 1) the guard sends every page here until it is done.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation('shell');
  const lang = useLang();
  const theme = useShellTheme();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const user = useSession((s) => s.user);
  const changePassword = useSession((s) => s.changePassword);
  const clear = useSession((s) => s.signOut);
  const [form] = Form.useForm<PasswordForm>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const forced = user?.isNeedChangePassword === 1;

  const handleFinish = async ({ oldPassword, newPassword }: PasswordForm) => {
    setBusy(true);
    setError(null);
    try {
      await changePassword(oldPassword, newPassword);
      feedback.message.success(t('password.success'));
      void navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.controls.length) {
        form.setFields(
          err.controls.filter((c): c is keyof PasswordForm => c === 'oldPassword' || c === 'newPassword').map((name) => ({ name, errors: [err.fieldText(name)] })),
        );
      }
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  const handleSignOut = () => {
    void clear().finally(() => void navigate('/login', { replace: true }));
  };

  return (
    <div className="pw-login" style={{ ['--pw-primary' as string]: theme.primary }}>
      <div className="pw-login-lang">
        <LangSwitch className="pw-login-lang-btn" />
      </div>
      <div className="pw-password-card">
        <div className="pw-password-head">
          <Logo size={32} />
          <Typography.Title level={4} style={{ margin: 0, color: '#fff' }}>
            {t('password.title')}
          </Typography.Title>
        </div>
        <div className="pw-password-body">
          {forced && <Alert type="warning" showIcon title={t('password.forced')} style={{ marginBottom: 16 }} />}
          {error !== null && <Alert data-testid="password-error" type="error" showIcon title={errorText(error)} style={{ marginBottom: 16 }} />}
          <Form<PasswordForm> form={form} layout="vertical" onFinish={handleFinish} requiredMark={false} disabled={busy}>
            <Form.Item name="oldPassword" label={t('password.old')} rules={[{ required: true, message: t('password.oldRequired') }]}>
              <Input.Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="password-old" />
            </Form.Item>
            <Form.Item
              name="newPassword"
              label={t('password.new')}
              extra={t('password.rule')}
              rules={[
                {
                  validator: async (_rule, value: string | undefined) => {
                    const r = newPasswordSchema.safeParse(value ?? '', { reportInput: true });
                    if (!r.success) {
                      throw new Error(zodIssueText(r.error, lang) || t('password.rule'));
                    }
                  },
                },
              ]}
            >
              <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid="password-new" />
            </Form.Item>
            <Form.Item
              name="confirm"
              label={t('password.confirm')}
              dependencies={['newPassword']}
              rules={[
                { required: true, message: t('password.confirmRequired') },
                ({ getFieldValue }) => ({
                  validator: async (_rule, value: string | undefined) => {
                    if (value && value !== getFieldValue('newPassword')) {
                      throw new Error(t('password.mismatch'));
                    }
                  },
                }),
              ]}
            >
              <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid="password-confirm" />
            </Form.Item>
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Button type="primary" htmlType="submit" block loading={busy} data-testid="password-submit">
                {t('password.submit')}
              </Button>
              {forced ? (
                <Button block type="text" onClick={handleSignOut}>
                  {t('password.signOut')}
                </Button>
              ) : (
                <Button block onClick={() => void navigate(safeRedirect(params.get('redirect'), '/'))}>
                  {t('password.back')}
                </Button>
              )}
            </Space>
          </Form>
        </div>
      </div>
    </div>
  );
}
