import { i18n } from '../app/i18n';

/** Readable audit actions and entities in both languages (issue 11); merged into the org namespace. */
const zh = {
  actions: {
    login: '登录',
    'login.failed': '登录失败',
    logout: '退出',
    'token.reuse': '令牌重用',
    create: '新增',
    update: '修改',
    delete: '删除',
    enable: '启用',
    disable: '停用',
    import: '导入',
    geometry: '绘制区域',
    set_tags: '设置数据项',
    'scope.save': '保存数据范围',
    'password.change': '修改密码',
    'password.reset': '重置密码',
    'password.resetLink': '生成重置链接',
    'password.resetByLink': '通过链接重置密码',
    'config.save': '保存系统配置',
    'ingest_key.create': '新建接入密钥',
    'ingest_key.revoke': '吊销接入密钥',
  },
  entities: { session: '会话', system_config: '系统配置', ingest_key: '接入密钥', company: '公司' },
  detailKeys: { ip: 'IP', loginname: '登录名', name: '名称', prefix: '前缀', expiresAt: '有效期至', issuedBy: '签发人' },
};
const en: typeof zh = {
  actions: {
    login: 'Sign-in',
    'login.failed': 'Failed sign-in',
    logout: 'Sign-out',
    'token.reuse': 'Token reuse',
    create: 'Create',
    update: 'Update',
    delete: 'Delete',
    enable: 'Enable',
    disable: 'Disable',
    import: 'Import',
    geometry: 'Draw region',
    set_tags: 'Set data items',
    'scope.save': 'Save data scope',
    'password.change': 'Change password',
    'password.reset': 'Reset password',
    'password.resetLink': 'Issue reset link',
    'password.resetByLink': 'Password reset by link',
    'config.save': 'Save system configuration',
    'ingest_key.create': 'Create ingest key',
    'ingest_key.revoke': 'Revoke ingest key',
  },
  entities: { session: 'Session', system_config: 'System configuration', ingest_key: 'Ingest key', company: 'Company' },
  detailKeys: { ip: 'IP', loginname: 'Login name', name: 'Name', prefix: 'Prefix', expiresAt: 'Valid until', issuedBy: 'Issued by' },
};

export function registerAuditLabels(ns: string): void {
  // Existing entity labels of the namespace win (deep merge without overwrite).
  i18n.addResourceBundle('zh', ns, { audit: zh }, true, false);
  i18n.addResourceBundle('en', ns, { audit: en }, true, false);
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
