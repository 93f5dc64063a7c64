import { i18n } from '../app/i18n';

/** Texts of the public pages /download and /ResetPassword (issue 11). */
export const publicNs = 'public';

const zh = {
  download: {
    title: '移动端下载',
    scan: '用手机扫描二维码下载',
    open: '打开下载链接',
    none: '管理员尚未设置下载链接',
    login: '返回登录',
  },
  reset: {
    title: '重置密码',
    checking: '正在验证链接…',
    forUser: '为账号 {{loginname}} 设置新密码，链接有效期至 {{until}}',
    missing: '链接缺少重置码',
    submit: '设置新密码',
    done: '密码已重置，请用新密码登录',
    login: '去登录',
  },
};
const en: typeof zh = {
  download: {
    title: 'Mobile app',
    scan: 'Scan the QR code with your phone to download',
    open: 'Open the download link',
    none: 'The administrator has not set a download link yet',
    login: 'Back to sign-in',
  },
  reset: {
    title: 'Reset password',
    checking: 'Checking the link…',
    forUser: 'Set a new password for {{loginname}}; the link works until {{until}}',
    missing: 'The link has no reset code',
    submit: 'Set the new password',
    done: 'Password reset; sign in with the new password',
    login: 'Sign in',
  },
};

i18n.addResourceBundle('zh', publicNs, zh, true, false);
i18n.addResourceBundle('en', publicNs, en, true, false);
