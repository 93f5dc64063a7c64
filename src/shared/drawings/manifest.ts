import { defineSharedModule } from '../module.js';
import { drawingsMessages } from './messages.js';

/** Process drawings (issue 23 §4): SVG mimics whose elements are bound to tags, shown live. */
export const drawingsShared = defineSharedModule({
  name: 'drawings',
  messages: drawingsMessages,
  permissions: {
    'drawing:view': { zh: '查看工艺图纸', en: 'View process drawings', roles: ['supervisor', 'operator', 'inspector'] },
    'drawing:manage': { zh: '管理工艺图纸', en: 'Manage process drawings', roles: ['supervisor'] },
  },
  auditActions: {
    'drawing.save': { zh: '保存工艺图纸', en: 'Save a process drawing' },
  },
  menus: [
    {
      href: '/NewSvg/SvgConfig',
      name: '工艺图纸',
      name_en: 'Process drawings',
      parent: '/No.88/SystemManagement',
      type: 2,
      eightyEightType: 0,
      icon: 'apartment',
      sort: 11,
      roles: ['admin', 'supervisor', 'operator', 'inspector'],
    },
  ],
  pages: [
    { href: '/SvgShow', name: '工艺图纸', name_en: 'Process drawing', permittedBy: '/NewSvg/SvgConfig' },
    { href: '/NewSvg/SvgEdit', name: '图纸编辑器', name_en: 'Drawing editor', permittedBy: '/NewSvg/SvgConfig' },
  ],
});
