import { defineRecord } from '../definition.js';

/** System announcements (seed 2 §2.7: /system/announcement, addAnnouncement, announcementDetail). */
export const announcementLedger = defineRecord({
  area: 'System',
  entity: 'Announcement',
  name: { zh: '系统公告', en: 'Announcements' },
  fields: [
    { key: 'title', type: 4, label: { zh: '标题', en: 'Title' }, required: true, max: 100 },
    { key: 'level', type: 7, label: { zh: '级别', en: 'Level' }, required: true, options: [{ value: 'normal', label: { zh: '普通', en: 'Normal' } }, { value: 'important', label: { zh: '重要', en: 'Important' } }] },
    { key: 'publishAt', type: 5, label: { zh: '发布时间', en: 'Published' }, required: true },
    { key: 'expireAt', type: 5, label: { zh: '截止时间', en: 'Until' }, notBefore: 'publishAt' },
    { key: 'content', type: 45, label: { zh: '内容', en: 'Content' }, required: true },
    { key: 'files', type: 6, label: { zh: '附件', en: 'Attachments' } },
  ],
  list: { columns: ['title', 'level', 'publishAt'], filters: ['title', 'level'], sort: { field: 'publishAt', order: 'desc' } },
  permissions: { view: [], edit: ['system:config'], delete: ['system:config'] },
});
