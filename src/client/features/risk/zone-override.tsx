import { Alert, Button, DatePicker, Form, Input, Radio, Space, message } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { riskLevels, type RiskLevel } from '../../../shared/domain/risk-evaluation';
import { MAX_OVERRIDE_REASON } from '../../../shared/domain/risk-zones';
import { renderMessage } from '../../../shared/messages/catalog';
import type { RiskZoneItem } from '../../../shared/risk/items';
import { regionLevelOverride, regionLevelOverrideClear } from '../../../shared/risk/override-contracts';
import { formatDate, type Lang } from '../../../shared/time';
import { api } from '../../app/api';
import { useSession } from '../../app/session-store';
import { FormModal } from '../../ui/form-modal';
import { LevelTag, levelName } from '../../ui/risk-level';

interface SetForm {
  level: RiskLevel;
  reason: string;
  until: Dayjs | null;
}
interface ClearForm {
  reason: string;
}

/**
 * A zone's level set by hand (issue 21 §4) on the map's zone panel: the
 * override in force with its reason, who and until when; "set the level"
 * (a level, never a colour, with a reason and an optional end) and "clear"
 * (with a reason) for those with `risk:manage`. The new colour arrives on
 * topic `risk` like any change.
 */
export function ZoneOverride({ lang, zone }: { lang: Lang; zone: RiskZoneItem }) {
  const canSet = useSession((s) => s.user?.permissions.includes('risk:manage') ?? false);
  const [dialog, setDialog] = useState<'set' | 'clear' | null>(null);
  const [key, setKey] = useState(0);
  const [messageApi, messageHolder] = message.useMessage();
  const o = zone.override;
  const open = (d: 'set' | 'clear') => {
    setKey((k) => k + 1);
    setDialog(d);
  };

  return (
    <div data-testid="risk-zone-override">
      {messageHolder}
      {o ? (
        <Alert
          type="warning"
          showIcon
          data-testid="risk-override-current"
          data-level={o.level}
          message={
            <Space size={6} wrap>
              <span>{renderMessage(lang, 'risk.map.overridden')}</span>
              <LevelTag lang={lang} level={o.level} />
            </Space>
          }
          description={
            <div style={{ fontSize: 12 }}>
              <div>
                {renderMessage(lang, 'risk.override.reason')}: {o.reason}
              </div>
              <div>
                {o.by} · {formatDate(o.at, 'YYYY-MM-DD HH:mm')}
                {o.until !== null && ` · ${renderMessage(lang, 'risk.override.untilText', { time: formatDate(o.until, 'YYYY-MM-DD HH:mm') })}`}
              </div>
            </div>
          }
        />
      ) : null}
      {canSet && (
        <Space size={8} wrap style={{ marginTop: o ? 8 : 0 }}>
          <Button size="small" onClick={() => open('set')} data-testid="risk-override-set">
            {renderMessage(lang, 'risk.override.set')}
          </Button>
          {o && (
            <Button size="small" danger onClick={() => open('clear')} data-testid="risk-override-clear">
              {renderMessage(lang, 'risk.override.clear')}
            </Button>
          )}
        </Space>
      )}
      <FormModal<SetForm>
        key={`set-${key}`}
        open={dialog === 'set'}
        title={renderMessage(lang, 'risk.override.set')}
        okText={renderMessage(lang, 'risk.override.set')}
        okTestId="risk-override-ok"
        formTestId="risk-override-form"
        initialValues={{ level: o?.level ?? zone.residual ?? 4, reason: '', until: null }}
        fields={['level', 'reason', 'until']}
        onClose={() => setDialog(null)}
        onSubmit={async (v) => {
          const input = { zone: zone.regionid, level: v.level, reason: v.reason ?? '', until: v.until ? v.until.valueOf() : null };
          const checked = regionLevelOverride.input.safeParse(input);
          if (!checked.success) {
            return checked.error.issues;
          }
          await api(regionLevelOverride, input);
          void messageApi.success(renderMessage(lang, 'risk.override.saved'));
        }}
      >
        <Alert type="info" showIcon style={{ marginBottom: 12 }} message={renderMessage(lang, 'risk.override.help')} />
        <Form.Item name="level" label={renderMessage(lang, 'risk.map.level')} required>
          <Radio.Group data-testid="risk-override-level">
            {riskLevels.map((l) => (
              <Radio key={l} value={l} data-testid={`risk-override-level-${l}`} aria-label={levelName(lang, l)}>
                <LevelTag lang={lang} level={l} />
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item name="reason" label={renderMessage(lang, 'risk.override.reason')} required>
          <Input.TextArea rows={3} maxLength={MAX_OVERRIDE_REASON} data-testid="risk-override-reason" />
        </Form.Item>
        <Form.Item name="until" label={renderMessage(lang, 'risk.override.until')}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" disabledDate={(d) => d.isBefore(dayjs(), 'day')} style={{ width: '100%' }} />
        </Form.Item>
      </FormModal>
      <FormModal<ClearForm>
        key={`clear-${key}`}
        open={dialog === 'clear'}
        title={renderMessage(lang, 'risk.override.clear')}
        okText={renderMessage(lang, 'risk.override.clear')}
        okTestId="risk-override-clear-ok"
        initialValues={{ reason: '' }}
        fields={['reason']}
        onClose={() => setDialog(null)}
        onSubmit={async (v) => {
          const input = { zone: zone.regionid, reason: v.reason ?? '' };
          const checked = regionLevelOverrideClear.input.safeParse(input);
          if (!checked.success) {
            return checked.error.issues;
          }
          await api(regionLevelOverrideClear, input);
          void messageApi.success(renderMessage(lang, 'risk.override.cleared'));
        }}
      >
        <Form.Item name="reason" label={renderMessage(lang, 'risk.override.reason')} required>
          <Input.TextArea rows={3} maxLength={MAX_OVERRIDE_REASON} data-testid="risk-override-clear-reason" />
        </Form.Item>
      </FormModal>
    </div>
  );
}
