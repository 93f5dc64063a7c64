import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Col,
  Empty,
  Form,
  InputNumber,
  Modal,
  Popconfirm,
  Row,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  TreeSelect,
  Typography,
  message as antdMessage,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fenceRuleDelete, fenceRuleList, fenceRuleSave, type FenceRuleInput, type FenceRuleItem } from '../../../shared/fences/contracts';
import { deptList, regionGetList } from '../../../shared/org/contracts';
import { positioningObjectLedger } from '../../../shared/records/ledgers/positioning-object';
import { listToTree, type TreeNode } from '../../../shared/tree';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { pick, useLang } from '../../app/i18n';
import { isValidationError, showSaveError } from '../../ui/form-rules';
import { useLoad } from '../../ui/use-load';
import { fencesNs } from './locales';

interface FormValues {
  regionid: number;
  maxCount: number | null;
  minCount: number | null;
  shiftOn: boolean;
  shiftFrom: number;
  shiftTo: number;
  restricted: boolean;
  allowDepts: number[];
  allowCards: string[];
  allowCerts: string[];
  overstayMin: number | null;
  manDownOn: boolean;
  manDownRadius: number;
  manDownSeconds: number;
  gatheringOn: boolean;
  gatheringRadius: number;
  gatheringSeconds: number;
  gatheringCount: number;
}

const FIELDS = ['regionid', 'maxCount', 'minCount', 'allowCards', 'overstayMin'];

const toForm = (r: FenceRuleItem | null): Partial<FormValues> => ({
  regionid: r?.regionid,
  maxCount: r?.maxCount ?? null,
  minCount: r?.minCount ?? null,
  shiftOn: Boolean(r?.minShift),
  shiftFrom: r?.minShift?.from ?? 8,
  shiftTo: r?.minShift?.to ?? 17,
  restricted: r?.restricted ?? false,
  allowDepts: r?.allowDepts ?? [],
  allowCards: r?.allowCards ?? [],
  allowCerts: r?.allowCerts ?? [],
  overstayMin: r?.overstayMin ?? null,
  manDownOn: Boolean(r?.manDown),
  manDownRadius: r?.manDown?.radiusM ?? 3,
  manDownSeconds: r?.manDown?.seconds ?? 600,
  gatheringOn: Boolean(r?.gathering),
  gatheringRadius: r?.gathering?.radiusM ?? 15,
  gatheringSeconds: r?.gathering?.seconds ?? 60,
  gatheringCount: r?.gathering?.count ?? 5,
});

const fromForm = (v: FormValues): FenceRuleInput => ({
  regionid: v.regionid,
  maxCount: v.maxCount ?? null,
  minCount: v.minCount ?? null,
  minShift: v.shiftOn ? { from: v.shiftFrom, to: v.shiftTo } : null,
  restricted: v.restricted,
  allowDepts: v.restricted ? v.allowDepts : [],
  allowCards: v.restricted ? v.allowCards.map((c) => c.trim()).filter(Boolean) : [],
  allowCerts: v.restricted ? v.allowCerts : [],
  overstayMin: v.overstayMin ?? null,
  manDown: v.manDownOn ? { radiusM: v.manDownRadius, seconds: v.manDownSeconds } : null,
  gathering: v.gatheringOn ? { radiusM: v.gatheringRadius, seconds: v.gatheringSeconds, count: v.gatheringCount } : null,
});

interface TreeOption {
  value: number;
  title: string;
  children: TreeOption[];
}

