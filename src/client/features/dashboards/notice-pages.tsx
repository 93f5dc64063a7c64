import { Button, Card, Empty, Input, Popconfirm, Space, Table } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { noticeDelete, noticeGet, noticeList, noticeSave } from '../../../shared/dashboards/wall-contracts';
import { renderMessage, type MessageCode } from '../../../shared/messages/catalog';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { useLoad } from '../../ui/use-load';
import './dashboards.css';

/** The editor (tiptap and ProseMirror) loads only when someone edits a notice. */
const RichTextEditor = lazy(() => import('./rich-text-editor').then((m) => ({ default: m.RichTextEditor })));

/** /RedashConfig/TinymceList: the notices, newest first, each to edit or show on the wall. */
export function NoticeListPage() {
  const lang = useLang();
  const T = (code: MessageCode) => renderMessage(lang, code);
  const load = useCallback((signal: AbortSignal) => api(noticeList, {}, { signal }), []);
  const notices = useLoad(load);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Link to="/RedashConfig/TinymceConfig">
        <Button type="primary" data-testid="notice-add">
          {T('dashboards.add')}
        </Button>
      </Link>
      <Table
        rowKey="id"
        size="small"
        loading={notices.loading}
        dataSource={notices.data?.items ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: T('dashboards.noticeTitle'), dataIndex: 'title' },
          { title: T('dashboards.updatedAt'), dataIndex: 'updatedAt', render: (t: number) => formatDate(t, 'YYYY-MM-DD HH:mm') },
          { title: T('dashboards.updatedBy'), dataIndex: 'updatedBy' },
          {
            key: 'actions',
            render: (_: unknown, n: { id: number }) => (
              <Space>
                <Link to={`/RedashConfig/TinymceConfig?id=${n.id}`}>{T('dashboards.edit')}</Link>
                <Link to={`/ShowTinymce?id=${n.id}`} target="_blank">
                  {T('dashboards.show')}
                </Link>
                <Popconfirm title={T('dashboards.confirmDelete')} onConfirm={() => api(noticeDelete, { id: n.id }).then(notices.reload)}>
                  <a>{T('dashboards.remove')}</a>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </Space>
  );
}

/** /RedashConfig/TinymceConfig (`?id=` edits one): the title and the body in a rich-text editor; the server keeps only allowed HTML. */
export function NoticeEditorPage() {
  const lang = useLang();
  const T = (code: MessageCode) => renderMessage(lang, code);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id')) || undefined;
  const [title, setTitle] = useState('');
  const [html, setHtml] = useState<string | null>(id ? null : '');
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!id) {
      return;
    }
    let stopped = false;
    api(noticeGet, { id }).then(
      (n) => {
        if (!stopped) {
          setTitle(n.title);
          setHtml(n.html);
        }
      },
      () => undefined,
    );
    return () => {
      stopped = true;
    };
  }, [id]);
  const handleSave = async () => {
    setSaving(true);
    try {
      const saved = await api(noticeSave, { ...(id ? { id } : {}), title, html: html ?? '' });
      setHtml(saved.html);
      if (!id) {
        setParams({ id: String(saved.id) }, { replace: true });
      }
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card className="pw-notice-editor">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Input value={title} maxLength={100} placeholder={T('dashboards.noticeTitle')} onChange={(e) => setTitle(e.target.value)} data-testid="notice-title" />
        {html !== null && (
          <Suspense fallback={null}>
            <RichTextEditor key={id ?? 'new'} initial={html} onChange={setHtml} />
          </Suspense>
        )}
        <Space wrap>
          <Button type="primary" loading={saving} onClick={() => void handleSave()} data-testid="notice-save">
            {T('dashboards.save')}
          </Button>
          {id && (
            <Button onClick={() => void navigate(`/ShowTinymce?id=${id}`)} data-testid="notice-show">
              {T('dashboards.show')}
            </Button>
          )}
          <Link to="/RedashConfig/TinymceList">{T('dashboards.notices')}</Link>
        </Space>
      </Space>
    </Card>
  );
}

/** A stored notice's body: HTML the server sanitized (allow-list of tags and attributes) before it was stored. */
export function NoticeBody({ html, testId }: { html: string; testId?: string }) {
  return <div className="pw-notice" data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** /ShowTinymce?id=: one notice read-only, sized for the wall (text grows with the screen). */
export function ShowNoticePage() {
  const lang = useLang();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const load = useCallback((signal: AbortSignal) => api(noticeGet, { id }, { signal, silent: true }), [id]);
  const notice = useLoad(load);
  if (notice.loading && !notice.data) {
    return null;
  }
  if (!notice.data) {
    return <Empty description={renderMessage(lang, 'dashboards.noticeNotFound')} />;
  }
  return (
    <div className="pw-notice-wall" data-testid="notice-wall">
      <h1 className="pw-notice-title">{notice.data.title}</h1>
      <NoticeBody html={notice.data.html} testId="notice-body" />
    </div>
  );
}
