import { defineSharedModule } from '../module.js';
import { commitmentMessages } from './messages.js';

const SYSTEM = '/No.88/SecurityRiskPartition';
const EVERYONE = ['admin', 'supervisor', 'operator', 'inspector'] as const;
const MANAGE = '/RiskResearch88/CommitmentNoticeManage';
const CONFIG = '/RiskResearch88/CommitmentNoticeConfig';

/** The daily safety commitment notice (issue 21 §7): drafted each morning from live data, signed by the responsible person, published. */
export const commitmentsShared = defineSharedModule({
  name: 'commitments',
  permissions: {
    'commitment:view': { zh: '查看安全承诺公告', en: 'View safety commitment notices', roles: ['supervisor', 'operator', 'inspector'] },
    'commitment:manage': { zh: '起草与配置安全承诺公告', en: 'Draft and configure safety commitment notices', roles: ['supervisor'] },
  },
  messages: commitmentMessages,
  auditActions: {
    'commitment.draft': { zh: '起草安全承诺公告', en: 'Safety commitment drafted' },
    'commitment.save': { zh: '修改安全承诺公告', en: 'Safety commitment edited' },
    'commitment.sign': { zh: '签署安全承诺公告', en: 'Safety commitment signed' },
    'commitment.config': { zh: '修改安全承诺公告配置', en: 'Safety commitment settings changed' },
  },
  figures: {
    'commitment.signedToday': { label: { zh: '今日安全承诺已签署', en: "Today's safety commitment signed" }, permission: 'commitment:view', refreshSeconds: 60 },
    'commitment.unitsOperating': { label: { zh: '运行装置', en: 'Units in operation' }, permission: 'commitment:view', refreshSeconds: 300 },
    'commitment.specialWork': { label: { zh: '今日特殊作业', en: 'Special work today' }, permission: 'commitment:view', refreshSeconds: 300 },
  },
  menus: [
    { href: MANAGE, name: '安全承诺公告', name_en: 'Safety commitment notices', parent: SYSTEM, type: 2, eightyEightType: 2, icon: 'audit', sort: 70, roles: EVERYONE },
    { href: CONFIG, name: '安全承诺公告配置', name_en: 'Safety commitment settings', parent: SYSTEM, type: 2, eightyEightType: 2, icon: 'setting', sort: 71, roles: ['admin', 'supervisor'] },
  ],
  pages: [
    { href: '/riskResearch/CommitmentNoticeManage', name: '安全承诺公告', name_en: 'Safety commitment notices', permittedBy: MANAGE },
    { href: '/riskResearch/CommitmentNoticeAdd', name: '起草安全承诺公告', name_en: 'Draft the safety commitment', permittedBy: MANAGE },
    { href: '/riskResearch/commitmentNoticeConfig', name: '安全承诺公告配置', name_en: 'Safety commitment settings', permittedBy: CONFIG },
  ],
});
