import { LedgerPage } from '../../ui/records/ledger-page';

/** /dangerSourceManagement/dangerSource: major hazard units, their substances and design-maximum quantities. */
export function DangerSourcePage() {
  return <LedgerPage entity="DangerSource" />;
}

/** /majorHazard88/dangerSourceDeviceInfo: tanks, vessels and devices of each source with the tags that measure them. */
export function DangerSourceDevicePage() {
  return <LedgerPage entity="DangerSourceDevice" />;
}
