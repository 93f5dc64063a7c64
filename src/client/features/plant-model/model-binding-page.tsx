import { DeleteOutlined, EditOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag, Typography, message } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { renderMessage } from '../../../shared/messages/catalog';
import type { Envelope } from '../../../shared/contracts/envelope';
import { modelNodeKinds, PLANT_MODEL_UPLOAD_PATH, plantModelBindingSave, plantModelGet, plantModelUploadDelete, type ModelNode, type ModelNodeKind, type PlantModel } from '../../../shared/plant-model/contracts';
import { GlbError, glbNodeNames } from '../../../shared/plant-model/glb';
import { api, errorText } from '../../app/api';
import { acceptLanguage, useLang } from '../../app/i18n';
import { useSession } from '../../app/session-store';
import { useLoad } from '../../ui/use-load';

/**
 * /RedashConfig/FactoryMapConfig: the model's bindings (node → region, tags, level tag) as the
 * 3D view, the 2D model map and drawings read them, with what is wrong (unknown tags and
 * regions). A plant uploads its own GLB here (checked in the browser first, then on the server,
 * which keeps it); the lists of unbound nodes and tags are the server's, and an unbound node is
 * bound from its tag.
 */
export function FactoryMapConfigPage() {
  const lang = useLang();
  const t = (code: string, params?: Record<string, string | number>) => renderMessage(lang, code, params);
  const canManage = useSession((s) => s.user?.permissions.includes('plantmodel:manage') ?? false);
  const load = useCallback(() => api(plantModelGet, {}), []);
  const { data, reload } = useLoad(load);
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<(ModelNode & { fresh?: boolean }) | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ region: string; tags: string[]; levelTag: string | null; equipment?: string; kind?: ModelNodeKind }>();
  const input = useRef<HTMLInputElement>(null);

  // Vessels with a level first, then bound equipment, then the rest: what people bind most is on the first page.
  const nodes = useMemo(
    () => [...(data?.nodes ?? [])].sort((a, b) => Number(!!b.levelTag) - Number(!!a.levelTag) || Number(b.tags.length > 0) - Number(a.tags.length > 0) || a.node.localeCompare(b.node)),
    [data],
  );
  const problems = data?.problems ?? { unknownTags: [], unknownRegions: [] };

  const handleFile = async (f: File) => {
    const bytes = new Uint8Array(await f.arrayBuffer());
    try {
      // The same check the server makes, so a wrong file is named before 30 MB travel.
      glbNodeNames(bytes);
    } catch (e) {
      void message.error(e instanceof GlbError ? t(e.code, e.params) : t('plantModel.glb.notGlb'));
      return;
    }
    setUploading(true);
    try {
      const token = useSession.getState().accessToken;
      const name = f.name.replace(/\.glb$/i, '').slice(0, 60) || 'model';
      const model = data?.uploaded ? data.model : 'plant';
      const query = new URLSearchParams({ model, name, name_en: name });
      const res = await fetch(`${PLANT_MODEL_UPLOAD_PATH}?${query.toString()}`, {
        method: 'POST',
        headers: { 'content-type': 'model/gltf-binary', 'accept-language': acceptLanguage(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: bytes,
      });
      const body = (await res.json()) as Envelope<PlantModel>;
      if (!body.IsSuccess) {
        void message.error(body.error.code ? t(body.error.code, body.error.params) : body.error.message);
        return;
      }
      void message.success(t('plantModel.uploaded', { n: (body.data?.unboundNodes.length ?? 0) + (body.data?.nodes.length ?? 0) }));
      reload();
    } catch (err) {
      void message.error(errorText(err));
    } finally {
      setUploading(false);
    }
  };

  const handleRemove = async (model: string) => {
    try {
      await api(plantModelUploadDelete, { model });
      void message.success(t('plantModel.saved'));
      reload();
    } catch {
      // The API client has shown why.
    }
  };

  const handleBindNew = (node: string) => {
    setEditing({ node, kind: 'unit', name: node, name_en: node, region: '', regionid: null, tags: [], levelTag: null, levelRange: null, equipment: null, fresh: true });
    form.setFieldsValue({ region: undefined, tags: [], levelTag: null, equipment: '', kind: 'unit' });
  };
  const handleEdit = (n: ModelNode) => {
    setEditing(n);
    form.setFieldsValue({ region: n.region, tags: n.tags, levelTag: n.levelTag, equipment: n.equipment ?? '' });
  };
  const handleSave = async () => {
    if (!editing) {
      return;
    }
    const v = await form.validateFields();
    setSaving(true);
    try {
      await api(plantModelBindingSave, { model: data?.model, node: editing.node, kind: v.kind, region: v.region, tags: v.tags ?? [], levelTag: v.levelTag ?? null, equipment: v.equipment?.trim() || null });
      void message.success(t('plantModel.saved'));
      setEditing(null);
      reload();
    } catch {
      // The API client has shown why (unknown tag or region, on its field).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="model-bindings">
      <Card size="small" title={`${t('plantModel.bindings')} · ${lang === 'en' ? (data?.name_en ?? '') : (data?.name ?? '')}`}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space wrap>
            {canManage ? (
              <Button icon={<UploadOutlined />} loading={uploading} onClick={() => input.current?.click()} data-testid="model-load-glb">
                {t('plantModel.upload')}
              </Button>
            ) : null}
            <input
              ref={input}
              type="file"
              accept=".glb,model/gltf-binary"
              hidden
              data-testid="model-glb-input"
              onChange={(e) => {
                const f = e.target.files?.[0];
                e.target.value = '';
                if (f) {
                  void handleFile(f);
                }
              }}
            />
            {data?.uploaded && canManage ? (
              <Popconfirm title={t('plantModel.removeUploadConfirm')} onConfirm={() => void handleRemove(data.model)}>
                <Button danger icon={<DeleteOutlined />} data-testid="model-remove-upload">
                  {t('plantModel.removeUpload')}
                </Button>
              </Popconfirm>
            ) : null}
            {data?.uploaded ? (
              <Typography.Text type="secondary" data-testid="model-uploaded">
                {t('plantModel.uploadedAt', { time: new Date(data.uploaded.at).toLocaleString(lang === 'en' ? 'en-GB' : 'zh-CN'), user: data.uploaded.by })}
              </Typography.Text>
            ) : null}
          </Space>
          {problems.unknownTags.length || problems.unknownRegions.length ? (
            <Alert
              type="warning"
              showIcon
              data-testid="model-problems"
              message={[
                problems.unknownTags.length ? `${t('plantModel.unknownTagsList', { n: problems.unknownTags.length })}: ${problems.unknownTags.slice(0, 20).join(', ')}` : '',
                problems.unknownRegions.length ? `${t('plantModel.unknownRegionsList', { n: problems.unknownRegions.length })}: ${problems.unknownRegions.join(', ')}` : '',
              ]
                .filter(Boolean)
                .join('；')}
            />
          ) : data ? (
            <Alert type="success" showIcon message={t('plantModel.allBound')} data-testid="model-problems" />
          ) : null}
          {data ? (
            <Space direction="vertical" style={{ width: '100%' }} data-testid="model-glb-compare">
              <Typography.Text strong>{t('plantModel.unboundNodes', { n: data.unboundNodes.length })}</Typography.Text>
              <div style={{ maxHeight: 96, overflow: 'auto' }} data-testid="model-unbound">
                {data.unboundNodes.map((n) => (
                  <Tag key={n} onClick={canManage ? () => handleBindNew(n) : undefined} style={{ cursor: canManage ? 'pointer' : undefined }} data-testid={`model-unbound-${n}`}>
                    {n}
                  </Tag>
                ))}
              </div>
              {data.missingNodes.length ? (
                <>
                  <Typography.Text strong>{t('plantModel.missingNodes', { n: data.missingNodes.length })}</Typography.Text>
                  <div style={{ maxHeight: 96, overflow: 'auto' }} data-testid="model-missing">
                    {data.missingNodes.map((n) => (
                      <Tag key={n} color="orange">
                        {n}
                      </Tag>
                    ))}
                  </div>
                </>
              ) : null}
              <Typography.Text strong>{t('plantModel.unboundTagsList', { n: data.unboundTags.length })}</Typography.Text>
              <div style={{ maxHeight: 96, overflow: 'auto' }} data-testid="model-unbound-tags">
                {data.unboundTags.slice(0, 300).map((x) => (
                  <Tag key={x}>{x}</Tag>
                ))}
              </div>
            </Space>
          ) : null}
        </Space>
      </Card>
      <Table<ModelNode>
        size="small"
        rowKey="node"
        loading={!data}
        dataSource={nodes}
        pagination={{ pageSize: 20, size: 'small', showSizeChanger: false }}
        scroll={{ x: 760 }}
        data-testid="model-nodes"
        columns={[
          { title: t('plantModel.node'), dataIndex: 'node', width: 130, fixed: 'left' },
          { title: t('plantModel.kind'), dataIndex: 'kind', width: 90 },
          { title: t('plantModel.region'), dataIndex: 'region', width: 90 },
          { title: t('plantModel.levelTag'), dataIndex: 'levelTag', width: 160, render: (v: string | null) => v ?? '—' },
          { title: t('plantModel.equipment'), dataIndex: 'equipment', width: 120, render: (v: string | null) => v ?? '—' },
          {
            title: t('plantModel.tags'),
            dataIndex: 'tags',
            render: (tags: string[]) => (
              <span>
                {tags.length ? tags.map((x) => <Tag key={x} color={problems.unknownTags.includes(x) ? 'red' : undefined}>{x}</Tag>) : <Typography.Text type="secondary">{t('plantModel.noTags')}</Typography.Text>}
              </span>
            ),
          },
          ...(canManage
            ? [
                {
                  title: '',
                  width: 56,
                  render: (_v: unknown, n: ModelNode) => <Button size="small" type="text" icon={<EditOutlined />} aria-label={t('plantModel.edit')} onClick={() => handleEdit(n)} data-testid={`model-edit-${n.node}`} />,
                },
              ]
            : []),
        ]}
      />
      <Modal open={editing !== null} title={editing ? `${t('plantModel.bindNode')} · ${editing.node}` : ''} onCancel={() => setEditing(null)} onOk={() => void handleSave()} confirmLoading={saving} destroyOnHidden>
        <Form form={form} layout="vertical">
          {editing?.fresh ? (
            <Form.Item name="kind" label={t('plantModel.kind')}>
              <Select options={modelNodeKinds.map((k) => ({ value: k, label: k }))} />
            </Form.Item>
          ) : null}
          <Form.Item name="region" label={t('plantModel.region')} rules={[{ required: true }]}>
            <Input data-testid="model-bind-region" />
          </Form.Item>
          <Form.Item name="tags" label={t('plantModel.tags')}>
            <Select mode="tags" tokenSeparators={[',', ' ']} data-testid="model-bind-tags" />
          </Form.Item>
          <Form.Item name="equipment" label={t('plantModel.equipment')}>
            <Input allowClear maxLength={40} data-testid="model-bind-equipment" />
          </Form.Item>
          <Form.Item name="levelTag" label={t('plantModel.levelTag')}>
            <Select allowClear options={(form.getFieldValue('tags') as string[] | undefined)?.map((x) => ({ value: x, label: x })) ?? editing?.tags.map((x) => ({ value: x, label: x }))} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
