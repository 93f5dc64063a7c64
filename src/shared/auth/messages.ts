import { defineMessages } from '../messages/define.js';

/** Sign-in, session and password messages. */
export const authMessages = defineMessages({
  'auth.undecryptable': { zh: '登录数据无法解密，请刷新页面重试', en: 'The sign-in body could not be decrypted; reload the page and try again' },
  'auth.incompleteBody': { zh: '登录数据不完整', en: 'Incomplete sign-in body' },
  'auth.staleRequest': { zh: '登录请求已过期，请重试', en: 'The sign-in request is stale; try again' },
  'auth.replayedRequest': { zh: '重复的登录请求', en: 'This sign-in request was already used' },
  'auth.tooManyAttempts': { zh: '登录失败次数过多，请 {seconds} 秒后再试', en: 'Too many failed sign-in attempts; try again in {seconds} s' },
  'auth.wrongPassword': { zh: '用户名或密码错误', en: 'Wrong login name or password' },
  'auth.accountDisabled': { zh: '账号已停用，请联系管理员', en: 'Account disabled; contact your administrator' },
  'auth.noRole': { zh: '账号未分配角色，请联系管理员', en: 'No role assigned to this account; contact your administrator' },
  'auth.wrongCurrentPassword': { zh: '原密码错误', en: 'The current password is wrong' },
  'auth.samePassword': { zh: '新密码不能与原密码相同', en: 'The new password must differ from the current one' },
  'auth.refreshTokenInvalid': { zh: 'RefreshToken 无效或已过期', en: 'RefreshToken invalid or expired' },
  'auth.passwordTooWeak': { zh: '密码强度不足', en: 'Password too weak' },
  'auth.passwordMin8': { zh: '至少 8 位', en: 'At least 8 characters' },
  'auth.passwordLetter': { zh: '需包含字母', en: 'Needs a letter' },
  'auth.passwordDigit': { zh: '需包含数字', en: 'Needs a digit' },
});
