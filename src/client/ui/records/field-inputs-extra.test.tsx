// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fieldTypes, type FieldDef, type SubFieldDef } from '../../../shared/records/definition';
import { HazardMatrixInput, TableInput } from './field-inputs-extra';

/*
 * Input pieces of the record form (issue 17 item 4, component tests beside the
 * record UI): the table field's rows and per-cell errors, and the hazard
 * matrix's choice and level.
 */

afterEach(cleanup);

const gas = {
  key: 'gas',
  type: fieldTypes.table,
  label: { zh: '气体分析', en: 'Gas analysis' },
  max: 2,
  columns: [
    { key: 'point', type: fieldTypes.text, label: { zh: '取样点', en: 'Point' }, required: true },
    { key: 'lel', type: fieldTypes.number, label: { zh: '可燃气', en: 'Combustible' }, min: 0, max: 100 },
  ],
} as unknown as FieldDef;

/** A plain input per cell, as the form's own cell renderer would put one. */
const cell = (c: SubFieldDef, v: unknown, onChange: (v: unknown) => void, testId: string) => (
  <input data-testid={testId} value={typeof v === 'string' || typeof v === 'number' ? String(v) : ''} onChange={(e) => onChange(c.type === fieldTypes.number ? Number(e.target.value) : e.target.value)} />
);

function Table({ lang = 'zh' as const, onRows }: { lang?: 'zh' | 'en'; onRows?: (rows: unknown) => void }) {
  const [rows, setRows] = useState<unknown>([]);
  return (
    <TableInput
      field={gas}
      lang={lang}
      dictionaries={{}}
      value={rows}
      onChange={(v) => {
        setRows(v);
        onRows?.(v);
      }}
      renderCell={cell}
    />
  );
}

describe('TableInput', () => {
  it('adds rows up to the field’s maximum, edits a cell, and deletes a row', () => {
    const onRows = vi.fn();
    render(<Table onRows={onRows} />);
    fireEvent.click(screen.getByTestId('row-add-gas'));
    fireEvent.click(screen.getByTestId('row-add-gas'));
    expect(onRows).toHaveBeenLastCalledWith([
      { point: null, lel: null },
      { point: null, lel: null },
    ]);
    // Two rows is the maximum: the add button is off.
    expect(screen.getByTestId<HTMLButtonElement>('row-add-gas').disabled).toBe(true);
    fireEvent.change(screen.getByTestId('cell-gas-1-point'), { target: { value: '泵房西' } });
    expect(onRows).toHaveBeenLastCalledWith([
      { point: null, lel: null },
      { point: '泵房西', lel: null },
    ]);
    fireEvent.click(screen.getByTestId('row-delete-gas-0'));
    expect(onRows).toHaveBeenLastCalledWith([{ point: '泵房西', lel: null }]);
    expect(screen.getByTestId<HTMLButtonElement>('row-add-gas').disabled).toBe(false);
  });

  it('names a cell’s error under it, in the user’s language: a required cell left empty, a number out of range', () => {
    render(<Table lang="en" />);
    fireEvent.click(screen.getByTestId('row-add-gas'));
    // The required point is empty: its error shows at once; the optional number has none while empty.
    expect(document.querySelectorAll('.ant-form-item-explain-error')).toHaveLength(1);
    fireEvent.change(screen.getByTestId('cell-gas-0-lel'), { target: { value: '150' } });
    const errors = [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent ?? '');
    expect(errors).toHaveLength(2);
    expect(errors.join(' ')).toMatch(/100/);
    expect(errors.join(' ')).not.toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('HazardMatrixInput', () => {
  it('picks likelihood × severity from the grid and shows the product with its level', () => {
    function Matrix() {
      const [v, setV] = useState<unknown>(null);
      return <HazardMatrixInput lang="zh" testId="hm" value={v} onChange={setV} />;
    }
    render(<Matrix />);
    // 25 cells, none chosen yet.
    expect(screen.getAllByRole('button')).toHaveLength(25);
    expect(screen.queryByText(/L\d × S\d =/)).toBeNull();
    fireEvent.click(screen.getByTestId('hm-5-5'));
    expect(screen.getByTestId('hm-5-5').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText(/L5 × S5 = 25/).textContent).toMatch(/重大风险/);
    fireEvent.click(screen.getByTestId('hm-1-1'));
    expect(screen.getByTestId('hm-5-5').getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText(/L1 × S1 = 1/).textContent).toMatch(/低风险/);
  });

  it('offers nothing to click when the field is read-only', () => {
    const onChange = vi.fn();
    render(<HazardMatrixInput lang="en" testId="hm" value={{ l: 2, s: 3 }} onChange={onChange} disabled />);
    fireEvent.click(screen.getByTestId('hm-4-4'));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText(/L2 × S3 = 6/)).toBeTruthy();
  });
});
