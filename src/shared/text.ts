/**
 * Seed 1 §5: a value counts as empty if it is undefined, an empty or
 * whitespace-only string, false, 0, NaN, null, an empty array or an object
 * with no own keys. Dates, maps and other class instances are never empty.
 */
export function isEmpty(v: unknown): boolean {
  if (v === undefined || v === null || v === false || v === 0) {
    return true;
  }
  if (typeof v === 'number') {
    return Number.isNaN(v);
  }
  if (typeof v === 'string') {
    return v.trim() === '';
  }
  if (Array.isArray(v)) {
    return v.length === 0;
  }
  if (typeof v === 'object') {
    const proto: unknown = Object.getPrototypeOf(v);
    return (proto === Object.prototype || proto === null) && Object.keys(v).length === 0;
  }
  return false;
}

/** Seed 1 §5: links starting with http:, https:, mailto: or tel: leave the portal. */
export function isExternal(link: string): boolean {
  return /^(https?:|mailto:|tel:)/i.test(link.trim());
}

/** Seed 1 §5: true when `str` parses as JSON to a non-null object (arrays count, as in the seed). */
export function isJsonObject(str: string): boolean {
  try {
    const parsed: unknown = JSON.parse(str);
    return typeof parsed === 'object' && parsed !== null;
  } catch {
    return false;
  }
}

/** Sidebar limits (seed 1 §2.3): company name cut at 9 characters, menu titles at 10. */
export const COMPANY_NAME_MAX = 9;
export const MENU_TITLE_MAX = 10;

/**
 * Cuts `text` to `max` characters (code points, so an emoji or a rare CJK
 * character is never split) and appends an ellipsis. `truncated` tells the
 * caller to show the full text in a tooltip.
 */
export function truncate(text: string, max: number): { text: string; truncated: boolean } {
  const chars = Array.from(text);
  if (max < 0 || chars.length <= max) {
    return { text, truncated: false };
  }
  return { text: `${chars.slice(0, max).join('')}…`, truncated: true };
}
