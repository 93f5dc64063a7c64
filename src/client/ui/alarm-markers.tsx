import { Badge, Popover, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Marker } from 'react-map-gl/maplibre';
import { limitTypesOfTags, type AlarmItem, type AlarmType } from '../../shared/alarms/contracts';
import { boundsCentre } from '../../shared/domain/geometry';
import { addTranslations, type Lang } from '../app/i18n';
import { priorityColors } from './alarm-priority';
import { openFaceplate } from './faceplate-store';
import { useRegionShapes } from './region-shapes';
import { useOpenAlarms } from './use-open-alarms';
import './alarm-markers.css';

const ns = 'mapAlarms';
addTranslations(
  ns,
  { title: '{{region}} · {{n}} 个报警位号', marker: '{{region}}：{{n}} 个报警位号' },
  { title: '{{region}} · {{n}} tag(s) in alarm', marker: '{{region}}: {{n}} tag(s) in alarm' },
);

/** The alarms of process tags (limits, discrete, communication): the ones a faceplate shows. */
const TAG_ALARM_TYPES: readonly AlarmType[] = [...limitTypesOfTags, 'comm'];
/** States an operator is shown (shelved, suppressed and out-of-service alarms are not annunciated, ISA-18.2 §11). */
const ANNUNCIATED = new Set(['unack', 'ack', 'rtnUnack']);

interface TagEntry {
  source: string;
  name: string;
  /** Most urgent priority of the tag's open alarms. */
  priority: number;
  unacked: boolean;
}

interface RegionMarker {
  regionid: number;
  name: string;
  at: [number, number];
  tags: TagEntry[];
  priority: number;
}

/** Per region, the tags with annunciated alarms, the most urgent first. */
function markersOf(
  alarms: Iterable<AlarmItem>,
  regions: ReadonlyMap<number, { name: string; at: [number, number] }>,
  lang: Lang,
): RegionMarker[] {
  const byRegion = new Map<number, Map<string, TagEntry>>();
  for (const a of alarms) {
    if (a.regionid === null || !ANNUNCIATED.has(a.state) || !regions.has(a.regionid)) {
      continue;
    }
    const tags = byRegion.get(a.regionid) ?? new Map<string, TagEntry>();
    byRegion.set(a.regionid, tags);
    const prev = tags.get(a.source);
    tags.set(a.source, {
      source: a.source,
      name: lang === 'en' && a.sourceNameEn ? a.sourceNameEn : a.sourceName,
      priority: Math.min(prev?.priority ?? 4, a.priority),
      unacked: (prev?.unacked ?? false) || !a.acked,
    });
  }
  return [...byRegion].map(([regionid, tags]) => {
    const list = [...tags.values()].sort((x, y) => x.priority - y.priority || x.source.localeCompare(y.source));
    const r = regions.get(regionid)!;
    return { regionid, name: r.name, at: r.at, tags: list, priority: list[0].priority };
  });
}

/**
 * Alarm markers on a plant map (a child of PlantMap): one per region with
 * tags in alarm, in the colour of the most urgent priority, blinking while
 * one is unacknowledged. A click opens the tag's faceplate, or with several
 * tags the list of them, each opening its faceplate. DOM markers, so they
 * stay clickable above the canvas and reachable by keyboard.
 */
export function AlarmMarkers({ lang }: { lang: Lang }) {
  const { t } = useTranslation(ns);
  const set = useOpenAlarms(TAG_ALARM_TYPES);
  const shapes = useRegionShapes();
  const [openRegion, setOpenRegion] = useState<number | null>(null);
  const regions = useMemo(
    () =>
      new Map(
        (shapes ?? []).map((f) => [
          f.id,
          {
            name: lang === 'en' && f.properties.regionname_en ? f.properties.regionname_en : f.properties.regionname,
            at: boundsCentre(f.geometry),
          },
        ]),
      ),
    [shapes, lang],
  );
  const markers = useMemo(() => markersOf(set.byId.values(), regions, lang), [set, regions, lang]);

  return markers.map((m) => {
    const unacked = m.tags.some((x) => x.unacked);
    const button = (
      <button
        type="button"
        className={`pw-map-alarm${unacked ? ' pw-map-alarm-unack' : ''}`}
        style={{ background: priorityColors[m.priority] }}
        aria-label={t('marker', { region: m.name, n: m.tags.length })}
        data-testid={`map-alarm-${m.regionid}`}
        onClick={() => (m.tags.length === 1 ? openFaceplate(m.tags[0].source) : setOpenRegion(m.regionid))}
      >
        <Badge count={m.tags.length} size="small" color="#fff" style={{ color: priorityColors[m.priority] }} />
      </button>
    );
    return (
      <Marker key={m.regionid} longitude={m.at[0]} latitude={m.at[1]} anchor="center">
        {m.tags.length === 1 ? (
          button
        ) : (
          <Popover
            open={openRegion === m.regionid}
            onOpenChange={(o) => setOpenRegion(o ? m.regionid : null)}
            trigger="click"
            title={t('title', { region: m.name, n: m.tags.length })}
            content={
              <Space
                direction="vertical"
                size={2}
                data-testid={`map-alarm-list-${m.regionid}`}
                style={{ maxHeight: 260, overflowY: 'auto' }}
              >
                {m.tags.map((x) => (
                  <Typography.Link
                    key={x.source}
                    onClick={() => {
                      setOpenRegion(null);
                      openFaceplate(x.source);
                    }}
                    data-testid={`map-alarm-tag-${x.source}`}
                  >
                    <span className="pw-map-alarm-dot" style={{ background: priorityColors[x.priority] }} />
                    {x.name} <Typography.Text type="secondary">{x.source}</Typography.Text>
                  </Typography.Link>
                ))}
              </Space>
            }
          >
            {button}
          </Popover>
        )}
      </Marker>
    );
  });
}
