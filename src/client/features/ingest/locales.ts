import { addTranslations } from '../../app/i18n';

/** i18n namespace of the ingest pages. */
export const ingestNs = 'ingest';

const zh = {
  title: '数据接入密钥',
  intro: '网关与设备用接入密钥调用 POST /ingest/v1/samples 和 /ingest/v1/positions（请求头 Authorization: Bearer <密钥>）。',
  add: '新建密钥',
  refresh: '刷新',
  name: '名称',
  namePlaceholder: '例如：罐区 DCS 网关',
  prefix: '密钥前缀',
  createdAt: '创建时间',
  createdBy: '创建人',
  status: '状态',
  active: '有效',
  revoked: '已吊销（{{at}}）',
  actions: '操作',
  revoke: '吊销',
  confirmRevoke: '吊销“{{name}}”后，使用该密钥的网关将无法再接入数据。确定吊销吗？',
  revokedOk: '已吊销',
  created: '密钥已创建',
  secretOnce: '请立即复制并妥善保存：密钥只显示这一次，服务器只保存其摘要。',
  copy: '复制',
  copied: '已复制',
  close: '我已保存',
  required: '请输入名称',
  empty: '还没有接入密钥',
};

const en: typeof zh = {
  title: 'Ingest keys',
  intro: 'Gateways and devices call POST /ingest/v1/samples and /ingest/v1/positions with an ingest key (header Authorization: Bearer <key>).',
  add: 'New key',
  refresh: 'Refresh',
  name: 'Name',
  namePlaceholder: 'e.g. tank-farm DCS gateway',
  prefix: 'Key prefix',
  createdAt: 'Created',
  createdBy: 'Created by',
  status: 'Status',
  active: 'Active',
  revoked: 'Revoked ({{at}})',
  actions: 'Actions',
  revoke: 'Revoke',
  confirmRevoke: 'After revoking “{{name}}”, gateways using this key can no longer send data. Revoke it?',
  revokedOk: 'Revoked',
  created: 'Key created',
  secretOnce: 'Copy it now and keep it safe: the key is shown only this once; the server keeps only its hash.',
  copy: 'Copy',
  copied: 'Copied',
  close: 'I have saved it',
  required: 'Enter a name',
  empty: 'No ingest keys yet',
};

addTranslations(ingestNs, zh, en);
