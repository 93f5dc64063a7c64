import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import './shell-i18n';
import './shell.css';

function ErrorResult({ status, title, subTitle }: { status: '401' | '403' | '404'; title: string; subTitle: string }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  return (
    <div className="pw-error-page">
      <Result
        status={status === '401' ? '403' : status}
        title={title}
        subTitle={subTitle}
        extra={
          <Button type="primary" onClick={() => void navigate('/')}>
            {t('error.backHome')}
          </Button>
        }
      />
    </div>
  );
}

/** /401: the path is not among the user's menu permissions. */
export function NoAccessPage() {
  const { t } = useTranslation('shell');
  return <ErrorResult status="401" title="401" subTitle={t('error.noAccess')} />;
}

/** /404: no such page. */
export function NotFoundPage() {
  const { t } = useTranslation('shell');
  return <ErrorResult status="404" title="404" subTitle={t('error.notFound')} />;
}
