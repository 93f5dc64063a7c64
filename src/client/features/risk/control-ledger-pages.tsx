import { RiskDetailsPage } from './risk-details-page';
import { LedgerPage } from '../../ui/records/ledger-page';

/* The configuration and self-evaluation ledgers of /RiskControll (issue 21 §1), each a whole page from its definition on the record engine. */

/** /RiskControll/RiskFactor: risk factors by the four classes of GB/T 13861-2022. */
export function RiskFactorPage() {
  return <LedgerPage entity="RiskFactor" />;
}

/** /RiskControll/TableHeaderConfig: the columns the unit, event and measure lists show. */
export function TableHeaderConfigPage() {
  return <LedgerPage entity="RiskControlColumn" />;
}

/** /RiskControll/AssessmentConfig: the method and review cycle per risk range. */
export function AssessmentConfigPage() {
  return <LedgerPage entity="EvaluationMethondConfig" />;
}

/** /RiskControll/SafeSelfEvaluation: a unit's self-evaluations, filled in online and signed. */
export function SafeSelfEvaluationPage() {
  return <LedgerPage entity="SafeSelfEvaluation" />;
}

/** /RiskControll/SafeSelfEvaluationLog: the same self-evaluations as a log, newest first, by time and who. */
export function SafeSelfEvaluationLogPage() {
  return <LedgerPage entity="SafeSelfEvaluation" columns={['evaluatedAt', 'title', 'unit', 'region', 'conclusion', 'score', 'findings']} />;
}

/** /RiskControll/SafeSelfEvaluationSheet: the items of the online self-evaluation sheet. */
export function SafeSelfEvaluationSheetPage() {
  return <LedgerPage entity="SafeSelfEvaluationItem" />;
}

/** /RiskControll/WarningSign: the safety and warning signs placed in the zones (GB 2894), the safe-sign ledger. */
export function WarningSignPage() {
  return <LedgerPage entity="SafeSign" />;
}

/** /RiskControll/ThreeLayerDetail: unit → risk event → control measure, as /RiskDetails. */
export function ThreeLayerDetailPage() {
  return <RiskDetailsPage />;
}
