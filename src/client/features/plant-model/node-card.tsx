import { AimOutlined, CloseOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { useCallback } from 'react';
import type { AlarmSet } from '../../../shared/domain/alarm-merge';
import { renderMessage } from '../../../shared/messages/catalog';
import { plantModelNodeCard } from '../../../shared/plant-model/contracts';
import type { RiskZoneItem } from '../../../shared/risk/items';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { useTagValues } from '../../stream/live-store';
import { priorityColors } from '../../ui/alarm-priority';
import { openFaceplate } from '../../ui/faceplate-store';
import { LevelTag } from '../../ui/risk-level';
import { useLoad } from '../../ui/use-load';

/**
 * The card of a clicked node (`UAPI/FactoryModel/NodeCard`): the major hazard device it stands
 * for with its unit's grade, the zone's live risk level, the open alarms of its tags and their
 * live values (values and alarms from the stream, never polled).
 */
export function NodeCard({
  model,
  node,
  alarms,
  zones,
  faceplateTag,
  onClose,
}: {
  model: string;
  node: string;
  alarms: AlarmSet;
  zones: ReadonlyMap<number, RiskZoneItem>;
  faceplateTag: string | null;
  onClose: () => void;
}) {
  const lang = useLang();
  const load = useCallback((signal: AbortSignal) => api(plantModelNodeCard, { model, node }, { signal }), [model, node]);
  const { data: card } = useLoad(load);
  const tags = card?.tags ?? [];
  const values = useTagValues(tags);
  if (!card) {
    return null;
  }
  const b = card.node;
  const eq = card.equipment;
  const zone = b.regionid !== null ? zones.get(b.regionid) : undefined;
  const mine = new Set(tags);
  const open = [...alarms.byId.values()].filter((a) => mine.has(a.source)).sort((x, y) => x.priority - y.priority || y.activatedAt - x.activatedAt);
  const grade = eq ? (eq.unit.grade !== null ? renderMessage(lang, `majorHazard.grade.${eq.unit.grade}`) : renderMessage(lang, 'plantModel.notMajor')) : null;
  return (
    <Card
      size="small"
      data-testid="plant3d-panel"
      data-node={b.node}
      title={lang === 'en' ? b.name_en || b.name : b.name}
      extra={
        <Space size={4}>
          {faceplateTag ? (
            <Button size="small" icon={<AimOutlined />} onClick={() => openFaceplate(faceplateTag)} data-testid="plant3d-faceplate">
              {renderMessage(lang, 'plantModel.faceplate')}
            </Button>
          ) : null}
          <Button size="small" type="text" icon={<CloseOutlined />} onClick={onClose} aria-label="close" />
        </Space>
      }
      style={{ position: 'absolute', right: 12, top: 12, width: 'min(360px, calc(100% - 24px))', zIndex: 2, maxHeight: 'calc(100% - 24px)', overflow: 'auto' }}
    >
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'region', label: renderMessage(lang, 'plantModel.region'), children: b.region },
          ...(zone ? [{ key: 'risk', label: renderMessage(lang, 'plantModel.zoneRisk'), children: <LevelTag lang={lang} level={zone.live} /> }] : []),
          {
            key: 'equipment',
            label: renderMessage(lang, 'plantModel.equipment'),
            children: eq ? (
              <span data-testid="plant3d-equipment">
                {eq.name} ({eq.code})
              </span>
            ) : (
              <Typography.Text type="secondary">{renderMessage(lang, 'plantModel.noEquipment')}</Typography.Text>
            ),
          },
          ...(eq
            ? [
                { key: 'unit', label: renderMessage(lang, 'plantModel.hazardUnit'), children: `${eq.unit.name} (${eq.unit.code})` },
                { key: 'grade', label: renderMessage(lang, 'plantModel.hazardGrade'), children: <span data-testid="plant3d-grade">{grade}</span> },
              ]
            : []),
        ]}
      />
      <Typography.Text strong>{renderMessage(lang, 'plantModel.nodeAlarms')}</Typography.Text>
      <div data-testid="plant3d-card-alarms" style={{ margin: '4px 0 8px' }}>
        {open.length === 0 ? (
          <Typography.Text type="secondary">{renderMessage(lang, 'plantModel.noAlarms')}</Typography.Text>
        ) : (
          open.map((a) => (
            <div key={a.id} style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
              <Tag color={priorityColors[a.priority]} style={{ marginInlineEnd: 0 }}>
                P{a.priority}
              </Tag>
              <span>{a.source}</span>
              <span style={{ marginLeft: 'auto' }}>{a.type}</span>
            </div>
          ))
        )}
      </div>
      <Typography.Text strong>{renderMessage(lang, 'plantModel.values')}</Typography.Text>
      {tags.length === 0 ? (
        <div>{renderMessage(lang, 'plantModel.noTags')}</div>
      ) : (
        <Space direction="vertical" size={4} style={{ width: '100%', marginTop: 6 }}>
          {tags.map((t) => (
            <div key={t} style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }} data-testid={`plant3d-value-${t}`}>
              <a onClick={() => openFaceplate(t)}>{t}</a>
              <span style={{ fontVariantNumeric: 'tabular-nums' }}>{values[t] ? values[t].v.toFixed(2) : '—'}</span>
            </div>
          ))}
        </Space>
      )}
    </Card>
  );
}
