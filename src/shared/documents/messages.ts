import { defineMessages } from '../messages/define.js';

/** Documents (A4 PDF) and public read-only links. */
export const documentsMessages = defineMessages({
  'documents.linkNotFound': { zh: '链接不存在或已失效', en: 'The link does not exist or no longer works' },
  'documents.linkExpired': { zh: '链接已过期', en: 'The link has expired' },
  'documents.linkRevoked': { zh: '链接已被撤销', en: 'The link has been revoked' },
  'documents.linkTargetGone': {
    zh: '链接指向的内容已不存在或不再公开',
    en: 'What the link pointed to no longer exists or is no longer shared',
  },
  'documents.unknownKind': { zh: '未知的链接类型：{kind}', en: 'Unknown link kind: {kind}' },
  'documents.expiryTooFar': { zh: '有效期最长 {days} 天', en: 'A link lasts at most {days} days' },
  'documents.expiryPast': { zh: '到期时间须晚于现在', en: 'The expiry must be in the future' },
  'documents.renderFailed': { zh: '生成 PDF 失败，请稍后重试', en: 'The PDF could not be made; try again later' },
  'documents.pageOf': { zh: '第 {page} 页，共 {pages} 页', en: 'Page {page} of {pages}' },
  'documents.printedAt': { zh: '打印时间 {time}', en: 'Printed {time}' },
  'documents.publicFooter': { zh: '只读公开链接，有效期至 {until}', en: 'Read-only public link, valid until {until}' },
  'documents.status': { zh: '状态', en: 'Status' },
  'documents.created': { zh: '创建时间', en: 'Created' },
  'documents.createdBy': { zh: '创建人', en: 'Created by' },
  'documents.attachments': { zh: '{count} 个附件', en: '{count} attachment(s)' },
  'documents.viewRows': { zh: '共 {total} 条，显示前 {shown} 条', en: '{total} record(s), the first {shown} shown' },
  'documents.signatures': { zh: '签字', en: 'Signatures' },
});
