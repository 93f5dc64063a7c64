import { PictureOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, InputNumber, Modal, Popconfirm, Radio, Space, Switch, Table, Tabs, Typography, message } from 'antd';
import { useEffect, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Marker, type MapLayerMouseEvent } from 'react-map-gl/maplibre';
import type { Envelope } from '../../../shared/contracts/envelope';
import {
  baseMapSave,
  SITE_PLAN_UPLOAD_PATH,
  sitePlanDelete,
  sitePlanPlace,
  type BaseMapSetting,
  type ControlPoint,
  type SitePlanInfo,
} from '../../../shared/regions/contracts';
import { renderMessage } from '../../../shared/messages/catalog';
import { api, errorText } from '../../app/api';
import { acceptLanguage, useLang } from '../../app/i18n';
import { useSession } from '../../app/session-store';
import { showSaveError } from '../../ui/form-rules';
import { PlantMap } from '../../ui/plant-map';
import { reloadBaseLayers, useBaseLayers, usePlanObjectUrl } from '../../ui/site-plan';
import { regionsNs } from './locales';

type Draft = { px: number | null; py: number | null; lon: number | null; lat: number | null };
const emptyPoints = (): Draft[] => [0, 1, 2].map(() => ({ px: null, py: null, lon: null, lat: null }));
const complete = (p: Draft): p is ControlPoint => p.px !== null && p.py !== null && p.lon !== null && p.lat !== null;

