import { Spin } from 'antd';
import { Activity, Suspense, useMemo } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { PageRoute } from '../app/route-types';
import { PageBoundary } from './page-boundary';
import { useTabsStore, type VisitedTab } from './tabs-store';

const fallback = (
  <div className="pw-page-loading">
    <Spin />
  </div>
);

/**
 * Renders every open tab's page and shows only the current one. Hidden tabs sit
 * in React's <Activity mode="hidden">: their state is kept, their effects are
 * paused. Each page sees its own tab's location, so a hidden page keeps its
 * query. "Refresh" bumps the tab's key, which remounts the page.
 */
export function PageHost({ routes }: { routes: PageRoute[] }) {
  const location = useLocation();
  const tabs = useTabsStore((s) => s.tabs);
  const refreshKeys = useTabsStore((s) => s.refreshKeys);
  const refresh = useTabsStore((s) => s.refresh);
  const routeElements = useMemo(
    () => routes.map(({ path, component: Page }) => <Route key={path} path={path} element={<Page />} />),
    [routes],
  );

  // The page being opened is drawn at once, before the tab strip has recorded the visit.
  const list: VisitedTab[] = tabs.some((t) => t.path === location.pathname)
    ? tabs
    : [...tabs, { path: location.pathname, fullPath: location.pathname + location.search }];

  return (
    <>
      {list.map((tab) => {
        const active = tab.path === location.pathname;
        return (
          <Activity key={`${tab.path}#${refreshKeys[tab.path] ?? 0}`} mode={active ? 'visible' : 'hidden'} name={tab.path}>
            <div className="pw-page" data-page={tab.path}>
              <PageBoundary onRetry={() => refresh(tab.path)}>
                <Suspense fallback={fallback}>
                  <Routes location={active ? location : tab.fullPath}>{routeElements}</Routes>
                </Suspense>
              </PageBoundary>
            </div>
          </Activity>
        );
      })}
    </>
  );
}
