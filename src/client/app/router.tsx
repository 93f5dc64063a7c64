import { Spin } from 'antd';
import { Suspense, useEffect, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation, useParams } from 'react-router-dom';
import { RequireSession } from '../shell/require-session';
import { logError } from './error-log-store';
import { setNavigator } from './navigation';
import { lazyNamed } from './lazy-named';
import { useSession } from './session-store';
// The sign-in page is part of the first load in any case: imported statically, its antd pieces sit in the entry's
// chunk instead of being cut into shared pieces that move whenever a lazy page is added (issue 11's budget).
import { LoginPage } from '../shell/login-page';

const ChangePasswordPage = lazyNamed(() => import('../shell/change-password-page'), 'ChangePasswordPage');
// Public pages of seed 1 §2.1 (issue 11).
const DownloadPage = lazyNamed(() => import('../shell/download-page'), 'DownloadPage');
const ResetPasswordPage = lazyNamed(() => import('../shell/reset-password-page'), 'ResetPasswordPage');
const NoAccessPage = lazyNamed(() => import('../shell/error-pages'), 'NoAccessPage');
const NotFoundPage = lazyNamed(() => import('../shell/error-pages'), 'NotFoundPage');
// A public read-only link (a QR code on a card or a drawing), opened without signing in (documents feature).
const PublicLinkPage = lazyNamed(() => import('../features/documents/public-link-page'), 'PublicLinkPage');
// The daily safety commitment, published without signing in (commitments feature).
const CommitmentShowPage = lazyNamed(() => import('../features/commitments/show-page'), 'CommitmentShowPage');
// The wall's own screens (dashboards feature): the plant view (or a dashboard's kiosk), device trends, key data.
const VisualDisplayRoute = lazyNamed(() => import('../features/dashboards/visual-display-route'), 'VisualDisplayRoute');
const DeviceChartPage = lazyNamed(() => import('../features/dashboards/device-chart-page'), 'DeviceChartPage');
const KeyDataPage = lazyNamed(() => import('../features/dashboards/key-data-page'), 'KeyDataPage');
// The caller's role's home dashboard on the whole screen (dashboards feature).
const HomeKioskPage = lazyNamed(() => import('../features/dashboards/kiosk-page'), 'HomeKioskPage');
// The signed-in frame (sidebar, tables, live connection) loads after sign-in, not with /login.
const SignedInShell = lazyNamed(() => import('../shell/signed-in-shell'), 'SignedInShell');

function Loading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="pw-boot">
          <Spin size="large" />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

/** Loads the public login/shell configuration once for every page. */
function Root() {
  const hasConfig = useSession((s) => s.loginConfig !== null);
  const loadLoginConfig = useSession((s) => s.loadLoginConfig);
  useEffect(() => {
    if (!hasConfig) {
      loadLoginConfig().catch((err: unknown) => logError(err, 'warning'));
    }
  }, [hasConfig, loadLoginConfig]);
  return <Outlet />;
}

/** An old address that leads to the page's current one, with its query (`?entity=…&id=…`). */
function SamePage({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${to}${search}`} replace />;
}

/** Spec 2 §2 (low-code platform): `/low-code-platform/v2/<child>` shows the same page as `/low-code-platform/<child>`. */
function LowCodeV2() {
  const { child = '' } = useParams();
  return <SamePage to={`/low-code-platform/${child}`} />;
}

export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      { path: '/login', element: <Loading><LoginPage /></Loading> },
      { path: '/download', element: <Loading><DownloadPage /></Loading> },
      { path: '/ResetPassword', element: <Loading><ResetPasswordPage /></Loading> },
      { path: '/p/:token', element: <Loading><PublicLinkPage /></Loading> },
      { path: '/showCommitment', element: <Loading><CommitmentShowPage /></Loading> },
      { path: '/visualDisplay', element: <RequireSession><Loading><VisualDisplayRoute /></Loading></RequireSession> },
      { path: '/deviceChart', element: <RequireSession><Loading><DeviceChartPage /></Loading></RequireSession> },
      { path: '/keyData', element: <RequireSession><Loading><KeyDataPage /></Loading></RequireSession> },
      { path: '/homePageNew', element: <RequireSession><Loading><HomeKioskPage /></Loading></RequireSession> },
      { path: '/IframePage', element: <Navigate to="/IframePage/config" replace /> },
      { path: '/homePage', element: <Navigate to="/Gateway/home" replace /> },
      // The seed's old list view leads to the low-code list view (its IsOldListView setting is 0 here: there is one list view).
      { path: '/FormGenerator/ListView', element: <SamePage to="/low-code-platform/list-view" /> },
      { path: '/low-code-platform/v2/:child', element: <LowCodeV2 /> },
      { path: '/401', element: <Loading><NoAccessPage /></Loading> },
      { path: '/404', element: <Loading><NotFoundPage /></Loading> },
      { index: true, element: <Navigate to="/Gateway/home" replace /> },
      { path: '/workMenu', element: <Navigate to="/Gateway/home" replace /> },
      {
        path: '/changePassword',
        element: (
          <RequireSession passwordPage>
            <Loading>
              <ChangePasswordPage />
            </Loading>
          </RequireSession>
        ),
      },
      {
        path: '*',
        element: (
          <RequireSession>
            <Loading>
              <SignedInShell />
            </Loading>
          </RequireSession>
        ),
      },
    ],
  },
]);

setNavigator((to, opts) => void router.navigate(to, opts));
