import { Button, Card, Col, Descriptions, Empty, Input, List, Row, Space, Spin, Tag, Typography } from 'antd';
import './major-hazard.css';
import { useCallback, useMemo, useState } from 'react';
import { msdsDetail, msdsList, msdsPdf } from '../../../shared/major-hazard/contracts';
import { renderMessage } from '../../../shared/messages/catalog';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { downloadPost } from '../../ui/file-transfer';
import { useLoad } from '../../ui/use-load';

function initialCode(): string | null {
  return new URLSearchParams(window.location.search).get('code');
}

/** One substance's sheet: the 16 sections of GB/T 16483-2008 with the catalogue's data under each. */
function Sheet({ code }: { code: string }) {
  const lang = useLang();
  const load = useCallback((signal: AbortSignal) => api(msdsDetail, { code }, { signal }), [code]);
  const { data, loading } = useLoad(load);
  const [printing, setPrinting] = useState(false);
  if (!data) {
    return loading ? <Spin /> : null;
  }
  const name = data.name[lang] || data.name.zh;
  return (
    <Card
      size="small"
      data-testid="mh-msds-sheet"
      data-code={data.code}
      title={
        <Space wrap>
          <span>
            {renderMessage(lang, 'majorHazard.msds.title')} · {name}
          </span>
          {data.cas ? <Tag>CAS {data.cas}</Tag> : null}
          {data.un ? <Tag>UN {data.un}</Tag> : null}
        </Space>
      }
      extra={
        <Button
          size="small"
          loading={printing}
          data-testid="mh-msds-pdf"
          onClick={() => {
            setPrinting(true);
            void downloadPost(msdsPdf.path, { code }, `MSDS-${data.code}.pdf`).finally(() => setPrinting(false));
          }}
        >
          {renderMessage(lang, 'majorHazard.msds.print')}
        </Button>
      }
    >
      {data.sections.map((s) => (
        <section key={s.key} className="mh-msds-section" data-testid={`mh-msds-${s.key}`}>
          <Typography.Title level={5} style={{ marginTop: 8 }}>
            {s.title}
          </Typography.Title>
          {s.text ? <Typography.Paragraph style={{ marginBottom: 6 }}>{s.text}</Typography.Paragraph> : null}
          {s.fields.length > 0 ? (
            <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }}>
              {s.fields.map((f) => (
                <Descriptions.Item key={f.label} label={f.label}>
                  {f.value}
                </Descriptions.Item>
              ))}
            </Descriptions>
          ) : null}
        </section>
      ))}
    </Card>
  );
}

/**
 * /majorHazard88/instructions (seed: the one page with code MSDS): the
 * chemical catalogue's substances, each as a safety data sheet in the 16
 * sections of GB/T 16483-2008, printable as an A4 PDF.
 */
export function MsdsPage() {
  const lang = useLang();
  const load = useCallback((signal: AbortSignal) => api(msdsList, {}, { signal }), []);
  const { data, loading } = useLoad(load);
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<string | null>(initialCode);
  const items = useMemo(() => {
    const k = keyword.trim().toLowerCase();
    return (data?.items ?? []).filter(
      (x) => !k || [x.name.zh, x.name.en, x.cas ?? '', x.un ?? ''].some((v) => v.toLowerCase().includes(k)),
    );
  }, [data, keyword]);
  if (!data) {
    return loading ? <Spin /> : null;
  }
  if (data.items.length === 0) {
    return <Empty />;
  }
  const code = picked ?? data.items[0].code;
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} md={8} xl={6}>
        <Card size="small" styles={{ body: { padding: 8 } }}>
          <Input.Search
            allowClear
            placeholder={renderMessage(lang, 'majorHazard.msds.search')}
            onChange={(e) => setKeyword(e.target.value)}
            data-testid="mh-msds-search"
          />
          <List
            size="small"
            className="mh-msds-list"
            dataSource={items}
            renderItem={(x) => (
              <List.Item
                key={x.code}
                data-testid={`mh-msds-item-${x.code}`}
                onClick={() => setPicked(x.code)}
                style={{ cursor: 'pointer', background: x.code === code ? 'rgba(22,119,255,0.08)' : undefined, paddingInline: 8 }}
              >
                <Space direction="vertical" size={0}>
                  <span>{x.name[lang] || x.name.zh}</span>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {[x.cas, x.categories.join(' ')].filter(Boolean).join(' · ')}
                    {x.hasSheet ? '' : ` · ${renderMessage(lang, 'majorHazard.msds.dataOnly')}`}
                  </Typography.Text>
                </Space>
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} md={16} xl={18}>
        <Sheet key={code} code={code} />
      </Col>
    </Row>
  );
}
