import { Alert, Button, Card, Checkbox, Form, Input, InputNumber, Select, Space } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { PlantCalendarConfig } from '../../../shared/domain/plant-calendar';
import { plantCalendarGet, plantCalendarSave } from '../../../shared/permits/calendar-contracts';
import { api } from '../../app/api';
import { feedback } from '../../app/feedback';
import { useLang } from '../../app/i18n';
import { useLoad } from '../../ui/use-load';
import { m } from './permit-labels';

interface CalendarValues {
  utcOffsetHours: number;
  restWeekdays: number[];
  holidays: string[];
  workdays: string[];
  nightFrom: string;
  nightTo: string;
}

const toValues = (c: PlantCalendarConfig): CalendarValues => ({
  utcOffsetHours: c.utcOffsetMinutes / 60,
  restWeekdays: c.restWeekdays,
  holidays: c.holidays,
  workdays: c.workdays,
  nightFrom: c.night.from,
  nightTo: c.night.to,
});

/**
 * `/systemConfig/holidaySpecialTimeConfig`: the plant calendar the permit
 * rules read (hot-work grade raise on holidays, rest days, at night).
 * Bad dates or times are refused by the server naming the field.
 */
export function PlantCalendarPage() {
  const lang = useLang();
  const [form] = Form.useForm<CalendarValues>();
  const [busy, setBusy] = useState(false);
  const loaded = useLoad(useCallback((signal: AbortSignal) => api(plantCalendarGet, {}, { signal }), []));
  useEffect(() => {
    if (loaded.data) {
      form.setFieldsValue(toValues(loaded.data));
    }
  }, [loaded.data, form]);

  const save = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const saved = await api(plantCalendarSave, {
        utcOffsetMinutes: Math.round(v.utcOffsetHours * 60),
        restWeekdays: v.restWeekdays,
        holidays: [...v.holidays].sort(),
        workdays: [...v.workdays].sort(),
        night: { from: v.nightFrom, to: v.nightTo },
      });
      form.setFieldsValue(toValues(saved));
      void feedback.message.success(m(lang, 'permits.calendar.saved'));
    } finally {
      setBusy(false);
    }
  };

  const hhmm = { pattern: /^([01]\d|2[0-3]):[0-5]\d$/, message: 'HH:mm' };
  return (
    <Card title={m(lang, 'permits.calendar.title')} data-testid="plant-calendar">
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={m(lang, 'permits.calendar.hint')} />
      <Form form={form} layout="vertical" style={{ maxWidth: 720 }}>
        <Form.Item name="utcOffsetHours" label={m(lang, 'permits.calendar.utcOffset')} rules={[{ required: true }]}>
          <InputNumber min={-12} max={14} step={0.5} />
        </Form.Item>
        <Form.Item name="restWeekdays" label={m(lang, 'permits.calendar.restWeekdays')}>
          <Checkbox.Group options={[1, 2, 3, 4, 5, 6, 0].map((d) => ({ value: d, label: m(lang, `permits.calendar.weekday.${d}`) }))} />
        </Form.Item>
        <Form.Item name="holidays" label={m(lang, 'permits.calendar.holidays')}>
          <Select mode="tags" tokenSeparators={[',', ' ', '，']} open={false} data-testid="plant-calendar-holidays" />
        </Form.Item>
        <Form.Item name="workdays" label={m(lang, 'permits.calendar.workdays')}>
          <Select mode="tags" tokenSeparators={[',', ' ', '，']} open={false} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="nightFrom" label={m(lang, 'permits.calendar.nightFrom')} rules={[{ required: true }, hhmm]}>
            <Input style={{ width: 120 }} placeholder="22:00" />
          </Form.Item>
          <Form.Item name="nightTo" label={m(lang, 'permits.calendar.nightTo')} rules={[{ required: true }, hhmm]}>
            <Input style={{ width: 120 }} placeholder="06:00" />
          </Form.Item>
        </Space>
        <Form.Item>
          <Button type="primary" loading={busy} onClick={() => void save()} data-testid="plant-calendar-save">
            {m(lang, 'permits.calendar.save')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
