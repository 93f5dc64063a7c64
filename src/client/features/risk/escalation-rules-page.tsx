import { AutoComplete, Button, Card, Form, Input, InputNumber, Popconfirm, Radio, Select, Space, Switch, Table, Tag, Typography, message } from 'antd';
import { useCallback, useState, type HTMLAttributes } from 'react';
import { riskLevels, type RiskLevel } from '../../../shared/domain/risk-evaluation';
import type { EscalationRule } from '../../../shared/domain/risk-escalation';
import { renderMessage, type MessageCode } from '../../../shared/messages/catalog';
import { escalationRuleDelete, escalationRuleList, escalationRuleSave, type EscalationRuleItem } from '../../../shared/risk/rule-contracts';
import { api } from '../../app/api';
import { useLang, type Lang } from '../../app/i18n';
import { useSession } from '../../app/session-store';
import { FormModal } from '../../ui/form-modal';
import { LevelTag, levelName } from '../../ui/risk-level';
import { useLoad } from '../../ui/use-load';

/** The cause kinds the modules report now (issue 21 §5); a rule may name another kind a later module adds. */
const knownKinds = ['alarm', 'headcount', 'gathering', 'permit', 'hiddenDanger'] as const;
const kindName = (lang: Lang, kind: string) =>
  (knownKinds as readonly string[]).includes(kind) ? renderMessage(lang, `risk.kind.${kind}` as MessageCode) : kind;

type Match = EscalationRule['match'];

/** `type=hot-work` / `grade=special,first` lines → match; numbers and booleans as the causes report them. Answers the first bad line (1-based). */
export function parseMatch(text: string): { match: Match } | { badLine: number } {
  const match: Match = {};
  const scalar = (v: string) => (/^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v);
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '') {
      continue;
    }
    const eq = line.indexOf('=');
    const key = eq > 0 ? line.slice(0, eq).trim() : '';
    const values = eq > 0 ? line.slice(eq + 1).split(',').map((v) => v.trim()).filter((v) => v !== '') : [];
    if (key === '' || values.length === 0) {
      return { badLine: i + 1 };
    }
    match[key] = values.length > 1 ? values.map(scalar) : values[0] === 'true' || values[0] === 'false' ? values[0] === 'true' : scalar(values[0]);
  }
  return { match };
}

