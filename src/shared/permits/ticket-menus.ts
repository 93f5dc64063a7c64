import type { MenuDecl, PageDecl } from '../module.js';

type Menu = MenuDecl;
type Page = PageDecl;

const ROLES = ['admin', 'supervisor', 'operator', 'inspector'] as const;
const entry = (href: string, name: string, name_en: string, sort: number, icon: string): Menu => ({
  href,
  name,
  name_en,
  parent: '/SafetyWorkPermit',
  type: 2,
  eightyEightType: 4,
  icon,
  sort,
  roles: ROLES,
});

/** Menu entries of energy isolation and the tickets (issue 25 §6), under the permits directory. */
export const ticketMenus: Menu[] = [
  entry('/EnergyIsolation', '能量隔离', 'Energy isolation', 50, 'lock'),
  entry('/PowerSwitchBill', '停送电票', 'Power cut and restore tickets', 51, 'permit'),
  entry('/PowerSwitch', '电源开关台账', 'Power switches', 52, 'setting'),
  entry('/ElectricalBill/ElectricalBillMgmt', '电气工作票', 'Electrical work tickets', 53, 'permit'),
  entry('/ElectricalBill/ElectricalBillType', '电气工作票类型', 'Electrical ticket types', 54, 'setting'),
  entry('/ElectricalBill/ElectricalBillContent', '电气工作票安全措施', 'Electrical ticket measures', 55, 'setting'),
  entry('/SimpleWorkingBill/SimpleWorkingBillMgmt', '简易作业票', 'Simple work tickets', 56, 'permit'),
  entry('/SimpleWorkingBill/SimpleWorkingBillType', '简易作业票类型', 'Simple ticket types', 57, 'setting'),
  entry('/SimpleWorkingBill/SimpleWorkingBillContent', '简易作业票安全措施', 'Simple ticket measures', 58, 'setting'),
];

/** The seed's search pages: the same ledgers, permitted by their management entry. */
export const ticketPages: Page[] = [
  { href: '/ElectricalBill/ElectricalBillSearch', name: '电气工作票查询', name_en: 'Electrical ticket search', permittedBy: '/ElectricalBill/ElectricalBillMgmt' },
  { href: '/SimpleWorkingBill/SimpleWorkingBillSearch', name: '简易作业票查询', name_en: 'Simple ticket search', permittedBy: '/SimpleWorkingBill/SimpleWorkingBillMgmt' },
];
