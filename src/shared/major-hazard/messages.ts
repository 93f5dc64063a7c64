import { defineMessages } from '../messages/define.js';

/**
 * Major hazard identification and grading (GB 18218-2018, DOMAIN.md §1): the
 * steps of a calculation (`gb18218.reason.*`), rendered one per line on the
 * page, and the refusals of its input (`gb18218.refusal.*`). Parameters that
 * are names travel as `name` and `name_en`.
 */
export const majorHazardMessages = defineMessages({
  'gb18218.reason.table1': {
    zh: '表1第{seq}项“{name}”，临界量 Q = {Q} t',
    en: 'Table 1 row {seq}, {name}: critical quantity Q = {Q} t',
  },
  'gb18218.reason.table1Variants': {
    zh: '表1按条件将该物质分列{count}项，未指明条件时取其中最小的临界量（第{seq}项，Q = {Q} t）；请选择符合实际的一项',
    en: 'Table 1 lists this substance in {count} rows by condition; without the condition the smallest Q is used (row {seq}, Q = {Q} t): choose the row that applies',
  },
  'gb18218.reason.fromCatalogue': {
    zh: '危险性类别取自化学品目录“{name}”：{categories}',
    en: 'Hazard categories from the chemical catalogue entry {name}: {categories}',
  },
  'gb18218.reason.notNamed': {
    zh: '“{name}”未列入表1，按表2的危险性类别确定临界量',
    en: '{name} is not named in Table 1: Q follows its Table 2 hazard category',
  },
  'gb18218.reason.category': {
    zh: '表2类别 {category}，临界量 Q = {Q} t',
    en: 'Table 2 category {category}: critical quantity Q = {Q} t',
  },
  'gb18218.reason.categorySmallest': {
    zh: '具有多种危险性（{categories}），取其中最低的临界量：类别 {category}，Q = {Q} t',
    en: 'Several hazard categories ({categories}): the smallest critical quantity is used, category {category}, Q = {Q} t',
  },
  'gb18218.reason.betaTable3': {
    zh: '表3毒性气体“{name}”，校正系数 β = {beta}',
    en: 'Table 3 toxic gas {name}: correction factor β = {beta}',
  },
  'gb18218.reason.betaCategory': {
    zh: '表4中给出所用临界量的类别 {category}，校正系数 β = {beta}',
    en: 'Table 4, category {category} that gave the Q used: correction factor β = {beta}',
  },
  'gb18218.reason.betaTie': {
    zh: '类别 {categories} 的临界量相同，取其中较大的校正系数：类别 {category}，β = {beta}',
    en: 'Categories {categories} give the same Q: the larger correction factor is used, category {category}, β = {beta}',
  },
  'gb18218.reason.betaNamed': {
    zh: '表1列名物质，不属表3毒性气体，按其危险性类别（{categories}）取表4中最大的校正系数：类别 {category}，β = {beta}',
    en: 'Named in Table 1 but not a Table 3 toxic gas: the largest Table 4 factor of its hazard categories ({categories}) is used, category {category}, β = {beta}',
  },
  'gb18218.reason.betaDefault': {
    zh: '表1列名物质，不属表3毒性气体，且未给出危险性类别，校正系数 β 取 1',
    en: 'Named in Table 1, not a Table 3 toxic gas, and no hazard category given: correction factor β = 1',
  },
  'gb18218.reason.ratio': {
    zh: 'q/Q = {q} t / {Q} t = {ratio}',
    en: 'q/Q = {q} t / {Q} t = {ratio}',
  },
  'gb18218.reason.sum': {
    zh: '辨识指标 S = Σ q/Q = {S}',
    en: 'Identification index S = Σ q/Q = {S}',
  },
  'gb18218.reason.major': {
    zh: 'S ≥ 1，构成重大危险源',
    en: 'S ≥ 1: the unit is a major hazard source',
  },
  'gb18218.reason.notMajor': {
    zh: 'S < 1，不构成重大危险源，不分级',
    en: 'S < 1: the unit is not a major hazard source and has no grade',
  },
  'gb18218.reason.alpha': {
    zh: '厂区外500 m范围内暴露人员 {population} 人（{band}），校正系数 α = {alpha}',
    en: '{population} people exposed outside the plant within 500 m ({band}): correction factor α = {alpha}',
  },
  'gb18218.reason.betaAdjusted': {
    zh: '本企业分级方法将{where}的 β 由标准值 {standard} 调整为 {beta}',
    en: 'This plant’s grading method sets β of {where} to {beta} (standard {standard})',
  },
  'gb18218.reason.alphaAdjusted': {
    zh: '本企业分级方法将该人数段的 α 由标准值 {standard} 调整为 {alpha}',
    en: 'This plant’s grading method sets α of this band to {alpha} (standard {standard})',
  },
  'gb18218.reason.R': {
    zh: '分级指标 R = α × Σ β·q/Q = {alpha} × {sum} = {R}',
    en: 'Grading index R = α × Σ β·q/Q = {alpha} × {sum} = {R}',
  },
  'gb18218.reason.grade': {
    zh: 'R = {R}，为{grade}重大危险源（表6）',
    en: 'R = {R}: {grade} major hazard source (Table 6)',
  },
  'gb18218.refusal.noSubstances': {
    zh: '请至少填写一种危险化学品',
    en: 'Enter at least one hazardous chemical',
  },
  'gb18218.refusal.unknownSubstance': {
    zh: '未找到该物质：{value}。请填写表1中的名称或CAS号，或给出其危险性类别',
    en: 'Substance not found: {value}. Give a Table 1 name or CAS number, or its hazard categories',
  },
  'gb18218.refusal.unknownRow': {
    zh: '表1中没有第{seq}项',
    en: 'Table 1 has no row {seq}',
  },
  'gb18218.refusal.noCategory': {
    zh: '未列入表1的物质须给出至少一个危险性类别（表2）',
    en: 'A substance not named in Table 1 needs at least one hazard category (Table 2)',
  },
  'gb18218.refusal.unknownCategory': {
    zh: '未知的危险性类别：{category}',
    en: 'Unknown hazard category: {category}',
  },
  'gb18218.refusal.badQuantity': {
    zh: '数量须为不小于0的数值，单位 t',
    en: 'The quantity must be a number of tonnes, 0 or more',
  },
  'gb18218.refusal.badPopulation': {
    zh: '暴露人数须为不小于0的整数',
    en: 'The number of exposed people must be a whole number, 0 or more',
  },
});

export type MajorHazardMessageCode = keyof typeof majorHazardMessages;
