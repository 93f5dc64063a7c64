import { Card, Descriptions, Grid, Image, Space, Table, Typography } from 'antd';
import type { DocBlock, PrintDocument } from '../../../shared/documents/document';
import { formatDate } from '../../../shared/time';

/** A table block on a wide screen as a table; on a phone as one small card per row, so nothing scrolls sideways. */
function TableBlock({ block, narrow }: { block: Extract<DocBlock, { kind: 'table' }>; narrow: boolean }) {
  if (narrow) {
    return (
      <Space direction="vertical" style={{ width: '100%' }}>
        {block.rows.map((r, i) => (
          <Card key={i} size="small">
            <Descriptions size="small" column={1} items={block.columns.map((c, j) => ({ key: j, label: c, children: r[j] || '—' }))} />
          </Card>
        ))}
      </Space>
    );
  }
  const columns = block.columns.map((c, j) => ({ title: c, key: j, render: (_: unknown, r: string[]) => r[j] }));
  return (
    <Table
      size="small"
      rowKey={(_, i) => String(i)}
      columns={columns}
      dataSource={block.rows}
      pagination={block.rows.length > 50 ? { pageSize: 50 } : false}
    />
  );
}

function Block({ block, narrow }: { block: DocBlock; narrow: boolean }) {
  switch (block.kind) {
    case 'heading':
      return (
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          {block.text}
        </Typography.Title>
      );
    case 'paragraph':
      return <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{block.text}</Typography.Paragraph>;
    case 'fields':
      return (
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, sm: 1, md: 2, xxl: 3 }}
          items={block.items.map((f, i) => ({
            key: i,
            label: f.label,
            children: <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{f.value || '—'}</span>,
          }))}
        />
      );
    case 'table':
      return <TableBlock block={block} narrow={narrow} />;
    case 'signatures':
      return (
        <Space wrap size={12} data-testid="doc-signatures">
          {block.items.map((s, i) => (
            <Card key={i} size="small" style={{ width: 200 }} title={s.role}>
              {s.image ? (
                <Image src={s.image} alt={s.name} height={56} style={{ objectFit: 'contain' }} preview={false} />
              ) : (
                <div style={{ height: 56 }} />
              )}
              <div>{s.name}</div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {[s.at === null ? '' : formatDate(s.at, 'YYYY-MM-DD HH:mm'), s.note].filter(Boolean).join(' ')}
              </Typography.Text>
            </Card>
          ))}
        </Space>
      );
    case 'qr':
      return <Typography.Link href={block.url}>{block.caption || block.url}</Typography.Link>;
  }
}

/** A document (shared/documents/document.ts) as a page: what its PDF prints, laid out for the screen. */
export function DocumentView({ doc }: { doc: PrintDocument }) {
  const narrow = !Grid.useBreakpoint().md;
  return (
    <div data-testid="document-view">
      <Space direction="vertical" size={4} style={{ width: '100%', marginBottom: 12 }}>
        <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {doc.title}
          </Typography.Title>
          {doc.number ? (
            <Typography.Text strong data-testid="document-number">
              {doc.number}
            </Typography.Text>
          ) : null}
        </Space>
        {doc.subtitle ? <Typography.Text type="secondary">{doc.subtitle}</Typography.Text> : null}
      </Space>
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        {doc.blocks.map((b, i) => (
          <Block key={i} block={b} narrow={narrow} />
        ))}
      </Space>
      {doc.footer ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 24, fontSize: 12 }}>
          {doc.footer}
        </Typography.Paragraph>
      ) : null}
    </div>
  );
}
