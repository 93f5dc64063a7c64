import { Empty, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { commitmentNoticeShow } from '../../../shared/commitments/contracts';
import { renderMessage } from '../../../shared/messages/catalog';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { LangSwitch } from '../../shell/lang-switch';
import { NoticeView } from './notice-view';

type Shown = Awaited<ReturnType<typeof load>>;
const load = (signal: AbortSignal) => api(commitmentNoticeShow, {}, { signal, silent: true });
/** A wall screen keeps itself current: the morning's signature appears without a reload. */
const REFRESH_MS = 60_000;

/**
 * /showCommitment (public, no sign-in): the latest signed safety commitment,
 * large enough for a big screen at the gate, with the days before it.
 */
export function CommitmentShowPage() {
  const lang = useLang();
  const [data, setData] = useState<Shown | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    const tick = () =>
      load(controller.signal).then(
        (d) => {
          setData(d);
          setFailed(false);
        },
        () => !controller.signal.aborted && setFailed(true),
      );
    void tick();
    const timer = setInterval(() => void tick(), REFRESH_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, []);

  return (
    <div className="commitment-public" data-testid="commitment-show-page">
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
        <Typography.Title level={3} style={{ margin: '0 0 12px' }}>
          {renderMessage(lang, 'commitment.title')}
        </Typography.Title>
        <LangSwitch />
      </div>
      {!data && !failed && <Spin />}
      {(failed || (data && !data.latest)) && <Empty description={renderMessage(lang, 'commitment.noneSigned')} />}
      {data?.latest && <NoticeView lang={lang} notice={data.latest} large />}
      {data && data.history.length > 0 && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {renderMessage(lang, 'commitment.history')}
          </Typography.Title>
          {data.history.map((n) => (
            <div key={n.id} style={{ marginBottom: 12 }}>
              <NoticeView lang={lang} notice={n} />
            </div>
          ))}
        </>
      )}
    </div>
  );
}
