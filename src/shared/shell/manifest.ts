import { defineSharedModule } from '../module.js';
import { commonMessages } from '../messages/common.js';
import { shellMessages } from './messages.js';

const ALL = ['admin', 'supervisor', 'operator', 'inspector', 'contractor'] as const;
const WATCHERS = ['admin', 'supervisor', 'operator', 'inspector'] as const;

/**
 * The portal's frame: the four systems and system management as sidebar
 * directories (seed 1 §1, menu types 1–4 and 0), system configuration, the
 * messages every area uses, and the audit actions shared by all ledgers.
 */
export const shellShared = defineSharedModule({
  name: 'shell',
  permissions: {
    'system:config': { zh: '系统配置', en: 'System configuration', roles: [] },
  },
  messages: { ...commonMessages, ...shellMessages },
  auditActions: {
    create: { zh: '新增', en: 'Create' },
    update: { zh: '修改', en: 'Update' },
    delete: { zh: '删除', en: 'Delete' },
    enable: { zh: '启用', en: 'Enable' },
    disable: { zh: '停用', en: 'Disable' },
    import: { zh: '导入', en: 'Import' },
    upload: { zh: '上传', en: 'Upload' },
    'config.save': { zh: '保存系统配置', en: 'Save system configuration' },
  },
  pages: [{ href: '/Gateway/home', name: '首页', name_en: 'Home' }],
  menus: [
    {
      href: '/No.88/MajorHazard',
      name: '重大危险源监测预警',
      name_en: 'Major hazard monitoring',
      type: 1,
      eightyEightType: 1,
      icon: 'dashboard',
      sort: 100,
      roles: WATCHERS,
    },
    {
      href: '/No.88/SecurityRiskPartition',
      name: '安全风险分区',
      name_en: 'Safety risk zoning',
      type: 1,
      eightyEightType: 2,
      icon: 'radar-chart',
      sort: 200,
      roles: ALL,
    },
    {
      href: '/No.88/PersonnelManagementSystem',
      name: '在岗人员管理',
      name_en: 'On-duty personnel',
      type: 1,
      eightyEightType: 3,
      icon: 'team',
      sort: 300,
      roles: WATCHERS,
    },
    {
      href: '/No.88/SafetyProductionProcess',
      name: '安全生产全流程管理',
      name_en: 'Safety production process',
      type: 1,
      eightyEightType: 4,
      icon: 'safety',
      sort: 400,
      roles: ALL,
    },
    {
      href: '/No.88/SystemManagement',
      name: '系统管理',
      name_en: 'System management',
      type: 1,
      eightyEightType: 0,
      icon: 'setting',
      sort: 900,
      roles: ALL,
    },

    {
      href: '/system/config',
      name: '系统配置',
      name_en: 'System configuration',
      parent: '/No.88/SystemManagement',
      type: 2,
      eightyEightType: 0,
      icon: 'setting',
      sort: 8,
      roles: ['admin'],
    },
  ],
});
