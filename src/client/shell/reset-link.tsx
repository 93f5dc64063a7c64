import { Typography } from 'antd';
import { passwordResetIssue } from '../../shared/shell/contracts';
import { formatDate } from '../../shared/time';
import { api } from '../app/api';
import { feedback } from '../app/feedback';
import { currentLang, i18n } from '../app/i18n';
import { publicNs } from './public-pages-i18n';

const texts = {
  zh: { button: '重置链接', title: '{{name}} 的一次性重置链接', hint: '把链接发给本人；只能用一次，{{until}} 前有效。', ok: '知道了' },
  en: { button: 'Reset link', title: 'One-time reset link for {{name}}', hint: 'Send the link to the person; it works once, until {{until}}.', ok: 'Done' },
};
i18n.addResourceBundle('zh', publicNs, { resetLink: texts.zh }, true, false);
i18n.addResourceBundle('en', publicNs, { resetLink: texts.en }, true, false);

/** Label of the personnel page's button. */
export const resetLinkLabel = () => i18n.t('resetLink.button', { ns: publicNs });

/**
 * Issues a one-time, expiring reset link for a user (issue 11) and shows it to
 * the administrator to pass on; the API client shows a refusal itself.
 */
export async function issueResetLink(user: { userid: number; username: string }): Promise<void> {
  const r = await api(passwordResetIssue, { userid: user.userid });
  const url = `${window.location.origin}/ResetPassword?token=${encodeURIComponent(r.token)}`;
  const until = formatDate(r.expiresAt, 'YYYY-MM-DD HH:mm');
  const t = (key: string, params: Record<string, string> = {}) => i18n.t(`resetLink.${key}`, { ns: publicNs, lng: currentLang(), ...params });
  feedback.modal.info({
    title: t('title', { name: user.username }),
    okText: t('ok'),
    content: (
      <div data-testid="reset-link">
        <p>{t('hint', { until })}</p>
        <Typography.Paragraph copyable={{ text: url }} code style={{ wordBreak: 'break-all' }} data-testid="reset-link-url">
          {url}
        </Typography.Paragraph>
      </div>
    ),
  });
}
