import { LedgerPage } from '../../ui/records/ledger-page';

/* Tickets on the record engine (issue 25 §6): each page is its ledger's list, form, flow and Excel, from the definition. */

/** `/PowerSwitchBill`: power cut and restore tickets. */
export const PowerSwitchBillPage = () => <LedgerPage entity="PowerSwitchBill" />;
/** `/PowerSwitch`: the switches power is cut and restored at. */
export const PowerSwitchPage = () => <LedgerPage entity="PowerSwitch" />;
/** `/ElectricalBill/ElectricalBillMgmt`, `/ElectricalBill/ElectricalBillSearch`: electrical work tickets. */
export const ElectricalBillPage = () => <LedgerPage entity="ElectricalBill" />;
export const ElectricalBillTypePage = () => <LedgerPage entity="ElectricalBillType" />;
export const ElectricalBillContentPage = () => <LedgerPage entity="ElectricalBillContent" />;
/** `/SimpleWorkingBill/SimpleWorkingBillMgmt`, `…Search`: simple work tickets. */
export const SimpleWorkingBillPage = () => <LedgerPage entity="SimpleWorkingBill" />;
export const SimpleWorkingBillTypePage = () => <LedgerPage entity="SimpleWorkingBillType" />;
export const SimpleWorkingBillContentPage = () => <LedgerPage entity="SimpleWorkingBillContent" />;
