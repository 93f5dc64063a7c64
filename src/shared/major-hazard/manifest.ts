import { defineSharedModule } from '../module.js';
import { majorHazardMessages } from './messages.js';

/** Major hazard sources (issue 20): GB 18218 identification and grading, the register, live monitoring. */
export const majorHazardShared = defineSharedModule({
  name: 'major-hazard',
  permissions: {
    'majorHazard:view': { zh: '查看重大危险源', en: 'View major hazard sources', roles: ['supervisor', 'operator', 'inspector'] },
    'majorHazard:manage': { zh: '管理重大危险源辨识与台账', en: 'Manage major hazard identification and register', roles: ['supervisor'] },
  },
  messages: {
    ...majorHazardMessages,
  },
});
