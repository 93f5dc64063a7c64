/**
 * Navigation for code outside React (the API client, session handling). The
 * router registers itself at start; before that a full page load is used.
 */
type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let navigateImpl: Navigate = (to, opts) => {
  if (opts?.replace) {
    window.location.replace(to);
  } else {
    window.location.assign(to);
  }
};

export function setNavigator(fn: Navigate): void {
  navigateImpl = fn;
}

export function navigateTo(to: string, opts?: { replace?: boolean }): void {
  navigateImpl(to, opts);
}

/** Only same-origin paths are accepted as a redirect target, so ?redirect= cannot send the user elsewhere. */
export function safeRedirect(target: string | null | undefined, fallback = '/Gateway/home'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return fallback;
  }
  if (target.startsWith('/login') || target.startsWith('/changePassword')) {
    return fallback;
  }
  return target;
}

/** /login?redirect=<current path> for the current location. */
export function loginUrlForCurrent(): string {
  const here = `${window.location.pathname}${window.location.search}`;
  const target = safeRedirect(here, '');
  return target ? `/login?redirect=${encodeURIComponent(target)}` : '/login';
}
