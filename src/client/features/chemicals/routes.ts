import { definePages, page } from '../../app/route-types';

const load = () => import('./chemicals-page');
const CSM = '/ChemicalsManagement/ChemicalStorageManagement';

/** Chemical stores (issue 26 §1); the seed's short spellings show the same pages. */
export const chemicalsPages = definePages([
  page(`${CSM}/StorageFacilities`, load, 'StoresPage'),
  page('/ChemicalStorageManagement/StorageFacilities', load, 'StoresPage'),
  page(`${CSM}/ChemicalStorageFacility`, load, 'InventoryPage'),
  page(`${CSM}/ChemicalStocksAll`, load, 'InventoryPage'),
  page('/ChemicalStorageManagement/ChemicalStorageFacility', load, 'InventoryPage'),
  page(`${CSM}/OutOfTheWarehouse`, load, 'MovementPage'),
  page('/ChemicalStorageManagement/OutOfTheWarehouse', load, 'MovementPage'),
]);
