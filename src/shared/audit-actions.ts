import { auditActions as registered, type AuditAction } from './modules.js';
import type { Lang } from './time.js';

/**
 * Every action the audit log records, with its name in both languages: each
 * area's `auditActions` in its manifest, merged in `modules.ts`. The server
 * writes only these codes (`audit()` takes an AuditAction), and the audit log
 * page and record histories show the name in the reader's language.
 */
export const auditActions: Readonly<Record<AuditAction, { zh: string; en: string }>> = registered;

export type { AuditAction };

/** The name of an action code in `lang`; a code this build does not know (written by a newer server) as itself. */
export function auditActionName(action: string, lang: Lang): string {
  const a = (auditActions as Record<string, { zh: string; en: string } | undefined>)[action];
  return a ? a[lang] : action;
}
