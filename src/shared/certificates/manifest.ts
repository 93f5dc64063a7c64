import { channel, topic } from '../contracts/channel.js';
import { defineSharedModule } from '../module.js';
import { certificateExpiryItem } from './items.js';

/** The certificate register (issue 25 §4) and its expiry watch. */
export const certificatesShared = defineSharedModule({
  name: 'certificates',
  permissions: {
    'certificate:manage': { zh: '管理证书台账', en: 'Manage the certificate register', roles: ['supervisor'] },
  },
  messages: {
    'certificates.expiringTitle': { zh: '即将到期或已过期的证书', en: 'Certificates expiring or expired' },
    'certificates.daysLeft': { zh: '剩余 {days} 天', en: '{days} days left' },
    'certificates.expiredDays': { zh: '已过期 {days} 天', en: 'Expired {days} days ago' },
    'certificates.noneExpiring': { zh: '{days} 天内没有到期的证书', en: 'No certificate expires within {days} days' },
  },
  menus: [
    {
      href: '/Training/Certificate',
      name: '证书台账',
      name_en: 'Certificates',
      parent: '/No.88/SafetyProductionProcess',
      type: 2,
      eightyEightType: 4,
      icon: 'idcard',
      sort: 60,
      roles: ['admin', 'supervisor', 'operator', 'inspector'],
    },
  ],
  channels: {
    /** Certificates within the warning window, the latest per certificate; isolated by the holder's department (the topic's filter). */
    certificate: channel({ event: 'certificate.expiring', item: certificateExpiryItem, coalesce: 'latest', key: (i) => String(i.id), time: (i) => i.t, isolation: 'none' }),
  },
  topics: {
    certificatesExpiring: topic({ pattern: 'certificates.expiring', match: /^certificates\.expiring$/, channel: 'certificate', permission: 'authenticated', route: 'all' }),
  },
});
