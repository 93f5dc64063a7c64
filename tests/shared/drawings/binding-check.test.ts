import { describe, expect, it } from 'vitest';
import { autoBindNearby, boxGap, checkBindings, type BindTarget, type PlacedText } from '../../../src/shared/drawings/binding-check.js';
import { tagNamedBy, tagsNamedBy, type DrawingBinding } from '../../../src/shared/drawings/contracts.js';
import { symbolBindings, symbolMarkup, symbolKinds, SYMBOLS } from '../../../src/shared/drawings/symbols.js';

/** Tag names as the demo plant spells them (device.signal, area first). */
const TAGS = ['TF-A.TK-101.LT', 'TF-A.TK-101.TT', 'TF-A.TK-102.LT', 'TF-B.SP-201.LT', 'TF-C.TK-301.LT', 'U1.P-101.FT', 'U1.P-101A.FT', 'PU-1.V-101.LT'];

/* Issue 23 §4: automatic binding of ISA tag text ("LT-101" next to a symbol binds it to the tag whose name ends with it). */
describe('tagNamedBy: the tag an ISA text names', () => {
  it.each([
    ['LT-102', 'TF-A.TK-102.LT'],
    ['LT102', 'TF-A.TK-102.LT'],
    ['lt-102', 'TF-A.TK-102.LT'],
    ['TT-101', 'TF-A.TK-101.TT'],
    ['TK-101.LT', 'TF-A.TK-101.LT'],
    ['LT-201', 'TF-B.SP-201.LT'],
    ['FT-101A', 'U1.P-101A.FT'],
    ['TF-A.TK-102.LT', 'TF-A.TK-102.LT'],
  ])('%s names %s', (text, tag) => {
    expect(tagNamedBy(text, TAGS)).toBe(tag);
  });
  it.each([
    ['LT-999', 'no such device'],
    ['PT-101', 'no such signal'],
    ['LT', 'too short'],
    ['Methanol tank', 'not a tag text'],
  ])('%s names nothing (%s)', (text) => {
    expect(tagNamedBy(text, TAGS)).toBeNull();
  });
  it('a text two devices end with names neither alone: LT-101 is TK-101 and V-101 in the demo plant', () => {
    expect(tagNamedBy('LT-101', TAGS)).toBeNull();
    expect(tagsNamedBy('LT-101', TAGS)).toEqual(['TF-A.TK-101.LT', 'PU-1.V-101.LT']);
  });
});

const box = (x: number, y: number, w = 10, h = 10) => ({ x, y, w, h });

describe('boxGap', () => {
  it.each([
    [box(0, 0), box(5, 5), 0, 'overlapping'],
    [box(0, 0), box(10, 0), 0, 'touching'],
    [box(0, 0), box(20, 0), 10, 'side by side'],
    [box(0, 0), box(0, 25), 15, 'one above the other'],
    [box(0, 0), box(13, 14), 5, 'diagonal (3, 4)'],
  ])('%o to %o is %d (%s)', (a, b, gap) => {
    expect(boxGap(a, b)).toBeCloseTo(gap, 6);
  });
});

describe('autoBindNearby: a tag text binds the symbol next to it', () => {
  const tank: BindTarget = { id: 'tank1', kind: 'tank', box: box(100, 100, 80, 140) };
  const pump: BindTarget = { id: 'pump1', kind: 'pump', box: box(400, 100, 60, 70) };
  const shape: BindTarget = { id: 'V-7', kind: 'shape', box: box(700, 100, 40, 40) };
  const text = (element: string, t: string, x: number, y: number): PlacedText => ({ element, text: t, box: box(x, y, 40, 14) });
  const cases: { name: string; texts: PlacedText[]; bound?: string[]; expect: Record<string, string>; unmatched: string[] }[] = [
    { name: 'a text under a tank binds the tank', texts: [text('t1', 'LT-102', 120, 250)], expect: { tank1: 'TF-A.TK-102.LT' }, unmatched: [] },
    { name: 'each text binds its own neighbour', texts: [text('t1', 'LT-101', 120, 250), text('t2', 'FT-101A', 400, 180)], expect: { tank1: 'TF-A.TK-101.LT', pump1: 'U1.P-101A.FT' }, unmatched: [] },
    { name: 'a text far from every symbol binds nothing', texts: [text('t1', 'LT-101', 120, 600)], expect: {}, unmatched: ['t1'] },
    { name: 'a text that names no tag binds nothing', texts: [text('t1', 'LT-999', 120, 250)], expect: {}, unmatched: ['t1'] },
    { name: 'two texts near one tank: the nearer wins', texts: [text('far', 'LT-102', 120, 280), text('near', 'TT-101', 120, 245)], expect: { tank1: 'TF-A.TK-101.TT' }, unmatched: ['far'] },
    { name: 'an already bound tank is left alone', texts: [text('t1', 'LT-101', 120, 250)], bound: ['tank1'], expect: {}, unmatched: ['t1'] },
    { name: 'LT-101 names TK-101 and V-101: next to a tank it binds TK-101', texts: [text('t1', 'LT-101', 120, 250)], expect: { tank1: 'TF-A.TK-101.LT' }, unmatched: [] },
    { name: 'LT-101 next to a pump: the pump decides nothing, nothing is bound', texts: [text('t1', 'LT-101', 400, 180)], expect: {}, unmatched: ['t1'] },
    { name: 'a shape of an imported drawing takes the alarm colour', texts: [text('t1', 'LT-301', 700, 150)], expect: { 'V-7': 'TF-C.TK-301.LT' }, unmatched: [] },
  ];
  it.each(cases)('$name', (c) => {
    const r = autoBindNearby(c.texts, [tank, pump, shape], TAGS, { maxGap: 40, bound: new Set(c.bound ?? []) });
    expect(Object.fromEntries(r.found.map((f) => [f.target, f.tag]))).toEqual(c.expect);
    expect(r.unmatched.map((u) => u.element).sort()).toEqual([...c.unmatched].sort());
  });
  it('a tank is bound level, alarm colour and value; a shape its alarm colour', () => {
    const r = autoBindNearby([text('t1', 'LT-101', 120, 250), text('t2', 'LT-301', 700, 150)], [tank, shape], TAGS, { maxGap: 40 });
    expect(r.found.find((f) => f.target === 'tank1')!.bindings).toEqual([
      { element: 'tank1-shell', tag: 'TF-A.TK-101.LT', prop: 'alarm' },
      { element: 'tank1-level', tag: 'TF-A.TK-101.LT', prop: 'level' },
      { element: 'tank1-value', tag: 'TF-A.TK-101.LT', prop: 'text' },
    ]);
    expect(r.found.find((f) => f.target === 'V-7')!.bindings).toEqual([{ element: 'V-7', tag: 'TF-C.TK-301.LT', prop: 'alarm' }]);
  });
});

