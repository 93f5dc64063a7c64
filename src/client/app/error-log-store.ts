import { create } from 'zustand';

export interface ErrorLogEntry {
  id: number;
  kind: 'error' | 'warning';
  message: string;
  stack: string;
  /** The page the user was on. */
  url: string;
  time: number;
  read: boolean;
}

interface ErrorLogState {
  logs: ErrorLogEntry[];
  add: (entry: { kind?: ErrorLogEntry['kind']; message: string; stack?: string }) => void;
  markAllRead: () => void;
  clear: () => void;
}

/** Enough to see what went wrong in a session without growing without bound. */
const MAX_LOGS = 200;
let nextId = 1;

/** Uncaught UI errors and warnings of this session (seed 1 §3.1, §8). */
export const useErrorLogStore = create<ErrorLogState>()((set) => ({
  logs: [],
  add: ({ kind = 'error', message, stack = '' }) =>
    set((s) => {
      const entry: ErrorLogEntry = { id: nextId++, kind, message, stack, url: window.location.href, time: Date.now(), read: false };
      return { logs: [entry, ...s.logs].slice(0, MAX_LOGS) };
    }),
  markAllRead: () => set((s) => ({ logs: s.logs.map((l) => (l.read ? l : { ...l, read: true })) })),
  clear: () => set({ logs: [] }),
}));

function describe(reason: unknown): { message: string; stack: string } {
  if (reason instanceof Error) {
    return { message: reason.message || reason.name, stack: reason.stack ?? '' };
  }
  if (typeof reason === 'string') {
    return { message: reason, stack: '' };
  }
  try {
    return { message: JSON.stringify(reason), stack: '' };
  } catch {
    return { message: String(reason), stack: '' };
  }
}

/** Records an error from anywhere (error boundaries, React root callbacks, caught failures). */
export function logError(reason: unknown, kind: ErrorLogEntry['kind'] = 'error'): void {
  useErrorLogStore.getState().add({ kind, ...describe(reason) });
}

/** Listens to window error and unhandledrejection; call once at start. */
export function installErrorCapture(): void {
  window.addEventListener('error', (e) => {
    // Resource load failures (img, script) carry no error object and are not UI errors.
    if (e.error === undefined && !e.message) {
      return;
    }
    const { message, stack } = describe(e.error ?? e.message);
    useErrorLogStore.getState().add({ message: message || e.message, stack });
  });
  window.addEventListener('unhandledrejection', (e) => {
    logError(e.reason);
  });
}
