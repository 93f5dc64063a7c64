import { GlobalOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Lang, setLang, useLang } from '../app/i18n';
import './shell-i18n';

const LANGS: readonly Lang[] = ['zh', 'en'];

/**
 * The language switch (Chinese, English), remembered in localStorage (seed 1 §9).
 * A plain popup list rather than antd's Dropdown: it is on the sign-in page, whose
 * first load must stay small (issue 11).
 */
export function LangSwitch({ className, onChange }: { className?: string; onChange?: (lang: Lang) => void }) {
  const { t } = useTranslation('shell');
  const lang = useLang();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (!open) {
      return undefined;
    }
    const close = (e: Event) => {
      if (box.current && !box.current.contains(e.target as Node)) {
        setOpen(false);
      }
    };
    const esc = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', esc);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', esc);
    };
  }, [open]);

  return (
    <span className="pw-lang" ref={box}>
      <button
        type="button"
        className={className ?? 'pw-nav-btn'}
        data-testid="lang-switch"
        aria-label={t('lang.label')}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <GlobalOutlined />
        <span className="pw-nav-btn-text">{t(`lang.${lang}`)}</span>
      </button>
      {open && (
        <ul className="pw-lang-menu" role="menu">
          {LANGS.map((l) => (
            <li key={l} role="none">
              <button
                type="button"
                role="menuitemradio"
                aria-checked={l === lang}
                className={l === lang ? 'pw-lang-item pw-lang-item-on' : 'pw-lang-item'}
                data-testid={`lang-${l}`}
                onClick={() => {
                  setLang(l);
                  setOpen(false);
                  onChange?.(l);
                }}
              >
                {t(`lang.${l}`)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </span>
  );
}
