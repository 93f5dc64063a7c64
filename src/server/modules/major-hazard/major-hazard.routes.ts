import { gradeCalculate as gradeCalculateContract, identificationList, monitorList } from '../../../shared/major-hazard/contracts.js';
import { gradeCalculate, validateGradeInput } from '../../../shared/domain/gb18218.js';
import { seedSubstances } from '../../../shared/domain/substances.js';
import { caller, type HttpApp } from '../../http/app.js';
import { invalidInput } from '../../http/errors.js';
import type { MajorHazardService } from './major-hazard.service.js';

export function registerMajorHazardRoutes(http: HttpApp, service: MajorHazardService): void {
  // The catalogue places names Table 1 does not list (their categories); Table 1 itself is in the domain rules.
  http.route(gradeCalculateContract, async (input) => {
    const issues = validateGradeInput(input, seedSubstances);
    if (issues.length > 0) {
      throw invalidInput(issues);
    }
    return gradeCalculate(input, seedSubstances);
  });
  http.route(identificationList, async (_input, ctx) => service.identificationList(caller(ctx)));
  http.route(monitorList, async (_input, ctx) => service.monitorList(caller(ctx)));
}
