import { describe, expect, it } from 'vitest';
import { pastedCopy } from '../../../../src/client/features/dashboards/editor-history.js';
import type { DashboardDefinition } from '../../../../src/shared/dashboards/definition.js';

const def: DashboardDefinition = {
  version: 1,
  key: 'paste-test',
  name: { zh: '粘贴', en: 'Paste' },
  grid: { cols: 24, rows: 12 },
  widgets: [
    { id: 'w1', type: 'gauge', x: 20, y: 0, w: 4, h: 3, binding: { kind: 'tag', tag: 'TF-A.TK-101.LT' }, options: { min: 0, max: 10 } },
    { id: 'w2', type: 'alarmList', x: 0, y: 3, w: 12, h: 5, binding: { kind: 'alarms', priorities: [1] }, options: {} },
  ],
};

describe('a pasted widget', () => {
  it('keeps its type, size, options and binding, gets a new id and goes below everything', () => {
    const copy = pastedCopy(def, def.widgets[0]);
    expect(copy).toEqual({ ...def.widgets[0], id: 'w3', y: 8 });
    expect(copy.binding).not.toBe(def.widgets[0].binding);
    const again = pastedCopy({ ...def, widgets: [...def.widgets, copy] }, def.widgets[1]);
    expect([again.id, again.y, again.binding]).toEqual(['w4', 11, { kind: 'alarms', priorities: [1] }]);
  });

  it('stays inside a narrower grid', () => {
    expect(pastedCopy({ ...def, grid: { cols: 22, rows: 12 } }, def.widgets[0]).x).toBe(18);
  });
});
