import { Button, Result, Spin } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../app/session-store';
import './shell-i18n';

/**
 * Lets only a signed-in user through (seed 1 §4.1): without a token the user
 * goes to /login?redirect=…; with a token the profile (user info, menus, menu
 * permissions) is loaded once; a user who must change the password is held on
 * /changePassword.
 */
export function RequireSession({ children, passwordPage = false }: { children: ReactNode; passwordPage?: boolean }) {
  const { t } = useTranslation('shell');
  const location = useLocation();
  const token = useSession((s) => s.accessToken);
  const user = useSession((s) => s.user);
  const profile = useSession((s) => s.profile);
  const loadProfile = useSession((s) => s.loadProfile);
  const loadLoginConfig = useSession((s) => s.loadLoginConfig);
  const hasConfig = useSession((s) => s.loginConfig !== null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (token && !user && profile === 'none' && !failure) {
      loadProfile().catch((err: unknown) => setFailure(err instanceof Error ? err.message : String(err)));
    }
  }, [token, user, profile, failure, loadProfile]);

  useEffect(() => {
    if (token && !hasConfig && !failure) {
      loadLoginConfig().catch((err: unknown) => setFailure(err instanceof Error ? err.message : String(err)));
    }
  }, [token, hasConfig, failure, loadLoginConfig]);

  if (!token) {
    const target = location.pathname + location.search;
    return <Navigate to={target === '/' ? '/login' : `/login?redirect=${encodeURIComponent(target)}`} replace />;
  }
  // Menu permissions depend on the login config, so the portal waits for both.
  if (!user || !hasConfig) {
    if (failure) {
      return (
        <Result
          status="error"
          title={t('error.profileFailed')}
          subTitle={failure}
          extra={
            <Button type="primary" onClick={() => useSession.getState().clear()}>
              {t('error.signInAgain')}
            </Button>
          }
        />
      );
    }
    return (
      <div className="pw-boot">
        <Spin size="large" />
      </div>
    );
  }
  if (user.isNeedChangePassword === 1 && !passwordPage) {
    const target = location.pathname + location.search;
    return <Navigate to={`/changePassword?redirect=${encodeURIComponent(target)}`} replace />;
  }
  return children;
}
