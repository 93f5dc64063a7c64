// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecordItem } from '../../../shared/records/contracts';
import { fieldTypes, type FieldDef } from '../../../shared/records/definition';
import { FieldView } from './field-view';
import { noPickers, type Pickers } from './use-pickers';

/*
 * The detail's value pieces (issue 17 item 4, component tests beside the record
 * UI): what a reader of a record sees for a signature, a table, a receipt
 * confirmation and an enumeration, in both languages.
 */

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const AT = Date.UTC(2026, 10, 26, 2, 30); // 10:30 in China
const pickers: Pickers = {
  ...noPickers,
  users: [
    { userid: 7, username: '李操作', loginname: 'operator' },
    { userid: 8, username: '王主管', loginname: 'supervisor' },
  ],
};
const record = (values: Record<string, unknown>): RecordItem => ({ id: 1, version: 1, status: 1, deptid: null, regionid: null, created: AT, updated: AT, ...values }) as RecordItem;
const field = (f: Partial<FieldDef> & Pick<FieldDef, 'key' | 'type'>): FieldDef => ({ label: { zh: f.key, en: f.key }, ...f }) as FieldDef;

afterEach(cleanup);

describe('FieldView', () => {
  it('shows a signature as the drawing with who signed it and when, in the reader’s language', () => {
    const sig = field({ key: 'sign', type: fieldTypes.signature });
    const value = { png: PNG, signer: 7, signerName: '李操作', at: AT, hash: 'a'.repeat(64) };
    render(<FieldView field={sig} record={record({ sign: value })} lang="zh" pickers={pickers} />);
    expect(screen.getByTestId('detail-sign-image').getAttribute('src')).toBe(PNG);
    expect(screen.getByText(/签名人: 李操作/)).toBeTruthy();
    cleanup();
    render(<FieldView field={sig} record={record({ sign: value })} lang="en" pickers={pickers} />);
    expect(screen.getByText(/Signed by: 李操作/)).toBeTruthy();
  });

  it('shows a signature from before the pad (text) as signed, never as an image or as its raw text', () => {
    const sig = field({ key: 'sign', type: fieldTypes.signature });
    render(<FieldView field={sig} record={record({ sign: '旧签名文本' })} lang="zh" pickers={pickers} />);
    expect(screen.queryByTestId('detail-sign-image')).toBeNull();
    expect(screen.queryByText('旧签名文本')).toBeNull();
    expect(screen.getByText('✓')).toBeTruthy();
  });

  it('shows a table field as a table with its columns’ titles and each row', () => {
    const gas = field({
      key: 'gas',
      type: fieldTypes.table,
      columns: [
        { key: 'point', type: fieldTypes.text, label: { zh: '取样点', en: 'Point' } },
        { key: 'lel', type: fieldTypes.number, label: { zh: '可燃气 %LEL', en: 'Combustible %LEL' } },
      ],
    } as Partial<FieldDef> & Pick<FieldDef, 'key' | 'type'>);
    const rows = [
      { point: '泵房东', lel: 0.2 },
      { point: '泵房西', lel: 0.4 },
    ];
    render(<FieldView field={gas} record={record({ gas: rows })} lang="en" pickers={pickers} />);
    // (antd draws the header twice when the table scrolls sideways: a measuring copy.)
    expect(screen.getAllByText('Point').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Combustible %LEL').length).toBeGreaterThan(0);
    expect(screen.getByText('泵房东')).toBeTruthy();
    expect(screen.getByText('泵房西')).toBeTruthy();
    expect(screen.getByText('0.4')).toBeTruthy();
  });

  it('shows who has confirmed a receipt, and offers the confirm button only to the reader who has not yet', () => {
    const receipt = field({ key: 'ack', type: fieldTypes.receipt });
    const entries = [
      { userid: 7, at: AT },
      { userid: 8, at: null },
    ];
    const onConfirm = vi.fn();
    // The operator has confirmed: no button for them.
    render(<FieldView field={receipt} record={record({ ack: entries })} lang="zh" pickers={pickers} me={7} onConfirm={onConfirm} />);
    expect(screen.getByText('李操作')).toBeTruthy();
    expect(screen.getByText(/已确认/)).toBeTruthy();
    expect(screen.getByText('未确认')).toBeTruthy();
    expect(screen.queryByTestId('receipt-confirm-ack')).toBeNull();
    cleanup();
    // The supervisor has not: the button is theirs, and it confirms this field.
    render(<FieldView field={receipt} record={record({ ack: entries })} lang="zh" pickers={pickers} me={8} onConfirm={onConfirm} />);
    fireEvent.click(screen.getByTestId('receipt-confirm-ack'));
    expect(onConfirm).toHaveBeenCalledWith('ack');
  });

  it('shows an enumeration by its option’s label in the reader’s language', () => {
    const level = field({
      key: 'level',
      type: fieldTypes.enum,
      options: [
        { value: 'low', label: { zh: '低', en: 'Low' } },
        { value: 'high', label: { zh: '高', en: 'High' } },
      ],
    });
    render(<FieldView field={level} record={record({ level: 'high' })} lang="zh" pickers={pickers} />);
    expect(screen.getByText('高')).toBeTruthy();
    cleanup();
    render(<FieldView field={level} record={record({ level: 'high' })} lang="en" pickers={pickers} />);
    expect(screen.getByText('High')).toBeTruthy();
  });
});