export const formatMatch = (match: Match) =>
  Object.entries(match)
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : String(v)}`)
    .join('\n');

interface RuleForm {
  id: string;
  nameZh: string;
  nameEn: string;
  kind: string;
  match: string;
  effect: 'raise' | 'set';
  level: RiskLevel;
  holdMin: number;
  enabled: boolean;
}
const formFields = ['id', 'nameZh', 'nameEn', 'kind', 'match', 'effect', 'level', 'holdMin', 'enabled'] as const;
/** Where a refusal of the contract's field lands on the form. */
const fieldNames = { holdMs: 'holdMin', name: 'nameZh' };

const toForm = (r: EscalationRuleItem): RuleForm => ({
  id: r.id,
  nameZh: r.name?.zh ?? '',
  nameEn: r.name?.en ?? '',
  kind: r.kind,
  match: formatMatch(r.match),
  effect: 'set' in r.effect ? 'set' : 'raise',
  level: 'set' in r.effect ? r.effect.set : 1,
  holdMin: r.holdMs / 60_000,
  enabled: r.enabled,
});

function toRule(v: RuleForm): EscalationRule {
  const parsed = parseMatch(v.match ?? '');
  return {
    id: v.id?.trim() ?? '',
    kind: v.kind?.trim() ?? '',
    match: 'match' in parsed ? parsed.match : {},
    effect: v.effect === 'set' ? { set: v.level } : { raise: 1 },
    holdMs: Math.round((v.holdMin ?? 0) * 60_000),
    enabled: v.enabled,
    ...(v.nameZh?.trim() ? { name: { zh: v.nameZh.trim(), en: v.nameEn?.trim() ?? '' } } : {}),
  };
}

/** What a rule does, in words: "raise one level" or "set to 重大", with its hold. */
function Effect({ lang, rule }: { lang: Lang; rule: EscalationRule }) {
  return 'set' in rule.effect ? (
    <Space size={4}>
      {renderMessage(lang, 'risk.rules.set')} <LevelTag lang={lang} level={rule.effect.set} />
    </Space>
  ) : (
    <span>{renderMessage(lang, 'risk.rules.raise')}</span>
  );
}

/**
 * /RiskControll/EscalationRules: the live escalation rules (issue 21 §5,
 * DOMAIN.md §6) as rows: which causes (kind + attribute match), the effect
 * (raise one level or set a level) and the hold after the cause ends. A save
 * recomputes every zone at once on every server; administrators edit, others read.
 */
export function EscalationRulesPage() {
  const lang = useLang();
  const canEdit = useSession((s) => s.user?.permissions.includes('risk:rules') ?? false);
  const { data, loading, reload } = useLoad(useCallback((signal: AbortSignal) => api(escalationRuleList, {}, { signal }), []));
  const [editing, setEditing] = useState<EscalationRuleItem | null>(null);
  const [open, setOpen] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const [effect, setEffect] = useState<'raise' | 'set'>('raise');
  const [messageApi, messageHolder] = message.useMessage();

  const openForm = (rule: EscalationRuleItem | null) => {
    setEditing(rule);
    setEffect(rule && 'set' in rule.effect ? 'set' : 'raise');
    setFormKey((k) => k + 1);
    setOpen(true);
  };
  const handleSubmit = async (values: RuleForm) => {
    const rule = toRule(values);
    const checked = escalationRuleSave.input.safeParse(rule);
    if (!checked.success) {
      return checked.error.issues;
    }
    await api(escalationRuleSave, rule);
    void messageApi.success(renderMessage(lang, 'risk.rules.saved'));
    reload();
  };
  const handleDelete = async (id: string) => {
    await api(escalationRuleDelete, { id });
    void messageApi.success(renderMessage(lang, 'risk.rules.deleted'));
    reload();
  };

  const initial: RuleForm = editing ? toForm(editing) : { id: '', nameZh: '', nameEn: '', kind: 'permit', match: '', effect: 'raise', level: 1, holdMin: 0, enabled: true };
  return (
    <Card
      size="small"
      title={renderMessage(lang, 'risk.rules.title')}
      extra={
        canEdit ? (
          <Button type="primary" onClick={() => openForm(null)} data-testid="rule-add">
            {renderMessage(lang, 'risk.rules.add')}
          </Button>
        ) : null
      }
      data-testid="escalation-rules-page"
    >
      {messageHolder}
      <Typography.Paragraph type="secondary">{renderMessage(lang, 'risk.rules.intro')}</Typography.Paragraph>
      <Table<EscalationRuleItem>
        size="small"
        rowKey="id"
        loading={loading}
        dataSource={data?.items ?? []}
        pagination={false}
        scroll={{ x: 860 }}
        onRow={(r) => ({ 'data-testid': `rule-${r.id}` }) as HTMLAttributes<HTMLElement>}
        columns={[
          {
            title: renderMessage(lang, 'risk.rules.name'),
            key: 'name',
            render: (_v, r) => (
              <div>
                <div>{r.name ? (lang === 'en' ? r.name.en || r.name.zh : r.name.zh) : r.id}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {r.id}
                </Typography.Text>
              </div>
            ),
          },
          { title: renderMessage(lang, 'risk.rules.kind'), key: 'kind', render: (_v, r) => kindName(lang, r.kind) },
          {
            title: renderMessage(lang, 'risk.rules.match'),
            key: 'match',
            render: (_v, r) =>
              Object.keys(r.match).length === 0 ? (
                <Typography.Text type="secondary">{renderMessage(lang, 'risk.rules.matchAny')}</Typography.Text>
              ) : (
                <Space size={[4, 4]} wrap>
                  {formatMatch(r.match)
                    .split('\n')
                    .map((m) => (
                      <Tag key={m}>{m}</Tag>
                    ))}
                </Space>
              ),
          },
          { title: renderMessage(lang, 'risk.rules.effect'), key: 'effect', render: (_v, r) => <Effect lang={lang} rule={r} /> },
          {
            title: renderMessage(lang, 'risk.rules.holdShort'),
            key: 'hold',
            render: (_v, r) => <span data-testid={`rule-hold-${r.id}`}>{renderMessage(lang, 'risk.rules.minutes', { n: r.holdMs / 60_000 })}</span>,
          },
          {
            title: renderMessage(lang, 'risk.rules.enabled'),
            key: 'enabled',
            render: (_v, r) => (r.enabled ? <Tag color="green">✓</Tag> : <Tag>—</Tag>),
          },
          ...(canEdit
            ? [
                {
                  title: renderMessage(lang, 'risk.common.actions'),
                  key: 'actions',
                  render: (_v: unknown, r: EscalationRuleItem) => (
                    <Space size={4}>
                      <Button size="small" type="link" onClick={() => openForm(r)} data-testid={`rule-edit-${r.id}`}>
                        {renderMessage(lang, 'risk.common.edit')}
                      </Button>
                      <Popconfirm title={renderMessage(lang, 'risk.rules.deleteConfirm')} onConfirm={() => handleDelete(r.id).catch(() => undefined)}>
                        <Button size="small" type="link" danger data-testid={`rule-delete-${r.id}`}>
                          {renderMessage(lang, 'risk.common.delete')}
                        </Button>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <FormModal<RuleForm>
        key={formKey}
        open={open}
        title={renderMessage(lang, editing ? 'risk.rules.edit' : 'risk.rules.add')}
        okText={renderMessage(lang, 'risk.common.save')}
        initialValues={initial}
        fields={formFields}
        fieldNames={fieldNames}
        onSubmit={handleSubmit}
        onClose={() => setOpen(false)}
        onValuesChange={(changed) => changed.effect && setEffect(changed.effect)}
        okTestId="rule-save"
        formTestId="rule-form"
      >
        <Form.Item name="id" label={renderMessage(lang, 'risk.rules.id')} rules={[{ required: true }]}>
          <Input disabled={editing !== null} maxLength={60} data-testid="rule-id" />
        </Form.Item>
        <Space.Compact block>
          <Form.Item name="nameZh" label={renderMessage(lang, 'risk.rules.name')} style={{ flex: 1 }}>
            <Input maxLength={100} data-testid="rule-name" />
          </Form.Item>
          <Form.Item name="nameEn" label={renderMessage(lang, 'risk.rules.nameEn')} style={{ flex: 1 }}>
            <Input maxLength={100} />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="kind" label={renderMessage(lang, 'risk.rules.kind')} rules={[{ required: true }]}>
          <AutoComplete options={knownKinds.map((k) => ({ value: k, label: `${kindName(lang, k)} (${k})` }))} data-testid="rule-kind" />
        </Form.Item>
        <Form.Item
          name="match"
          label={renderMessage(lang, 'risk.rules.match')}
          extra={renderMessage(lang, 'risk.rules.matchHelp')}
          rules={[
            {
              validator: (_r, v: string | undefined) => {
                const parsed = parseMatch(v ?? '');
                return 'badLine' in parsed ? Promise.reject(new Error(renderMessage(lang, 'risk.rules.badMatch', { line: parsed.badLine }))) : Promise.resolve();
              },
            },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} data-testid="rule-match" />
        </Form.Item>
        <Form.Item name="effect" label={renderMessage(lang, 'risk.rules.effect')}>
          <Radio.Group
            options={[
              { value: 'raise', label: renderMessage(lang, 'risk.rules.raise') },
              { value: 'set', label: renderMessage(lang, 'risk.rules.set') },
            ]}
            data-testid="rule-effect"
          />
        </Form.Item>
        {effect === 'set' ? (
          <Form.Item name="level" label={renderMessage(lang, 'risk.map.level')}>
            <Select options={riskLevels.map((l) => ({ value: l, label: levelName(lang, l) }))} data-testid="rule-level" />
          </Form.Item>
        ) : null}
        <Form.Item name="holdMin" label={renderMessage(lang, 'risk.rules.hold')}>
          <InputNumber min={0} max={10_080} step={1} style={{ width: 160 }} data-testid="rule-hold" />
        </Form.Item>
        <Form.Item name="enabled" label={renderMessage(lang, 'risk.rules.enabled')} valuePropName="checked">
          <Switch data-testid="rule-enabled" />
        </Form.Item>
      </FormModal>
    </Card>
  );
}
