import { z } from 'zod';
import { channel, topic } from '../contracts/channel.js';
import { defineSharedModule } from '../module.js';
import { recordChangeItem, type RecordChangeItem } from './items.js';
import { recordsMessages } from './messages.js';

const ALL_ROLES = ['admin', 'supervisor', 'operator', 'inspector', 'contractor'] as const;

/** The record engine and its low-code platform (seed 2 §2.8), and the built-in ledgers' pages. */
export const recordsShared = defineSharedModule({
  name: 'records',
  messages: recordsMessages,
  auditActions: {
    'record.create': { zh: '新增记录', en: 'Create record' },
    'record.update': { zh: '修改记录', en: 'Edit record' },
    'record.delete': { zh: '删除记录', en: 'Delete record' },
    'record.import': { zh: '导入记录', en: 'Import records' },
    'record.transition': { zh: '流程操作', en: 'Workflow step' },
    'record.receipt': { zh: '确认回执', en: 'Confirm receipt' },
    'record.flow.sign': { zh: '会签', en: 'Countersign' },
    'record.flow.sendBack': { zh: '退回上一步', en: 'Send back one step' },
    'record.flow.transfer': { zh: '转办', en: 'Transfer approval' },
    'record.flow.escalate': { zh: '审批超时升级', en: 'Escalate overdue approval' },
    'record.flow.delegate': { zh: '审批授权', en: 'Delegate approvals' },
    'record.flow.revokeDelegation': { zh: '撤销审批授权', en: 'Revoke delegation' },
    'flowLibrary.create': { zh: '新建审批流程', en: 'Create approval flow' },
    'flowLibrary.update': { zh: '修改审批流程', en: 'Edit approval flow' },
    'flowLibrary.delete': { zh: '删除审批流程', en: 'Delete approval flow' },
    'flowBinding.add': { zh: '台账关联流程', en: 'Bind flow to ledger' },
    'flowBinding.delete': { zh: '台账解除流程', en: 'Unbind flow from ledger' },
    'definition.create': { zh: '新建台账', en: 'Create ledger' },
    'definition.update': { zh: '修改台账定义', en: 'Edit ledger definition' },
    'definition.delete': { zh: '删除台账', en: 'Delete ledger' },
    'dictionary.create': { zh: '新增字典条目', en: 'Create dictionary entry' },
    'dictionary.update': { zh: '修改字典条目', en: 'Edit dictionary entry' },
    'dictionary.delete': { zh: '删除字典条目', en: 'Delete dictionary entry' },
  },
  pages: [
    { href: '/low-code-platform/list-view-record', name: '记录详情', name_en: 'Record detail', permittedBy: '/low-code-platform' },
    { href: '/low-code-platform/form-detail', name: '记录表单', name_en: 'Record form', permittedBy: '/low-code-platform' },
    // A ledger defined at run time: its own menu entry (/low-code-platform/ledger/<Entity>) permits it and names its tab.
    { href: '/low-code-platform/ledger/:entity', name: '台账', name_en: 'Ledger' },
    {
      href: '/system/addAnnouncement',
      name: '新增公告',
      name_en: 'Add announcement',
      permittedBy: '/system/announcement',
      editName: { zh: '编辑公告', en: 'Edit announcement' },
    },
    { href: '/system/announcementDetail', name: '公告详情', name_en: 'Announcement', permittedBy: '/system/announcement' },
  ],
  // Detail and form pages (record detail, record form, add/edit and detail of an announcement) have no
  // menu entry: they are opened from their list and permitted with it.
  menus: [
    {
      href: '/low-code-platform',
      name: '低代码平台',
      name_en: 'Low-code platform',
      parent: '/No.88/SystemManagement',
      type: 1,
      eightyEightType: 0,
      icon: 'appstore',
      sort: 20,
      roles: ALL_ROLES,
    },
    {
      href: '/low-code-platform/list-view',
      name: '台账定义',
      name_en: 'Ledger definitions',
      parent: '/low-code-platform',
      type: 2,
      eightyEightType: 0,
      icon: 'table',
      sort: 1,
      roles: ['admin'],
    },
    {
      href: '/low-code-platform/flow-library',
      name: '流程库',
      name_en: 'Flow library',
      parent: '/low-code-platform',
      type: 2,
      eightyEightType: 0,
      icon: 'audit',
      sort: 2,
      roles: ['admin'],
    },
    {
      href: '/low-code-platform/data-dictionary',
      name: '数据字典',
      name_en: 'Data dictionary',
      parent: '/low-code-platform',
      type: 2,
      eightyEightType: 0,
      icon: 'book',
      sort: 4,
      roles: ['admin'],
    },
    {
      href: '/systemConfig/WorkTypeConfig',
      name: '工种配置',
      name_en: 'Work types',
      parent: '/No.88/SystemManagement',
      type: 2,
      eightyEightType: 0,
      icon: 'tool',
      sort: 21,
      roles: ['admin', 'supervisor'],
    },
    {
      href: '/system/announcement',
      name: '系统公告',
      name_en: 'Announcements',
      parent: '/No.88/SystemManagement',
      type: 2,
      eightyEightType: 0,
      icon: 'notification',
      sort: 22,
      roles: ALL_ROLES,
    },
    {
      href: '/Notice/NoticeList',
      name: '通知公告',
      name_en: 'Notices',
      parent: '/No.88/SystemManagement',
      type: 2,
      eightyEightType: 0,
      icon: 'sound',
      sort: 25,
      roles: ALL_ROLES,
    },
    {
      href: '/SafeSign/SafeSignList',
      name: '安全标志',
      name_en: 'Safety signs',
      parent: '/No.88/SystemManagement',
      type: 2,
      eightyEightType: 0,
      icon: 'warning',
      sort: 26,
      roles: ALL_ROLES,
    },
    {
      href: '/SafeSign/SafeSignTypeList',
      name: '安全标志类型',
      name_en: 'Safety sign types',
      parent: '/No.88/SystemManagement',
      type: 2,
      eightyEightType: 0,
      icon: 'tags',
      sort: 27,
      roles: ['admin', 'supervisor'],
    },
    {
      href: '/low-code-platform/processLogs',
      name: '定义变更记录',
      name_en: 'Definition history',
      parent: '/low-code-platform',
      type: 2,
      eightyEightType: 0,
      icon: 'history',
      sort: 5,
      roles: ['admin'],
    },
    // Approvals and delegations (issue 18): every signed-in user may have approvals waiting or delegate them, as the calls allow.
    {
      href: '/flowReview',
      name: '流程审批',
      name_en: 'Approvals',
      parent: '/No.88/SystemManagement',
      type: 1,
      eightyEightType: 0,
      icon: 'audit',
      sort: 18,
      roles: ALL_ROLES,
    },
    {
      href: '/flowReview/approval',
      name: '我的审批',
      name_en: 'My approvals',
      parent: '/flowReview',
      type: 2,
      eightyEightType: 0,
      icon: 'audit',
      sort: 1,
      roles: ALL_ROLES,
    },
    {
      href: '/FlowAuthorization',
      name: '授权流程',
      name_en: 'Authorization flow',
      parent: '/No.88/SystemManagement',
      type: 1,
      eightyEightType: 0,
      icon: 'key',
      sort: 19,
      roles: ALL_ROLES,
    },
    {
      href: '/FlowAuthorization/FlowAuthorizationSearch',
      name: '授权管理',
      name_en: 'Delegations',
      parent: '/FlowAuthorization',
      type: 2,
      eightyEightType: 0,
      icon: 'key',
      sort: 1,
      roles: ALL_ROLES,
    },
  ],
  channels: {
    /** Record changes of ledgers, in order; isolated by the record's region, and by its department through the topic's filter. */
    record: channel({
      event: 'record.changed',
      item: recordChangeItem,
      coalesce: 'ordered',
      key: (i) => String(i.id),
      isolation: 'namedRegion',
    }),
  },
  topics: {
    /** Changes of one ledger's records the subscriber may see (the ledger's own view grant and isolation, checked by its resolver). */
    records: topic({
      pattern: 'records/<Entity>',
      match: /^records\/([A-Z][A-Za-z0-9]{0,39})$/,
      channel: 'record',
      permission: 'authenticated',
      route: (entity, item) => (item as RecordChangeItem).entity === entity,
    }),
  },
  events: {
    /**
     * Records of a ledger (record engine) were created, edited, moved through
     * their workflow or deleted; `entity` names the ledger, so one declaration
     * serves every ledger, including those defined at run time.
     */
    'record.changed': z.object({
      entity: z.string(),
      ids: z.array(z.number().int()),
      action: z.enum(['create', 'update', 'delete', 'transition', 'import']),
      /** Where each record is, for isolation of the live topic; a record moved to another department or region is listed at both places. */
      places: z.array(z.object({ id: z.number().int(), deptid: z.number().int().nullable(), regionid: z.number().int().nullable() })),
    }),
    /** A ledger definition was created, changed or deleted (low-code platform): open pages reload it. */
    'recordDefinition.changed': z.object({ entity: z.string() }),
    /** A data-dictionary entry was created, changed or deleted: forms and lists reload their choices. */
    'recordDictionary.changed': z.object({ code: z.string() }),
  },
});
