import { LedgerPage } from '../../ui/records/ledger-page';

/* The blind-plate register (spec 2 §2.5 /BlindPlate): the register to configure, and one search page for its three kinds. */

/** /BlindPlate/Config: every blind of the plant, added and edited. */
export const BlindConfigPage = () => <LedgerPage entity="BlindPlate" />;

/** /BlindPlate/BlindSearch: maintenance blinds (the register filtered to the kind). */
export const BlindSearchPage = () => <LedgerPage entity="BlindPlate" fixed={{ kind: 'blind' }} />;
/** /BlindPlate/TemporarySearch: temporary blinds. */
export const TemporaryBlindSearchPage = () => <LedgerPage entity="BlindPlate" fixed={{ kind: 'temporary' }} />;
/** /BlindPlate/DesignSearch: design blinds. */
export const DesignBlindSearchPage = () => <LedgerPage entity="BlindPlate" fixed={{ kind: 'design' }} />;
