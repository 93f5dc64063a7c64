import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { ConfigProviderProps } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import type { Lang } from '../../shared/time';

export type { Lang };

/** localStorage key of the chosen language (seed 1 §3.1: values zh/en, default zh). */
export const LANGUAGE_KEY = 'language';

function storedLang(): Lang {
  try {
    return localStorage.getItem(LANGUAGE_KEY) === 'en' ? 'en' : 'zh';
  } catch {
    return 'zh';
  }
}

const dayjsLocale = (lang: Lang) => (lang === 'en' ? 'en' : 'zh-cn');

const initial = storedLang();

void i18next.use(initReactI18next).init({
  lng: initial,
  fallbackLng: 'zh',
  supportedLngs: ['zh', 'en'],
  ns: ['common'],
  defaultNS: 'common',
  resources: { zh: { common: {} }, en: { common: {} } },
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
dayjs.locale(dayjsLocale(initial));
if (typeof document !== 'undefined') {
  document.documentElement.lang = initial === 'en' ? 'en' : 'zh-CN';
}

export const i18n = i18next;

/** A feature's strings: one namespace per area, zh and en side by side so they stay in step. */
export function addTranslations(ns: string, zh: Record<string, unknown>, en: Record<string, unknown>): void {
  i18next.addResourceBundle('zh', ns, zh, true, true);
  i18next.addResourceBundle('en', ns, en, true, true);
}

export const toLang = (lng: string | undefined): Lang => (lng?.startsWith('en') ? 'en' : 'zh');

/** The current language outside React. */
export const currentLang = (): Lang => toLang(i18next.language);

/** Switches the language everywhere (texts, antd, dayjs, <html lang>) and remembers it. */
export function setLang(lang: Lang): void {
  try {
    localStorage.setItem(LANGUAGE_KEY, lang);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  dayjs.locale(dayjsLocale(lang));
  document.documentElement.lang = lang === 'en' ? 'en' : 'zh-CN';
  void i18next.changeLanguage(lang);
}

/** The current language; re-renders on a switch. */
export function useLang(): Lang {
  const { i18n: instance } = useTranslation();
  return toLang(instance.language);
}

/** Accept-Language header value (seed 1 §9: zh → zh-CN, en → en-US). */
export const acceptLanguage = (): string => (currentLang() === 'en' ? 'en-US' : 'zh-CN');

export const antdLocale = (lang: Lang): ConfigProviderProps['locale'] => (lang === 'en' ? enUS : zhCN);

/** Picks the text of a zh/en pair, e.g. a route title or a menu name. */
export function pick(lang: Lang, zh: string, en: string | undefined): string {
  return lang === 'en' && en ? en : zh;
}
