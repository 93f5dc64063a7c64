import {
  BellOutlined,
  BgColorsOutlined,
  CheckOutlined,
  DownOutlined,
  EllipsisOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  KeyOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Drawer, Dropdown, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { isExternal } from '../../shared/text';
import { feedback } from '../app/feedback';
import { pick, setLang, useLang } from '../app/i18n';
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

/** Whether the page is fullscreen, and the toggle. */
function useFullscreen(): [boolean, () => void] {
  const { t } = useTranslation('shell');
  const [on, setOn] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const handle = () => setOn(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', handle);
    return () => document.removeEventListener('fullscreenchange', handle);
  }, []);
  const toggle = () => {
    if (!document.fullscreenEnabled) {
      feedback.message.warning(t('nav.fullscreenUnsupported'));
      return;
    }
    const p = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    p.catch(() => feedback.message.warning(t('nav.fullscreenUnsupported')));
  };
  return [on, toggle];
}

function FullscreenToggle() {
  const { t } = useTranslation('shell');
  const [on, handleClick] = useFullscreen();
  return (
    <Tooltip title={on ? t('nav.exitFullscreen') : t('nav.fullscreen')}>
      <button type="button" className="pw-nav-btn" onClick={handleClick} data-testid="fullscreen" aria-label={t('nav.fullscreen')}>
        {on ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      </button>
    </Tooltip>
  );
}

/** Sign-out with the seed's confirmation, and the way to the password page. */
function useUserActions(): { logout: () => void; changePassword: () => void } {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const location = useLocation();
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
  const changePassword = () => void navigate(`/changePassword?redirect=${encodeURIComponent(location.pathname + location.search)}`);
  return { logout: handleLogout, changePassword };
}

function UserMenu() {
  const { t } = useTranslation('shell');
  const user = useSession((s) => s.user);
  const { logout, changePassword } = useUserActions();
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
            logout();
          } else {
            changePassword();
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

/**
 * Phone and tablet (below 1024 px): everything that does not fit the bar — the
 * system tabs and the user's actions — in a drawer opened by one button (issue 11).
 */
function MobileMenu({ systems, currentSystem, onSwitchSystem }: Pick<NavbarProps, 'systems' | 'currentSystem' | 'onSwitchSystem'>) {
  const { t } = useTranslation('shell');
  const lang = useLang();
  const user = useSession((s) => s.user);
  const [open, setOpen] = useState(false);
  const [fullscreen, toggleFullscreen] = useFullscreen();
  const { logout, changePassword } = useUserActions();
  const theme = useThemeStore((s) => s.theme);
  const setTheme = useThemeStore((s) => s.setTheme);
  const run = (fn: () => void) => () => {
    setOpen(false);
    fn();
  };
  return (
    <>
      <button type="button" className="pw-nav-btn pw-nav-more" data-testid="nav-menu" aria-label={t('nav.more')} aria-expanded={open} onClick={() => setOpen(true)}>
        <Avatar size={26} src={user?.headimg || undefined} icon={<UserOutlined />} />
        <EllipsisOutlined />
      </button>
      <Drawer
        placement="right"
        open={open}
        onClose={() => setOpen(false)}
        size={300}
        title={
          <span className="pw-mm-user" data-testid="nav-menu-user">
            <Avatar size={32} src={user?.headimg || undefined} icon={<UserOutlined />} />
            <span className="pw-mm-user-name">{user?.username}</span>
          </span>
        }
        styles={{ body: { padding: 0 } }}
        rootClassName="pw-mm"
      >
        {systems.length > 0 && (
          <section className="pw-mm-section" aria-label={t('nav.systems')}>
            <div className="pw-mm-heading">{t('nav.systems')}</div>
            {systems.map((s) => (
              <button
                key={s.code}
                type="button"
                className={`pw-mm-item ${s.type === currentSystem ? 'pw-mm-item-on' : ''}`}
                data-testid={`system-tab-${s.type}`}
                aria-current={s.type === currentSystem ? 'page' : undefined}
                onClick={run(() => onSwitchSystem(s))}
              >
                {pick(lang, s.name.zh, s.name.en)}
              </button>
            ))}
          </section>
        )}
        <section className="pw-mm-section">
          <div className="pw-mm-heading">{t('lang.label')}</div>
          <div className="pw-mm-row">
            {(['zh', 'en'] as const).map((l) => (
              <button key={l} type="button" className={`pw-mm-chip ${l === lang ? 'pw-mm-chip-on' : ''}`} data-testid={`lang-${l}`} aria-pressed={l === lang} onClick={() => setLang(l)}>
                {t(`lang.${l}`)}
              </button>
            ))}
          </div>
          <div className="pw-mm-heading">{t('nav.theme')}</div>
          <div className="pw-mm-row">
            {themeNames.map((name) => (
              <button
                key={name}
                type="button"
                className={`pw-mm-chip ${name === theme ? 'pw-mm-chip-on' : ''}`}
                data-testid={`theme-${name}`}
                aria-pressed={name === theme}
                onClick={() => setTheme(name)}
              >
                <span className="pw-theme-swatch" style={{ background: shellThemes[name].primary }} />
                {pick(lang, shellThemes[name].label.zh, shellThemes[name].label.en)}
              </button>
            ))}
          </div>
        </section>
        <section className="pw-mm-section">
          <button type="button" className="pw-mm-item" data-testid="fullscreen" onClick={run(toggleFullscreen)}>
            {fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            {fullscreen ? t('nav.exitFullscreen') : t('nav.fullscreen')}
          </button>
          <button type="button" className="pw-mm-item" data-testid="change-password" onClick={run(changePassword)}>
            <KeyOutlined />
            {t('nav.changePassword')}
          </button>
          <button type="button" className="pw-mm-item pw-mm-danger" data-testid="logout" onClick={run(logout)}>
            <LogoutOutlined />
            {t('nav.logout')}
          </button>
        </section>
      </Drawer>
    </>
  );
}

interface NavbarProps {
  collapsed: boolean;
  onToggle: () => void;
  systems: SystemDef[];
  currentSystem: number | null;
  onSwitchSystem: (s: SystemDef) => void;
  /** Below 1024 px: system tabs and user actions move into a drawer. */
  mobile?: boolean;
}

/** Top bar: sidebar toggle, the four-system tabs, and the user's tools. */
export function Navbar({ collapsed, onToggle, systems, currentSystem, onSwitchSystem, mobile = false }: NavbarProps) {
  const { t } = useTranslation('shell');
  const lang = useLang();
  if (mobile) {
    const current = systems.find((s) => s.type === currentSystem);
    return (
      <header className="pw-navbar pw-navbar-mobile" data-testid="navbar">
        <button type="button" className="pw-nav-btn pw-nav-toggle" onClick={onToggle} data-testid="nav-drawer" aria-label={collapsed ? t('nav.expand') : t('nav.collapse')}>
          {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        </button>
        <span className="pw-nav-title">{current ? pick(lang, current.name.zh, current.name.en) : ''}</span>
        <div className="pw-nav-right">
          <NavbarExtras />
          <TodoCounter />
          <MobileMenu systems={systems} currentSystem={currentSystem} onSwitchSystem={onSwitchSystem} />
        </div>
      </header>
    );
  }
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
