import { theme as antdTheme, type ThemeConfig } from 'antd';
import { create } from 'zustand';

/** Seed 1 §9: four themes, green by default. */
export const themeNames = ['blue', 'blue-black', 'green', 'purple'] as const;
export type ThemeName = (typeof themeNames)[number];
export const DEFAULT_THEME: ThemeName = 'green';
const THEME_KEY = 'theme';

export interface ShellTheme {
  name: ThemeName;
  label: { zh: string; en: string };
  primary: string;
  /** The sidebar is dark (light text on a dark menu). */
  darkSider: boolean;
  siderBg: string;
  /** Band behind the logo and company name at the top of the sidebar. */
  logoBg: string;
  headerBg: string;
}

export const shellThemes: Record<ThemeName, ShellTheme> = {
  blue: {
    name: 'blue',
    label: { zh: '经典蓝', en: 'Classic blue' },
    primary: '#1668dc',
    darkSider: false,
    siderBg: '#ffffff',
    logoBg: '#1668dc',
    headerBg: '#ffffff',
  },
  'blue-black': {
    name: 'blue-black',
    label: { zh: '蓝黑', en: 'Blue-black' },
    primary: '#3a7bff',
    darkSider: true,
    siderBg: '#0f1b2d',
    logoBg: '#0a1422',
    headerBg: '#ffffff',
  },
  green: {
    name: 'green',
    label: { zh: '绿色', en: 'Green' },
    primary: '#0f9d6b',
    darkSider: false,
    siderBg: '#ffffff',
    logoBg: '#0f9d6b',
    headerBg: '#ffffff',
  },
  purple: {
    name: 'purple',
    label: { zh: '紫色', en: 'Purple' },
    primary: '#6f42c1',
    darkSider: false,
    siderBg: '#ffffff',
    logoBg: '#6f42c1',
    headerBg: '#ffffff',
  },
};

/** antd tokens for a shell theme. */
export function antdThemeConfig(t: ShellTheme): ThemeConfig {
  return {
    algorithm: antdTheme.defaultAlgorithm,
    token: { colorPrimary: t.primary, colorInfo: t.primary, colorLink: t.primary, borderRadius: 6 },
    components: {
      Layout: { siderBg: t.siderBg, headerBg: t.headerBg, bodyBg: '#f0f2f5', headerPadding: '0 12px', headerHeight: 50 },
      Menu: t.darkSider
        ? { darkItemBg: t.siderBg, darkSubMenuItemBg: '#0a1422', darkItemSelectedBg: t.primary }
        : { itemSelectedBg: `${t.primary}1a`, itemSelectedColor: t.primary, subMenuItemBg: '#fafafa' },
    },
  };
}

function storedTheme(): ThemeName {
  try {
    const v = localStorage.getItem(THEME_KEY);
    return (themeNames as readonly string[]).includes(v ?? '') ? (v as ThemeName) : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

interface ThemeState {
  theme: ThemeName;
  setTheme: (theme: ThemeName) => void;
}

/** The chosen theme, remembered in localStorage. */
export const useThemeStore = create<ThemeState>()((set) => ({
  theme: storedTheme(),
  setTheme: (theme) => {
    try {
      localStorage.setItem(THEME_KEY, theme);
    } catch {
      // Remembered for this page only.
    }
    set({ theme });
  },
}));

export const useShellTheme = (): ShellTheme => shellThemes[useThemeStore((s) => s.theme)];
