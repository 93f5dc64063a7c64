import type { MenuItem } from '../../shared/org/contracts';

/** The four systems and system management (seed 1 §1, §2.2), in navbar order (§2.3). */
export interface SystemDef {
  code: 'MajorHazardFor88' | 'SecurityRiskPartition' | 'PersonnelManagementSystem' | 'SafetyProductionProcess' | 'SystemManagement';
  /** Menu field eightyEightType: 1–4 the four systems, 0 system management. */
  type: number;
  /** The system's home page under /No.88. */
  home: string;
  name: { zh: string; en: string };
}

export const systems: SystemDef[] = [
  { code: 'MajorHazardFor88', type: 1, home: '/No.88/MajorHazard', name: { zh: '重大危险源监测预警', en: 'Major hazard monitoring' } },
  {
    code: 'SecurityRiskPartition',
    type: 2,
    home: '/No.88/SecurityRiskPartition',
    name: { zh: '安全风险分区', en: 'Safety risk zoning' },
  },
  {
    code: 'PersonnelManagementSystem',
    type: 3,
    home: '/No.88/PersonnelManagementSystem',
    name: { zh: '在岗人员管理', en: 'On-duty personnel' },
  },
  {
    code: 'SafetyProductionProcess',
    type: 4,
    home: '/No.88/SafetyProductionProcess',
    name: { zh: '安全生产全流程管理', en: 'Safety production process' },
  },
  { code: 'SystemManagement', type: 0, home: '/No.88/SystemManagement', name: { zh: '系统管理', en: 'System management' } },
];

export const systemByType = (type: number): SystemDef | undefined => systems.find((s) => s.type === type);
export const systemByHome = (path: string): SystemDef | undefined => systems.find((s) => s.home.toLowerCase() === path.toLowerCase());

/** The menu entries a system shows in the sidebar: the children of its top-level directories (or top-level pages of its type). */
export function systemMenus(menus: MenuItem[], type: number): MenuItem[] {
  const out: MenuItem[] = [];
  for (const top of menus) {
    if (top.eightyEightType !== type) {
      continue;
    }
    if (top.childs.length > 0) {
      out.push(...top.childs);
    } else if (top.type !== 1) {
      out.push(top);
    }
  }
  return out;
}

/** The systems present in the user's menu, in navbar order. */
export function availableSystems(menus: MenuItem[]): SystemDef[] {
  return systems.filter((s) => menus.some((m) => m.eightyEightType === s.type));
}
