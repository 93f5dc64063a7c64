import { BugOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, Modal, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/time';
import { type ErrorLogEntry, useErrorLogStore } from '../app/error-log-store';
import './shell-i18n';

/** Navbar bug icon with the unread count; opens the session's error log (seed 1 §8). */
export function ErrorLogButton() {
  const { t } = useTranslation('shell');
  const logs = useErrorLogStore((s) => s.logs);
  const markAllRead = useErrorLogStore((s) => s.markAllRead);
  const clear = useErrorLogStore((s) => s.clear);
  const [open, setOpen] = useState(false);
  const unread = logs.filter((l) => !l.read).length;

  const handleOpen = () => {
    setOpen(true);
    markAllRead();
  };

  return (
    <>
      <Tooltip title={t('nav.errorLog')}>
        <button type="button" className="pw-nav-btn" data-testid="error-log" aria-label={t('nav.errorLog')} onClick={handleOpen}>
          <Badge count={unread} size="small" offset={[4, -2]}>
            <BugOutlined className={logs.length ? 'pw-bug pw-bug-active' : 'pw-bug'} />
          </Badge>
        </button>
      </Tooltip>
      <Modal
        open={open}
        title={t('errorLog.title')}
        width={900}
        onCancel={() => setOpen(false)}
        footer={[
          <Button key="clear" danger disabled={!logs.length} onClick={clear}>
            {t('errorLog.clear')}
          </Button>,
          <Button key="close" type="primary" onClick={() => setOpen(false)}>
            {t('nav.ok')}
          </Button>,
        ]}
      >
        {logs.length === 0 ? (
          <Empty description={t('errorLog.empty')} />
        ) : (
          <Table<ErrorLogEntry>
            size="small"
            rowKey="id"
            dataSource={logs}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            expandable={{
              rowExpandable: (r) => Boolean(r.stack),
              expandedRowRender: (r) => <pre className="pw-stack">{r.stack}</pre>,
            }}
            columns={[
              {
                title: t('errorLog.kind'),
                dataIndex: 'kind',
                width: 80,
                render: (k: ErrorLogEntry['kind']) => <Tag color={k === 'error' ? 'red' : 'orange'}>{t(`errorLog.${k}`)}</Tag>,
              },
              { title: t('errorLog.message'), dataIndex: 'message', render: (m: string) => <Typography.Text>{m}</Typography.Text> },
              {
                title: t('errorLog.url'),
                dataIndex: 'url',
                width: 220,
                ellipsis: true,
                render: (u: string) => <Typography.Text type="secondary">{u}</Typography.Text>,
              },
              { title: t('errorLog.time'), dataIndex: 'time', width: 160, render: (v: number) => formatDate(v) },
            ]}
          />
        )}
      </Modal>
    </>
  );
}
