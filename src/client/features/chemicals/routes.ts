import type { ComponentType } from 'react';
import { CHEM_HOME, CHEM_PORTAL, chemChildren, chemSections } from '../../../shared/chemicals/pages';
import { definePages, page } from '../../app/route-types';

const stock = (() => import('./chemicals-page')) as unknown as () => Promise<Record<string, ComponentType>>;
const home = (() => import('./chemicals-home-page')) as unknown as () => Promise<Record<string, ComponentType>>;
const db = (() => import('./chemicals-db-page')) as unknown as () => Promise<Record<string, ComponentType>>;

type Load = () => Promise<Record<string, ComponentType>>;

/** The module and export of each child's page; a child that is only its ledger gets the ledger page. */
const pageOf = (child: string, entity?: string): [Load, string] => {
  switch (child) {
    case 'StorageFacilities':
      return [stock, 'StoresPage'];
    case 'ChemicalStorageFacility':
      return [stock, 'InventoryPage'];
    case 'ChemicalStocksAll':
      return [stock, 'AllStockPage'];
    case 'OutOfTheWarehouse':
      return [stock, 'MovementPage'];
    case 'ChemicalStocksChemical':
      return [home, 'StockByChemicalPage'];
    case 'PromptInformation':
      return [home, 'PromptPage'];
    case 'AddChemical':
      return [home, 'AddChemicalPage'];
    case 'BasicDatabase':
    case 'Database':
      return [db, 'BasicDatabasePage'];
    case 'DatabaseDatails':
      return [db, 'DatabaseDetailsPage'];
    case 'TabooStorageRules':
      return [db, 'TabooRulesPage'];
    case 'TabooStorageRulesConfig':
      return [db, 'TabooRulesConfigPage'];
    default:
      if (!entity) {
        throw new Error(`chemicals: no page for ${child}`);
      }
      return [home, 'ChemLedgerPage'];
  }
};

/** Chemicals (issue 26 §1): the system home, its sections, the portal, and every child under both spellings of seed 3. */
export const chemicalsPages = definePages([
  page(CHEM_HOME, home, 'ChemicalsHomePage'),
  ...chemSections.map((s) => page(`${CHEM_HOME}/${s.section}`, home, 'ChemicalsHomePage')),
  page(CHEM_PORTAL, home, 'ChemicalsPortalPage'),
  ...chemChildren.flatMap((c) => {
    const [load, name] = pageOf(c.child, c.entity);
    return [page(c.href, load, name), page(`/${c.section}/${c.child}`, load, name)];
  }),
]);
