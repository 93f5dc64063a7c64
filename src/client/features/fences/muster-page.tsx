import { AlertOutlined, StopOutlined } from '@ant-design/icons';
import {
  Alert,
  Badge,
  Button,
  Card,
  Col,
  Empty,
  Form,
  Input,
  Modal,
  Popconfirm,
  Row,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { musterBoardCall, musterEnd, musterStart, type MusterBoard, type MusterPerson } from '../../../shared/fences/muster-contracts';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { pick, useLang } from '../../app/i18n';
import { useSession } from '../../app/session-store';
import { fencesNs } from './locales';

/** The board refreshes this often: a muster's first minutes are counted live. */
const POLL_MS = 2000;

/** Polls the muster board every 2 s while the page is shown. */
function useBoard(): [MusterBoard | null, () => void] {
  const [board, setBoard] = useState<MusterBoard | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const load = async () => {
      try {
        setBoard(await api(musterBoardCall, { staleMinutes: 5 }, { signal: controller.signal, silent: true }));
      } catch {
        // The next poll tries again.
      }
      if (!controller.signal.aborted) {
        timer = setTimeout(() => void load(), POLL_MS);
      }
    };
    void load();
    return () => {
      controller.abort();
      if (timer) {
        clearTimeout(timer);
      }
    };
  }, [tick]);
  return [board, () => setTick((n) => n + 1)];
}

/** /Muster: the muster board for the big screen and the phone (DOMAIN.md §4). */
export function MusterPage() {
  const { t } = useTranslation(fencesNs);
  const lang = useLang();
  const mayRun = useSession((s) => s.user?.permissions.includes('alarm:admin') ?? false);
  const [board, reload] = useBoard();
  const [starting, setStarting] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const open = board?.muster && board.muster.ended_at === null ? board.muster : null;

  const handleStart = async () => {
    const { reason } = await form.validateFields();
    await api(musterStart, { reason });
    setStarting(false);
    form.resetFields();
    reload();
  };
  const handleEnd = async () => {
    await api(musterEnd, {});
    reload();
  };

  const columns = (withRegion: boolean): ColumnsType<MusterPerson> => [
    { title: t('muster.name'), dataIndex: 'name', width: 110 },
    { title: t('muster.card'), dataIndex: 'card', width: 100 },
    { title: t('muster.dept'), key: 'dept', width: 140, ellipsis: true, render: (_: unknown, p) => pick(lang, p.dept, p.dept_en) || '—' },
    ...(withRegion
      ? [
          {
            title: t('muster.region'),
            key: 'region',
            width: 140,
            render: (_: unknown, p: MusterPerson) => pick(lang, p.region, p.region_en) || '—',
          },
        ]
      : []),
    { title: t('muster.lastFix'), dataIndex: 't', width: 100, render: (v: number) => formatDate(v, 'HH:mm:ss') },
  ];
  const list = (key: string, title: string, rows: MusterPerson[], color: string, withRegion = true) => (
    <Card
      size="small"
      title={
        <Space>
          <Badge color={color} />
          {title}
          <Tag color={color}>{rows.length}</Tag>
        </Space>
      }
      data-testid={`muster-${key}`}
    >
      <Table<MusterPerson>
        size="small"
        rowKey="card"
        columns={columns(withRegion)}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 480, y: 360 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
      />
    </Card>
  );

  const onSite = board ? board.arrived.length + board.inside.length + board.noFix.length : 0;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="muster-page">
      <Card
        size="small"
        title={t('muster.title')}
        extra={
          mayRun &&
          (open ? (
            <Popconfirm title={t('muster.confirmEnd')} onConfirm={handleEnd}>
              <Button danger icon={<StopOutlined />} data-testid="muster-end">
                {t('muster.end')}
              </Button>
            </Popconfirm>
          ) : (
            <Button type="primary" danger icon={<AlertOutlined />} onClick={() => setStarting(true)} data-testid="muster-start">
              {t('muster.start')}
            </Button>
          ))
        }
      >
        {open ? (
          <Alert
            type="error"
            showIcon
            message={t('muster.open', { reason: open.reason, by: open.started_by, at: formatDate(open.started_at, 'HH:mm:ss') })}
          />
        ) : (
          <Typography.Text type="secondary">
            {board?.muster?.ended_at
              ? t('muster.ended', { reason: board.muster.reason, at: formatDate(board.muster.ended_at) })
              : t('muster.none')}
          </Typography.Text>
        )}
        <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
          <Col xs={12} md={6}>
            <Statistic title={t('muster.total')} value={onSite} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('muster.arrived')} value={board?.arrived.length ?? 0} valueStyle={{ color: '#389e0d' }} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('muster.inside')} value={board?.inside.length ?? 0} valueStyle={{ color: '#d46b08' }} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title={t('muster.noFix', { n: board?.staleMinutes ?? 5 })}
              value={board?.noFix.length ?? 0}
              valueStyle={{ color: '#cf1322' }}
            />
          </Col>
        </Row>
        <Space wrap style={{ marginTop: 8 }}>
          <Typography.Text type="secondary">{t('muster.points')}:</Typography.Text>
          {board && board.points.length === 0 ? <Typography.Text type="secondary">{t('muster.noPoints')}</Typography.Text> : null}
          {board?.points.map((p) => (
            <Tag key={p.regionid} color="green">
              {pick(lang, p.name, p.name_en)} {p.count}
            </Tag>
          ))}
          <Typography.Text type="secondary">{t('muster.left', { n: board?.left ?? 0 })}</Typography.Text>
        </Space>
      </Card>
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={8}>
          {list('noFix', t('muster.noFix', { n: board?.staleMinutes ?? 5 }), board?.noFix ?? [], '#cf1322')}
        </Col>
        <Col xs={24} xl={8}>
          {list('inside', t('muster.inside'), board?.inside ?? [], '#d46b08')}
        </Col>
        <Col xs={24} xl={8}>
          {list('arrived', t('muster.arrived'), board?.arrived ?? [], '#389e0d')}
        </Col>
      </Row>
      <Modal open={starting} title={t('muster.start')} onOk={() => void handleStart()} onCancel={() => setStarting(false)} destroyOnHidden>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="reason"
            label={t('muster.reason')}
            rules={[{ required: true, whitespace: true, message: t('muster.reasonRequired') }, { max: 200 }]}
          >
            <Input data-testid="muster-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
