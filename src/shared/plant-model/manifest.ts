import { defineSharedModule } from '../module.js';
import { plantModelMessages } from './messages.js';

/** The plant in 3D (issue 23): a glTF model of the plant bound to live levels, alarms and people. */
export const plantModelShared = defineSharedModule({
  name: 'plant-model',
  messages: plantModelMessages,
  permissions: {
    'plantmodel:view': { zh: '查看三维厂区', en: 'View the 3D plant', roles: ['supervisor', 'operator', 'inspector'] },
    'plantmodel:manage': { zh: '管理三维模型绑定', en: 'Manage 3D model bindings', roles: ['supervisor'] },
  },
  auditActions: {
    'plantModel.bind': { zh: '修改三维模型绑定', en: 'Change a 3D model binding' },
    'plantModel.upload': { zh: '上传三维模型', en: 'Upload a 3D model' },
    'plantModel.uploadDelete': { zh: '删除上传的三维模型', en: 'Remove an uploaded 3D model' },
  },
  menus: [
    {
      href: '/FactoryModel/Display',
      name: '三维厂区',
      name_en: '3D plant',
      parent: '/No.88/SystemManagement',
      type: 2,
      eightyEightType: 0,
      icon: 'codepen',
      sort: 10,
      roles: ['admin', 'supervisor', 'operator', 'inspector'],
    },
    {
      href: '/2DModelMap',
      name: '二维厂区',
      name_en: '2D plant map',
      parent: '/No.88/SystemManagement',
      type: 2,
      eightyEightType: 0,
      icon: 'environment',
      sort: 10,
      roles: ['admin', 'supervisor', 'operator', 'inspector'],
    },
    {
      href: '/RedashConfig/FactoryMapConfig',
      name: '模型绑定',
      name_en: 'Model bindings',
      parent: '/No.88/SystemManagement',
      type: 2,
      eightyEightType: 0,
      icon: 'link',
      sort: 10,
      roles: ['admin', 'supervisor'],
    },
  ],
});
