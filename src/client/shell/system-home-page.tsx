import { RightOutlined } from '@ant-design/icons';
import { Button, Empty, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { MenuItem } from '../../shared/org/contracts';
import { pick, useLang } from '../app/i18n';
import { useSession } from '../app/session-store';
import { menuLink, menuTitle, opensNewWindow, walkMenus } from './menu';
import { MenuIcon } from './menu-icons';
import { systemByHome, systemMenus } from './systems';
import { systemVisuals } from './system-visuals';
import './shell-i18n';

/** /No.88/<system>: the system's pages from the user's menu, as cards. */
export function SystemHomePage() {
  const { t } = useTranslation('shell');
  const lang = useLang();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const menus = useSession((s) => s.menus);
  const system = systemByHome(pathname);

  const pages = useMemo(() => {
    const out: { item: MenuItem; group: string }[] = [];
    if (!system) {
      return out;
    }
    walkMenus(systemMenus(menus, system.type), (item, parents) => {
      if (item.childs.length === 0 && item.type !== 1 && item.href) {
        out.push({ item, group: parents.map((p) => menuTitle(p, lang)).join(' / ') });
      }
    });
    return out;
  }, [menus, system, lang]);

  if (!system) {
    return null;
  }
  const v = systemVisuals[system.type];

  const handleOpen = (item: MenuItem) => {
    const url = menuLink(item);
    if (opensNewWindow(item)) {
      window.open(url, '_blank', 'noopener,noreferrer');
    } else {
      void navigate(url);
    }
  };

  return (
    <div className="pw-sys-home" data-testid="system-home" style={{ ['--pw-accent' as string]: v.color }}>
      <section className="pw-sys-head">
        <span className="pw-sys-head-icon">{v.icon}</span>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {pick(lang, system.name.zh, system.name.en)}
          </Typography.Title>
          <Typography.Text type="secondary">{pick(lang, v.description.zh, v.description.en)}</Typography.Text>
        </div>
      </section>
      {pages.length === 0 ? (
        <div className="pw-sys-empty" data-testid="system-home-empty">
          <Empty
            description={
              <>
                <Typography.Text strong>{t('system.noPages')}</Typography.Text>
                <br />
                <Typography.Text type="secondary">{t('system.noPagesHint')}</Typography.Text>
              </>
            }
          >
            <Button type="primary" onClick={() => void navigate('/Gateway/home')}>
              {t('system.back')}
            </Button>
          </Empty>
        </div>
      ) : (
        <div className="pw-sys-pages">
          {pages.map(({ item, group }) => (
            <button key={item.menuid} type="button" className="pw-page-card" onClick={() => handleOpen(item)} data-testid={`page-card-${item.href}`}>
              <span className="pw-page-card-icon">
                <MenuIcon name={item.icon} />
              </span>
              <span className="pw-page-card-text">
                <span className="pw-page-card-title">{menuTitle(item, lang)}</span>
                {group && <span className="pw-page-card-group">{group}</span>}
              </span>
              <RightOutlined className="pw-page-card-arrow" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
