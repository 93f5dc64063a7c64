import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { loadMessageCatalog } from '../app/message-catalog';
import { Alert, Button, Form, Input } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import type { InputRef } from 'antd';
import { errorText } from '../app/api';
import { logError } from '../app/error-log-store';
import { safeRedirect } from '../app/navigation';
import { useSession } from '../app/session-store';
import { useShellTheme } from '../app/theme';
import { LangSwitch } from './lang-switch';
import { Logo } from './logo';
import './shell-i18n';
import './shell.css';

interface LoginForm {
  loginname: string;
  password: string;
}

/** /login: sign-in with the encrypted LoginSecure body (seed 1 §5). */
export function LoginPage() {
  const { t } = useTranslation('shell');
  const theme = useShellTheme();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = useSession((s) => s.accessToken);
  const loginConfig = useSession((s) => s.loginConfig);
  const loadLoginConfig = useSession((s) => s.loadLoginConfig);
  const signIn = useSession((s) => s.signIn);
  const [busy, setBusy] = useState(false);
  // The error itself, not its text: rendered at each render, so it follows a language switch.
  const [error, setError] = useState<unknown>(null);
  // Rendered again once every area's messages are here, so an error on screen follows a language switch.
  const [, setCatalogLoaded] = useState(false);
  const [form] = Form.useForm<LoginForm>();
  const passwordRef = useRef<InputRef>(null);

  useEffect(() => {
    if (!loginConfig) {
      loadLoginConfig().catch((err: unknown) => logError(err, 'warning'));
    }
  }, [loginConfig, loadLoginConfig]);

  useEffect(() => {
    // Once the form is up, not before it: refused sign-ins then render again on a language switch.
    const timer = window.setTimeout(() => void loadMessageCatalog().then(() => setCatalogLoaded(true)), 2000);
    return () => window.clearTimeout(timer);
  }, []);

  const webTitle = loginConfig?.customerwebtitle || t('brand');
  useEffect(() => {
    document.title = webTitle;
  }, [webTitle]);

  // Seed 1 §4.1 step 6: a signed-in user opening /login goes to /.
  if (token && !busy) {
    return <Navigate to="/" replace />;
  }

  const handleFinish = async ({ loginname, password }: LoginForm) => {
    setBusy(true);
    setError(null);
    try {
      const user = await signIn(loginname, password);
      const redirect = safeRedirect(params.get('redirect'));
      if (user.isNeedChangePassword === 1) {
        void navigate(`/changePassword?redirect=${encodeURIComponent(redirect)}`, { replace: true });
      } else {
        void navigate(redirect, { replace: true });
      }
    } catch (err) {
      setError(err);
      setBusy(false);
      void loadMessageCatalog().then(() => setCatalogLoaded(true));
    }
  };

  const handleDemo = (loginname: string) => {
    form.setFieldsValue({ loginname, password: '' });
    setError(null);
    passwordRef.current?.focus();
  };

  return (
    <div className="pw-login" style={{ ['--pw-primary' as string]: theme.primary }}>
      <div className="pw-login-lang">
        <LangSwitch className="pw-login-lang-btn" />
      </div>
      <div className="pw-login-panel">
        <section className="pw-login-brand">
          <div className="pw-login-brand-mark">
            <Logo size={44} />
            <span>Plantwatch</span>
          </div>
          <h1 className="pw-login-title">{webTitle}</h1>
          <p className="pw-login-tagline">{t('login.tagline')}</p>
          <div className="pw-login-art" aria-hidden="true">
            <svg viewBox="0 0 360 150" width="100%">
              <g fill="none" stroke="rgba(255,255,255,.55)" strokeWidth="2">
                <path d="M10 140h340" />
                <rect x="30" y="70" width="46" height="70" rx="4" />
                <ellipse cx="53" cy="70" rx="23" ry="7" />
                <rect x="92" y="50" width="46" height="90" rx="4" />
                <ellipse cx="115" cy="50" rx="23" ry="7" />
                <path d="M170 140V40h14v100M200 140V20h14v120" />
                <circle cx="290" cy="95" r="40" />
                <path d="M262 135l10-15M318 135l-10-15M250 95h80" />
                <path d="M138 90h32M214 80h36" strokeDasharray="5 5" />
              </g>
            </svg>
          </div>
        </section>
        <section className="pw-login-form">
          {/* Plain elements instead of antd Typography/Tag: the sign-in page's first load stays small (issue 11). */}
          <h2 className="pw-login-welcome">{t('login.welcome')}</h2>
          <p className="pw-login-sub">{loginConfig?.customershortname || t('login.subtitle')}</p>
          {error !== null && <Alert data-testid="login-error" type="error" showIcon title={errorText(error) || t('login.failed')} style={{ marginBottom: 16 }} />}
          <Form<LoginForm> form={form} layout="vertical" size="large" onFinish={handleFinish} requiredMark={false} disabled={busy}>
            <Form.Item name="loginname" label={t('login.username')} rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}>
              <Input prefix={<UserOutlined />} autoComplete="username" autoFocus data-testid="login-username" maxLength={64} />
            </Form.Item>
            <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
              <Input.Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="login-password" maxLength={128} ref={passwordRef} />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
              {t('login.submit')}
            </Button>
          </Form>
          {loginConfig?.demo && loginConfig.demoAccounts.length > 0 && (
            <div className="pw-login-demo" data-testid="login-demo">
              <span className="pw-login-sub">{t('login.demoTitle')}</span>
              <div className="pw-login-demo-list">
                {loginConfig.demoAccounts.map((name) => (
                  <button type="button" key={name} className="pw-login-demo-tag" onClick={() => handleDemo(name)} data-testid={`login-demo-${name}`}>
                    {name}
                  </button>
                ))}
              </div>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
