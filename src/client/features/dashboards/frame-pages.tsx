import { Alert, Button, Card, Input, Space } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { frameCheck, frameOrigins, frameOriginsSave } from '../../../shared/dashboards/wall-contracts';
import { renderMessage } from '../../../shared/messages/catalog';
import { api, ApiError } from '../../app/api';
import { useLang } from '../../app/i18n';
import { notify } from '../../app/feedback';
import { useLoad } from '../../ui/use-load';
import './dashboards.css';

/** The page at `url` in a frame when the server says its origin is on the allow-list; the refusal's message otherwise (never framed). */
export function AllowedFrame({ url, title }: { url: string; title?: string }) {
  const lang = useLang();
  const [state, setState] = useState<{ ok: true } | { ok: false; message: string } | null>(null);
  useEffect(() => {
    let stopped = false;
    setState(null);
    api(frameCheck, { url }, { silent: true }).then(
      () => !stopped && setState({ ok: true }),
      (err: unknown) => !stopped && setState({ ok: false, message: err instanceof ApiError ? err.message : renderMessage(lang, 'dashboards.frameRefused', { origin: url }) }),
    );
    return () => {
      stopped = true;
    };
  }, [url, lang]);
  if (!state) {
    return null;
  }
  if (!state.ok) {
    return <Alert type="error" showIcon message={state.message} data-testid="frame-refused" />;
  }
  return <iframe className="pw-frame" src={url} title={title ?? url} sandbox="allow-scripts allow-same-origin allow-forms allow-popups" referrerPolicy="no-referrer" data-testid="frame" />;
}

/** /IframePage/index?url=: a web page of an allowed site, the whole page (for the wall). */
export function FramePage() {
  const [params] = useSearchParams();
  const url = params.get('url') ?? '';
  return (
    <div style={{ height: 'calc(100vh - 160px)', minHeight: 320 }}>
      <AllowedFrame url={url} />
    </div>
  );
}

/** /IframePage/config: the allow-list of sites whose pages may be framed (one origin a line). */
export function FrameConfigPage() {
  const lang = useLang();
  const load = useCallback((signal: AbortSignal) => api(frameOrigins, {}, { signal }), []);
  const origins = useLoad(load);
  const [text, setText] = useState<string | null>(null);
  const [preview, setPreview] = useState('');
  const value = text ?? (origins.data?.items ?? []).join('\n');
  const handleSave = async () => {
    const items = value.split(/\s+/).map((s) => s.trim()).filter(Boolean);
    const saved = await api(frameOriginsSave, { items });
    setText(saved.items.join('\n'));
    notify(renderMessage(lang, 'dashboards.saved'));
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card title={renderMessage(lang, 'dashboards.frameOrigins')}>
        <p>{renderMessage(lang, 'dashboards.frameOriginsHelp')}</p>
        <Input.TextArea rows={6} value={value} onChange={(e) => setText(e.target.value)} data-testid="frame-origins" />
        <Button type="primary" style={{ marginTop: 8 }} onClick={() => void handleSave()} data-testid="frame-origins-save">
          {renderMessage(lang, 'dashboards.save')}
        </Button>
      </Card>
      <Card title={renderMessage(lang, 'dashboards.preview')}>
        <Input placeholder={renderMessage(lang, 'dashboards.frameUrl')} onPressEnter={(e) => setPreview(e.currentTarget.value)} allowClear />
        {preview && (
          <div style={{ height: 360, marginTop: 8 }}>
            <AllowedFrame url={preview} />
          </div>
        )}
      </Card>
    </Space>
  );
}
