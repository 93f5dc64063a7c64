import { z } from 'zod';
import { defineSharedModule } from '../module.js';
import { orgMessages } from './messages.js';

/** Departments, regions, posts, users, roles, menus, data isolation, to-dos and the audit log. */
export const orgShared = defineSharedModule({
  name: 'org',
  permissions: {
    'org:read': { zh: '查看组织架构、人员与角色', en: 'View organisation, people and roles', roles: ['supervisor'] },
    'org:manage': { zh: '管理组织架构、人员与角色', en: 'Manage organisation, people and roles', roles: [] },
    'audit:read': { zh: '查看审计日志', en: 'View the audit log', roles: ['supervisor'] },
  },
  messages: orgMessages,
  auditActions: {
    geometry: { zh: '绘制区域', en: 'Draw region' },
    'scope.save': { zh: '保存数据范围', en: 'Save data scope' },
  },
  menus: [
    {
      href: '/orgnization/home',
      name: '组织架构',
      name_en: 'Organisation',
      parent: '/No.88/SystemManagement',
      type: 2,
      eightyEightType: 0,
      icon: 'apartment',
      sort: 1,
      roles: ['admin', 'supervisor'],
    },
    {
      href: '/orgnization/personnel-setting',
      name: '人员设置',
      name_en: 'Personnel',
      parent: '/No.88/SystemManagement',
      type: 2,
      eightyEightType: 0,
      icon: 'team',
      sort: 2,
      roles: ['admin', 'supervisor'],
    },
    {
      href: '/orgnization/role-management',
      name: '角色管理',
      name_en: 'Roles',
      parent: '/No.88/SystemManagement',
      type: 2,
      eightyEightType: 0,
      icon: 'safety',
      sort: 3,
      roles: ['admin', 'supervisor'],
    },
    {
      href: '/orgnization/data-isolation',
      name: '数据隔离',
      name_en: 'Data isolation',
      parent: '/No.88/SystemManagement',
      type: 2,
      eightyEightType: 0,
      icon: 'lock',
      sort: 4,
      roles: ['admin', 'supervisor'],
    },
    {
      href: '/orgnization/ToDoCenter',
      name: '待办中心',
      name_en: 'To-do centre',
      parent: '/No.88/SystemManagement',
      type: 2,
      eightyEightType: 0,
      icon: 'schedule',
      sort: 5,
      roles: ['admin', 'supervisor', 'operator', 'inspector', 'contractor'],
    },
    {
      href: '/system/auditLog',
      name: '审计日志',
      name_en: 'Audit log',
      parent: '/No.88/SystemManagement',
      type: 2,
      eightyEightType: 0,
      icon: 'audit',
      sort: 6,
      roles: ['admin', 'supervisor'],
    },
  ],
  events: {
    /** Departments were created, moved or deleted: data-isolation scopes (departments with their descendants) are re-read. */
    'dept.changed': z.object({ deptids: z.array(z.number().int()) }),
    /**
     * Sessions ended: one (`sessionId`, a refresh-token family) or every
     * session of the user except `keep` (password change, disable, reset).
     * Open sockets of those sessions are closed.
     */
    'session.revoked': z.object({
      userid: z.number().int(),
      sessionId: z.string().optional(),
      keep: z.string().optional(),
    }),
    /** What these users may do or see changed (roles, permissions, data-isolation scope, enabled): open sockets are re-scoped. */
    'user.changed': z.object({ userids: z.array(z.number().int()) }),
  },
});
