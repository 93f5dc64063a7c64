import { Drawer } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useLang } from '../app/i18n';
import type { PageRoute } from '../app/route-types';
import { useSession } from '../app/session-store';
import { useShellTheme } from '../app/theme';
import { findMenuByPath, menuLink, menuPages, opensNewWindow } from './menu';
import { Navbar } from './navbar';
import { PageHost } from './page-host';
import { findRoute, isPathPermitted, pageTitle, RouteTableContext } from './route-table';
import { isMobileWidth, useShellStore } from './shell-store';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH, Sidebar } from './sidebar';
import { availableSystems, systemByHome, systemMenus, type SystemDef } from './systems';
import { TabStrip } from './tab-strip';
import { useTabsStore } from './tabs-store';
import { Watermark } from './watermark';
import './shell.css';

/**
 * The signed-in frame: sidebar, navbar, tab strip, the open pages and the
 * watermark. Unknown paths go to /404 and, with menu permissions on, paths
 * outside the user's menu go to /401 (seed 1 §2.1, §4.1).
 */
export function ShellLayout({ routes }: { routes: PageRoute[] }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { pathname, search } = location;
  const lang = useLang();
  const theme = useShellTheme();
  const user = useSession((s) => s.user);
  const menus = useSession((s) => s.menus);
  const menuUrls = useSession((s) => s.menuUrls);
  const loginConfig = useSession((s) => s.loginConfig);
  const sidebarOpen = useShellStore((s) => s.sidebarOpen);
  const drawerOpen = useShellStore((s) => s.drawerOpen);
  const mobile = useShellStore((s) => s.mobile);
  const system = useShellStore((s) => s.system);
  const { toggleSidebar, setDrawerOpen, setMobile, setSystem } = useShellStore.getState();
  const visit = useTabsStore((s) => s.visit);
  const contentRef = useRef<HTMLElement>(null);

  const available = useMemo(() => availableSystems(menus), [menus]);
  const fourSystemMode = available.length > 0;
  const route = findRoute(routes, pathname);
  const permitted = loginConfig?.IsNeedMenuPermissions !== 1 || isPathPermitted(pathname, menuUrls, routes);
  const shown = Boolean(route) && permitted;

  useEffect(() => {
    const handleResize = () => setMobile(isMobileWidth(window.innerWidth));
    window.addEventListener('resize', handleResize);
    return () => window.removeEventListener('resize', handleResize);
  }, [setMobile]);

  // Seed 1 §2.1, §2.3: scroll to top and close the mobile drawer on each route change.
  useEffect(() => {
    setDrawerOpen(false);
    contentRef.current?.scrollTo({ top: 0 });
    window.scrollTo({ top: 0 });
  }, [pathname, setDrawerOpen]);

  useEffect(() => {
    if (shown) {
      visit({ path: pathname, fullPath: pathname + search });
    }
  }, [shown, pathname, search, visit]);

  // The current system follows the route: a system home, or the branch the page sits in.
  useEffect(() => {
    const found = findMenuByPath(menus, pathname);
    const type = systemByHome(pathname)?.type ?? (found ? (found.parents[0] ?? found.item).eightyEightType : null);
    // A system the user has no menu for never becomes current: its sidebar would be empty.
    if (type !== null && available.some((s) => s.type === type)) {
      setSystem(type);
    } else if (system === null || !available.some((s) => s.type === system)) {
      setSystem(available[0]?.type ?? null);
    }
  }, [pathname, menus, available, system, setSystem]);

  const title = shown ? pageTitle(pathname, routes, menus, lang, search) : '';
  const webTitle = loginConfig?.customerwebtitle || 'Plantwatch';
  useEffect(() => {
    document.title = title ? `${title} - ${webTitle}` : webTitle;
  }, [title, webTitle]);

  const sideItems = useMemo(
    () => (fourSystemMode && system !== null ? systemMenus(menus, system) : menus),
    [fourSystemMode, system, menus],
  );

  const handleSwitchSystem = (s: SystemDef) => {
    setSystem(s.type);
    useTabsStore.getState().closeAll();
    const first = menuPages(systemMenus(menus, s.type)).find((m) => !opensNewWindow(m));
    void navigate(first ? menuLink(first) : '/Gateway/home');
  };

  if (!route) {
    return <Navigate to="/404" replace />;
  }
  if (!permitted) {
    return <Navigate to="/401" replace />;
  }

  const watermark = [user?.username ?? '', user?.loginname || user?.phone || ''];

  return (
    <RouteTableContext.Provider value={routes}>
      <div className="pw-shell">
        {mobile ? (
          <Drawer
            placement="left"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            size={SIDEBAR_WIDTH}
            closable={false}
            styles={{ body: { padding: 0, background: theme.siderBg } }}
          >
            <Sidebar items={sideItems} collapsed={false} onNavigate={() => setDrawerOpen(false)} />
          </Drawer>
        ) : (
          <aside className="pw-shell-sider" style={{ width: sidebarOpen ? SIDEBAR_WIDTH : SIDEBAR_COLLAPSED_WIDTH, background: theme.siderBg }}>
            <Sidebar items={sideItems} collapsed={!sidebarOpen} />
          </aside>
        )}
        <div className="pw-shell-main">
          <Navbar
            collapsed={mobile ? !drawerOpen : !sidebarOpen}
            onToggle={toggleSidebar}
            systems={available}
            currentSystem={system}
            onSwitchSystem={handleSwitchSystem}
            mobile={mobile}
          />
          <TabStrip />
          <main className="pw-content" ref={contentRef}>
            <PageHost routes={routes} />
          </main>
        </div>
        <Watermark text={watermark} />
      </div>
    </RouteTableContext.Provider>
  );
}
