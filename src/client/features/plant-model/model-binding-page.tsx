import { EditOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Modal, Select, Space, Table, Tag, Typography, message } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { renderMessage } from '../../../shared/messages/catalog';
import { plantModelBindingSave, plantModelGet, type ModelNode } from '../../../shared/plant-model/contracts';
import { glbNodeNames } from '../../../shared/plant-model/glb';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { useSession } from '../../app/session-store';
import { useLoad } from '../../ui/use-load';

/**
 * /RedashConfig/FactoryMapConfig: the model's bindings (node → region, tags, level tag) as the
 * 3D view, the 2D model map and drawings read them, with what is wrong (unknown tags and
 * regions); a plant's own GLB is checked here (size, format) and its nodes compared with the
 * bindings: unbound nodes, and bound nodes the model lacks.
 */
export function FactoryMapConfigPage() {
  const lang = useLang();
  const t = (code: string, params?: Record<string, string | number>) => renderMessage(lang, code, params);
  const canManage = useSession((s) => s.user?.permissions.includes('plantmodel:manage') ?? false);
  const load = useCallback(() => api(plantModelGet, { model: 'demo-plant' }), []);
  const { data, reload } = useLoad(load);
  const [glb, setGlb] = useState<{ file: string; nodes: string[] } | null>(null);
  const [editing, setEditing] = useState<ModelNode | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ region: string; tags: string[]; levelTag: string | null }>();
  const input = useRef<HTMLInputElement>(null);

  // Vessels with a level first, then bound equipment, then the rest: what people bind most is on the first page.
  const nodes = useMemo(
    () => [...(data?.nodes ?? [])].sort((a, b) => Number(!!b.levelTag) - Number(!!a.levelTag) || Number(b.tags.length > 0) - Number(a.tags.length > 0) || a.node.localeCompare(b.node)),
    [data],
  );
  const bound = useMemo(() => new Set(nodes.map((n) => n.node)), [nodes]);
  const unbound = glb ? glb.nodes.filter((n) => !bound.has(n) && !/_fill$/.test(n)) : [];
  const missing = glb ? nodes.filter((n) => !glb.nodes.includes(n.node)).map((n) => n.node) : [];
  const problems = data?.problems ?? { unknownTags: [], unknownRegions: [] };

  const handleFile = async (f: File) => {
    try {
      const names = glbNodeNames(new Uint8Array(await f.arrayBuffer()));
      setGlb({ file: f.name, nodes: names });
    } catch (e) {
      setGlb(null);
      void message.error(t(e instanceof Error ? e.message : 'plantModel.glb.notGlb'));
    }
  };

  const handleEdit = (n: ModelNode) => {
    setEditing(n);
    form.setFieldsValue({ region: n.region, tags: n.tags, levelTag: n.levelTag });
  };
  const handleSave = async () => {
    if (!editing) {
      return;
    }
    const v = await form.validateFields();
    setSaving(true);
    try {
      await api(plantModelBindingSave, { model: 'demo-plant', node: editing.node, region: v.region, tags: v.tags, levelTag: v.levelTag ?? null });
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
            <Button icon={<UploadOutlined />} onClick={() => input.current?.click()} data-testid="model-load-glb">
              {t('plantModel.loadGlb')}
            </Button>
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
            {glb ? <Typography.Text data-testid="model-glb-summary">{t('plantModel.glbNodes', { file: glb.file, n: glb.nodes.length })}</Typography.Text> : null}
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
          {glb ? (
            <Space direction="vertical" style={{ width: '100%' }} data-testid="model-glb-compare">
              <Typography.Text strong>{t('plantModel.unboundNodes', { n: unbound.length })}</Typography.Text>
              <div style={{ maxHeight: 96, overflow: 'auto' }} data-testid="model-unbound">
                {unbound.map((n) => (
                  <Tag key={n}>{n}</Tag>
                ))}
              </div>
              <Typography.Text strong>{t('plantModel.missingNodes', { n: missing.length })}</Typography.Text>
              <div style={{ maxHeight: 96, overflow: 'auto' }}>
                {missing.map((n) => (
                  <Tag key={n} color="orange">
                    {n}
                  </Tag>
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
      <Modal open={editing !== null} title={editing?.node} onCancel={() => setEditing(null)} onOk={() => void handleSave()} confirmLoading={saving} destroyOnHidden>
        <Form form={form} layout="vertical">
          <Form.Item name="region" label={t('plantModel.region')} rules={[{ required: true }]}>
            <Input />
          </Form.Item>
          <Form.Item name="tags" label={t('plantModel.tags')}>
            <Select mode="tags" tokenSeparators={[',', ' ']} />
          </Form.Item>
          <Form.Item name="levelTag" label={t('plantModel.levelTag')}>
            <Select allowClear options={(form.getFieldValue('tags') as string[] | undefined)?.map((x) => ({ value: x, label: x })) ?? editing?.tags.map((x) => ({ value: x, label: x }))} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
