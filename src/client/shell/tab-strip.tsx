import { CloseOutlined, DownOutlined, HomeOutlined, LeftOutlined, ReloadOutlined, RightOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useLang } from '../app/i18n';
import { useSession } from '../app/session-store';
import { pageTitle, useRouteTable } from './route-table';
import { useTabsStore, type VisitedTab } from './tabs-store';
import './shell-i18n';

/** Seed 1 §2.4. */
const SCROLL_STEP = 100;
const EDGE_PADDING = 15;
const CONTEXT_MENU_WIDTH = 105;

type TabAction = 'close' | 'refresh' | 'closeOthers' | 'closeLeft' | 'closeRight' | 'closeAll';
const actions: TabAction[] = ['close', 'refresh', 'closeOthers', 'closeLeft', 'closeRight', 'closeAll'];

/** Visited pages as tabs, with scrolling, a context menu and a more-menu. */
export function TabStrip() {
  const { t } = useTranslation('shell');
  const lang = useLang();
  const navigate = useNavigate();
  const location = useLocation();
  const routes = useRouteTable();
  const menus = useSession((s) => s.menus);
  const tabs = useTabsStore((s) => s.tabs);
  const store = useTabsStore;
  const scroller = useRef<HTMLDivElement>(null);
  const current = location.pathname;

  // Keep the active tab in view, 15 px from the edge.
  useEffect(() => {
    const box = scroller.current;
    const el = box?.querySelector<HTMLElement>('[data-active="true"]');
    if (!box || !el) {
      return;
    }
    if (el.offsetLeft - EDGE_PADDING < box.scrollLeft) {
      box.scrollLeft = Math.max(0, el.offsetLeft - EDGE_PADDING);
    } else if (el.offsetLeft + el.offsetWidth + EDGE_PADDING > box.scrollLeft + box.clientWidth) {
      box.scrollLeft = el.offsetLeft + el.offsetWidth + EDGE_PADDING - box.clientWidth;
    }
  }, [current, tabs.length]);

  const scrollBy = (dx: number) => {
    scroller.current?.scrollBy({ left: dx, behavior: 'smooth' });
  };

  const run = (action: TabAction, tab: VisitedTab) => {
    const s = store.getState();
    switch (action) {
      case 'close': {
        const next = s.close([tab.path], current);
        if (next) {
          void navigate(next);
        }
        break;
      }
      case 'refresh':
        s.refresh(tab.path);
        if (tab.path !== current) {
          void navigate(tab.fullPath);
        }
        break;
      case 'closeOthers':
        s.closeOthers(tab.path);
        if (tab.path !== current) {
          void navigate(tab.fullPath);
        }
        break;
      case 'closeLeft':
      case 'closeRight': {
        const before = s.tabs.map((x) => x.path);
        if (action === 'closeLeft') {
          s.closeLeft(tab.path);
        } else {
          s.closeRight(tab.path);
        }
        const still = store.getState().tabs.some((x) => x.path === current);
        if (!still && before.includes(current)) {
          void navigate(tab.fullPath);
        }
        break;
      }
      case 'closeAll':
        s.closeAll();
        void navigate('/');
        break;
    }
  };

  const menuFor = (tab: VisitedTab): MenuProps => {
    const i = tabs.findIndex((x) => x.path === tab.path);
    return {
      style: { width: CONTEXT_MENU_WIDTH },
      items: actions.map((a) => ({
        key: a,
        label: <span data-testid={`tab-action-${a}`}>{t(`tabs.${a}`)}</span>,
        disabled:
          (a === 'closeLeft' && i <= 0) || (a === 'closeRight' && i === tabs.length - 1) || (a === 'closeOthers' && tabs.length <= 1),
      })),
      onClick: ({ key, domEvent }) => {
        domEvent.stopPropagation();
        run(key as TabAction, tab);
      },
    };
  };

  const activeTab = tabs.find((x) => x.path === current);

  return (
    <div className="pw-tabs" data-testid="tab-strip">
      <button type="button" className="pw-tabs-btn" onClick={() => void navigate('/')} aria-label={t('tabs.home')} title={t('tabs.home')}>
        <HomeOutlined />
      </button>
      <button type="button" className="pw-tabs-btn" onClick={() => scrollBy(-SCROLL_STEP)} aria-label={t('tabs.scrollLeft')}>
        <LeftOutlined />
      </button>
      <div
        className="pw-tabs-scroll"
        ref={scroller}
        onWheel={(e) => {
          if (scroller.current) {
            scroller.current.scrollLeft += e.deltaY || e.deltaX;
          }
        }}
      >
        {tabs.map((tab) => {
          const active = tab.path === current;
          const title = pageTitle(tab.path, routes, menus, lang, tab.fullPath.slice(tab.path.length));
          return (
            <Dropdown key={tab.path} trigger={['contextMenu']} menu={menuFor(tab)}>
              <div
                role="tab"
                tabIndex={0}
                aria-selected={active}
                data-active={active}
                data-testid={`tab-${tab.path}`}
                className={`pw-tab ${active ? 'pw-tab-active' : ''}`}
                onClick={() => {
                  if (!active) {
                    void navigate(tab.fullPath);
                  }
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && !active) {
                    void navigate(tab.fullPath);
                  }
                }}
                onAuxClick={(e) => {
                  if (e.button === 1) {
                    run('close', tab);
                  }
                }}
                title={title}
              >
                {active && <span className="pw-tab-dot" />}
                <span className="pw-tab-title">{title}</span>
                <span
                  role="button"
                  aria-label={t('tabs.close')}
                  className="pw-tab-close"
                  data-testid={`tab-close-${tab.path}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    run('close', tab);
                  }}
                >
                  <CloseOutlined />
                </span>
              </div>
            </Dropdown>
          );
        })}
      </div>
      <button type="button" className="pw-tabs-btn" onClick={() => scrollBy(SCROLL_STEP)} aria-label={t('tabs.scrollRight')}>
        <RightOutlined />
      </button>
      {activeTab && (
        <button
          type="button"
          className="pw-tabs-btn"
          onClick={() => run('refresh', activeTab)}
          aria-label={t('tabs.refresh')}
          title={t('tabs.refresh')}
        >
          <ReloadOutlined />
        </button>
      )}
      <Dropdown trigger={['click']} disabled={!activeTab} menu={activeTab ? menuFor(activeTab) : { items: [] }} placement="bottomRight">
        <button type="button" className="pw-tabs-btn pw-tabs-more" aria-label={t('tabs.more')} data-testid="tab-more">
          <DownOutlined />
        </button>
      </Dropdown>
    </div>
  );
}
