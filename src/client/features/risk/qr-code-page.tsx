import { Alert, Button, Card, Col, Empty, Image, Input, Row, Space, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { publicLinkCreate, publicLinkList, publicLinkRevoke, type PublicLinkItem } from '../../../shared/documents/contracts';
import { renderMessage } from '../../../shared/messages/catalog';
import { recordContracts } from '../../../shared/records/contracts';
import { riskPointLedger } from '../../../shared/risk/ledger';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { useLoad } from '../../ui/use-load';
import './risk.css';

const pointCalls = recordContracts(riskPointLedger);
const LINK_DAYS = 365;
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The active public link of each risk point (the record engine's `record` links on the RiskPoint ledger), by point id. */
async function pointLinks(signal: AbortSignal): Promise<Map<number, PublicLinkItem>> {
  const { items } = await api(publicLinkList, { kind: 'record', status: 'active', page: 1, pageSize: 500 }, { signal });
  return new Map(items.filter((l) => l.target.entity === riskPointLedger.entity && typeof l.target.id === 'number').map((l) => [l.target.id as number, l]));
}

/**
 * /RiskControll/QrCode: a QR code per risk point. Publishing makes the record
 * engine's public read-only link of the point (revocable, expiring, audited);
 * its QR code opens the point's card on a phone without signing in, and the
 * page prints as a sheet of labels.
 */
export function QrCodePage() {
  const lang = useLang();
  const [keyword, setKeyword] = useState('');
  const [busy, setBusy] = useState<number | null>(null);
  const points = useLoad(useCallback((signal: AbortSignal) => api(pointCalls.list, { keyword, page: 1, pageSize: 200 }, { signal }), [keyword]));
  const links = useLoad(useCallback((signal: AbortSignal) => pointLinks(signal), []));
  const items = useMemo(() => points.data?.items ?? [], [points.data]);
  const run = async (id: number, fn: () => Promise<unknown>) => {
    setBusy(id);
    try {
      await fn();
      links.reload();
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card size="small" data-testid="risk-qr-page" className="risk-qr-page">
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Alert type="info" message={renderMessage(lang, 'risk.qr.intro')} className="risk-no-print" />
        <Space wrap className="risk-no-print">
          <Input.Search allowClear placeholder={renderMessage(lang, 'risk.pointQuery.search')} onSearch={setKeyword} style={{ maxWidth: 320 }} />
          <Button onClick={() => window.print()}>{renderMessage(lang, 'risk.qr.print')}</Button>
        </Space>
        {!points.loading && items.length === 0 ? <Empty /> : null}
        <Row gutter={[12, 12]}>
          {items.map((p) => {
            const link = links.data?.get(p.id);
            return (
              <Col key={p.id} xs={24} sm={12} lg={8} xl={6}>
                <Card size="small" data-testid={`risk-qr-${p.id}`} title={text(p.name)} style={{ height: '100%' }}>
                  <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
                    {text(p.unit)}
                  </Typography.Paragraph>
                  {link ? (
                    <Space direction="vertical" size={4} style={{ width: '100%', alignItems: 'center' }}>
                      <Image src={link.qr} width={160} preview={false} alt="QR" data-testid={`risk-qr-image-${p.id}`} />
                      <Typography.Link href={link.path} target="_blank" className="risk-no-print">
                        {link.path}
                      </Typography.Link>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {renderMessage(lang, 'risk.qr.until', { until: formatDate(link.expiresAt, 'YYYY-MM-DD'), n: link.opens })}
                      </Typography.Text>
                      <Button size="small" danger className="risk-no-print" loading={busy === p.id} onClick={() => void run(p.id, () => api(publicLinkRevoke, { id: link.id }))}>
                        {renderMessage(lang, 'risk.qr.revoke')}
                      </Button>
                    </Space>
                  ) : (
                    <Space direction="vertical" size={4}>
                      <Typography.Text type="secondary">{renderMessage(lang, 'risk.qr.none')}</Typography.Text>
                      <Button
                        type="primary"
                        size="small"
                        className="risk-no-print"
                        data-testid={`risk-qr-publish-${p.id}`}
                        loading={busy === p.id}
                        onClick={() =>
                          void run(p.id, () =>
                            api(publicLinkCreate, { kind: 'record', target: { entity: riskPointLedger.entity, id: p.id }, title: '', expiresAt: Date.now() + LINK_DAYS * 86_400_000 }),
                          )
                        }
                      >
                        {renderMessage(lang, 'risk.qr.publish')}
                      </Button>
                    </Space>
                  )}
                </Card>
              </Col>
            );
          })}
        </Row>
      </Space>
    </Card>
  );
}
