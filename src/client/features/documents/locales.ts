import { addTranslations } from '../../app/i18n';

/** i18n namespace of the documents pages (public links, the public page). */
export const documentsNs = 'documents';

const zh = {
  links: {
    intro:
      '公开链接无需登录即可只读查看一条记录或一个台账视图，可用于设备卡、风险点、图纸和承诺书上的二维码。链接按创建人当前可见的数据显示，到期或撤销后失效，每次打开都会记录日志。',
    add: '新建公开链接',
    refresh: '刷新',
    title: '标题',
    kind: '类型',
    kinds: { record: '记录', view: '台账视图' } as Record<string, string>,
    status: '状态',
    statuses: { active: '有效', expired: '已过期', revoked: '已撤销' } as Record<string, string>,
    all: '全部',
    expiresAt: '有效期至',
    opens: '打开次数',
    lastOpened: '最近打开',
    createdBy: '创建人',
    createdAt: '创建时间',
    actions: '操作',
    qr: '二维码',
    open: '打开',
    copy: '复制链接',
    copied: '已复制',
    revoke: '撤销',
    confirmRevoke: '撤销后扫码将无法再打开“{{title}}”。确定撤销吗？',
    revoked: '已撤销',
    ledger: '台账',
    record: '记录',
    keyword: '标题关键字（可选）',
    customTitle: '显示标题（可选）',
    created: '公开链接已创建',
    empty: '还没有公开链接',
    required: '请选择',
    scan: '扫码或打开链接即可查看',
  },
  page: {
    loading: '正在打开…',
    pdf: '下载 PDF',
    until: '有效期至 {{until}}',
    readOnly: '只读',
    failed: '无法打开此链接',
  },
  doc: { noValue: '—' },
};

const en: typeof zh = {
  links: {
    intro:
      'A public link shows one record or one ledger view read-only, without signing in: for QR codes on equipment cards, risk points, drawings and commitments. It shows what its creator may see now, stops at its expiry or when revoked, and every open is logged.',
    add: 'New public link',
    refresh: 'Refresh',
    title: 'Title',
    kind: 'Kind',
    kinds: { record: 'Record', view: 'Ledger view' },
    status: 'Status',
    statuses: { active: 'Active', expired: 'Expired', revoked: 'Revoked' },
    all: 'All',
    expiresAt: 'Valid until',
    opens: 'Opens',
    lastOpened: 'Last opened',
    createdBy: 'Created by',
    createdAt: 'Created',
    actions: 'Actions',
    qr: 'QR code',
    open: 'Open',
    copy: 'Copy link',
    copied: 'Copied',
    revoke: 'Revoke',
    confirmRevoke: 'After revoking, scanning will no longer open “{{title}}”. Revoke it?',
    revoked: 'Revoked',
    ledger: 'Ledger',
    record: 'Record',
    keyword: 'Title contains (optional)',
    customTitle: 'Title shown (optional)',
    created: 'Public link created',
    empty: 'No public links yet',
    required: 'Choose one',
    scan: 'Scan or open the link to view',
  },
  page: {
    loading: 'Opening…',
    pdf: 'Download PDF',
    until: 'Valid until {{until}}',
    readOnly: 'Read-only',
    failed: 'This link cannot be opened',
  },
  doc: { noValue: '—' },
};

addTranslations(documentsNs, zh, en);
