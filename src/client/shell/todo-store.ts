import { create } from 'zustand';
import { myTodoStats } from '../../shared/org/contracts';
import { api } from '../app/api';

/** Seed 1: the to-do counter is refreshed every 60 s. */
export const TODO_REFRESH_MS = 60_000;

interface TodoState {
  count: number | null;
  refresh: () => Promise<void>;
}

export const useTodoStore = create<TodoState>()((set) => ({
  count: null,
  refresh: async () => {
    try {
      const { todoCount } = await api(myTodoStats, {}, { silent: true });
      set({ count: todoCount });
    } catch {
      // The counter keeps its last value; the next tick tries again.
    }
  },
}));
