import { auditActions } from '../../shared/audit-actions';
import { i18n } from '../app/i18n';

/** Readable audit entities and detail keys in both languages (issue 11), and the actions of shared/audit-actions; merged into the org namespace. */
const zh = {
  entities: { session: '会话', system_config: '系统配置', ingest_key: '接入密钥', company: '公司' },
  detailKeys: { ip: 'IP', loginname: '登录名', name: '名称', prefix: '前缀', expiresAt: '有效期至', issuedBy: '签发人' },
};
const en: typeof zh = {
  entities: { session: 'Session', system_config: 'System configuration', ingest_key: 'Ingest key', company: 'Company' },
  detailKeys: { ip: 'IP', loginname: 'Login name', name: 'Name', prefix: 'Prefix', expiresAt: 'Valid until', issuedBy: 'Issued by' },
};

export function registerAuditLabels(ns: string): void {
  // Existing entity labels of the namespace win (deep merge without overwrite).
  const actions = (lang: 'zh' | 'en') => Object.fromEntries(Object.entries(auditActions).map(([code, name]) => [code, name[lang]]));
  i18n.addResourceBundle('zh', ns, { audit: { ...zh, actions: actions('zh') } }, true, false);
  i18n.addResourceBundle('en', ns, { audit: { ...en, actions: actions('en') } }, true, false);
}

/** An audit detail as readable text: `key: value` pairs with translated keys; other JSON as written. */
export function readableDetail(detail: string, label: (key: string) => string): string {
  try {
    const v: unknown = JSON.parse(detail);
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return Object.entries(v as Record<string, unknown>)
        .map(([k, x]) => `${label(k)}: ${typeof x === 'object' && x !== null ? JSON.stringify(x) : String(x)}`)
        .join('; ');
    }
  } catch {
    // not JSON: shown as written
  }
  return detail;
}
