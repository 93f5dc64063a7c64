import { Spin } from 'antd';
import { LedgerPage } from '../../ui/records/ledger-page';
import { useTableHeader } from './use-table-header';

/* The risk analysis ledgers (issue 21 §1), each a whole page from its definition on the record engine. */

/** /RiskManagement/EvaluateUnit and /RiskControll/EvaluateUnit: evaluation units on the plant's regions, with the columns of the table header config. */
export function EvaluateUnitPage() {
  const header = useTableHeader('EvaluateUnit');
  return header.loaded ? <LedgerPage entity="EvaluateUnit" columns={header.columns} /> : <Spin />;
}

/** /RiskControll/ControlMeasures: control measures of the risk events, with the columns of the table header config. */
export function ControlMeasuresPage() {
  const header = useTableHeader('AnalysisMeasure');
  return header.loaded ? <LedgerPage entity="AnalysisMeasure" columns={header.columns} /> : <Spin />;
}

/** /RiskControll/AnalysisObject: analysis objects. */
export function AnalysisObjectPage() {
  return <LedgerPage entity="Structure" />;
}

/** /RiskControll/AccidentType. */
export function AccidentTypePage() {
  return <LedgerPage entity="AccidentType" />;
}

/** /RiskControll/RiskRange. */
export function RiskRangePage() {
  return <LedgerPage entity="Range" />;
}

/** /RiskControll/ControlLevel. */
export function ControlLevelPage() {
  return <LedgerPage entity="Level" />;
}

/** /RiskControll/MeasureType: measure types, listed in their sort order. */
export function MeasureTypePage() {
  return <LedgerPage entity="MeasureType" />;
}

/** /RiskControll/RiskType: the risk type tree (`UAPI/Config/RiskType*`). */
export function RiskTypePage() {
  return <LedgerPage entity="RiskType" />;
}