/* The binding checker on save: unbound symbols, unknown tags, duplicate tags. */
describe('checkBindings', () => {
  const known = (t: string) => TAGS.includes(t);
  const b = (element: string, tag: string, prop: DrawingBinding['prop'] = 'text'): DrawingBinding => ({ element, tag, prop });
  it.each([
    { name: 'everything bound once', symbols: ['tank1', 'tank2'], bindings: [b('tank1-value', 'TF-A.TK-101.LT'), b('tank2-value', 'TF-A.TK-102.LT')], unbound: [], unknownTags: [], duplicateTags: [] },
    { name: 'a symbol with no bound part', symbols: ['tank1', 'pump1'], bindings: [b('tank1-value', 'TF-A.TK-101.LT')], unbound: ['pump1'], unknownTags: [], duplicateTags: [] },
    { name: 'a tag the plant does not have', symbols: ['tank1'], bindings: [b('tank1-value', 'NO.SUCH.LT')], unbound: [], unknownTags: ['NO.SUCH.LT'], duplicateTags: [] },
    { name: 'a copy still on the tag of its original', symbols: ['tank1', 'tank2'], bindings: [b('tank1-value', 'TF-A.TK-101.LT'), b('tank2-value', 'TF-A.TK-101.LT')], unbound: [], unknownTags: [], duplicateTags: ['TF-A.TK-101.LT'] },
    { name: 'one tag shown three ways in one symbol is no duplicate', symbols: ['tank1'], bindings: [b('tank1-value', 'TF-A.TK-101.LT'), b('tank1-level', 'TF-A.TK-101.LT', 'level'), b('tank1-shell', 'TF-A.TK-101.LT', 'alarm')], unbound: [], unknownTags: [], duplicateTags: [] },
    { name: 'a value text and a level of two symbols is no duplicate', symbols: ['tank1', 'tank2'], bindings: [b('tank1-value', 'TF-A.TK-101.LT'), b('tank2-level', 'TF-A.TK-101.LT', 'level')], unbound: [], unknownTags: [], duplicateTags: [] },
    { name: 'a symbol id that prefixes another (tank1, tank10)', symbols: ['tank1', 'tank10'], bindings: [b('tank10-value', 'TF-A.TK-101.LT')], unbound: ['tank1'], unknownTags: [], duplicateTags: [] },
    { name: 'loose elements of an imported drawing count by element', symbols: [], bindings: [b('a', 'TF-A.TK-101.LT'), b('b', 'TF-A.TK-101.LT')], unbound: [], unknownTags: [], duplicateTags: ['TF-A.TK-101.LT'] },
  ])('$name', (c) => {
    expect(checkBindings(c.symbols, c.bindings, known)).toEqual({ unbound: c.unbound, unknownTags: c.unknownTags, duplicateTags: c.duplicateTags });
  });
});

describe('the symbol library', () => {
  it.each(symbolKinds)('%s: every part it binds is drawn with its id', (kind) => {
    const markup = symbolMarkup(kind, 'x1', 10, 20);
    expect(markup).toMatch(/^<g id="x1" data-symbol="/);
    for (const binding of symbolBindings(kind, 'x1', 'T')) {
      expect(markup).toContain(`id="${binding.element}"`);
    }
    expect(SYMBOLS[kind].parts.length).toBeGreaterThan(0);
  });
});
