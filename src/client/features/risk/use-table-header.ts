import { useCallback } from 'react';
import { recordContracts } from '../../../shared/records/contracts';
import { analysisLedger, analysisMeasureLedger, evaluateUnitLedger } from '../../../shared/risk/analysis-ledgers';
import { riskControlColumnLedger, type HeaderTable } from '../../../shared/risk/control-ledgers';
import { api } from '../../app/api';
import { useLoad } from '../../ui/use-load';

const columnCalls = recordContracts(riskControlColumnLedger);
const ledgers = { EvaluateUnit: evaluateUnitLedger, Analysis: analysisLedger, AnalysisMeasure: analysisMeasureLedger } as const;

/**
 * The columns a plant chose for one analysis list on `/RiskControll/TableHeaderConfig`:
 * the shown rows naming a field of that ledger, in their sort order. `columns` is
 * undefined when none is shown (the list keeps its definition's columns);
 * `loaded` is false until the configuration has been read.
 */
export function useTableHeader(table: HeaderTable): { loaded: boolean; columns: readonly string[] | undefined } {
  const { data, failed } = useLoad(
    useCallback(
      (signal: AbortSignal) => api(columnCalls.list, { filters: { table, visible: '1' }, sort: { field: 'sort', order: 'asc' }, page: 1, pageSize: 100 }, { signal }),
      [table],
    ),
  );
  const known = new Set(ledgers[table].fields.map((f) => f.key));
  const keys = (data?.items ?? []).map((r) => (typeof r.field === 'string' ? r.field.trim() : '')).filter((k) => known.has(k));
  return { loaded: data !== undefined || failed, columns: keys.length > 0 ? [...new Set(keys)] : undefined };
}
