import { FireOutlined, HeatMapOutlined, SafetyCertificateOutlined, SettingOutlined, TeamOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';

/** Icon and accent colour of each system (by eightyEightType). */
export const systemVisuals: Record<number, { icon: ReactNode; color: string; description: { zh: string; en: string } }> = {
  1: {
    icon: <FireOutlined />,
    color: '#e5484d',
    description: { zh: '重大危险源实时监测、分级预警与报警处置', en: 'Live monitoring, graded warnings and alarm handling of major hazards' },
  },
  2: {
    icon: <HeatMapOutlined />,
    color: '#f59f00',
    description: { zh: '四色风险分区、风险点管控与风险地图', en: 'Four-colour risk zones, risk points and the risk map' },
  },
  3: {
    icon: <TeamOutlined />,
    color: '#1c7ed6',
    description: { zh: '在岗人员定位、区域人数与车辆管理', en: 'Positions of people on duty, head counts and vehicles' },
  },
  4: {
    icon: <SafetyCertificateOutlined />,
    color: '#0f9d6b',
    description: { zh: '作业票、隐患排查、巡检与安全生产全流程', en: 'Permits, hidden dangers, inspections and the whole safety process' },
  },
  0: {
    icon: <SettingOutlined />,
    color: '#5c6b7a',
    description: { zh: '组织架构、人员、角色、数据隔离与审计', en: 'Organisation, people, roles, data isolation and audit' },
  },
};
