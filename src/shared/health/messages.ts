import { defineMessages } from '../messages/define.js';

/**
 * Occupational health: exposure (GBZ 2.1-2019, GBZ 2.2-2007) and medical
 * surveillance (GBZ 188-2014); DOMAIN.md §11. The codes are those of
 * `shared/domain/occupational-exposure.ts` and `medical-surveillance.ts`.
 */
export const healthMessages = defineMessages({
  'health.examType.pre-job': { zh: '上岗前', en: 'Pre-employment' },
  'health.examType.periodic': { zh: '在岗期间', en: 'Periodic' },
  'health.examType.leaving': { zh: '离岗时', en: 'On leaving' },
  'health.examType.emergency': { zh: '应急', en: 'Emergency' },

  'health.examResult.normal': { zh: '目前未见异常', en: 'No abnormality found' },
  'health.examResult.recheck': { zh: '复查', en: 'Re-check' },
  'health.examResult.suspected': { zh: '疑似职业病', en: 'Suspected occupational disease' },
  'health.examResult.contraindication': { zh: '职业禁忌证', en: 'Occupational contraindication' },
  'health.examResult.other': { zh: '其他疾病或异常', en: 'Other disease or abnormality' },

  'health.hazard.benzene': { zh: '苯', en: 'Benzene' },
  'health.hazard.chlorine': { zh: '氯气', en: 'Chlorine' },
  'health.hazard.ammonia': { zh: '氨', en: 'Ammonia' },
  'health.hazard.methanol': { zh: '甲醇', en: 'Methanol' },
  'health.hazard.carbon-monoxide': { zh: '一氧化碳', en: 'Carbon monoxide' },
  'health.hazard.hydrogen-sulfide': { zh: '硫化氢', en: 'Hydrogen sulfide' },
  'health.hazard.noise': { zh: '噪声', en: 'Noise' },
  'health.hazard.dust-silica': { zh: '游离二氧化硅粉尘（矽尘）', en: 'Free silica dust' },
  'health.hazard.dust-coal': { zh: '煤尘', en: 'Coal dust' },
  'health.hazard.dust-asbestos': { zh: '石棉粉尘', en: 'Asbestos dust' },
  'health.hazard.dust-other': { zh: '其他致尘肺病的无机粉尘', en: 'Other pneumoconiosis-causing inorganic dust' },

  'health.work.electrical': { zh: '电工作业', en: 'Electrical work' },
  'health.work.work-at-height': { zh: '高处作业', en: 'Work at height' },
  'health.work.pressure-vessel': { zh: '压力容器作业', en: 'Pressure vessel operation' },
  'health.work.tuberculosis-control': { zh: '结核病防治工作', en: 'Tuberculosis control work' },
  'health.work.hepatitis-control': { zh: '肝炎病防治工作', en: 'Hepatitis control work' },
  'health.work.motor-vehicle-driving': { zh: '职业机动车驾驶作业', en: 'Occupational motor vehicle driving' },
  'health.work.display-screen': { zh: '视屏作业', en: 'Display screen work' },
  'health.work.high-altitude': { zh: '高原作业', en: 'High-altitude work' },
  'health.work.aviation': { zh: '航空作业', en: 'Aviation work' },
  'health.work.confined-space': { zh: '有限空间作业', en: 'Confined-space work' },

  'health.examDue.notRequired': { zh: '未接触职业病危害因素，无需在岗期间体检', en: 'No occupational hazard: no periodic exam required' },
  'health.examDue.unknownCycle': { zh: '接触的危害因素未配置体检周期', en: 'No exam cycle is configured for the hazards of this person' },
  'health.examDue.neverExamined': { zh: '无上岗前或在岗期间体检记录', en: 'No pre-employment or periodic exam on record' },
  'health.examDue.ok': { zh: '下次体检日期 {dueDate}', en: 'Next exam due {dueDate}' },
  'health.examDue.dueSoon': { zh: '体检将于 {dueDate} 到期（还有 {days} 天）', en: 'Exam due {dueDate} (in {days} days)' },
  'health.examDue.overdue': { zh: '体检已于 {dueDate} 到期，逾期 {days} 天', en: 'Exam was due {dueDate}, {days} days overdue' },

  'health.contraindication.blocks': {
    zh: '{date} 体检发现{target}职业禁忌证，不得从事该作业',
    en: 'An occupational contraindication for {target} was found on {date}: barred from this work',
  },
  'health.contraindication.barsWorker': {
    zh: '作业人员 {worker}：{date} 体检发现{target}职业禁忌证，不得从事该作业',
    en: 'Worker {worker}: an occupational contraindication for {target} was found on {date}; barred from this work',
  },

  'health.limit.MAC': { zh: '最高容许浓度（MAC）', en: 'Maximum allowable concentration (MAC)' },
  'health.limit.PC-TWA': { zh: '时间加权平均容许浓度（PC-TWA）', en: 'Time-weighted average (PC-TWA)' },
  'health.limit.PC-STEL': { zh: '短时间接触容许浓度（PC-STEL）', en: 'Short-term exposure limit (PC-STEL)' },
  'health.noise.lex8h': { zh: '8 h 等效声级（LEX,8h）', en: '8-hour equivalent level (LEX,8h)' },

  'health.exposure.method.zoneTime': {
    zh: '接触浓度按人员定位得到的各区域停留时间乘以该区域检测仪读数估算',
    en: 'Exposure is estimated as the time in each zone, from positioning, times the zone’s detector reading',
  },
  'health.exposure.method.stepHold': {
    zh: '读数保持到该检测仪的下一个读数，超过 {maxAgeMinutes} 分钟无新读数视为未知',
    en: 'A reading holds until the detector’s next reading; after {maxAgeMinutes} min without one the value is unknown',
  },
  'health.exposure.method.highestDetector': {
    zh: '区域内有多台检测仪时取同一时刻的最高值',
    en: 'Where a zone has several detectors, the highest value at each moment counts',
  },
  'health.exposure.method.ppm': {
    zh: 'ppm 读数按 mg/m³ = ppm × {molarMass} / 24.45 换算（25 °C，101.3 kPa）',
    en: 'Readings in ppm are converted as mg/m³ = ppm × {molarMass} / 24.45 (25 °C, 101.3 kPa)',
  },
  'health.exposure.method.twa8h': { zh: 'TWA = Σ CᵢTᵢ / 8 h（GBZ 2.1-2019）', en: 'TWA = Σ CᵢTᵢ / 8 h (GBZ 2.1-2019)' },
  'health.exposure.method.reductionFactor': {
    zh: '班次 {hours} h 超过 8 h，PC-TWA 乘以折减因子 {factor}（GBZ 2.1-2019 A.7.3）',
    en: 'The {hours} h shift is over 8 h: PC-TWA is multiplied by the reduction factor {factor} (GBZ 2.1-2019 A.7.3)',
  },
  'health.exposure.method.actionLevel': {
    zh: '达到 PC-TWA 的 {percent}% 即提示（行动水平）',
    en: 'Flagged at {percent}% of PC-TWA (action level)',
  },
  'health.exposure.notEstimated.noDetector': {
    zh: '{minutes} 分钟所在区域无检测仪，未估算',
    en: '{minutes} min in zones without a detector: not estimated',
  },
  'health.exposure.notEstimated.noReading': {
    zh: '{minutes} 分钟检测仪无有效读数，未估算',
    en: '{minutes} min without a current detector reading: not estimated',
  },
  'health.exposure.notEstimated.notLocated': { zh: '{minutes} 分钟无定位，未估算', en: '{minutes} min without a position: not estimated' },
  'health.exposure.lowerBound': {
    zh: '仅估算了班次的 {percent}%，结果为下限',
    en: 'Only {percent}% of the shift is estimated: the result is a lower bound',
  },
});

export type HealthMessageCode = keyof typeof healthMessages;