/** /SystesmManeges/FenceRules: the electronic fence rules of the regions (issue 10), for administrators. */
export function FenceRulesPage() {
  const { t } = useTranslation(fencesNs);
  const lang = useLang();
  const [message, holder] = antdMessage.useMessage();
  const loadRules = useCallback((signal: AbortSignal) => api(fenceRuleList, {}, { signal }), []);
  const rules = useLoad(loadRules);
  const loadRegions = useCallback((signal: AbortSignal) => api(regionGetList, { isallregionid: 0 }, { signal }), []);
  const regions = useLoad(loadRegions);
  const loadDepts = useCallback((signal: AbortSignal) => api(deptList, {}, { signal }), []);
  const depts = useLoad(loadDepts);
  const [editing, setEditing] = useState<FenceRuleItem | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<FormValues>();

  const regionTree = useMemo(() => {
    const to = (n: TreeNode<{ regionid: number; regionname: string; regionname_en: string }>): TreeOption => ({
      value: n.regionid,
      title: pick(lang, n.regionname, n.regionname_en),
      children: n.children.map(to),
    });
    return listToTree(regions.data ?? [], { id: 'regionid', parent: 'regionparentid' }).map(to);
  }, [regions.data, lang]);
  const deptTree = useMemo(() => {
    const to = (n: TreeNode<{ deptid: number; deptname: string; deptname_en: string }>): TreeOption => ({
      value: n.deptid,
      title: pick(lang, n.deptname, n.deptname_en),
      children: n.children.map(to),
    });
    return listToTree(depts.data ?? [], { id: 'deptid', parent: 'parentdeptid' }).map(to);
  }, [depts.data, lang]);
  const certOptions = useMemo(
    () =>
      (positioningObjectLedger.fields.find((f) => f.key === 'certificates')?.options ?? []).map((o) => ({
        value: o.value,
        label: pick(lang, o.label.zh, o.label.en),
      })),
    [lang],
  );

  const open = (r: FenceRuleItem | 'new') => {
    setEditing(r);
    form.setFieldsValue(toForm(r === 'new' ? null : r));
  };

  const handleSave = async () => {
    try {
      const values = await form.validateFields();
      setSaving(true);
      await api(fenceRuleSave, fromForm(values), { silent: true });
      void message.success(t('rules.saved'));
      setEditing(null);
      rules.reload();
    } catch (err) {
      if (!isValidationError(err)) {
        showSaveError(err, { form, fields: FIELDS, message, lang });
      }
    } finally {
      setSaving(false);
    }
  };

  const handleRemove = async (regionid: number) => {
    await api(fenceRuleDelete, { regionid });
    void message.success(t('rules.removed'));
    rules.reload();
  };

  const dash = t('rules.none');
  const columns: ColumnsType<FenceRuleItem> = [
    { title: t('rules.region'), key: 'region', width: 160, render: (_: unknown, r) => pick(lang, r.regionname, r.regionname_en) },
    {
      title: t('rules.headCount'),
      key: 'count',
      width: 140,
      render: (_: unknown, r) =>
        [r.maxCount !== null ? t('rules.max', { n: r.maxCount }) : null, r.minCount !== null ? t('rules.min', { n: r.minCount }) : null]
          .filter(Boolean)
          .join(' · ') || dash,
    },
    {
      title: t('rules.restricted'),
      dataIndex: 'restricted',
      width: 120,
      render: (v: boolean) => (v ? <Tag color="red">{t('rules.yes')}</Tag> : dash),
    },
    {
      title: t('rules.overstayMin'),
      dataIndex: 'overstayMin',
      width: 150,
      render: (v: number | null) => (v === null ? dash : t('rules.minutes', { n: v })),
    },
    {
      title: t('rules.manDown'),
      dataIndex: 'manDown',
      width: 130,
      render: (v: FenceRuleItem['manDown']) => (v ? t('rules.still', { r: v.radiusM, s: v.seconds }) : dash),
    },
    {
      title: t('rules.gathering'),
      dataIndex: 'gathering',
      width: 170,
      render: (v: FenceRuleItem['gathering']) => (v ? t('rules.gather', { n: v.count, r: v.radiusM, s: v.seconds }) : dash),
    },
    {
      title: t('rules.updated'),
      key: 'updated',
      width: 180,
      render: (_: unknown, r) => `${r.updated_by} ${formatDate(r.updated_at, 'MM-DD HH:mm')}`,
    },
    {
      title: '',
      key: 'actions',
      width: 140,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button type="link" onClick={() => open(r)} data-testid={`fence-edit-${r.regionid}`}>
            {t('rules.edit')}
          </Button>
          <Popconfirm
            title={t('rules.confirmRemove', { name: pick(lang, r.regionname, r.regionname_en) })}
            onConfirm={() => handleRemove(r.regionid)}
          >
            <Button type="link" danger>
              {t('rules.remove')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const restricted = Form.useWatch('restricted', form);
  const shiftOn = Form.useWatch('shiftOn', form);
  const manDownOn = Form.useWatch('manDownOn', form);
  const gatheringOn = Form.useWatch('gatheringOn', form);

  return (
    <Card
      size="small"
      title={t('rules.title')}
      data-testid="fence-rules-page"
      extra={
        <Space wrap>
          <Button icon={<ReloadOutlined />} onClick={rules.reload}>
            {t('rules.refresh')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} data-testid="fence-add">
            {t('rules.add')}
          </Button>
        </Space>
      }
    >
      {holder}
      <Typography.Paragraph type="secondary">{t('rules.intro')}</Typography.Paragraph>
      <Table<FenceRuleItem>
        rowKey="regionid"
        size="small"
        columns={columns}
        dataSource={rules.data?.items ?? []}
        loading={rules.loading}
        pagination={false}
        scroll={{ x: 1150 }}
        locale={{ emptyText: <Empty description={t('rules.empty')} /> }}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('rules.add') : t('rules.edit')}
        onOk={() => void handleSave()}
        confirmLoading={saving}
        onCancel={() => setEditing(null)}
        width={640}
        forceRender
      >
        <Form form={form} layout="vertical" data-testid="fence-form">
          <Form.Item name="regionid" label={t('rules.region')} rules={[{ required: true }]}>
            <TreeSelect
              treeData={regionTree}
              treeDefaultExpandAll
              showSearch
              treeNodeFilterProp="title"
              disabled={editing !== 'new'}
              data-testid="fence-region"
            />
          </Form.Item>
          <Row gutter={12}>
            <Col xs={24} sm={12}>
              <Form.Item name="maxCount" label={t('rules.maxCount')}>
                <InputNumber min={0} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="minCount" label={t('rules.minCount')}>
                <InputNumber min={1} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          <Space wrap align="end">
            <Form.Item name="shiftOn" label={t('rules.minShift')} valuePropName="checked">
              <Switch />
            </Form.Item>
            {shiftOn && (
              <>
                <Form.Item name="shiftFrom" label={t('rules.shiftFrom')}>
                  <InputNumber min={0} max={24} />
                </Form.Item>
                <Form.Item name="shiftTo" label={t('rules.shiftTo')}>
                  <InputNumber min={0} max={24} />
                </Form.Item>
              </>
            )}
          </Space>
          <Form.Item name="restricted" label={t('rules.restricted')} valuePropName="checked">
            <Switch data-testid="fence-restricted" />
          </Form.Item>
          {restricted && (
            <>
              <Form.Item name="allowDepts" label={t('rules.allowDepts')}>
                <TreeSelect treeData={deptTree} multiple treeDefaultExpandAll showSearch treeNodeFilterProp="title" />
              </Form.Item>
              <Form.Item name="allowCards" label={t('rules.allowCards')}>
                <Select mode="tags" tokenSeparators={[',', ' ', '，']} open={false} />
              </Form.Item>
              <Form.Item name="allowCerts" label={t('rules.allowCerts')}>
                <Select mode="multiple" options={certOptions} />
              </Form.Item>
            </>
          )}
          <Form.Item name="overstayMin" label={t('rules.overstayMin')}>
            <InputNumber min={1} max={1440} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Space wrap align="end">
            <Form.Item name="manDownOn" label={t('rules.manDown')} valuePropName="checked">
              <Switch />
            </Form.Item>
            {manDownOn && (
              <>
                <Form.Item name="manDownRadius" label={t('rules.radiusM')}>
                  <InputNumber min={0.5} max={50} />
                </Form.Item>
                <Form.Item name="manDownSeconds" label={t('rules.seconds')}>
                  <InputNumber min={1} max={86400} precision={0} />
                </Form.Item>
              </>
            )}
          </Space>
          <Space wrap align="end">
            <Form.Item name="gatheringOn" label={t('rules.gathering')} valuePropName="checked">
              <Switch />
            </Form.Item>
            {gatheringOn && (
              <>
                <Form.Item name="gatheringCount" label={t('rules.count')}>
                  <InputNumber min={2} max={1000} precision={0} />
                </Form.Item>
                <Form.Item name="gatheringRadius" label={t('rules.radiusM')}>
                  <InputNumber min={1} max={200} />
                </Form.Item>
                <Form.Item name="gatheringSeconds" label={t('rules.seconds')}>
                  <InputNumber min={1} max={3600} precision={0} />
                </Form.Item>
              </>
            )}
          </Space>
        </Form>
      </Modal>
    </Card>
  );
}
