import { defineSharedModule } from '../module.js';
import { documentsMessages } from './messages.js';

/** One A4 PDF renderer and one kind of public read-only link, for every module (ARCHITECTURE.md §9). */
export const documentsShared = defineSharedModule({
  name: 'documents',
  messages: documentsMessages,
  permissions: {
    'documents:link': { zh: '公开链接管理', en: 'Manage public links', roles: ['supervisor'] },
  },
  auditActions: {
    'publicLink.create': { zh: '创建公开链接', en: 'Create public link' },
    'publicLink.revoke': { zh: '撤销公开链接', en: 'Revoke public link' },
    'publicLink.open': { zh: '打开公开链接', en: 'Open public link' },
    'document.pdf': { zh: '导出 PDF', en: 'Print PDF' },
  },
  menus: [
    {
      href: '/Document/PublicLinks',
      name: '公开链接',
      name_en: 'Public links',
      parent: '/No.88/SystemManagement',
      type: 2,
      eightyEightType: 0,
      icon: 'file',
      sort: 28,
      roles: ['admin', 'supervisor'],
    },
  ],
  pages: [
    // Opened without signing in (a QR code on a card, a risk point, a drawing); the router serves it outside the shell.
    { href: '/p/:token', name: '公开链接', name_en: 'Public link', permittedBy: '/Document/PublicLinks' },
  ],
});
