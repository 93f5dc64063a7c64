import { FilePdfOutlined } from '@ant-design/icons';
import { Button, Card, Result, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { z } from 'zod';
import { publicLinkOpen, publicLinkPdf } from '../../../shared/documents/contracts';
import { formatDate } from '../../../shared/time';
import { api, errorText } from '../../app/api';
import { acceptLanguage, useLang } from '../../app/i18n';
import { LangSwitch } from '../../shell/lang-switch';
import { envelopeOf, save } from '../../ui/file-transfer';
import { DocumentView } from './document-view';
import { documentsNs } from './locales';

type Opened = z.output<typeof publicLinkOpen.output>;

/**
 * /p/<token> (public): what a QR code on a card, a risk point or a drawing
 * opens, without signing in: one record or ledger view, read-only, in the
 * reader's language, with its PDF. The server audits every open and refuses
 * a revoked or expired link.
 */
export function PublicLinkPage() {
  const { t } = useTranslation(documentsNs);
  const lang = useLang();
  const token = useParams().token ?? '';
  const [busy, setBusy] = useState(false);
  const [opened, setOpened] = useState<{ data?: Opened; error?: unknown; lang?: string }>({});
  const [error, setError] = useState<unknown>(null);
  // Opened again on a language switch: the server writes the document in the reader's language.
  useEffect(() => {
    const controller = new AbortController();
    api(publicLinkOpen, { token }, { signal: controller.signal, silent: true }).then(
      (data) => setOpened({ data, lang }),
      (err: unknown) => !controller.signal.aborted && setOpened({ error: err, lang }),
    );
    return () => controller.abort();
  }, [token, lang]);
  const loading = opened.lang !== lang;

  const handlePdf = async () => {
    setBusy(true);
    try {
      const res = await fetch(`${publicLinkPdf.path}?token=${encodeURIComponent(token)}`, {
        headers: { 'accept-language': acceptLanguage() },
      });
      if (!res.ok) {
        await envelopeOf(res);
      }
      save(await res.blob(), `${opened.data?.document.number || opened.data?.title || 'document'}.pdf`);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div style={{ maxWidth: 1100, margin: '0 auto', padding: 12 }}>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }} wrap>
        <Tag color="blue">{t('page.readOnly')}</Tag>
        <Space>
          {opened.data ? (
            <Button icon={<FilePdfOutlined />} onClick={() => void handlePdf()} loading={busy} data-testid="public-pdf">
              {t('page.pdf')}
            </Button>
          ) : null}
          <LangSwitch />
        </Space>
      </Space>
      {loading && !opened.data ? (
        <Card>
          <Spin tip={t('page.loading')}>
            <div style={{ height: 120 }} />
          </Spin>
        </Card>
      ) : !opened.data ? (
        <Result status="warning" title={t('page.failed')} subTitle={<span data-testid="public-error">{errorText(opened.error)}</span>} />
      ) : (
        <Card>
          <DocumentView doc={opened.data.document} />
          <Typography.Text type="secondary">
            {t('page.until', { until: formatDate(opened.data.expiresAt, 'YYYY-MM-DD HH:mm') })}
          </Typography.Text>
          {error ? <Typography.Paragraph type="danger">{errorText(error)}</Typography.Paragraph> : null}
        </Card>
      )}
    </div>
  );
}
