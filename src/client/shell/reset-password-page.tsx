import { LockOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { newPasswordSchema } from '../../shared/auth/contracts';
import { passwordResetCheck, passwordResetComplete } from '../../shared/shell/contracts';
import { formatDate } from '../../shared/time';
import { api, errorText } from '../app/api';
import { useLang } from '../app/i18n';
import { useShellTheme } from '../app/theme';
import { zodIssueText } from '../ui/form-rules';
import { LangSwitch } from './lang-switch';
import { Logo } from './logo';
import { publicNs } from './public-pages-i18n';
import './shell-i18n';
import './shell.css';

interface ResetForm {
  newPassword: string;
  confirm: string;
}

type State = { step: 'checking' } | { step: 'refused'; error: unknown } | { step: 'form'; loginname: string; expiresAt: number } | { step: 'done'; loginname: string };

/**
 * /ResetPassword?token=… (public, seed 1 §2.1): the one-time link an
 * administrator issued from the personnel page. The user sets a new password
 * meeting the policy; a used or expired link is refused (issue 11).
 */
export function ResetPasswordPage() {
  const { t } = useTranslation(publicNs);
  const { t: ts } = useTranslation('shell');
  const lang = useLang();
  const theme = useShellTheme();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ step: 'checking' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [form] = Form.useForm<ResetForm>();

  useEffect(() => {
    if (!token) {
      setState({ step: 'refused', error: new Error(t('reset.missing')) });
      return undefined;
    }
    const ctrl = new AbortController();
    api(passwordResetCheck, { token }, { silent: true, signal: ctrl.signal }).then(
      (r) => setState({ step: 'form', ...r }),
      (err: unknown) => {
        if (!ctrl.signal.aborted) {
          setState({ step: 'refused', error: err });
        }
      },
    );
    return () => ctrl.abort();
  }, [token, t]);

  const handleFinish = async ({ newPassword }: ResetForm) => {
    setBusy(true);
    setError(null);
    try {
      const r = await api(passwordResetComplete, { token, newPassword }, { silent: true });
      setState({ step: 'done', loginname: r.loginname });
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="pw-login" style={{ ['--pw-primary' as string]: theme.primary }}>
      <div className="pw-login-lang">
        <LangSwitch className="pw-login-lang-btn" />
      </div>
      <div className="pw-password-card pw-public-card" data-testid="reset-page">
        <div className="pw-password-head">
          <Logo size={32} />
          <h1 className="pw-public-title">{t('reset.title')}</h1>
        </div>
        <div className="pw-password-body">
          {state.step === 'checking' && (
            <div className="pw-public-body">
              <Spin />
              <p className="pw-public-sub">{t('reset.checking')}</p>
            </div>
          )}
          {state.step === 'refused' && (
            <>
              <Alert type="error" showIcon title={errorText(state.error)} data-testid="reset-refused" />
              <Link to="/login" className="pw-public-back">
                {t('reset.login')}
              </Link>
            </>
          )}
          {state.step === 'done' && (
            <Result
              status="success"
              title={t('reset.done')}
              subTitle={state.loginname}
              data-testid="reset-done"
              extra={
                <Link to="/login">
                  <Button type="primary">{t('reset.login')}</Button>
                </Link>
              }
            />
          )}
          {state.step === 'form' && (
            <>
              <p className="pw-public-sub" data-testid="reset-for">
                {t('reset.forUser', { loginname: state.loginname, until: formatDate(state.expiresAt, lang === 'zh' ? 'YYYY-MM-DD HH:mm' : 'YYYY-MM-DD HH:mm') })}
              </p>
              {error !== null && <Alert data-testid="reset-error" type="error" showIcon title={errorText(error)} style={{ marginBottom: 16 }} />}
              <Form<ResetForm> form={form} layout="vertical" onFinish={handleFinish} requiredMark={false} disabled={busy}>
                <Form.Item
                  name="newPassword"
                  label={ts('password.new')}
                  extra={ts('password.rule')}
                  rules={[
                    {
                      validator: async (_rule, value: string | undefined) => {
                        const r = newPasswordSchema.safeParse(value ?? '', { reportInput: true });
                        if (!r.success) {
                          throw new Error(zodIssueText(r.error, lang) || ts('password.rule'));
                        }
                      },
                    },
                  ]}
                >
                  <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid="reset-new" />
                </Form.Item>
                <Form.Item
                  name="confirm"
                  label={ts('password.confirm')}
                  dependencies={['newPassword']}
                  rules={[
                    { required: true, message: ts('password.confirmRequired') },
                    ({ getFieldValue }) => ({
                      validator: async (_rule, value: string | undefined) => {
                        if (value && value !== getFieldValue('newPassword')) {
                          throw new Error(ts('password.mismatch'));
                        }
                      },
                    }),
                  ]}
                >
                  <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid="reset-confirm" />
                </Form.Item>
                <Button type="primary" htmlType="submit" block loading={busy} data-testid="reset-submit">
                  {t('reset.submit')}
                </Button>
              </Form>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
