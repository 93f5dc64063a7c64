import { describe, expect, it } from 'vitest';
import { healthMessages } from '../../../src/shared/health/messages.js';
import { fillTemplate } from '../../../src/shared/messages/define.js';
import {
  addMonths,
  contraindicationBlock,
  defaultPeriodicCycles,
  defaultWorkContraindications,
  examResultCategories,
  examTypes,
  periodicExamDue,
  type ExamFinding,
  type ExamRecord,
  type PersonHazard,
} from '../../../src/shared/domain/medical-surveillance.js';

const h = (hazard: string, level?: 'low' | 'high'): PersonHazard => (level ? { hazard, level } : { hazard });
const periodic = (date: string): ExamRecord => ({ date, type: 'periodic' });

describe('exam types and result categories (GBZ 188-2014)', () => {
  it('names the four exam types and five conclusions in both languages', () => {
    expect(examTypes).toEqual({
      'pre-job': { zh: '上岗前', en: 'Pre-employment' },
      periodic: { zh: '在岗期间', en: 'Periodic' },
      leaving: { zh: '离岗时', en: 'On leaving' },
      emergency: { zh: '应急', en: 'Emergency' },
    });
    expect(Object.fromEntries(Object.entries(examResultCategories).map(([k, v]) => [k, v.zh]))).toEqual({
      normal: '目前未见异常',
      recheck: '复查',
      suspected: '疑似职业病',
      contraindication: '职业禁忌证',
      other: '其他疾病或异常',
    });
  });
});

describe('periodic cycles (DOMAIN.md §11; GBZ 188-2014 ch. 5–7)', () => {
  it.each([
    ['benzene', 12],
    ['chlorine', 12],
    ['ammonia', 12],
    ['methanol', 36],
    ['carbon-monoxide', 36],
    ['hydrogen-sulfide', 36],
    ['noise', 12],
  ] as [keyof typeof defaultPeriodicCycles, number][])('%s: every %s months', (hazard, months) => {
    expect(defaultPeriodicCycles[hazard].months).toBe(months);
  });

  it.each([
    // GBZ 188-2014 ch. 6 by dust-work class: [class II+ (or not graded), class I]
    ['dust-silica', 12, 24],
    ['dust-coal', 24, 36],
    ['dust-asbestos', 6, 12],
    ['dust-other', 24, 48],
    // ch. 7 noise: ≥ 85 dB(A) yearly, 80–85 every 2 years
    ['noise', 12, 24],
  ] as [string, number, number][])('%s: %s months, %s when graded low', (hazard, high, low) => {
    const last = [periodic('2024-01-10')];
    expect(periodicExamDue({ hazards: [h(hazard)], exams: last }, '2024-01-10').cycleMonths).toBe(high);
    expect(periodicExamDue({ hazards: [h(hazard, 'high')], exams: last }, '2024-01-10').cycleMonths).toBe(high);
    expect(periodicExamDue({ hazards: [h(hazard, 'low')], exams: last }, '2024-01-10').cycleMonths).toBe(low);
  });
});

