import type { PermitItem } from '../../../shared/permits/items';
import { renderMessage } from '../../../shared/messages/catalog';
import type { Lang } from '../../app/i18n';

export const statusColor: Record<PermitItem['status'], string> = {
  draft: 'default',
  signing: 'processing',
  rejected: 'magenta',
  approved: 'cyan',
  active: 'green',
  suspended: 'red',
  completed: 'gold',
  closed: 'default',
  cancelled: 'default',
  voided: 'default',
};

/** 动火作业 · 一级 (raised: 特级). */
export function typeLabel(lang: Lang, p: Pick<PermitItem, 'type' | 'grade' | 'effectiveGrade'>): string {
  const type = renderMessage(lang, `permits.type.${p.type}`);
  if (!p.grade) {
    return type;
  }
  const grade = renderMessage(lang, `permits.grade.${p.grade}`);
  const raised = p.effectiveGrade && p.effectiveGrade !== p.grade ? ` → ${renderMessage(lang, `permits.grade.${p.effectiveGrade}`)}` : '';
  return `${type} · ${grade}${raised}`;
}

export const m = (lang: Lang, code: string, params?: Record<string, string | number>) => renderMessage(lang, code, params);

/** A suspension reason: a code (`guardianLeft`), a code with its subject (`gasAlarm|GD-101 可燃气体`), or a person's own words. */
export function reasonText(lang: Lang, reason: string): string {
  const [code, subject] = reason.split('|', 2);
  const key = `permits.reason.${code}`;
  const text = renderMessage(lang, key, { source: subject ?? '' });
  return text === key ? reason : text;
}
