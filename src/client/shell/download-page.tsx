import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, QRCode, Spin } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { appDownloadInfo } from '../../shared/shell/contracts';
import { api } from '../app/api';
import { useShellTheme } from '../app/theme';
import { useLoad } from '../ui/use-load';
import { LangSwitch } from './lang-switch';
import { Logo } from './logo';
import { publicNs } from './public-pages-i18n';
import './shell-i18n';
import './shell.css';

/** The app link as a full address: a site path becomes an address on this host, so a phone can open it. */
const absolute = (url: string) => (url.startsWith('/') ? `${window.location.origin}${url}` : url);

/** /download (public, seed 1 §2.1, §9): the mobile app's QR code (width 80, error correction Q); the link comes from the system configuration. */
export function DownloadPage() {
  const { t } = useTranslation(publicNs);
  const theme = useShellTheme();
  const load = useCallback((signal: AbortSignal) => api(appDownloadInfo, {}, { signal }), []);
  const info = useLoad(load);
  const url = info.data?.url ? absolute(info.data.url) : '';
  return (
    <div className="pw-login" style={{ ['--pw-primary' as string]: theme.primary }}>
      <div className="pw-login-lang">
        <LangSwitch className="pw-login-lang-btn" />
      </div>
      <div className="pw-password-card pw-public-card" data-testid="download-page">
        <div className="pw-password-head">
          <Logo size={32} />
          <h1 className="pw-public-title">{t('download.title')}</h1>
        </div>
        <div className="pw-password-body pw-public-body">
          {info.loading && !info.data ? (
            <Spin />
          ) : url ? (
            <>
              <p className="pw-public-sub">{info.data?.title}</p>
              <QRCode value={url} size={80} errorLevel="Q" bordered={false} data-testid="download-qr" />
              <p className="pw-public-sub">{t('download.scan')}</p>
              <Button type="primary" icon={<DownloadOutlined />} href={url} data-testid="download-link">
                {t('download.open')}
              </Button>
            </>
          ) : (
            <Alert type="info" showIcon title={t('download.none')} data-testid="download-none" />
          )}
          <Link to="/login" className="pw-public-back">
            {t('download.login')}
          </Link>
        </div>
      </div>
    </div>
  );
}