describe('periodicExamDue', () => {
  const benzeneWorker = { hazards: [h('benzene')], exams: [periodic('2024-03-15')] };

  it.each([
    // Due 2025-03-15 (benzene yearly); 30 days before it is 2025-02-13 (February 2025 has 28 days).
    // 2025-01-01 → 03-15: 31 (January) + 28 (February) + 14 = 73 days.
    ['2025-01-01', 'ok', 73],
    ['2025-02-12', 'ok', 31],
    ['2025-02-13', 'dueSoon', 30],
    ['2025-03-15', 'dueSoon', 0],
    ['2025-03-16', 'overdue', -1],
    ['2026-03-15', 'overdue', -365],
  ])('on %s: %s (%s days left)', (today, status, daysLeft) => {
    const r = periodicExamDue(benzeneWorker, today);
    expect(r).toMatchObject({
      status,
      daysLeft,
      dueDate: '2025-03-15',
      remindFrom: '2025-02-13',
      lastExamDate: '2024-03-15',
      cycleMonths: 12,
    });
    expect(r.overdue).toBe(status === 'overdue');
    expect(r.dueSoon).toBe(status === 'dueSoon');
    expect(r.message).toEqual({ code: `health.examDue.${status}`, params: { dueDate: '2025-03-15', days: Math.abs(daysLeft) } });
  });

  it('the reminder window is a parameter', () => {
    expect(periodicExamDue(benzeneWorker, '2025-01-20').status).toBe('ok');
    const r = periodicExamDue(benzeneWorker, '2025-01-20', { reminderDays: 60 });
    expect(r).toMatchObject({ status: 'dueSoon', remindFrom: '2025-01-14', daysLeft: 54 });
  });

  it('follows the shortest cycle of the person’s hazards', () => {
    const r = periodicExamDue(
      { hazards: [h('methanol'), h('noise'), h('hydrogen-sulfide')], exams: [periodic('2024-06-01')] },
      '2024-07-01',
    );
    expect(r).toMatchObject({ cycleMonths: 12, dueDate: '2025-06-01', drivingHazards: ['noise'] });
    const three = periodicExamDue({ hazards: [h('methanol'), h('hydrogen-sulfide')], exams: [periodic('2024-06-01')] }, '2024-07-01');
    expect(three).toMatchObject({ cycleMonths: 36, dueDate: '2027-06-01', drivingHazards: ['methanol', 'hydrogen-sulfide'] });
  });

  it('runs from the last pre-job or periodic exam; emergency and leaving exams do not restart it', () => {
    const r = periodicExamDue(
      {
        hazards: [h('chlorine')],
        exams: [
          { date: '2022-05-01', type: 'pre-job' },
          periodic('2023-01-10'),
          { date: '2024-06-01', type: 'emergency' },
          { date: '2024-06-20', type: 'leaving' },
        ],
      },
      '2024-07-01',
    );
    expect(r).toMatchObject({ lastExamDate: '2023-01-10', dueDate: '2024-01-10', status: 'overdue' });
    // A pre-job exam starts the first cycle.
    expect(periodicExamDue({ hazards: [h('chlorine')], exams: [{ date: '2024-02-01', type: 'pre-job' }] }, '2024-07-01').dueDate).toBe(
      '2025-02-01',
    );
  });

  it('adds calendar months; the 31st falls back to the month’s last day', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2023-01-31', 1)).toBe('2023-02-28');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2024-11-15', 36)).toBe('2027-11-15');
    expect(addMonths('2024-08-31', 6)).toBe('2025-02-28');
    expect(addMonths('2024-02-30', 1)).toBeNull();
  });

  it('without hazards nothing is required; without a cycle for them it says so; never examined is overdue', () => {
    expect(periodicExamDue({ hazards: [], exams: [] }, '2024-07-01')).toMatchObject({
      status: 'notRequired',
      overdue: false,
      dueDate: null,
    });
    expect(periodicExamDue({ hazards: [h('vibration')], exams: [periodic('2024-01-01')] }, '2024-07-01')).toMatchObject({
      status: 'unknownCycle',
      unknownHazards: ['vibration'],
    });
    expect(periodicExamDue({ hazards: [h('benzene'), h('vibration')], exams: [] }, '2024-07-01')).toMatchObject({
      status: 'neverExamined',
      overdue: true,
      cycleMonths: 12,
      unknownHazards: ['vibration'],
    });
  });

  it('uses the cycles it is given', () => {
    const r = periodicExamDue(benzeneWorker, '2024-07-01', { cycles: { benzene: { months: 6 } } });
    expect(r.dueDate).toBe('2024-09-15');
  });

  it('every message it returns exists', () => {
    for (const today of ['2024-04-01', '2025-03-01', '2025-04-01']) {
      expect(healthMessages).toHaveProperty([periodicExamDue(benzeneWorker, today).message.code]);
    }
  });
});

