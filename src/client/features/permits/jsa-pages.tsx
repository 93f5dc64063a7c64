import { Card, Col, Empty, List, Row, Space, Statistic, Table, Tag } from 'antd';
import { useCallback } from 'react';
import { jsaAnalysis, jsaMap } from '../../../shared/permits/routes-contracts';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { navigateTo } from '../../app/navigation';
import { LedgerPage } from '../../ui/records/ledger-page';
import { useLoad } from '../../ui/use-load';
import { m, statusColor, typeLabel } from './permit-labels';
import { RecordCreatePage, RecordDetailPage } from './record-pages';
import { PermitZonesMap } from './work-map-page';

/* Job safety analysis (issue 25 §2; spec 2 §2.3 /JSA): the JSA ledger and its configuration on the record engine, the analysis and the map. */

/** /JSA/JSASearch */
export const JsaSearchPage = () => <LedgerPage entity="JSA" />;
/** /JSA/DataCenter: the hazard library. */
export const JsaDataCenterPage = () => <LedgerPage entity="JSAHazard" />;
/** /JSA/WorkType */
export const JsaWorkTypePage = () => <LedgerPage entity="JSAWorkType" />;
/** /JSA/ApplyConfig */
export const JsaApplyConfigPage = () => <LedgerPage entity="JSAApplyConfig" />;
/** /JSA/EvaluateConfig */
export const JsaEvaluateConfigPage = () => <LedgerPage entity="JSAEvaluateConfig" />;
/** /JSA/JSADetail?id= */
export const JsaDetailPage = () => <RecordDetailPage entity="JSA" />;

/** /JSA/JSACreate: a new JSA; saved, it opens in its detail (where the analyst completes it). */
export function JsaCreatePage() {
  const lang = useLang();
  return <RecordCreatePage entity="JSA" detailHref="/JSA/JSADetail" savedText={m(lang, 'permits.jsa.created')} />;
}

/** /JSA/JSAAnalysis: JSAs by work type (how many completed) and task steps by hazard kind. */
export function JsaAnalysisPage() {
  const lang = useLang();
  const loaded = useLoad(useCallback((signal: AbortSignal) => api(jsaAnalysis, {}, { signal }), []));
  const d = loaded.data;
  const maxHazard = Math.max(1, ...(d?.byHazard.map((h) => h.count) ?? [1]));
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small">
        <Statistic title={m(lang, 'permits.jsa.total')} value={d?.total ?? 0} loading={loaded.loading && !d} />
      </Card>
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={12}>
          <Card size="small" title={m(lang, 'permits.jsa.byType')}>
            <Table
              size="small"
              rowKey="permitType"
              pagination={false}
              loading={loaded.loading && !d}
              dataSource={d?.byType ?? []}
              data-testid="jsa-by-type"
              columns={[
                { title: m(lang, 'permits.ui.type'), key: 'type', render: (_v, r) => m(lang, `permits.type.${r.permitType}`) },
                { title: m(lang, 'permits.jsa.count'), dataIndex: 'total', key: 'total', align: 'right' },
                { title: m(lang, 'permits.jsa.completed'), dataIndex: 'completed', key: 'completed', align: 'right' },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={m(lang, 'permits.jsa.byHazard')}>
            {d && d.byHazard.length === 0 ? (
              <Empty />
            ) : (
              <List
                size="small"
                dataSource={d?.byHazard ?? []}
                data-testid="jsa-by-hazard"
                renderItem={(h) => (
                  <List.Item>
                    <div style={{ width: '100%' }}>
                      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
                        <span>{m(lang, `permits.jsa.hazard.${h.hazardType}`)}</span>
                        <span>{h.count}</span>
                      </Space>
                      <div style={{ height: 6, background: '#f0f0f0', borderRadius: 3, marginTop: 4 }}>
                        <div style={{ width: `${(h.count / maxHazard) * 100}%`, height: 6, background: '#fa8c16', borderRadius: 3 }} />
                      </div>
                    </div>
                  </List.Item>
                )}
              />
            )}
          </Card>
        </Col>
      </Row>
    </Space>
  );
}

/** /JSA/JSAMap: the permits in effect at their places, each with the JSAs that name it. */
export function JsaMapPage() {
  const lang = useLang();
  const loaded = useLoad(useCallback((signal: AbortSignal) => api(jsaMap, {}, { signal }), []));
  const items = loaded.data?.items ?? [];
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <PermitZonesMap permits={items} label={(p) => items.find((x) => x.id === p.id)?.jsas.map((j) => j.number).join(', ') || m(lang, 'permits.jsa.none')} />
      <Card size="small">
        {items.length === 0 && !loaded.loading ? (
          <Empty description={m(lang, 'permits.ui.noneLive')} />
        ) : (
          <List
            size="small"
            dataSource={items}
            renderItem={(p) => (
              <List.Item data-testid={`jsa-map-permit-${p.id}`} style={{ flexWrap: 'wrap', gap: 8 }}>
                <Space wrap size={6}>
                  <a onClick={() => navigateTo(`/SafetyWorkPermit/WorkingBillDetail?id=${p.id}`)}>{p.number}</a>
                  <span>{typeLabel(lang, p)}</span>
                  <Tag color={statusColor[p.status]}>{m(lang, `permits.status.${p.status}`)}</Tag>
                  <span>{p.location}</span>
                </Space>
                <Space wrap size={4}>
                  {p.jsas.length === 0 ? (
                    <Tag>{m(lang, 'permits.jsa.none')}</Tag>
                  ) : (
                    p.jsas.map((j) => (
                      <Tag key={j.id} color="blue" style={{ cursor: 'pointer' }} onClick={() => navigateTo(`/JSA/JSADetail?id=${j.id}`)}>
                        {j.number} {j.title}
                      </Tag>
                    ))
                  )}
                </Space>
              </List.Item>
            )}
          />
        )}
      </Card>
    </Space>
  );
}
