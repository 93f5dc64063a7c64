import { defineSharedModule } from '../module.js';

/** Ingest keys: devices' credentials for HTTP ingest (and for scraping /metrics). */
export const ingestShared = defineSharedModule({
  name: 'ingest',
  auditActions: {
    'ingest_key.create': { zh: '新建接入密钥', en: 'Create ingest key' },
    'ingest_key.revoke': { zh: '吊销接入密钥', en: 'Revoke ingest key' },
  },
  menus: [
    {
      href: '/system/ingestKeys',
      name: '数据接入密钥',
      name_en: 'Ingest keys',
      parent: '/No.88/SystemManagement',
      type: 2,
      eightyEightType: 0,
      icon: 'key',
      sort: 7,
      roles: ['admin'],
    },
  ],
});
