import { defineSharedModule } from '../module.js';
import { authMessages } from './messages.js';

/** Sign-in, tokens, sessions and passwords (seed 1 §5, §7.2). */
export const authShared = defineSharedModule({
  name: 'auth',
  messages: authMessages,
  auditActions: {
    login: { zh: '登录', en: 'Sign-in' },
    'login.failed': { zh: '登录失败', en: 'Failed sign-in' },
    logout: { zh: '退出', en: 'Sign-out' },
    'password.change': { zh: '修改密码', en: 'Change password' },
    'password.reset': { zh: '重置密码', en: 'Reset password' },
    'password.resetLink': { zh: '生成重置链接', en: 'Issue reset link' },
    'password.resetByLink': { zh: '通过链接重置密码', en: 'Password reset by link' },
    'token.reuse': { zh: '令牌重用', en: 'Token reuse' },
  },
});
