import { Card, Statistic, Table, Typography } from 'antd';
import { useCallback } from 'react';
import { tagStorageStats } from '../../../shared/realtime/history-contracts';
import { api } from '../../app/api';
import { pick, useLang } from '../../app/i18n';
import { useLoad } from '../../ui/use-load';

type Item = { tag: string; chunks: number; samples: number; bytes: number; bytesPerSample: number };

const fmt = (x: number, d = 0) => x.toLocaleString(undefined, { maximumFractionDigits: d, minimumFractionDigits: d });

/** Storage figures of the historian per tag (UAPI/Tag/StorageStats): for administrators sizing the disk. */
export function StoragePanel() {
  const lang = useLang();
  const load = useCallback((signal: AbortSignal) => api(tagStorageStats, {}, { signal }), []);
  const stats = useLoad(load);
  const d = stats.data;
  return (
    <Card
      size="small"
      style={{ marginTop: 16 }}
      title={pick(lang, '历史数据存储', 'History storage')}
      data-testid="storage-panel"
      extra={d && <Typography.Text type="secondary">{new Date(d.at).toLocaleTimeString()}</Typography.Text>}
    >
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 24, marginBottom: 12 }}>
        <Statistic title={pick(lang, '已存样本', 'Samples stored')} value={d ? fmt(d.samples) : '—'} />
        <Statistic title={pick(lang, '占用空间（MB）', 'Size (MB)')} value={d ? fmt(d.bytes / 1e6, 1) : '—'} />
        <Statistic title={pick(lang, '每样本字节', 'Bytes per sample')} value={d ? fmt(d.bytesPerSample, 2) : '—'} />
      </div>
      <Table<Item>
        rowKey="tag"
        size="small"
        loading={stats.loading}
        dataSource={d?.items ?? []}
        scroll={{ x: 480 }}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        columns={[
          { title: pick(lang, '位号', 'Tag'), dataIndex: 'tag', key: 'tag', ellipsis: true },
          { title: pick(lang, '样本数', 'Samples'), dataIndex: 'samples', key: 'samples', align: 'right', render: (v: number) => fmt(v), sorter: (a, b) => a.samples - b.samples },
          { title: pick(lang, '字节', 'Bytes'), dataIndex: 'bytes', key: 'bytes', align: 'right', render: (v: number) => fmt(v), sorter: (a, b) => a.bytes - b.bytes },
          {
            title: pick(lang, '每样本字节', 'Bytes/sample'),
            dataIndex: 'bytesPerSample',
            key: 'bps',
            align: 'right',
            render: (v: number) => fmt(v, 2),
            sorter: (a, b) => a.bytesPerSample - b.bytesPerSample,
          },
        ]}
      />
    </Card>
  );
}
