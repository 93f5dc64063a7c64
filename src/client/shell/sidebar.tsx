import { SearchOutlined } from '@ant-design/icons';
import { Empty, Input, Menu, Tooltip } from 'antd';
import type { MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { MenuItem } from '../../shared/org/contracts';
import { COMPANY_NAME_MAX, MENU_TITLE_MAX, truncate } from '../../shared/text';
import { useLang } from '../app/i18n';
import { useSession } from '../app/session-store';
import { useShellTheme } from '../app/theme';
import { Logo } from './logo';
import { filterMenus, findMenuByPath, menuLink, menuTitle, opensNewWindow, walkMenus } from './menu';
import { MenuIcon } from './menu-icons';
import './shell-i18n';

/** Seed 1 §2.3. */
export const SIDEBAR_WIDTH = 231;
export const SIDEBAR_COLLAPSED_WIDTH = 64;
const SEARCH_DEBOUNCE_MS = 500;

/**
 * Seed 1 §2.3 cuts titles at 10 characters, a limit set for Chinese. A Latin
 * letter is about half as wide, so English titles get twice as many.
 */
const titleMax = (lang: 'zh' | 'en') => (lang === 'en' ? MENU_TITLE_MAX * 2 : MENU_TITLE_MAX);

function MenuLabel({ title, max }: { title: string; max: number }) {
  const cut = truncate(title, max);
  // Seed 1 §2.3: a tooltip for titles of 10 characters or more.
  return Array.from(title).length >= max ? (
    <Tooltip title={title} placement="right">
      <span>{cut.text}</span>
    </Tooltip>
  ) : (
    <span>{cut.text}</span>
  );
}

type AntMenuItem = Required<MenuProps>['items'][number];

function toItems(items: MenuItem[], lang: 'zh' | 'en'): AntMenuItem[] {
  return items.map((item) => {
    const label = <MenuLabel title={menuTitle(item, lang)} max={titleMax(lang)} />;
    const icon = <MenuIcon name={item.icon} directory={item.childs.length > 0} />;
    if (item.childs.length > 0) {
      return { key: `dir-${item.menuid}`, label, icon, children: toItems(item.childs, lang) };
    }
    const leaf: AntMenuItem & { 'data-testid': string } = { key: String(item.menuid), label, icon, 'data-testid': `menu-${item.href}` };
    return leaf;
  });
}

/** The user's menu for the current system, with keyword search. */
export function Sidebar({ items, collapsed, onNavigate }: { items: MenuItem[]; collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('shell');
  const lang = useLang();
  const theme = useShellTheme();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const shortName = useSession((s) => s.loginConfig?.customershortname) || 'Plantwatch';
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [openKeys, setOpenKeys] = useState<string[]>([]);

  useEffect(() => {
    const timer = window.setTimeout(() => setKeyword(input), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [input]);

  const filtered = useMemo(() => filterMenus(items, keyword, lang), [items, keyword, lang]);
  const antItems = useMemo(() => toItems(filtered, lang), [filtered, lang]);
  const byKey = useMemo(() => {
    const map = new Map<string, MenuItem>();
    walkMenus(items, (m) => map.set(String(m.menuid), m));
    return map;
  }, [items]);

  const current = useMemo(() => findMenuByPath(items, pathname), [items, pathname]);
  const selectedKeys = current ? [String(current.item.menuid)] : [];

  // Open the branch of the current page when the route changes.
  useEffect(() => {
    if (current) {
      const parents = current.parents.map((p) => `dir-${p.menuid}`);
      setOpenKeys((keys) => Array.from(new Set([...keys, ...parents])));
    }
  }, [current]);

  // While searching, every branch with a hit is open.
  const searchOpenKeys = useMemo(() => {
    if (!keyword.trim()) {
      return null;
    }
    const keys: string[] = [];
    walkMenus(filtered, (m) => {
      if (m.childs.length) {
        keys.push(`dir-${m.menuid}`);
      }
    });
    return keys;
  }, [filtered, keyword]);

  const handleClick: MenuProps['onClick'] = ({ key }) => {
    const item = byKey.get(key);
    if (!item) {
      return;
    }
    const url = menuLink(item);
    if (opensNewWindow(item)) {
      window.open(url, '_blank', 'noopener,noreferrer');
      return;
    }
    void navigate(url);
    onNavigate?.();
  };

  const company = truncate(shortName, COMPANY_NAME_MAX);

  return (
    <div className={`pw-sider ${theme.darkSider ? 'pw-sider-dark' : ''}`} data-testid="sidebar">
      <div className="pw-sider-logo" style={{ background: theme.logoBg }} title={company.truncated ? shortName : undefined}>
        <Logo size={26} />
        {!collapsed && <span className="pw-sider-company">{company.text}</span>}
      </div>
      {!collapsed && (
        <div className="pw-sider-search">
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('sidebar.search')}
            value={input}
            onChange={(e) => setInput(e.target.value)}
            onPressEnter={() => setKeyword(input)}
            data-testid="sidebar-search"
          />
        </div>
      )}
      <div className="pw-sider-menu">
        {antItems.length ? (
          <Menu
            mode="inline"
            theme={theme.darkSider ? 'dark' : 'light'}
            inlineCollapsed={collapsed}
            items={antItems}
            selectedKeys={selectedKeys}
            openKeys={collapsed ? undefined : (searchOpenKeys ?? openKeys)}
            onOpenChange={(keys) => {
              if (!searchOpenKeys) {
                setOpenKeys(keys);
              }
            }}
            onClick={handleClick}
            style={{ borderInlineEnd: 'none' }}
          />
        ) : (
          !collapsed && (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={<span className="pw-sider-empty">{keyword.trim() ? t('sidebar.noMatch') : t('sidebar.noMenu')}</span>}
            />
          )
        )}
      </div>
    </div>
  );
}
