import { majorHazardShared } from '../../../shared/major-hazard/manifest.js';
import { defineModule } from '../module.js';
import { registerMajorHazardRoutes } from './major-hazard.routes.js';

/**
 * Major hazard sources (issue 20): GB 18218-2018 identification and grading
 * (`UAPI/MajorHazard/GradeCalculate`, DOMAIN.md §1).
 */
export const majorHazardModule = defineModule({
  name: 'major-hazard',
  shared: majorHazardShared,
  start({ http }) {
    registerMajorHazardRoutes(http);
    return {};
  },
});
