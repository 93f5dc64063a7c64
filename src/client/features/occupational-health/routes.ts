import { healthLedgerPages } from '../../../shared/occupational-health/manifest';
import { healthFormPages, healthMorePages } from '../../../shared/occupational-health/pages-more';
import { definePages, page } from '../../app/route-types';

const load = () => import('./occupational-health-page');
const file = () => import('./personal-file-page');
const more = () => import('./more-pages');
const OHM = '/occupationalHealthManagement';

/** Occupational health (issue 26 §2): the children of seed 3 served here. */
export const occupationalHealthPages = definePages([
  // The area's own address is its home, as /ChemicalsManagement is for chemicals (spec 3 §2).
  page(OHM, load, 'HealthHomePage'),
  page(`${OHM}/occupationalHealthHomePage`, load, 'HealthHomePage'),
  page(`${OHM}/occupationalHealthdatabase`, load, 'HarmfulFactorPage'),
  page(`${OHM}/hazardousPositions`, load, 'HazardousPositionPage'),
  page(`${OHM}/jobHazard`, load, 'MeasurementPage'),
  page(`${OHM}/protectiveMeasuresdatabase`, load, 'SafeguardPage'),
  page(`${OHM}/diseaseSafeguard`, load, 'SafeguardPage'),
  page(`${OHM}/warningLabelDatabase`, load, 'WarningSignPage'),
  page(`${OHM}/workplaceWarningSigns`, load, 'WarningSignPage'),
  page(`${OHM}/personalFileSearch`, file, 'PersonalFileSearchPage'),
  page(`${OHM}/personalFile`, file, 'PersonalFilePage'),
  page(`${OHM}/medicalPlan`, load, 'MedicalPlanPage'),
  page(`${OHM}/medicalRecord`, load, 'ExamRecordPage'),
  page(`${OHM}/physicalAbnormalities`, load, 'AbnormalitiesPage'),
  ...healthLedgerPages.map((p) => page(`${OHM}/${p.child}`, load, 'HealthLedgerPage')),
  ...healthMorePages.filter((p) => p.entity !== null).map((p) => page(`${OHM}/${p.child}`, more, 'HealthMoreLedgerPage')),
  page(`${OHM}/occupationalHazard`, more, 'TouchListPage'),
  page(`${OHM}/medicalSummary`, more, 'MedicalSummaryPage'),
  page(`${OHM}/exposureFactors`, more, 'ExposureFactorsPage'),
  ...healthFormPages.map((p) => page(`${OHM}/${p.child}`, more, 'HealthFormPage')),
]);
