import {
  BellOutlined,
  BgColorsOutlined,
  CheckOutlined,
  DownOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  KeyOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Dropdown, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { isExternal } from '../../shared/text';
import { feedback } from '../app/feedback';
import { pick, useLang } from '../app/i18n';
import { useSession } from '../app/session-store';
import { shellThemes, themeNames, useThemeStore } from '../app/theme';
import { ErrorLogButton } from './error-log-dialog';
import { LangSwitch } from './lang-switch';
import { NavbarExtras } from './navbar-extras';
import type { SystemDef } from './systems';
import { TODO_REFRESH_MS, useTodoStore } from './todo-store';
import './shell-i18n';

const TODO_CENTER = '/orgnization/ToDoCenter';

function TodoCounter() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const count = useTodoStore((s) => s.count);
  const refresh = useTodoStore((s) => s.refresh);
  useEffect(() => {
    void refresh();
    const timer = window.setInterval(() => void refresh(), TODO_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [refresh]);
  return (
    <Tooltip title={t('nav.todo')}>
      <button type="button" className="pw-nav-btn" aria-label={t('nav.todo')} onClick={() => void navigate(TODO_CENTER)}>
        <BellOutlined />
        <span className={`pw-count ${count ? '' : 'pw-count-zero'}`} data-testid="todo-count">
          {count ?? 0}
        </span>
      </button>
    </Tooltip>
  );
}

function ThemePicker() {
  const { t } = useTranslation('shell');
  const lang = useLang();
  const theme = useThemeStore((s) => s.theme);
  const setTheme = useThemeStore((s) => s.setTheme);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [theme],
        items: themeNames.map((name) => {
          const th = shellThemes[name];
          return {
            key: name,
            label: (
              <span className="pw-theme-item" data-testid={`theme-${name}`}>
                <span className="pw-theme-swatch" style={{ background: th.darkSider ? `linear-gradient(90deg, ${th.siderBg} 50%, ${th.primary} 50%)` : th.primary }} />
                {pick(lang, th.label.zh, th.label.en)}
                {name === theme && <CheckOutlined style={{ marginInlineStart: 'auto' }} />}
              </span>
            ),
          };
        }),
        onClick: ({ key }) => setTheme(key as (typeof themeNames)[number]),
      }}
    >
      <button type="button" className="pw-nav-btn" data-testid="theme-switch" aria-label={t('nav.theme')}>
        <BgColorsOutlined />
      </button>
    </Dropdown>
  );
}

function FullscreenToggle() {
  const { t } = useTranslation('shell');
  const [on, setOn] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const handle = () => setOn(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', handle);
    return () => document.removeEventListener('fullscreenchange', handle);
  }, []);
  const handleClick = () => {
    if (!document.fullscreenEnabled) {
      feedback.message.warning(t('nav.fullscreenUnsupported'));
      return;
    }
    const p = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    p.catch(() => feedback.message.warning(t('nav.fullscreenUnsupported')));
  };
  return (
    <Tooltip title={on ? t('nav.exitFullscreen') : t('nav.fullscreen')}>
      <button type="button" className="pw-nav-btn" onClick={handleClick} data-testid="fullscreen" aria-label={t('nav.fullscreen')}>
        {on ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      </button>
    </Tooltip>
  );
}

function UserMenu() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const location = useLocation();
  const user = useSession((s) => s.user);
  const signOut = useSession((s) => s.signOut);
  const logOutJumpUrl = useSession((s) => s.loginConfig?.LogOutJumpUrl ?? '');

  // Seed 1 §8: confirm, then LogOff; success → 退出成功! and the logout URL or /login; failure → /; cancel → 已取消退出!.
  const handleLogout = () => {
    void feedback.modal.confirm({
      title: t('nav.logoutConfirm'),
      okText: t('nav.ok'),
      cancelText: t('nav.cancel'),
      onOk: async () => {
        try {
          await signOut();
          feedback.message.success(t('nav.logoutOk'));
          if (logOutJumpUrl && isExternal(logOutJumpUrl)) {
            window.location.assign(logOutJumpUrl);
          } else {
            void navigate(logOutJumpUrl || '/login', { replace: true });
          }
        } catch {
          void navigate('/', { replace: true });
        }
      },
      onCancel: () => {
        feedback.message.info(t('nav.logoutCancel'));
      },
    });
  };

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          { key: 'password', icon: <KeyOutlined />, label: <span data-testid="change-password">{t('nav.changePassword')}</span> },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, danger: true, label: <span data-testid="logout">{t('nav.logout')}</span> },
        ],
        onClick: ({ key }) => {
          if (key === 'logout') {
            handleLogout();
          } else {
            void navigate(`/changePassword?redirect=${encodeURIComponent(location.pathname + location.search)}`);
          }
        },
      }}
    >
      <button type="button" className="pw-nav-user" data-testid="user-menu">
        <Avatar size={28} src={user?.headimg || undefined} icon={<UserOutlined />} />
        <span className="pw-nav-user-name">{user?.username}</span>
        <DownOutlined style={{ fontSize: 10 }} />
      </button>
    </Dropdown>
  );
}

interface NavbarProps {
  collapsed: boolean;
  onToggle: () => void;
  systems: SystemDef[];
  currentSystem: number | null;
  onSwitchSystem: (s: SystemDef) => void;
}

/** Top bar: sidebar toggle, the four-system tabs, and the user's tools. */
export function Navbar({ collapsed, onToggle, systems, currentSystem, onSwitchSystem }: NavbarProps) {
  const { t } = useTranslation('shell');
  const lang = useLang();
  return (
    <header className="pw-navbar" data-testid="navbar">
      <button type="button" className="pw-nav-btn pw-nav-toggle" onClick={onToggle} aria-label={collapsed ? t('nav.expand') : t('nav.collapse')}>
        {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
      </button>
      <nav className="pw-systems" aria-label="systems">
        {systems.map((s) => (
          <button
            key={s.code}
            type="button"
            className={`pw-system-tab ${s.type === currentSystem ? 'pw-system-tab-active' : ''}`}
            data-testid={`system-tab-${s.type}`}
            aria-current={s.type === currentSystem ? 'page' : undefined}
            onClick={() => onSwitchSystem(s)}
          >
            {pick(lang, s.name.zh, s.name.en)}
          </button>
        ))}
      </nav>
      <div className="pw-nav-right">
        <NavbarExtras />
        <ErrorLogButton />
        <TodoCounter />
        <ThemePicker />
        <LangSwitch />
        <FullscreenToggle />
        <UserMenu />
      </div>
    </header>
  );
}