describe('contraindicationBlock', () => {
  const finding = (
    date: string,
    target: string,
    category: ExamFinding['category'],
    examType: ExamFinding['examType'] = 'periodic',
  ): ExamFinding => ({
    date,
    target,
    category,
    examType,
  });
  const heightBarred = [finding('2024-05-01', 'work-at-height', 'contraindication'), finding('2024-05-01', 'noise', 'normal')];

  it('bars the special work the contraindication concerns, and the permit behind it', () => {
    const r = contraindicationBlock(heightBarred, 'work-at-height');
    expect(r.blocked).toBe(true);
    expect(r.reasons).toEqual([
      { code: 'health.contraindication.blocks', params: { target: '高处作业', target_en: 'Work at height', date: '2024-05-01' } },
    ]);
    expect(fillTemplate(healthMessages['health.contraindication.blocks'].en, r.reasons[0].params, 'en')).toBe(
      'An occupational contraindication for Work at height was found on 2024-05-01: barred from this work',
    );
    // GB 30871 work-at-height permit (permit code `height`).
    expect(contraindicationBlock(heightBarred, 'height').blocked).toBe(true);
  });

  it('does not bar other work', () => {
    expect(contraindicationBlock(heightBarred, 'power')).toEqual({ blocked: false, reasons: [] });
    expect(contraindicationBlock(heightBarred, 'hot').blocked).toBe(false);
    expect(contraindicationBlock(heightBarred, 'noise').blocked).toBe(false);
  });

  it('a later exam without the contraindication lifts the bar; on the same day the contraindication wins', () => {
    expect(contraindicationBlock([...heightBarred, finding('2025-01-10', 'work-at-height', 'normal')], 'height').blocked).toBe(false);
    expect(contraindicationBlock([...heightBarred, finding('2024-05-01', 'work-at-height', 'normal')], 'height').blocked).toBe(true);
    // An older normal result does not lift a newer contraindication.
    expect(contraindicationBlock([finding('2023-01-01', 'work-at-height', 'normal'), ...heightBarred], 'height').blocked).toBe(true);
  });

  it('bars a hazard position for a contraindication to that hazard; a suspected disease alone does not bar', () => {
    const benzene = [finding('2024-03-01', 'benzene', 'contraindication', 'pre-job')];
    expect(contraindicationBlock(benzene, 'benzene')).toMatchObject({
      blocked: true,
      reasons: [{ params: { target: '苯', target_en: 'Benzene' } }],
    });
    expect(contraindicationBlock([finding('2024-03-01', 'benzene', 'suspected')], 'benzene').blocked).toBe(false);
  });

  // DOMAIN.md §11: a contraindication bars the matching special work; the default map links the GB 30871 permits to it.
  it.each([
    ['height', 'work-at-height', true],
    ['power', 'electrical', true],
    ['confined', 'confined-space', true],
    ['height', 'electrical', false],
    ['power', 'work-at-height', false],
    ['confined', 'work-at-height', false],
    ['hot', 'work-at-height', false],
    ['lifting', 'work-at-height', false],
    ['confined', 'hydrogen-sulfide', false],
  ])('default map: a %s permit, a contraindication for %s → barred %s', (permit, target, barred) => {
    expect(contraindicationBlock([finding('2024-05-01', target, 'contraindication')], permit).blocked).toBe(barred);
    expect(contraindicationBlock([finding('2024-05-01', target, 'recheck')], permit).blocked).toBe(false);
  });

  it('the default map names only special works that have a name', () => {
    for (const targets of Object.values(defaultWorkContraindications)) {
      for (const target of targets) {
        const r = contraindicationBlock([finding('2024-05-01', target, 'contraindication')], target);
        expect(r.reasons[0].params?.target).not.toBe(target);
      }
    }
  });

  it('uses the map it is given (a plant linking its confined-space permit to H2S)', () => {
    const h2s = [finding('2024-03-01', 'hydrogen-sulfide', 'contraindication')];
    expect(contraindicationBlock(h2s, 'confined').blocked).toBe(false);
    const r = contraindicationBlock(h2s, 'confined', { confined: ['hydrogen-sulfide', 'carbon-monoxide'] });
    expect(r.blocked).toBe(true);
    expect(r.reasons[0].params).toMatchObject({ target: '硫化氢', target_en: 'Hydrogen sulfide' });
  });
});
