import { Button, Card, DatePicker, Empty, Pagination, Space, Timeline, TreeSelect, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isRiskLevel, type RiskLevel } from '../../../shared/domain/risk-evaluation';
import { renderMessage, type MessageCode } from '../../../shared/messages/catalog';
import { zoneRiskHistory } from '../../../shared/risk/contracts';
import { formatDate, type Lang } from '../../../shared/time';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { useRegions } from '../../ui/region-options';
import { useLoad } from '../../ui/use-load';
import { PaletteTag } from './palette-tag';
import { useMapColors, type Palette } from './use-map-colors';

const PAGE_SIZE = 30;
const knownKinds = new Set(['alarm', 'headcount', 'gathering', 'permit', 'hiddenDanger']);

/** A cause id of a history row as people read it: its kind by name, then the id. */
function causeText(lang: Lang, id: string): string {
  if (id === 'override') {
    return renderMessage(lang, 'risk.map.overridden');
  }
  const kind = id.slice(0, Math.max(0, id.indexOf(':')));
  return knownKinds.has(kind) ? `${renderMessage(lang, `risk.kind.${kind}` as MessageCode)} · ${id.slice(kind.length + 1)}` : id;
}

const level = (n: number | null): RiskLevel | null => (isRiskLevel(n) ? n : null);

function Change({ lang, palette, from, to }: { lang: Lang; palette: Palette; from: number | null; to: number }) {
  return (
    <Space size={6} wrap>
      {from === null ? (
        <Typography.Text type="secondary">{renderMessage(lang, 'risk.history.first')}</Typography.Text>
      ) : (
        <PaletteTag lang={lang} level={level(from)} palette={palette} />
      )}
      <span aria-hidden>→</span>
      <PaletteTag lang={lang} level={level(to)} palette={palette} />
    </Space>
  );
}

/**
 * /riskFourColorMap/history (issue 21 §5): every change of a zone's live
 * colour as a timeline, newest first: when, which zone, from which level to
 * which, and the causes behind the new level (an override, alarms, permits…).
 * Filter by zone (`?zone=` opens one) and by days; reads the same on a phone.
 */
export function ZoneHistoryPage() {
  const lang = useLang();
  const palette = useMapColors();
  const regions = useRegions();
  const [params, setParams] = useSearchParams();
  const zoneParam = Number(params.get('zone'));
  const zone = Number.isInteger(zoneParam) && zoneParam > 0 ? zoneParam : undefined;
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [page, setPage] = useState(1);
  const from = range?.[0] ? range[0].startOf('day').valueOf() : undefined;
  const to = range?.[1] ? range[1].add(1, 'day').startOf('day').valueOf() : undefined;
  const { data, loading, reload } = useLoad(
    useCallback((signal: AbortSignal) => api(zoneRiskHistory, { regionid: zone, from, to, page, pageSize: PAGE_SIZE }, { signal }), [zone, from, to, page]),
  );
  const setZone = (id: number | undefined) => {
    setPage(1);
    setParams(id === undefined ? {} : { zone: String(id) }, { replace: true });
  };

  return (
    <Card
      size="small"
      title={renderMessage(lang, 'risk.history.title')}
      extra={<Link to="/riskFourColorMap">{renderMessage(lang, 'risk.history.toMap')}</Link>}
      data-testid="risk-history-page"
    >
      <Space size={[8, 8]} wrap style={{ marginBottom: 12 }}>
        <TreeSelect<number>
          allowClear
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          style={{ width: 'min(260px, 86vw)' }}
          placeholder={renderMessage(lang, 'risk.history.allZones')}
          value={zone}
          onChange={(v) => setZone(v ?? undefined)}
          treeData={regions.tree}
          data-testid="risk-history-zone"
        />
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          value={range}
          onChange={(r) => {
            setPage(1);
            setRange(r);
          }}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          style={{ width: 'min(280px, 86vw)' }}
          data-testid="risk-history-range"
        />
        <Button onClick={reload}>{renderMessage(lang, 'risk.history.refresh')}</Button>
      </Space>
      {data && data.items.length === 0 && !loading ? (
        <Empty description={renderMessage(lang, 'risk.history.none')} />
      ) : (
        <Timeline
          data-testid="risk-history-list"
          items={(data?.items ?? []).map((h) => ({
            key: h.id,
            color: palette.color(level(h.to)),
            children: (
              <div data-testid={`risk-history-row-${h.id}`} data-from={h.from ?? ''} data-to={h.to}>
                <Space size={[8, 2]} wrap>
                  <Typography.Text type="secondary">{formatDate(h.t, 'YYYY-MM-DD HH:mm:ss')}</Typography.Text>
                  {zone === undefined && (
                    <Typography.Link onClick={() => setZone(h.regionid)}>{regions.nameOf.get(h.regionid) ?? String(h.regionid)}</Typography.Link>
                  )}
                  <Change lang={lang} palette={palette} from={h.from} to={h.to} />
                </Space>
                <div style={{ fontSize: 12, marginTop: 2 }}>
                  {h.causes.length === 0 ? (
                    <Typography.Text type="secondary">{renderMessage(lang, 'risk.history.noCause')}</Typography.Text>
                  ) : (
                    <span>
                      {renderMessage(lang, 'risk.history.causes')}: {h.causes.map((c) => causeText(lang, c)).join('；')}
                    </span>
                  )}
                </div>
              </div>
            ),
          }))}
        />
      )}
      {data && data.total > PAGE_SIZE && (
        <Pagination simple current={page} pageSize={PAGE_SIZE} total={data.total} onChange={setPage} style={{ marginTop: 8 }} />
      )}
    </Card>
  );
}
