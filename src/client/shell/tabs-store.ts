import { create } from 'zustand';

/** A visited page in the tab strip. Keyed by path; `fullPath` keeps its last query. */
export interface VisitedTab {
  path: string;
  fullPath: string;
}

interface TabsState {
  tabs: VisitedTab[];
  /** Bumped by "refresh" to remount a page. */
  refreshKeys: Record<string, number>;
  visit: (tab: VisitedTab) => void;
  /** Removes tabs; returns the path to show next if the current one went (the last remaining tab, or /). */
  close: (paths: string[], current: string) => string | null;
  closeOthers: (path: string) => void;
  closeLeft: (path: string) => void;
  closeRight: (path: string) => void;
  closeAll: () => void;
  refresh: (path: string) => void;
}

export const useTabsStore = create<TabsState>()((set, get) => ({
  tabs: [],
  refreshKeys: {},
  visit: (tab) =>
    set((s) => {
      const i = s.tabs.findIndex((t) => t.path === tab.path);
      if (i === -1) {
        return { tabs: [...s.tabs, tab] };
      }
      if (s.tabs[i].fullPath === tab.fullPath) {
        return s;
      }
      const tabs = [...s.tabs];
      tabs[i] = tab;
      return { tabs };
    }),
  close: (paths, current) => {
    const tabs = get().tabs.filter((t) => !paths.includes(t.path));
    set({ tabs });
    if (!paths.includes(current)) {
      return null;
    }
    // Seed 1 §2.4: closing moves to the last remaining tab, or to / when none remain.
    return tabs.length ? tabs[tabs.length - 1].fullPath : '/';
  },
  closeOthers: (path) => set((s) => ({ tabs: s.tabs.filter((t) => t.path === path) })),
  closeLeft: (path) =>
    set((s) => {
      const i = s.tabs.findIndex((t) => t.path === path);
      return i <= 0 ? s : { tabs: s.tabs.slice(i) };
    }),
  closeRight: (path) =>
    set((s) => {
      const i = s.tabs.findIndex((t) => t.path === path);
      return i === -1 ? s : { tabs: s.tabs.slice(0, i + 1) };
    }),
  closeAll: () => set({ tabs: [] }),
  refresh: (path) => set((s) => ({ refreshKeys: { ...s.refreshKeys, [path]: (s.refreshKeys[path] ?? 0) + 1 } })),
}));
