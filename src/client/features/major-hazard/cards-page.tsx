import { Button, Card, Descriptions, Empty, Image, Select, Space, Table, Typography, message } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { PrintDocument } from '../../../shared/documents/document';
import { publicLinkCreate, publicLinkList, publicLinkRevoke, type PublicLinkItem } from '../../../shared/documents/contracts';
import { dangerCardLedger } from '../../../shared/major-hazard/ledgers-more';
import { CARD_LINK_KIND, dangerCardPdf, dangerCardView } from '../../../shared/major-hazard/more-contracts';
import { renderMessage } from '../../../shared/messages/catalog';
import { recordContracts } from '../../../shared/records/contracts';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { downloadPost } from '../../ui/file-transfer';
import { useRecordChanges } from '../../ui/records/use-record-changes';
import { useLoad } from '../../ui/use-load';
import './major-hazard.css';

const cardCalls = recordContracts(dangerCardLedger);
const LINK_DAYS = 365;

/** A card drawn in the page as it prints: headings, paragraphs, label/value pairs and tables. */
function CardSheet({ doc }: { doc: PrintDocument }) {
  return (
    <div className="mh-card-sheet" data-testid="mh-card-sheet">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {doc.title}
      </Typography.Title>
      {doc.subtitle ? <Typography.Text type="secondary">{doc.subtitle}</Typography.Text> : null}
      {doc.blocks.map((b, i) => {
        switch (b.kind) {
          case 'heading':
            return (
              <Typography.Title key={i} level={5}>
                {b.text}
              </Typography.Title>
            );
          case 'paragraph':
            return (
              <Typography.Paragraph key={i} style={{ whiteSpace: 'pre-wrap' }}>
                {b.text}
              </Typography.Paragraph>
            );
          case 'fields':
            return (
              <Descriptions key={i} size="small" bordered column={{ xs: 1, sm: 2 }} items={b.items.map((f, j) => ({ key: j, label: f.label, children: f.value }))} />
            );
          case 'table':
            return (
              <Table
                key={i}
                size="small"
                pagination={false}
                scroll={{ x: 'max-content' }}
                rowKey="k"
                dataSource={b.rows.map((r, k) => ({ k, ...Object.fromEntries(r.map((c, j) => [`c${j}`, c])) }))}
                columns={b.columns.map((c, j) => ({ title: c, dataIndex: `c${j}` }))}
              />
            );
          case 'qr':
          case 'signatures':
            return null;
        }
      })}
      <Typography.Text type="secondary">{doc.footer}</Typography.Text>
    </div>
  );
}

/**
 * /DangerThreeCards/index: the three cards (风险告知卡, 应急处置卡, 岗位安全卡)
 * of each source and post, drawn from their template, the register and the
 * catalogue; printed as A4 PDF; published as a read-only QR link that opens
 * on a phone without signing in, and revoked here.
 */
export function DangerThreeCardsPage() {
  const lang = useLang();
  const t = (code: string, params?: Record<string, string | number>) => renderMessage(lang, code, params);
  const loadCards = useCallback((signal: AbortSignal) => api(cardCalls.list, { page: 1, pageSize: 500 }, { signal }), []);
  const { data: list, reload } = useLoad(loadCards);
  useRecordChanges('DangerCard', reload);
  const [picked, setPicked] = useState<number | null>(null);
  const id = picked ?? list?.items[0]?.id ?? null;
  const loadView = useCallback((signal: AbortSignal) => (id === null ? Promise.resolve(null) : api(dangerCardView, { id }, { signal })), [id]);
  const { data: view } = useLoad(loadView);
  const loadLinks = useCallback((signal: AbortSignal) => api(publicLinkList, { page: 1, pageSize: 200, kind: CARD_LINK_KIND, status: 'active' }, { signal }), []);
  const { data: links, reload: reloadLinks } = useLoad(loadLinks);
  const link = useMemo<PublicLinkItem | null>(() => (links?.items ?? []).find((l) => l.target.id === id) ?? null, [links, id]);
  const [busy, setBusy] = useState(false);
  const run = async (f: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await f();
    } catch (e) {
      void message.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  if (list && list.items.length === 0) {
    return (
      <Empty description={t('majorHazard.card.none')}>
        <Link to="/dangerSourceManagement/dangerCardConfigNew">{t('majorHazard.card.toConfig')}</Link>
      </Empty>
    );
  }
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="mh-cards">
      <Space wrap>
        <Select
          style={{ minWidth: 260, maxWidth: '100%' }}
          placeholder={t('majorHazard.card.select')}
          value={id ?? undefined}
          loading={!list}
          data-testid="mh-card-select"
          onChange={(v: number) => setPicked(v)}
          options={(list?.items ?? []).map((c) => ({ value: c.id, label: c.title }))}
        />
        <Button
          disabled={id === null}
          loading={busy}
          data-testid="mh-card-pdf"
          onClick={() => void run(() => downloadPost(dangerCardPdf.path, { id }, `${view?.document.title ?? 'card'}.pdf`))}
        >
          {t('majorHazard.card.pdf')}
        </Button>
        {link ? (
          <Button
            danger
            loading={busy}
            data-testid="mh-card-revoke"
            onClick={() =>
              void run(async () => {
                await api(publicLinkRevoke, { id: link.id });
                void message.success(t('majorHazard.card.revoked'));
                reloadLinks();
              })
            }
          >
            {t('majorHazard.card.revoke')}
          </Button>
        ) : (
          <Button
            type="primary"
            disabled={id === null}
            loading={busy}
            data-testid="mh-card-publish"
            onClick={() =>
              void run(async () => {
                await api(publicLinkCreate, { kind: CARD_LINK_KIND, target: { id }, title: '', expiresAt: Date.now() + LINK_DAYS * 86_400_000 });
                reloadLinks();
              })
            }
          >
            {t('majorHazard.card.publish')}
          </Button>
        )}
      </Space>
      <div className="mh-card-layout">
        <Card size="small" loading={!view}>
          {view ? <CardSheet doc={view.document} /> : null}
        </Card>
        {link ? (
          <Card size="small" className="mh-card-qr" data-testid="mh-card-qr">
            <Image src={link.qr} width={180} preview={false} alt="QR" />
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
              {t('majorHazard.card.qrHint', { until: formatDate(link.expiresAt, 'YYYY-MM-DD') })}
            </Typography.Paragraph>
            <Typography.Link href={link.path} target="_blank" data-testid="mh-card-link">
              {link.url}
            </Typography.Link>
            <div>
              <Typography.Text type="secondary">{t('majorHazard.card.opens', { n: link.opens })}</Typography.Text>
            </div>
          </Card>
        ) : null}
      </div>
    </Space>
  );
}
