import { Descriptions, Space, Tag, Typography } from 'antd';
import type { CommitmentNoticeItem } from '../../../shared/commitments/contracts';
import { permitTypeOptions } from '../../../shared/records/field-catalogue';
import { renderMessage } from '../../../shared/messages/catalog';
import { formatDate, type Lang } from '../../../shared/time';
import './commitments.css';

const typeName = (lang: Lang, type: string) => {
  const o = permitTypeOptions.find((x) => x.value === type);
  return o ? (lang === 'en' ? o.label.en : o.label.zh) : type;
};

/** A notice as it reads on the page, the public page and the big screen: units, special work, major hazards, the statement and the signature. */
export function NoticeView({ lang, notice, large = false }: { lang: Lang; notice: CommitmentNoticeItem; large?: boolean }) {
  const T = (code: Parameters<typeof renderMessage>[1], params?: Record<string, string | number>) => renderMessage(lang, code, params);
  const total = notice.specialWork.reduce((n, s) => n + s.count, 0);
  return (
    <div className={large ? 'commitment-view commitment-view-large' : 'commitment-view'} data-testid="commitment-notice" data-status={notice.status} data-day={notice.day}>
      <Space size={8} wrap style={{ marginBottom: 8 }}>
        <Typography.Text strong>{notice.day}</Typography.Text>
        <Tag color={notice.status === 'signed' ? 'green' : 'orange'} data-testid="commitment-status">
          {T(notice.status === 'signed' ? 'commitment.status.signed' : 'commitment.status.draft')}
        </Tag>
      </Space>
      <Descriptions size="small" column={{ xs: 1, sm: 1, md: 3 }} bordered>
        <Descriptions.Item label={T('commitment.operating')}>
          <span className="commitment-count" data-testid="commitment-operating">{notice.units.operating.length}</span>
          <div className="commitment-names">{notice.units.operating.join('、')}</div>
        </Descriptions.Item>
        <Descriptions.Item label={T('commitment.stopped')}>
          <span className="commitment-count" data-testid="commitment-stopped">{notice.units.stopped.length}</span>
          <div className="commitment-names">{notice.units.stopped.join('、')}</div>
        </Descriptions.Item>
        <Descriptions.Item label={T('commitment.maintenance')}>
          <span className="commitment-count" data-testid="commitment-maintenance">{notice.units.maintenance.length}</span>
          <div className="commitment-names">{notice.units.maintenance.join('、')}</div>
        </Descriptions.Item>
      </Descriptions>
      <Descriptions size="small" column={1} bordered style={{ marginTop: 8 }}>
        <Descriptions.Item label={`${T('commitment.specialWork')} (${total})`}>
          <span data-testid="commitment-special-work" data-total={total}>
            {notice.specialWork.length === 0
              ? T('commitment.noSpecialWork')
              : notice.specialWork.map((s) => (
                  <Tag key={s.type} data-testid={`commitment-work-${s.type}`}>
                    {typeName(lang, s.type)} {s.count}
                  </Tag>
                ))}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={T('commitment.hazards')}>
          <span data-testid="commitment-hazards" data-ok={notice.hazards.underControl ? 1 : 0}>
            <Tag color={notice.hazards.underControl ? 'green' : 'red'}>{T(notice.hazards.underControl ? 'commitment.hazardsOk' : 'commitment.hazardsNotOk')}</Tag>
            <Typography.Text type="secondary">{T('commitment.hazardsCount', { count: notice.hazards.sources, alarmed: notice.hazards.alarmedTags })}</Typography.Text>
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={T('commitment.statement')}>
          <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{notice.statement}</Typography.Paragraph>
        </Descriptions.Item>
        <Descriptions.Item label={T('commitment.responsible')}>
          {notice.status === 'signed' && notice.signedAt !== null ? (
            <span data-testid="commitment-signed-by">
              <span className="commitment-signature">{notice.signerName}</span>{' '}
              <Typography.Text type="secondary">{T('commitment.signedBy', { name: notice.signerName ?? '', time: formatDate(notice.signedAt, 'YYYY-MM-DD HH:mm') })}</Typography.Text>
              <div className="commitment-hash" title={notice.signature ?? ''}>SHA-256 {notice.signature?.slice(0, 16)}…</div>
            </span>
          ) : (
            <span>{notice.responsibleName || '—'}</span>
          )}
        </Descriptions.Item>
      </Descriptions>
    </div>
  );
}
