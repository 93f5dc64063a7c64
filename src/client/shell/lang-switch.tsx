import { GlobalOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Lang, setLang, useLang } from '../app/i18n';
import './shell-i18n';

/** The language switch (Chinese, English), remembered in localStorage (seed 1 §9). */
export function LangSwitch({ className }: { className?: string }) {
  const { t } = useTranslation('shell');
  const lang = useLang();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [lang],
        items: (['zh', 'en'] as const).map((l) => ({ key: l, label: <span data-testid={`lang-${l}`}>{t(`lang.${l}`)}</span> })),
        onClick: ({ key }) => setLang(key as Lang),
      }}
    >
      <button type="button" className={className ?? 'pw-nav-btn'} data-testid="lang-switch" aria-label={t('lang.label')}>
        <GlobalOutlined />
        <span className="pw-nav-btn-text">{t(`lang.${lang}`)}</span>
      </button>
    </Dropdown>
  );
}
