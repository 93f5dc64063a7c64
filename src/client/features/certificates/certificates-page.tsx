import { Alert, Space, Tag } from 'antd';
import { useState } from 'react';
import type { CertificateExpiryItem } from '../../../shared/certificates/items';
import { certificateKinds } from '../../../shared/certificates/ledger';
import { renderMessage } from '../../../shared/messages/catalog';
import { formatDate } from '../../../shared/time';
import { useLang } from '../../app/i18n';
import { useTopic } from '../../stream/use-topic';
import { LedgerPage } from '../../ui/records/ledger-page';

const WARNING_DAYS = 30;

/** Certificates about to expire, live from topic `certificates.expiring` (the server keeps the list; the page only shows it). */
function ExpiringCertificates() {
  const lang = useLang();
  const [items, setItems] = useState<ReadonlyMap<number, CertificateExpiryItem>>(new Map());
  useTopic('certificates.expiring', (batch) =>
    setItems((prev) => {
      const next = new Map(prev);
      batch.forEach((i) => next.set(i.id, i));
      return next;
    }),
  );
  const list = [...items.values()].sort((a, b) => a.expiry - b.expiry);
  const kindName = (kind: string) => {
    const k = certificateKinds.find((o) => o.value === kind);
    return k ? (lang === 'en' && k.label.en ? k.label.en : k.label.zh) : kind;
  };
  if (list.length === 0) {
    return <Alert type="success" showIcon message={renderMessage(lang, 'certificates.noneExpiring', { days: WARNING_DAYS })} data-testid="certificates-expiring" />;
  }
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="certificates-expiring"
      message={renderMessage(lang, 'certificates.expiringTitle')}
      description={
        <Space size={[8, 8]} wrap>
          {list.map((c) => (
            <Tag key={c.id} color={c.daysLeft < 0 ? 'red' : 'orange'} data-testid={`certificate-expiring-${c.id}`}>
              {c.holder} · {kindName(c.kind)} · {c.number} · {formatDate(c.expiry, 'YYYY-MM-DD')} ·{' '}
              {c.daysLeft < 0 ? renderMessage(lang, 'certificates.expiredDays', { days: -c.daysLeft }) : renderMessage(lang, 'certificates.daysLeft', { days: c.daysLeft })}
            </Tag>
          ))}
        </Space>
      }
    />
  );
}

/** /Training/Certificate: the certificate register, with the certificates about to expire above it. */
export function CertificatesPage() {
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <ExpiringCertificates />
      <LedgerPage entity="Certificate" />
    </Space>
  );
}
