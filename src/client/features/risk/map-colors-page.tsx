import { Button, Card, ColorPicker, Slider, Space, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { defaultMapColors, mapColorsGet, mapColorsSave, type MapColorItem } from '../../../shared/risk-map/contracts';
import { renderMessage } from '../../../shared/messages/catalog';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { notify } from '../../app/feedback';
import { useLang } from '../../app/i18n';
import { levelName } from '../../ui/risk-level';
import { setMapColors } from './use-map-colors';

/**
 * /MapColors: the colour and opacity of each risk level on the four-colour
 * maps and the zone table, with a preview; saved in the store (audited).
 * Which level has which colour is the standard's: only the shade changes.
 */
export function MapColorsPage() {
  const lang = useLang();
  const [items, setItems] = useState<MapColorItem[] | null>(null);
  const [meta, setMeta] = useState<{ updatedAt: number | null; updatedBy: string | null }>({ updatedAt: null, updatedBy: null });
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    api(mapColorsGet, {}, { signal: controller.signal }).then(
      (r) => {
        setItems(r.items);
        setMeta(r);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  const change = (level: number, patch: Partial<MapColorItem>) => setItems((prev) => prev?.map((c) => (c.level === level ? { ...c, ...patch } : c)) ?? prev);

  const handleSave = async () => {
    if (!items) {
      return;
    }
    setBusy(true);
    try {
      const r = await api(mapColorsSave, { items });
      setItems(r.items);
      setMeta(r);
      setMapColors(r.items);
      notify(renderMessage(lang, 'riskMap.saved'));
    } catch {
      // The API client has shown why (a field's code names it).
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card size="small" title={renderMessage(lang, 'riskMap.colors')} data-testid="map-colors-page" loading={!items}>
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Table<MapColorItem>
          size="small"
          rowKey="level"
          pagination={false}
          dataSource={items ?? []}
          scroll={{ x: 560 }}
          columns={[
            { title: renderMessage(lang, 'risk.map.level'), key: 'level', width: 120, render: (_v, c) => levelName(lang, c.level) },
            {
              title: renderMessage(lang, 'riskMap.color'),
              key: 'color',
              width: 160,
              render: (_v, c) => (
                <ColorPicker
                  value={c.color}
                  disabledAlpha
                  showText
                  data-testid={`map-color-${c.level}`}
                  onChangeComplete={(v) => change(c.level, { color: v.toHexString().toUpperCase() })}
                />
              ),
            },
            {
              title: renderMessage(lang, 'riskMap.opacity'),
              key: 'opacity',
              render: (_v, c) => <Slider min={0.1} max={1} step={0.05} value={c.opacity} onChange={(v) => change(c.level, { opacity: v })} style={{ minWidth: 120 }} />,
            },
            {
              title: renderMessage(lang, 'riskMap.preview'),
              key: 'preview',
              width: 120,
              render: (_v, c) => (
                <div style={{ background: '#f0f0f0', padding: 4, borderRadius: 4 }}>
                  <div data-testid={`map-color-preview-${c.level}`} style={{ height: 24, borderRadius: 3, border: `2px solid ${c.color}`, background: c.color, opacity: c.opacity }} />
                </div>
              ),
            },
          ]}
        />
        <Space wrap>
          <Button type="primary" loading={busy} onClick={() => void handleSave()} data-testid="map-colors-save">
            {renderMessage(lang, 'riskMap.save')}
          </Button>
          <Button onClick={() => setItems(defaultMapColors.map((c) => ({ ...c })))}>{renderMessage(lang, 'riskMap.reset')}</Button>
          {meta.updatedAt !== null && (
            <Typography.Text type="secondary">{renderMessage(lang, 'riskMap.updated', { by: meta.updatedBy ?? '', time: formatDate(meta.updatedAt, 'YYYY-MM-DD HH:mm') })}</Typography.Text>
          )}
        </Space>
      </Space>
    </Card>
  );
}
