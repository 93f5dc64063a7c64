import { Button, Empty, Form, Input, InputNumber, Popconfirm, Space, Table, TreeSelect } from 'antd';
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { renderMessage, type MessageCode } from '../../../shared/messages/catalog';
import { cameraDelete, cameraList, cameraSave, type CameraItem } from '../../../shared/dashboards/wall-contracts';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { FormModal } from '../../ui/form-modal';
import { useRegions } from '../../ui/region-options';
import { useLoad } from '../../ui/use-load';
import { HlsVideo } from './video-player';
import './dashboards.css';

type CameraForm = { name: string; regionid: number | null; hlsUrl: string; position: string; sort: number };
const FIELDS = ['name', 'regionid', 'hlsUrl', 'position', 'sort'] as const;

function useCameras() {
  const load = useCallback((signal: AbortSignal) => api(cameraList, {}, { signal }), []);
  return useLoad(load);
}

/** /RedashConfig/CameraConfig: the cameras of the wall (name, region, HLS URL, position), each editable by who may edit dashboards in its region. */
export function CameraConfigPage() {
  const lang = useLang();
  const T = (code: MessageCode) => renderMessage(lang, code);
  const cameras = useCameras();
  const { nameOf, tree } = useRegions();
  const [editing, setEditing] = useState<{ n: number; item: Partial<CameraItem> } | null>(null);
  const handleSave = async (v: CameraForm) => {
    await api(cameraSave, { ...v, regionid: v.regionid ?? null, ...(editing?.item.id ? { id: editing.item.id } : {}) });
    cameras.reload();
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Button type="primary" data-testid="camera-add" onClick={() => setEditing({ n: Date.now(), item: { sort: 0, position: '' } })}>
          {T('dashboards.add')}
        </Button>
        <Link to="/CameraShow">
          <Button>{T('dashboards.cameras')}</Button>
        </Link>
      </Space>
      <Table<CameraItem>
        rowKey="id"
        size="small"
        loading={cameras.loading}
        dataSource={cameras.data?.items ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: T('dashboards.cameraName'), dataIndex: 'name' },
          { title: T('dashboards.cameraRegion'), dataIndex: 'regionid', render: (r: number | null) => (r === null ? '' : (nameOf.get(r) ?? r)) },
          { title: T('dashboards.cameraPosition'), dataIndex: 'position' },
          { title: T('dashboards.cameraUrl'), dataIndex: 'hlsUrl', ellipsis: true },
          { title: T('dashboards.sort'), dataIndex: 'sort' },
          {
            key: 'actions',
            render: (_: unknown, c) => (
              <Space>
                <Link to={`/CkplayerShow?id=${c.id}`}>{T('dashboards.open')}</Link>
                <a onClick={() => setEditing({ n: Date.now(), item: c })}>{T('dashboards.edit')}</a>
                <Popconfirm title={T('dashboards.confirmDelete')} onConfirm={() => api(cameraDelete, { id: c.id }).then(cameras.reload)}>
                  <a>{T('dashboards.remove')}</a>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <FormModal<CameraForm>
          key={editing.n}
          open
          title={T('dashboards.camera')}
          okText={T('dashboards.save')}
          initialValues={editing.item}
          fields={FIELDS}
          onSubmit={handleSave}
          onClose={() => setEditing(null)}
          okTestId="camera-ok"
          formTestId="camera-form"
        >
          <Form.Item name="name" label={T('dashboards.cameraName')} rules={[{ required: true }]}>
            <Input maxLength={60} data-testid="camera-name" />
          </Form.Item>
          <Form.Item name="regionid" label={T('dashboards.cameraRegion')}>
            <TreeSelect treeData={tree} allowClear treeDefaultExpandAll />
          </Form.Item>
          <Form.Item name="hlsUrl" label={T('dashboards.cameraUrl')} rules={[{ required: true }]}>
            <Input placeholder="https://…/index.m3u8" data-testid="camera-url" />
          </Form.Item>
          <Form.Item name="position" label={T('dashboards.cameraPosition')}>
            <Input maxLength={120} />
          </Form.Item>
          <Form.Item name="sort" label={T('dashboards.sort')}>
            <InputNumber min={0} max={9999} />
          </Form.Item>
        </FormModal>
      )}
    </Space>
  );
}

/** /CameraShow: every camera the viewer may see (their regions), as a grid of live pictures. */
export function CameraShowPage() {
  const lang = useLang();
  const cameras = useCameras();
  const { nameOf } = useRegions();
  const items = cameras.data?.items ?? [];
  if (!cameras.loading && items.length === 0) {
    return <Empty description={renderMessage(lang, 'dashboards.noCameras')} />;
  }
  return (
    <div className="pw-camera-grid" data-testid="camera-grid">
      {items.map((c) => (
        <div key={c.id} className="pw-camera-tile">
          <HlsVideo url={c.hlsUrl} label={c.name} testId={`camera-${c.id}`} />
          <div className="pw-camera-caption">
            <span>
              {c.name}
              {c.regionid !== null && nameOf.get(c.regionid) ? ` · ${nameOf.get(c.regionid)}` : ''}
              {c.position ? ` · ${c.position}` : ''}
            </span>
            <Link to={`/CkplayerShow?id=${c.id}`}>{renderMessage(lang, 'dashboards.open')}</Link>
          </div>
        </div>
      ))}
    </div>
  );
}

/** /CkplayerShow?id=: one camera, the whole page. */
export function CkplayerShowPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const cameras = useCameras();
  const camera = cameras.data?.items.find((c) => c.id === id);
  if (cameras.loading && !cameras.data) {
    return null;
  }
  return (
    <div style={{ height: 'calc(100vh - 160px)', minHeight: 240 }}>
      <HlsVideo url={camera?.hlsUrl ?? null} label={camera?.name} testId="camera-full" />
    </div>
  );
}