/** Upload the plant's site plan, place it with control points (affine fit, residual in metres), and set the online base map. */
export function SitePlanButton() {
  const { t } = useTranslation(regionsNs);
  const lang = useLang();
  const [msg, holder] = message.useMessage();
  const { plan, planUrl: servedUrl, online } = useBaseLayers();
  const [open, setOpen] = useState(false);
  const planUrl = usePlanObjectUrl(open ? servedUrl : null);
  const [points, setPoints] = useState<Draft[]>(emptyPoints);
  const [active, setActive] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [placed, setPlaced] = useState<SitePlanInfo | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<BaseMapSetting>();

  useEffect(() => {
    if (open) {
      setPoints(plan && plan.points.length >= 3 ? plan.points.map((p) => ({ ...p })) : emptyPoints());
      setPlaced(plan?.corners ? plan : null);
      setError(null);
      form.setFieldsValue(online ?? { enabled: false, tileUrl: '', attribution: '' });
    }
  }, [open, plan, online, form]);

  const setPoint = (i: number, patch: Partial<Draft>) => setPoints((ps) => ps.map((p, k) => (k === i ? { ...p, ...patch } : p)));

  const handleUpload = async (file: File | undefined) => {
    if (!file) {
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const token = useSession.getState().accessToken;
      const res = await fetch(SITE_PLAN_UPLOAD_PATH, {
        method: 'POST',
        headers: {
          'content-type': file.type || 'application/octet-stream',
          'accept-language': acceptLanguage(),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: file,
      });
      const body = (await res.json()) as Envelope<SitePlanInfo>;
      if (!body.IsSuccess) {
        setError(body.error.code ? renderMessage(lang, body.error.code, body.error.params) : body.error.message);
        return;
      }
      setPoints(emptyPoints());
      setPlaced(null);
      await reloadBaseLayers();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const handleImageClick = (e: MouseEvent<HTMLImageElement>) => {
    if (!plan) {
      return;
    }
    const box = e.currentTarget.getBoundingClientRect();
    const px = Math.round(((e.clientX - box.left) / box.width) * plan.width);
    const py = Math.round(((e.clientY - box.top) / box.height) * plan.height);
    setPoint(active, { px, py });
  };

  const handleMapClick = (e: MapLayerMouseEvent) => setPoint(active, { lon: e.lngLat.lng, lat: e.lngLat.lat });

  const handlePlace = async () => {
    const ready = points.filter(complete);
    if (ready.length < 3) {
      setError(t('needThree'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setPlaced(await api(sitePlanPlace, { points: ready }, { silent: true }));
      await reloadBaseLayers();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const handleDelete = async () => {
    await api(sitePlanDelete, {});
    setPlaced(null);
    setPoints(emptyPoints());
    await reloadBaseLayers();
  };

  const handleSaveBaseMap = async () => {
    const values = await form.validateFields();
    try {
      await api(baseMapSave, values, { silent: true });
      void msg.success(t('saved'));
      await reloadBaseLayers();
    } catch (err) {
      showSaveError(err, { form, fields: ['enabled', 'tileUrl', 'attribution'], message: msg, lang });
    }
  };

  const planTab = (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('sitePlanIntro')}</Typography.Text>
      <Space wrap>
        <input
          type="file"
          accept="image/png,image/jpeg"
          disabled={busy}
          onChange={(e) => void handleUpload(e.target.files?.[0])}
          data-testid="site-plan-file"
        />
        {plan?.present && (
          <Popconfirm title={t('confirmDeletePlan')} onConfirm={handleDelete}>
            <Button danger size="small">
              {t('deletePlan')}
            </Button>
          </Popconfirm>
        )}
      </Space>
      {error && <Alert type="error" showIcon message={error} data-testid="site-plan-error" />}
      {plan?.present && planUrl && (
        <>
          <Typography.Text>{t('pickHint')}</Typography.Text>
          <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
            <div style={{ position: 'relative', flex: '1 1 280px', minWidth: 0 }}>
              <img
                src={planUrl}
                alt={t('sitePlan')}
                onClick={handleImageClick}
                style={{ width: '100%', cursor: 'crosshair', display: 'block', border: '1px solid #e5e6eb' }}
              />
              {points.map((p, i) =>
                p.px !== null && p.py !== null ? (
                  <span
                    key={i}
                    style={{
                      position: 'absolute',
                      left: `${(p.px / plan.width) * 100}%`,
                      top: `${(p.py / plan.height) * 100}%`,
                      transform: 'translate(-50%, -50%)',
                      background: i === active ? '#fa8c16' : '#1d6fd6',
                      color: '#fff',
                      borderRadius: 9,
                      width: 18,
                      height: 18,
                      fontSize: 11,
                      textAlign: 'center',
                      lineHeight: '18px',
                      pointerEvents: 'none',
                    }}
                  >
                    {i + 1}
                  </span>
                ) : null,
              )}
            </div>
            <div style={{ flex: '1 1 280px', height: 280, minWidth: 0 }}>
              <PlantMap language={lang} onClick={handleMapClick}>
                {points.map((p, i) =>
                  p.lon !== null && p.lat !== null ? (
                    <Marker key={i} longitude={p.lon} latitude={p.lat} color={i === active ? '#fa8c16' : '#1d6fd6'} />
                  ) : null,
                )}
              </PlantMap>
            </div>
          </div>
          <Table<Draft & { i: number }>
            size="small"
            pagination={false}
            rowKey="i"
            dataSource={points.map((p, i) => ({ ...p, i }))}
            scroll={{ x: true }}
            columns={[
              {
                title: '#',
                key: 'sel',
                render: (_, r) => (
                  <Radio checked={active === r.i} onChange={() => setActive(r.i)}>
                    {r.i + 1}
                  </Radio>
                ),
              },
              { title: t('pixel'), key: 'px', render: (_, r) => (r.px !== null ? `${r.px}, ${r.py}` : '—') },
              {
                title: t('lon'),
                key: 'lon',
                render: (_, r) => <InputNumber size="small" value={r.lon} step={0.0001} onChange={(v) => setPoint(r.i, { lon: v })} />,
              },
              {
                title: t('lat'),
                key: 'lat',
                render: (_, r) => <InputNumber size="small" value={r.lat} step={0.0001} onChange={(v) => setPoint(r.i, { lat: v })} />,
              },
              {
                title: t('residual'),
                key: 'res',
                render: (_, r) => {
                  const res = placed?.residualsM[r.i];
                  return res === undefined ? '—' : `${res.toFixed(2)} m`;
                },
              },
            ]}
          />
          <Space wrap>
            <Button
              size="small"
              disabled={points.length >= 20}
              onClick={() => setPoints((ps) => [...ps, { px: null, py: null, lon: null, lat: null }])}
            >
              {t('addPoint')}
            </Button>
            <Button type="primary" loading={busy} onClick={() => void handlePlace()} data-testid="site-plan-place">
              {t('place')}
            </Button>
            {placed?.rmsM !== null && placed?.rmsM !== undefined && (
              <Typography.Text data-testid="site-plan-rms">{t('rms', { m: placed.rmsM.toFixed(2) })}</Typography.Text>
            )}
          </Space>
        </>
      )}
    </Space>
  );

  const baseMapTab = (
    <Form form={form} layout="vertical">
      <Typography.Paragraph type="secondary">{t('baseMapIntro')}</Typography.Paragraph>
      <Form.Item name="enabled" label={t('baseMapEnabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="tileUrl" label={t('tileUrl')}>
        <Input placeholder="https://…/{z}/{x}/{y}.png?key=…" maxLength={500} />
      </Form.Item>
      <Form.Item name="attribution" label={t('attribution')}>
        <Input maxLength={200} />
      </Form.Item>
      <Button type="primary" onClick={() => void handleSaveBaseMap()}>
        {t('save')}
      </Button>
    </Form>
  );

  return (
    <>
      {holder}
      <Button icon={<PictureOutlined />} onClick={() => setOpen(true)} data-testid="site-plan-open">
        {t('sitePlan')}
      </Button>
      <Modal
        open={open}
        title={t('sitePlan')}
        onCancel={() => setOpen(false)}
        footer={null}
        width="min(1000px, calc(100vw - 16px))"
        destroyOnHidden
      >
        <Tabs
          items={[
            { key: 'plan', label: t('sitePlan'), children: planTab },
            { key: 'online', label: t('baseMap'), children: baseMapTab },
          ]}
        />
      </Modal>
    </>
  );
}
