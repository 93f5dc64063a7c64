/*
 * Seed 3's chemicals area (/ChemicalsManagement): its three sections and their
 * children, with the titles both the menus (server) and the pages (client)
 * read. Each child is served as `/ChemicalsManagement/<section>/<child>` and,
 * as the seed spells it, `/<section>/<child>` (issue 26 §1).
 */

export const CHEM_HOME = '/ChemicalsManagement';
export const CHEM_PORTAL = `${CHEM_HOME}/ChemicalsPortal`;

export interface ChemChild {
  child: string;
  name: string;
  name_en: string;
  icon: string;
  /** The record-engine ledger the page shows, for pages that are a ledger and nothing else. */
  entity?: string;
}
export interface ChemSection {
  section: string;
  name: string;
  name_en: string;
  icon: string;
  children: readonly ChemChild[];
}

export const chemSections: readonly ChemSection[] = [
  {
    section: 'ChemicalInformationManagement',
    name: '化学品信息管理',
    name_en: 'Chemical information',
    icon: 'file-text',
    children: [
      { child: 'ChemicalLists', name: '化学品清单', name_en: 'Chemical list', icon: 'unordered-list', entity: 'ChemicalInfo' },
      { child: 'Database', name: '化学品数据库', name_en: 'Chemicals database', icon: 'database' },
      { child: 'AddChemical', name: '新增化学品', name_en: 'Add chemical', icon: 'plus' },
      { child: 'ApplyConfig', name: '化学品新增配置', name_en: 'Add form configuration', icon: 'setting', entity: 'ChemicalApplyConfig' },
      { child: 'DetailsConfig', name: '化学品详情配置', name_en: 'Detail page configuration', icon: 'setting', entity: 'ChemicalDetailsConfig' },
    ],
  },
  {
    section: 'ChemicalsManagementDatabase',
    name: '化学品管理数据库',
    name_en: 'Chemicals management database',
    icon: 'database',
    children: [
      { child: 'BasicDatabase', name: '化学品基础数据库', name_en: 'Basic chemicals database', icon: 'database' },
      { child: 'DatabaseDatails', name: '化学品详情', name_en: 'Chemical details', icon: 'profile' },
      {
        child: 'DatabaseDetailsConfig',
        name: '基础库详情页配置',
        name_en: 'Basic database detail configuration',
        icon: 'setting',
        entity: 'ChemicalDatabaseDetailsConfig',
      },
      { child: 'CategoricalInformation', name: '分类信息配置', name_en: 'Category configuration', icon: 'appstore', entity: 'ChemicalCategory' },
      { child: 'TabooStorageRules', name: '禁忌储存规则', name_en: 'Taboo storage rules', icon: 'stop' },
      { child: 'TabooStorageRulesConfig', name: '禁忌储存规则配置', name_en: 'Taboo storage rules configuration', icon: 'setting' },
    ],
  },
  {
    section: 'ChemicalStorageManagement',
    name: '化学品储存管理',
    name_en: 'Chemical storage',
    icon: 'database',
    children: [
      { child: 'StorageFacilities', name: '储存设施', name_en: 'Chemical stores', icon: 'database' },
      {
        child: 'StorageFacilitiesInformation',
        name: '储存设施信息配置',
        name_en: 'Store regions, zones and columns',
        icon: 'cluster',
        entity: 'ChemicalStoreZone',
      },
      { child: 'StorageFacilitiesStockRules', name: '储存设施库存量规则', name_en: 'Store stock rules', icon: 'control', entity: 'ChemicalStockRule' },
      { child: 'OutOfTheWarehouse', name: '危化品出入库', name_en: 'Chemical stock in and out', icon: 'swap' },
      { child: 'ChemicalStocksAll', name: '全部库存', name_en: 'All stock', icon: 'table' },
      { child: 'ChemicalStocksChemical', name: '按化学品库存', name_en: 'Stock by chemical', icon: 'table' },
      { child: 'ChemicalStorageFacility', name: '按储存设施库存', name_en: 'Stock by store', icon: 'table' },
      { child: 'PromptInformation', name: '提示信息配置', name_en: 'Prompts and reminders', icon: 'bell', entity: 'ChemicalPrompt' },
    ],
  },
];

/** `/ChemicalsManagement/<section>/<child>`. */
export const chemHref = (section: string, child: string) => `${CHEM_HOME}/${section}/${child}`;

/** Every child with its section, in menu order. */
export const chemChildren = chemSections.flatMap((s) => s.children.map((c) => ({ ...c, section: s.section, href: chemHref(s.section, c.child) })));
