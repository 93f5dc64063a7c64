import { createHmac } from 'node:crypto';
import type { WebhookTemplate } from '../../../shared/alarms/notify-contracts.js';
import type { AlarmItem } from '../../../shared/alarms/contracts.js';
import { renderMessage } from '../../../shared/messages/catalog.js';
import { formatDate, type Lang } from '../../../shared/time.js';

/** What a delivery tells: an alarm was raised, or it escalated to a level. */
export interface NotifyEvent {
  kind: 'raise' | 'escalate';
  alarm: AlarmItem;
  /** Escalation level (escalate only). */
  level?: { sort: number; name: string; minutes: number };
  /** Bound users to @-mention. */
  mentions: { loginname: string; username: string; phone: string }[];
}

/**
 * The request body for one webhook preset, in the webhook's language. The
 * messenger formats follow their robots' documented message types:
 * 企业微信 `msgtype: markdown`, 钉钉 `msgtype: markdown` with `at`, 飞书 `msg_type: text`.
 */
export function renderPayload(template: WebhookTemplate, lang: Lang, ev: NotifyEvent): Record<string, unknown> {
  const a = ev.alarm;
  const source = { source: a.sourceName, source_en: a.sourceNameEn || a.sourceName };
  const priority = renderMessage(lang, `notify.priority${a.priority}`);
  const title =
    ev.kind === 'raise'
      ? renderMessage(lang, 'notify.raisedTitle', { priority, ...source })
      : renderMessage(lang, 'notify.escalatedTitle', { level: ev.level?.name ?? '', ...source });
  const lines = [
    renderMessage(lang, 'notify.body', {
      tag: a.source,
      type: a.type.toUpperCase(),
      value: a.value ?? '-',
      unit: a.unit,
      limit: a.limit ?? '-',
      time: formatDate(a.activatedAt),
    }),
  ];
  if (ev.kind === 'escalate' && ev.level) {
    lines.push(renderMessage(lang, 'notify.unackedFor', { minutes: ev.level.minutes }));
  }
  const text = lines.join('\n');
  const phones = ev.mentions.map((m) => m.phone).filter((p) => p !== '');
  switch (template) {
    case 'json':
      return {
        event: ev.kind === 'raise' ? 'alarm.raised' : 'alarm.escalated',
        title,
        text,
        level: ev.level ?? null,
        alarm: a,
        mentions: ev.mentions.map((m) => ({ loginname: m.loginname, username: m.username, phone: m.phone })),
      };
    case 'wecom':
      return { msgtype: 'markdown', markdown: { content: `### ${title}\n${text.replace(/\n/g, '\n> ')}${ev.mentions.map((m) => `\n<@${m.loginname}>`).join('')}` } };
    case 'dingtalk':
      return {
        msgtype: 'markdown',
        markdown: { title, text: `### ${title}\n\n${text.replace(/\n/g, '\n\n')}${phones.map((p) => ` @${p}`).join('')}` },
        at: { atMobiles: phones, isAtAll: false },
      };
    case 'feishu':
      return { msg_type: 'text', content: { text: `${title}\n${text}${ev.mentions.map((m) => ` @${m.username || m.loginname}`).join('')}` } };
  }
}

const b64hmac = (key: string, data: string) => createHmac('sha256', key).update(data).digest('base64');

/**
 * The request a delivery makes, signed with the webhook's secret when it has
 * one: every preset carries `X-Plantwatch-Signature: sha256=<hex HMAC of
 * "<timestamp>.<body>">` with `X-Plantwatch-Timestamp`; DingTalk and Feishu
 * also get their own robot signature (DingTalk: `timestamp` and `sign` in the
 * query; Feishu: `timestamp` and `sign` in the body).
 */
export function signedRequest(
  template: WebhookTemplate,
  url: string,
  payload: string,
  secret: string,
  now: number,
): { url: string; body: string; headers: Record<string, string> } {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (!secret) {
    return { url, body: payload, headers };
  }
  let body = payload;
  let target = url;
  if (template === 'dingtalk') {
    const u = new URL(url);
    u.searchParams.set('timestamp', String(now));
    u.searchParams.set('sign', b64hmac(secret, `${now}\n${secret}`));
    target = u.toString();
  } else if (template === 'feishu') {
    const ts = Math.floor(now / 1000);
    body = JSON.stringify({ timestamp: String(ts), sign: createHmac('sha256', `${ts}\n${secret}`).digest('base64'), ...(JSON.parse(payload) as object) });
  }
  headers['x-plantwatch-timestamp'] = String(now);
  headers['x-plantwatch-signature'] = `sha256=${createHmac('sha256', secret).update(`${now}.${body}`).digest('hex')}`;
  return { url: target, body, headers };
}
