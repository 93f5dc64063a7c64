import { defineMessages } from '../messages/define.js';

/**
 * Messages of risk zoning (evaluation, bands, zones, overrides) and of the
 * early-warning formulas (`shared/domain/risk-evaluation.ts`, `risk-zones.ts`,
 * `expression.ts`). Level parameters travel as names in both languages
 * (`residual` and `residual_en`), so each language shows its own.
 */
export const riskMessages = defineMessages({
  // Evaluation (DOMAIN.md §2)
  'risk.factor.required': { zh: '{method} 法需要填写此项', en: 'Required by the {method} method' },
  'risk.factor.notInTable': {
    zh: '{value} 不是 {method} 法此项的取值，可选：{allowed}',
    en: '{value} is not a value of this factor in the {method} method; choose one of: {allowed}',
  },
  'risk.factor.notUsed': { zh: '{method} 法不使用此项，请清空', en: 'The {method} method does not use this factor; leave it empty' },
  'risk.level.required': { zh: '请选择风险等级', en: 'Choose a risk level' },
  'risk.level.invalid': { zh: '风险等级只能是 1（重大）至 4（低），收到 {value}', en: 'A risk level is 1 (major) to 4 (low); got {value}' },
  'risk.level.notDirect': {
    zh: '{method} 法由分值确定等级，不能直接指定',
    en: 'The {method} method takes its level from the score; it cannot be set directly',
  },

  // Band tables
  'risk.bands.badMethod': { zh: '不支持的评价方法：{method}', en: 'Unsupported evaluation method: {method}' },
  'risk.bands.empty': { zh: '至少需要一个分级区间', en: 'At least one band is needed' },
  'risk.bands.badBound': { zh: '区间边界必须是有限的数值', en: 'A band bound must be a finite number' },
  'risk.bands.maxNotAboveMin': { zh: '上限 {max} 必须大于下限 {min}', en: 'The upper bound {max} must be above the lower bound {min}' },
  'risk.bands.badLevel': { zh: '等级只能是 1（重大）至 4（低）', en: 'The level must be 1 (major) to 4 (low)' },
  'risk.bands.overlap': { zh: '与相邻区间重叠：{from} 至 {to}', en: 'Overlaps the band next to it: {from} to {to}' },
  'risk.bands.gap': { zh: '与相邻区间之间有空缺：{from} 至 {to}', en: 'Leaves a gap to the band next to it: {from} to {to}' },
  'risk.bands.levelOrder': {
    zh: '分值更高的区间（从 {min} 起）不能比下方区间（从 {lowerMin} 起）等级更低',
    en: 'A band of higher scores (from {min}) may not be less severe than the band below it (from {lowerMin})',
  },
  'risk.bands.belowLowest': {
    zh: '分值 {score} 低于最低区间，请下调下限',
    en: 'The score {score} lies below the lowest band; lower its bound',
  },
  'risk.bands.aboveHighest': {
    zh: '分值 {score} 高于最高区间，请上调或取消上限',
    en: 'The score {score} lies above the highest band; raise or remove its upper bound',
  },
  'risk.bands.wrongMethod': {
    zh: '分级区间属于 {bandsMethod} 法，不能用于 {method} 法',
    en: 'The bands are for the {bandsMethod} method, not for {method}',
  },
  'risk.bands.noBand': {
    zh: '分值 {score} 不在任何分级区间内，请检查分级配置',
    en: 'The score {score} is in no band; check the band table',
  },

  // Zones
  'risk.residualAboveInherent': {
    zh: '残余风险（{residual}）不能高于固有风险（{inherent}）',
    en: 'The residual risk ({residual}) may not be above the inherent risk ({inherent})',
  },
  'risk.override.reasonRequired': { zh: '请填写调整等级的原因', en: 'Give the reason for setting the level by hand' },
  'risk.override.reasonTooLong': { zh: '原因最多 {max} 个字符', en: 'The reason is at most {max} characters' },
  'risk.override.untilPast': { zh: '结束时间应晚于现在', en: 'The end time must be later than now' },
  'risk.override.none': { zh: '该区域没有人工调整的等级', en: 'This zone has no level set by hand' },

  // Early-warning formulas
  'expression.empty': { zh: '公式不能为空', en: 'The formula is empty' },
  'expression.tooLong': { zh: '公式最多 {max} 个字符', en: 'A formula is at most {max} characters' },
  'expression.tooDeep': { zh: '公式嵌套过深（最多 {max} 层）', en: 'The formula is nested too deeply (at most {max} levels)' },
  'expression.badNumber': { zh: '数字写法有误：{text}', en: 'Malformed number: {text}' },
  'expression.unexpectedChar': { zh: '无法识别的字符：{char}', en: 'Unrecognised character: {char}' },
  'expression.unexpectedToken': { zh: '此处不应出现“{token}”', en: '“{token}” is not expected here' },
  'expression.unexpectedEnd': { zh: '公式不完整', en: 'The formula ends too early' },
  'expression.unclosedParen': { zh: '括号未闭合', en: 'This bracket is never closed' },
  'expression.unknownFunction': {
    zh: '未知函数：{name}（可用 min、max、abs、round、if）',
    en: 'Unknown function: {name} (available: min, max, abs, round, if)',
  },
  'expression.argumentCount': {
    zh: '函数 {name} 需要 {min} 至 {max} 个参数，实际 {given} 个',
    en: 'The function {name} takes {min} to {max} arguments; {given} given',
  },
  'expression.chainedComparison': {
    zh: '比较不能连写，请用 if 或分开比较',
    en: 'Comparisons cannot be chained; compare one pair at a time',
  },
  'expression.unknownVariable': { zh: '未定义的变量：{name}', en: 'Undefined variable: {name}' },
  'expression.variableNotNumber': { zh: '变量 {name} 当前没有有效的数值', en: 'The variable {name} has no valid number now' },
  'expression.divisionByZero': { zh: '除数为零', en: 'Division by zero' },
  'expression.notFinite': { zh: '计算结果不是有限的数值', en: 'The result is not a finite number' },
  'expression.badArgument': {
    zh: '函数 {name} 的此参数须为 {min} 至 {max} 之间的整数',
    en: 'This argument of {name} must be a whole number from {min} to {max}',
  },

  // Early-warning ranges
  'warningRange.maxNotAboveMin': { zh: '上限必须大于下限', en: 'The upper bound must be above the lower bound' },
  'warningRange.overlap': { zh: '与第 {other} 个区间重叠', en: 'Overlaps range {other}' },
});
