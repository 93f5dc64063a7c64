import { Alert, Button, Card, Col, Descriptions, Empty, Row, Space, Spin, Table, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { identificationList, type IdentificationItem } from '../../../shared/major-hazard/contracts';
import { unitKinds } from '../../../shared/major-hazard/ledgers';
import { renderMessage } from '../../../shared/messages/catalog';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { useLang, type Lang } from '../../app/i18n';
import { navigateTo } from '../../app/navigation';
import { useSession } from '../../app/session-store';
import { useRecordChanges } from '../../ui/records/use-record-changes';
import { useLoad } from '../../ui/use-load';
import { GradeTag } from './grade-tag';
import { UnitFormModal } from './unit-form';

type Step = { code: string; params?: Record<string, string | number> };
type Graded = NonNullable<IdentificationItem['result']>['substances'][number];

const n6 = (x: number | null | undefined) => (x === null || x === undefined ? '—' : String(Number(x.toPrecision(6))));
const label = (o: { zh: string; en: string }, lang: Lang) => (lang === 'en' && o.en ? o.en : o.zh);

function Steps({ steps, lang }: { steps: readonly Step[]; lang: Lang }) {
  return (
    <ol style={{ margin: 0, paddingInlineStart: 20 }}>
      {steps.map((s, i) => (
        <li key={i}>{renderMessage(lang, s.code, s.params)}</li>
      ))}
    </ol>
  );
}

function UnitCard({ item, lang }: { item: IdentificationItem; lang: Lang }) {
  const r = item.result;
  const kind = unitKinds.find((k) => k.value === item.kind);
  return (
    <Card
      size="small"
      data-testid={`mh-unit-${item.id}`}
      title={
        <Space wrap>
          <span>{item.name}</span>
          {r ? <GradeTag grade={r.grade} isMajor={r.isMajor} lang={lang} testId={`mh-grade-${item.id}`} /> : null}
        </Space>
      }
      extra={<Typography.Text type="secondary">{kind ? label(kind.label, lang) : item.kind}</Typography.Text>}
    >
      {r ? (
        <Space direction="vertical" size={8} style={{ width: '100%' }}>
          <Descriptions size="small" column={{ xs: 2, sm: 4 }} data-testid={`mh-result-${item.id}`}>
            <Descriptions.Item label="S">{n6(r.S)}</Descriptions.Item>
            <Descriptions.Item label="R">{n6(r.R)}</Descriptions.Item>
            <Descriptions.Item label="α">{n6(r.alpha)}</Descriptions.Item>
            <Descriptions.Item label={renderMessage(lang, 'majorHazard.col.substance')}>{r.substances.length}</Descriptions.Item>
          </Descriptions>
          <Table<Graded>
            size="small"
            rowKey={(_s, i) => String(i)}
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={r.substances}
            columns={[
              {
                title: renderMessage(lang, 'majorHazard.col.substance'),
                render: (_v, s) => s.name || s.cas || (s.categories ?? []).join(', '),
              },
              { title: renderMessage(lang, 'majorHazard.col.q'), dataIndex: 'q' },
              ...(item.stock
                ? [
                    {
                      title: renderMessage(lang, 'majorHazard.col.stock'),
                      render: (_v: unknown, s: Graded) => {
                        const held = item.stock!.find((x) => x.cas === s.cas)?.quantity ?? 0;
                        return (
                          <Typography.Text type={held > s.q ? 'danger' : undefined} data-testid={`mh-stock-${item.id}-${s.cas ?? ''}`}>
                            {n6(held)}
                          </Typography.Text>
                        );
                      },
                    },
                  ]
                : []),
              { title: renderMessage(lang, 'majorHazard.col.Q'), dataIndex: 'Q' },
              { title: renderMessage(lang, 'majorHazard.col.beta'), dataIndex: 'beta' },
              { title: renderMessage(lang, 'majorHazard.col.ratio'), render: (_v, s) => n6(s.ratio) },
            ]}
          />
          {item.stock ? <Typography.Text type="secondary">{renderMessage(lang, 'majorHazard.stockNote')}</Typography.Text> : null}
          <div data-testid={`mh-reasons-${item.id}`}>
            <Typography.Text strong>{renderMessage(lang, 'majorHazard.reasons')}</Typography.Text>
            {r.substances.map((s, i) => (
              <div key={i}>
                <Typography.Text type="secondary">{s.name || s.cas || `#${i + 1}`}</Typography.Text>
                <Steps steps={s.reasons} lang={lang} />
              </div>
            ))}
            <Steps steps={r.reasons} lang={lang} />
          </div>
        </Space>
      ) : (
        <Alert
          type="error"
          showIcon
          message={renderMessage(lang, 'majorHazard.notIdentified')}
          description={item.issues.map((i) => `${i.field}: ${renderMessage(lang, i.code, i.params)}`).join('；')}
        />
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {renderMessage(lang, 'majorHazard.population', { n: item.population })} ·{' '}
        {renderMessage(lang, 'majorHazard.computedAt', { time: formatDate(item.computedAt) })}
      </Typography.Text>
    </Card>
  );
}

/**
 * /dangerSourceManagement/dangerSourceConfirm: the identification of every
 * unit (GB 18218-2018), kept by the server and run again when a unit's
 * substances, quantities or population change; reloads on those changes.
 */
export function DangerSourceConfirmPage() {
  const lang = useLang();
  const canManage = useSession((s) => s.user?.permissions.includes('majorHazard:manage') ?? false);
  const [adding, setAdding] = useState(false);
  const load = useCallback((signal: AbortSignal) => api(identificationList, {}, { signal }), []);
  const { data, loading, reload } = useLoad(load);
  useRecordChanges('DangerSource', reload);
  const form = canManage ? (
    <UnitFormModal
      open={adding}
      lang={lang}
      onClose={() => setAdding(false)}
      onSaved={() => {
        setAdding(false);
        reload();
      }}
    />
  ) : null;
  const addButton = canManage ? (
    <Button type="primary" onClick={() => setAdding(true)} data-testid="mh-unit-add">
      {renderMessage(lang, 'majorHazard.registerUnit')}
    </Button>
  ) : null;
  if (!data) {
    return loading ? <Spin /> : null;
  }
  if (data.items.length === 0) {
    return (
      <>
        <Empty description={renderMessage(lang, 'majorHazard.none')}>
          <Space>
            {addButton}
            <Button onClick={() => navigateTo('/dangerSourceManagement/dangerSource')}>
              {renderMessage(lang, 'majorHazard.toRegister')}
            </Button>
          </Space>
        </Empty>
        {form}
      </>
    );
  }
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      {addButton}
      <Row gutter={[12, 12]} data-testid="mh-identification">
        {data.items.map((item) => (
          <Col key={item.id} xs={24} xl={12}>
            <UnitCard item={item} lang={lang} />
          </Col>
        ))}
      </Row>
      {form}
    </Space>
  );
}
