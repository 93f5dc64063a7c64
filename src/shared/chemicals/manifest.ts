import { defineSharedModule } from '../module.js';
import { chemicalMessages } from './messages.js';
import { chemPageMessages } from './page-messages.js';
import { CHEM_HOME, CHEM_PORTAL, chemChildren, chemHref, chemSections } from './pages.js';

const PARENT = '/No.88/MajorHazard';
const VIEWERS = ['admin', 'supervisor', 'operator', 'inspector'] as const;
const dir = (href: string, name: string, name_en: string, parent: string, sort: number, icon: string) => ({
  href,
  name,
  name_en,
  parent,
  type: 1 as const,
  eightyEightType: 1,
  icon,
  sort,
  roles: VIEWERS,
});
const leaf = (href: string, name: string, name_en: string, parent: string, sort: number, icon: string) => ({ ...dir(href, name, name_en, parent, sort, icon), type: 2 as const });

/** The area's menu: the system directory, its portal, its three sections and every child of seed 3. */
const chemMenus = [
  dir(CHEM_HOME, '化学品管理系统', 'Chemicals management', PARENT, 40, 'experiment'),
  leaf(CHEM_PORTAL, '化学品门户', 'Chemicals portal', CHEM_HOME, 0, 'home'),
  ...chemSections.flatMap((s, i) => [
    dir(`${CHEM_HOME}/${s.section}`, s.name, s.name_en, CHEM_HOME, 10 * (i + 1), s.icon),
    ...s.children.map((c, j) => leaf(chemHref(s.section, c.child), c.name, c.name_en, `${CHEM_HOME}/${s.section}`, 10 * (i + 1) + j + 1, c.icon)),
  ]),
];
/** The seed's short spelling (`/<section>/<child>`) leads to the same page. */
const shortPages = chemChildren.map((c) => ({ href: `/${c.section}/${c.child}`, name: c.name, name_en: c.name_en, permittedBy: c.href }));

/** Chemical stores (issue 26 §1, DOMAIN.md §10): stores, stock movements checked against the storage compatibility table, inventory from the movements. */
export const chemicalsShared = defineSharedModule({
  name: 'chemicals',
  permissions: {
    'chemical:view': { zh: '查看危化品储存与库存', en: 'View chemical stores and stock', roles: ['supervisor', 'operator', 'inspector'] },
    'chemical:manage': { zh: '危化品出入库与储存设施管理', en: 'Manage chemical stores and stock movements', roles: ['supervisor'] },
    'chemical:info': { zh: '化学品信息管理（HXP_TJ）', en: 'Manage chemical information (HXP_TJ)', roles: ['supervisor'] },
    'chemical:database': { zh: '化学品管理数据库（HXP_JCK）', en: 'Manage the chemicals database and taboo rules (HXP_JCK)', roles: ['supervisor'] },
  },
  messages: {
    ...chemicalMessages,
    ...chemPageMessages,
    'chemicals.taboo.refused': {
      zh: '{b} 不得与库中已有的 {a} 同库储存：{reason}',
      en: '{b} may not be stored with {a}, which the store already holds: {reason}',
    },
    'chemicals.classNotAllowed': { zh: '该储存设施不允许储存 {name}（类别：{classes}）', en: 'This store is not for {name} (classes: {classes})' },
    'chemicals.unknownSubstance': { zh: '化学品目录中没有 CAS 号 {cas}', en: 'No substance with CAS number {cas} in the catalogue' },
    'chemicals.notEnoughStock': { zh: '库存不足：{name} 现有 {have} t', en: 'Not enough stock: {have} t of {name} in the store' },
    'chemicals.sameStore': { zh: '调出与调入设施不能相同', en: 'The two stores must differ' },
    'chemicals.overCapacity': { zh: '超出设计容量 {capacity} t（入库后 {total} t）', en: 'Above the design capacity of {capacity} t ({total} t after this stock-in)' },
    'chemicals.page.inventory': { zh: '库存（按储存设施）', en: 'Stock by store' },
    'chemicals.page.movement': { zh: '出入库', en: 'Stock in and out' },
    'chemicals.page.store': { zh: '储存设施', en: 'Store' },
    'chemicals.page.substance': { zh: '化学品', en: 'Substance' },
    'chemicals.page.quantity': { zh: '数量（t）', en: 'Quantity (t)' },
    'chemicals.page.batch': { zh: '批号', en: 'Batch' },
    'chemicals.page.capacity': { zh: '设计容量（t）', en: 'Capacity (t)' },
    'chemicals.page.stockIn': { zh: '入库', en: 'Stock in' },
    'chemicals.page.stockOut': { zh: '出库', en: 'Stock out' },
    'chemicals.page.done': { zh: '已登记', en: 'Recorded' },
    'chemicals.page.none': { zh: '暂无库存', en: 'No stock' },
    'chemicals.page.warning': { zh: '需分区储存：{a} 与 {b}', en: 'Store in separate areas: {a} and {b}' },
    'chemicals.page.method': {
      zh: '库存为出入库记录之和；入库前按储存性能互抵表（GB 15603 附录A）检查与库中已有物品是否相抵触。',
      en: 'Stock is the sum of the movements; each stock-in is checked against what the store holds with the storage compatibility table (GB 15603 Annex A).',
    },
  },
  auditActions: {
    'chemical.stockIn': { zh: '危化品入库', en: 'Chemical stock-in' },
    'chemical.stockOut': { zh: '危化品出库', en: 'Chemical stock-out' },
    'chemical.transfer': { zh: '危化品移库', en: 'Chemical transfer' },
    'chemical.count': { zh: '危化品盘点', en: 'Chemical inventory count' },
    'chemical.tabooRules': { zh: '修改禁忌储存规则', en: 'Taboo storage rules changed' },
    'chemical.importStock': { zh: '导入危化品入库', en: 'Chemical stock-in imported' },
  },
  menus: chemMenus,
  pages: shortPages,
});
