import { describe, expect, it } from 'vitest';
import { formatDate, parseTime, relativeTime, timeAgo } from '../../src/shared/time.js';

// Local-time constructors keep the tests independent of the machine's time zone.
const at = new Date(2024, 4, 6, 9, 5, 7); // Monday 2024-05-06 09:05:07
const ms = at.getTime();
const sec = Math.floor(ms / 1000);

describe('parseTime (seed 1 §9)', () => {
  it('reads 10-digit numbers and strings as seconds', () => {
    expect(parseTime(sec)?.getTime()).toBe(sec * 1000);
    expect(parseTime(String(sec))?.getTime()).toBe(sec * 1000);
    expect(parseTime(1_000_000_000)?.toISOString()).toBe('2001-09-09T01:46:40.000Z');
    expect(parseTime(9_999_999_999)?.getTime()).toBe(9_999_999_999_000);
  });

  it('reads 13-digit numbers and strings as milliseconds', () => {
    expect(parseTime(ms)?.getTime()).toBe(ms);
    expect(parseTime(String(ms))?.getTime()).toBe(ms);
  });

  it('reads other lengths as milliseconds', () => {
    expect(parseTime(999_999_999)?.getTime()).toBe(999_999_999);
    expect(parseTime(0)?.getTime()).toBe(0);
  });

  it('copies Dates', () => {
    const d = parseTime(at);
    expect(d?.getTime()).toBe(ms);
    expect(d).not.toBe(at);
  });

  it('reads ISO strings with a zone as that instant', () => {
    expect(parseTime('2024-05-06T01:05:07Z')?.getTime()).toBe(Date.UTC(2024, 4, 6, 1, 5, 7));
    expect(parseTime('2024-05-06T09:05:07.250+08:00')?.getTime()).toBe(Date.UTC(2024, 4, 6, 1, 5, 7, 250));
  });

  it('reads zone-less date and date-time strings as local time', () => {
    expect(parseTime('2024-05-06 09:05:07')?.getTime()).toBe(ms);
    expect(parseTime('2024-05-06T09:05:07')?.getTime()).toBe(ms);
    expect(parseTime('2024-05-06')?.getTime()).toBe(new Date(2024, 4, 6).getTime());
    expect(parseTime('2024-5-6 9:05')?.getTime()).toBe(new Date(2024, 4, 6, 9, 5).getTime());
  });

  it('returns null for what it cannot read', () => {
    expect(parseTime(null)).toBeNull();
    expect(parseTime(undefined)).toBeNull();
    expect(parseTime('')).toBeNull();
    expect(parseTime('not a date')).toBeNull();
    expect(parseTime('2024-02-31')).toBeNull();
    expect(parseTime(Number.NaN)).toBeNull();
    expect(parseTime(new Date(Number.NaN))).toBeNull();
  });
});

describe('formatDate', () => {
  it('defaults to YYYY-MM-DD HH:mm:ss', () => {
    expect(formatDate(at)).toBe('2024-05-06 09:05:07');
    expect(formatDate(sec)).toBe('2024-05-06 09:05:07');
  });

  it('supports short tokens and bracketed literals', () => {
    expect(formatDate(at, 'M月D日 H:m:s')).toBe('5月6日 9:5:7');
    expect(formatDate(at, '[YYYY] YYYY')).toBe('YYYY 2024');
  });

  it('names weekdays with the week starting on Monday', () => {
    const names = Array.from({ length: 7 }, (_, i) => formatDate(new Date(2024, 4, 6 + i), 'a'));
    expect(names).toEqual(['一', '二', '三', '四', '五', '六', '日']);
    expect(formatDate(at, 'YYYY-MM-DD 星期a')).toBe('2024-05-06 星期一');
  });

  it('returns an empty string for unreadable input', () => {
    expect(formatDate('nonsense')).toBe('');
    expect(formatDate(null)).toBe('');
  });
});

describe('relativeTime (seed 1 §9)', () => {
  const now = ms;
  const ago = (seconds: number) => ms - seconds * 1000;

  it('says just now under 30 s', () => {
    expect(relativeTime(now, now)).toBe('刚刚');
    expect(relativeTime(ago(29.999), now)).toBe('刚刚');
    expect(relativeTime(ago(29), now, 'en')).toBe('just now');
  });

  it('counts minutes from 30 s to under 1 h', () => {
    expect(relativeTime(ago(30), now)).toBe('1分钟前');
    expect(relativeTime(ago(30), now, 'en')).toBe('1 minute ago');
    expect(relativeTime(ago(5 * 60), now, 'en')).toBe('5 minutes ago');
    expect(relativeTime(ago(3599), now)).toBe('59分钟前');
  });

  it('counts hours from 1 h to under 1 day', () => {
    expect(relativeTime(ago(3600), now)).toBe('1小时前');
    expect(relativeTime(ago(3600), now, 'en')).toBe('1 hour ago');
    expect(relativeTime(ago(86399), now, 'en')).toBe('23 hours ago');
  });

  it('says 1 day ago from 1 day to under 2 days', () => {
    expect(relativeTime(ago(86400), now)).toBe('1天前');
    expect(relativeTime(ago(2 * 86400 - 1), now, 'en')).toBe('1 day ago');
  });

  it('shows the date from 2 days on', () => {
    const then = new Date(2024, 4, 4, 9, 5, 7);
    expect(relativeTime(then, now)).toBe('5月4日 09:05');
    expect(relativeTime(then, now, 'en')).toBe('2024-05-04 09:05');
  });

  it('accepts 10-digit seconds', () => {
    expect(relativeTime(sec - 120, now)).toBe('2分钟前');
  });

  it('shows a date for times well in the future', () => {
    expect(relativeTime(ms + 3600_000, now)).toBe('5月6日 10:05');
    expect(relativeTime(ms + 10_000, now)).toBe('刚刚');
  });
});

describe('timeAgo (seed 1 §9)', () => {
  const now = ms;
  const ago = (seconds: number) => ms - seconds * 1000;

  it('uses whole minutes below 1 h', () => {
    expect(timeAgo(ago(0), now)).toBe('0分钟前');
    expect(timeAgo(ago(59), now, 'en')).toBe('0 minutes ago');
    expect(timeAgo(ago(60), now, 'en')).toBe('1 minute ago');
    expect(timeAgo(ago(3599), now)).toBe('59分钟前');
  });

  it('uses whole hours below 1 day', () => {
    expect(timeAgo(ago(3600), now)).toBe('1小时前');
    expect(timeAgo(ago(86399), now, 'en')).toBe('23 hours ago');
  });

  it('uses whole days from 1 day on', () => {
    expect(timeAgo(ago(86400), now)).toBe('1天前');
    expect(timeAgo(ago(10 * 86400), now, 'en')).toBe('10 days ago');
  });

  it('accepts 10-digit seconds for both times', () => {
    expect(timeAgo(sec - 7200, sec)).toBe('2小时前');
  });
});
