import { create } from 'zustand';

const SIDEBAR_KEY = 'sidebarStatus';
const SYSTEM_KEY = 'currentSystem';

/** Seed 1 §2.3: the device counts as mobile when the window width minus 3 is below 1024. */
export const isMobileWidth = (width: number): boolean => width - 3 < 1024;

function readSidebarOpen(): boolean {
  try {
    return localStorage.getItem(SIDEBAR_KEY) !== '0';
  } catch {
    return true;
  }
}

function readSystem(): number | null {
  try {
    const v = sessionStorage.getItem(SYSTEM_KEY);
    return v === null || v === '' ? null : Number(v);
  } catch {
    return null;
  }
}

interface ShellState {
  /** Desktop: sidebar expanded (remembered). */
  sidebarOpen: boolean;
  /** Mobile: drawer open. */
  drawerOpen: boolean;
  mobile: boolean;
  /** eightyEightType of the current system, or null before one is chosen. */
  system: number | null;
  toggleSidebar: () => void;
  setDrawerOpen: (open: boolean) => void;
  setMobile: (mobile: boolean) => void;
  setSystem: (type: number | null) => void;
}

export const useShellStore = create<ShellState>()((set, get) => ({
  sidebarOpen: readSidebarOpen(),
  drawerOpen: false,
  mobile: typeof window !== 'undefined' && isMobileWidth(window.innerWidth),
  system: readSystem(),
  toggleSidebar: () => {
    if (get().mobile) {
      set((s) => ({ drawerOpen: !s.drawerOpen }));
      return;
    }
    const sidebarOpen = !get().sidebarOpen;
    try {
      localStorage.setItem(SIDEBAR_KEY, sidebarOpen ? '1' : '0');
    } catch {
      // Remembered for this page only.
    }
    set({ sidebarOpen });
  },
  setDrawerOpen: (drawerOpen) => set({ drawerOpen }),
  setMobile: (mobile) => set(mobile ? { mobile, drawerOpen: false } : { mobile }),
  setSystem: (system) => {
    try {
      sessionStorage.setItem(SYSTEM_KEY, system === null ? '' : String(system));
    } catch {
      // Remembered for this page only.
    }
    set({ system });
  },
}));
