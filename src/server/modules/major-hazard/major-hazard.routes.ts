import { gradeCalculate as gradeCalculateContract } from '../../../shared/major-hazard/contracts.js';
import { gradeCalculate, validateGradeInput } from '../../../shared/domain/gb18218.js';
import { seedSubstances } from '../../../shared/domain/substances.js';
import type { HttpApp } from '../../http/app.js';
import { invalidInput } from '../../http/errors.js';

export function registerMajorHazardRoutes(http: HttpApp): void {
  // The catalogue places names Table 1 does not list (their categories); Table 1 itself is in the domain rules.
  http.route(gradeCalculateContract, async (input) => {
    const issues = validateGradeInput(input, seedSubstances);
    if (issues.length > 0) {
      throw invalidInput(issues);
    }
    return gradeCalculate(input, seedSubstances);
  });
}
