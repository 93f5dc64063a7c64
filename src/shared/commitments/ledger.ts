import { defineRecord } from '../records/definition.js';

/** What state a production unit is in today, as the plant sets it (the notice counts them). */
export const unitStates = ['operating', 'stopped', 'maintenance'] as const;
export type UnitState = (typeof unitStates)[number];

export const unitStateNames: Record<UnitState, { zh: string; en: string }> = {
  operating: { zh: '运行', en: 'In operation' },
  stopped: { zh: '停车', en: 'Stopped' },
  maintenance: { zh: '检修', en: 'Under maintenance' },
};

/**
 * The production units of the daily safety commitment (issue 21 §7): each
 * with the state the plant sets (运行 / 停车 / 检修). The morning's notice
 * counts them as they stand when it is drafted.
 */
export const commitmentUnitLedger = defineRecord({
  area: 'RiskResearch',
  entity: 'CommitmentUnit',
  name: { zh: '承诺公告装置', en: 'Commitment notice units' },
  titleField: 'name',
  fields: [
    { key: 'name', type: 4, label: { zh: '装置名称', en: 'Unit' }, required: true, unique: true, max: 60 },
    { key: 'state', type: 7, label: { zh: '状态', en: 'State' }, required: true, options: unitStates.map((s) => ({ value: s, label: unitStateNames[s] })) },
    { key: 'remark', type: 17, label: { zh: '备注', en: 'Remark' } },
  ],
  list: { columns: ['name', 'state', 'remark'], filters: ['name', 'state'], sort: { field: 'name', order: 'asc' } },
  permissions: { view: [], edit: ['commitment:manage'], delete: ['commitment:manage'] },
});
