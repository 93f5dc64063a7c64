import { defineRecord, SIGNED_IN } from '../definition.js';

/** Department notices (seed 2 §2.7: /Notice/NoticeList), seen within the department's data scope. */
export const noticeLedger = defineRecord({
  area: 'Notice',
  entity: 'Notice',
  name: { zh: '通知公告', en: 'Notices' },
  fields: [
    { key: 'title', type: 4, label: { zh: '标题', en: 'Title' }, required: true, max: 100 },
    { key: 'dept', type: 1, label: { zh: '发布部门', en: 'Department' }, required: true },
    { key: 'readers', type: 43, label: { zh: '接收部门', en: 'For departments' } },
    { key: 'content', type: 45, label: { zh: '内容', en: 'Content' }, required: true },
    { key: 'files', type: 6, label: { zh: '附件', en: 'Attachments' } },
  ],
  list: { columns: ['title', 'dept'], filters: ['title'] },
  isolation: { dept: 'dept' },
  // A department's people post and withdraw its notices; the isolation keeps each to their own departments.
  permissions: { view: [], edit: [SIGNED_IN], delete: [SIGNED_IN] },
});
