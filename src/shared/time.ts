/** What the time helpers accept: a Date, epoch seconds (10 digits) or milliseconds, numeric strings, or ISO-like strings. */
export type TimeInput = Date | number | string;

export type Lang = 'zh' | 'en';

const LOCAL_DATE_TIME = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;

/**
 * Seed 1 §9: a 10-digit timestamp is in seconds, anything else numeric is in
 * milliseconds. 'YYYY-MM-DD' and 'YYYY-MM-DD HH:mm[:ss]' without a zone are
 * read as local time (the built-in parser would read a bare date as UTC);
 * other strings go to the built-in ISO parser. Returns null for null, empty or
 * unparseable input.
 */
export function parseTime(t: TimeInput | null | undefined): Date | null {
  if (t === null || t === undefined) {
    return null;
  }
  if (t instanceof Date) {
    return Number.isNaN(t.getTime()) ? null : new Date(t.getTime());
  }
  if (typeof t === 'number') {
    return fromEpoch(t);
  }
  const s = t.trim();
  if (s === '') {
    return null;
  }
  if (/^-?\d+(\.\d+)?$/.test(s)) {
    return fromEpoch(Number(s));
  }
  const m = LOCAL_DATE_TIME.exec(s);
  if (m) {
    const [, y, mo, d, h = '0', mi = '0', sec = '0', ms = '0'] = m;
    const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec), Number(ms.padEnd(3, '0')));
    // Reject 2024-02-31 and the like instead of rolling over.
    return date.getMonth() === Number(mo) - 1 && date.getDate() === Number(d) ? date : null;
  }
  const date = new Date(s);
  return Number.isNaN(date.getTime()) ? null : date;
}

function fromEpoch(n: number): Date | null {
  if (!Number.isFinite(n)) {
    return null;
  }
  const digits = String(Math.trunc(Math.abs(n))).length;
  const date = new Date(digits === 10 ? n * 1000 : n);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Weekday names with the week starting on Monday (seed 1 §9). */
const WEEKDAYS_FROM_MONDAY = ['一', '二', '三', '四', '五', '六', '日'] as const;

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * Formats a time in local time. Tokens: YYYY, MM/M, DD/D, HH/H, mm/m, ss/s and
 * `a` (weekday 一…日); text in [brackets] is copied as is. Returns '' for input
 * parseTime refuses.
 */
export function formatDate(t: TimeInput | null | undefined, pattern = 'YYYY-MM-DD HH:mm:ss'): string {
  const d = parseTime(t);
  if (!d) {
    return '';
  }
  return pattern.replace(/\[([^\]]*)]|YYYY|MM|M|DD|D|HH|H|mm|m|ss|s|a/g, (token, literal: string | undefined) => {
    if (literal !== undefined) {
      return literal;
    }
    switch (token) {
      case 'YYYY':
        return String(d.getFullYear());
      case 'MM':
        return pad2(d.getMonth() + 1);
      case 'M':
        return String(d.getMonth() + 1);
      case 'DD':
        return pad2(d.getDate());
      case 'D':
        return String(d.getDate());
      case 'HH':
        return pad2(d.getHours());
      case 'H':
        return String(d.getHours());
      case 'mm':
        return pad2(d.getMinutes());
      case 'm':
        return String(d.getMinutes());
      case 'ss':
        return pad2(d.getSeconds());
      case 's':
        return String(d.getSeconds());
      default:
        // 'a': getDay() counts from Sunday; shift so Monday is index 0.
        return WEEKDAYS_FROM_MONDAY[(d.getDay() + 6) % 7];
    }
  });
}

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86400;

function unit(n: number, zh: string, en: string, lang: Lang): string {
  return lang === 'zh' ? `${n}${zh}前` : `${n} ${en}${n === 1 ? '' : 's'} ago`;
}

/**
 * Seed 1 §9 relative time: under 30 s 刚刚; under 1 h minutes; under 1 day
 * hours; under 2 days 1天前; otherwise the date. Counts are rounded down (with
 * at least 1 minute), so 59 min 59 s is "59分钟前", never "60分钟前". A time more
 * than 30 s in the future (clock skew aside) is shown as a date.
 */
export function relativeTime(t: TimeInput, now: TimeInput = Date.now(), lang: Lang = 'zh'): string {
  const d = parseTime(t);
  const n = parseTime(now);
  if (!d || !n) {
    return '';
  }
  const diff = (n.getTime() - d.getTime()) / 1000;
  if (diff < 30 && diff > -30) {
    return lang === 'zh' ? '刚刚' : 'just now';
  }
  if (diff > 0 && diff < HOUR) {
    return unit(Math.max(1, Math.floor(diff / MINUTE)), '分钟', 'minute', lang);
  }
  if (diff > 0 && diff < DAY) {
    return unit(Math.floor(diff / HOUR), '小时', 'hour', lang);
  }
  if (diff > 0 && diff < 2 * DAY) {
    return unit(1, '天', 'day', lang);
  }
  return formatDate(d, lang === 'zh' ? 'M月D日 HH:mm' : 'YYYY-MM-DD HH:mm');
}

/** Seed 1 §9 "time ago": whole minutes below 1 h, whole hours below 1 day, else whole days. */
export function timeAgo(t: TimeInput, now: TimeInput = Date.now(), lang: Lang = 'zh'): string {
  const d = parseTime(t);
  const n = parseTime(now);
  if (!d || !n) {
    return '';
  }
  const diff = Math.max(0, (n.getTime() - d.getTime()) / 1000);
  if (diff < HOUR) {
    return unit(Math.floor(diff / MINUTE), '分钟', 'minute', lang);
  }
  if (diff < DAY) {
    return unit(Math.floor(diff / HOUR), '小时', 'hour', lang);
  }
  return unit(Math.floor(diff / DAY), '天', 'day', lang);
}

/** A span as hours and minutes (seconds below a minute): 1小时5分 / 1 h 5 min, for dwell and stop times. */
export function formatDuration(ms: number, lang: Lang = 'zh'): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < MINUTE) {
    return lang === 'zh' ? `${s}秒` : `${s} s`;
  }
  const h = Math.floor(s / HOUR);
  const m = Math.floor((s % HOUR) / MINUTE);
  if (h === 0) {
    return lang === 'zh' ? `${m}分钟` : `${m} min`;
  }
  return lang === 'zh' ? `${h}小时${m}分` : `${h} h ${m} min`;
}
