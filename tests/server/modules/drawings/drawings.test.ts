import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_PASSWORD } from '../../../../src/server/config.js';
import { orgPort } from '../../../../src/server/modules/org/port.js';
import { drawingAutoBind, drawingCheckTags, drawingGet, drawingList, drawingSave, tagNamedBy } from '../../../../src/shared/drawings/contracts.js';
import { call, tokenFor } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect id="shell" width="50" height="50"/><text id="value">—</text></svg>';

/* Process drawings (issue 23 §4): the demo tank farm seeded with its bindings; the binding checker on save. */
describe.each(dialects)('drawings (%s)', (dialect) => {
  let t: TestServer;
  let admin: string;
  let operator: string;

  beforeAll(async () => {
    t = await startTestServer({ demo: true, dialect });
    admin = await tokenFor(t.url, 'admin', DEFAULT_DEMO_PASSWORD);
    operator = await tokenFor(t.url, 'operator', DEFAULT_DEMO_PASSWORD);
  });
  afterAll(() => t.close());

  it('the demo tank farm drawing is seeded: every binding names an element of its SVG and an existing tag, level bars with the tag range', async () => {
    const list = await call(t.url, drawingList, {}, operator);
    expect(list.body.IsSuccess, JSON.stringify(list.body.error)).toBe(true);
    const item = list.body.data!.items[0];
    expect(item.bindings).toBe(96);
    const d = (await call(t.url, drawingGet, { id: item.id }, operator)).body.data!;
    expect(d.svg.startsWith('<svg')).toBe(true);
    for (const b of d.bindings) {
      expect(d.svg, b.element).toContain(`id="${b.element}"`);
    }
    expect(d.bindings).toContainEqual({ element: 'TK-101-level', tag: 'TF-A.TK-101.LT', prop: 'level', lo: 0, hi: 17.8 });
    expect(d.bindings).toContainEqual({ element: 'TK-101-LT', tag: 'TF-A.TK-101.LT', prop: 'text' });
  });

  it('save checks the bindings: unknown elements, unknown tags and duplicates on the bindings field; a script in the SVG on svg', async () => {
    const base = { name: 'Test', svg: SVG, bindings: [{ element: 'value', tag: 'TF-A.TK-101.LT', prop: 'text' as const }] };
    const element = await call(t.url, drawingSave, { ...base, bindings: [{ element: 'nope', tag: 'TF-A.TK-101.LT', prop: 'text' }] }, admin);
    expect(element.httpStatus).toBe(400);
    expect(element.body.error.controls).toEqual(['bindings']);
    expect(element.body.error.message).toContain('nope');
    const tag = await call(t.url, drawingSave, { ...base, bindings: [{ element: 'value', tag: 'NO.SUCH', prop: 'text' }] }, admin);
    expect(tag.body.error.controls).toEqual(['bindings']);
    const dup = await call(t.url, drawingSave, { ...base, bindings: [base.bindings[0], base.bindings[0]] }, admin);
    expect(dup.body.error.controls).toEqual(['bindings']);
    const script = await call(t.url, drawingSave, { ...base, svg: SVG.replace('<rect', '<script>alert(1)</script><rect') }, admin);
    expect(script.body.error.controls).toEqual(['svg']);
    const handler = await call(t.url, drawingSave, { ...base, svg: SVG.replace('<rect', '<rect onclick="x()"') }, admin);
    expect(handler.body.error.controls).toEqual(['svg']);
    const noName = await call(t.url, drawingSave, { ...base, name: '' }, admin);
    expect(noName.body.error.controls).toContain('name');
  });

  it('a manager saves a drawing (level range from the tag, audited); an operator may view but not save', async () => {
    const saved = await call(t.url, drawingSave, { name: 'Mimic', svg: SVG, bindings: [{ element: 'shell', tag: 'TF-A.TK-102.LT', prop: 'level' }] }, admin);
    expect(saved.body.IsSuccess, JSON.stringify(saved.body.error)).toBe(true);
    expect(saved.body.data!.bindings[0]).toMatchObject({ lo: 0, hi: 17.8 });
    const edited = await call(t.url, drawingSave, { id: saved.body.data!.id, name: 'Mimic 2', svg: SVG, bindings: [] }, admin);
    expect(edited.body.data).toMatchObject({ id: saved.body.data!.id, name: 'Mimic 2', bindings: [], updatedBy: 'admin' });
    const log = await t.server.port(orgPort).auditLog({ page: 1, pageSize: 50, entity: 'drawing' });
    expect(log.items.filter((r) => r.action === 'drawing.save' && r.entity_id === String(saved.body.data!.id)).map((r) => r.loginname)).toEqual(['admin', 'admin']);
    const denied = await call(t.url, drawingSave, { name: 'x', svg: SVG, bindings: [] }, operator);
    expect(denied.httpStatus).toBe(403);
    const missing = await call(t.url, drawingGet, { id: 99999 }, admin);
    expect(missing.httpStatus).toBe(404);
  });

  it('auto-binding: an ISA tag text binds the one tag it names; ambiguous or unknown texts are listed, not guessed', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg"><text id="a">TK-101 LT</text><text id="b">TK-102.TT</text><text id="c"><tspan>XX-999</tspan></text><text id="d">TT</text><text id="e">LT-101</text><text>no id</text></svg>';
    const res = await call(t.url, drawingAutoBind, { svg }, admin);
    expect(res.body.IsSuccess, JSON.stringify(res.body.error)).toBe(true);
    expect(res.body.data!.bindings).toEqual([
      { element: 'a', tag: 'TF-A.TK-101.LT', prop: 'text' },
      { element: 'b', tag: 'TF-A.TK-102.TT', prop: 'text' },
    ]);
    expect(res.body.data!.unmatched.map((u) => u.element)).toEqual(['c', 'd', 'e']);
    // LT-101 names TK-101 and V-101 in the demo plant: both are offered, for the symbol next to the text to decide (the editor).
    expect([...res.body.data!.unmatched[2].candidates!].sort()).toEqual(['PU-1.V-101.LT', 'TF-A.TK-101.LT']);
    // ISA form: the signal letters and the device's number; two devices numbered 101 make it ambiguous.
    expect(tagNamedBy('LT-101', ['A.TK-101.LT', 'A.TK-101.TT'])).toBe('A.TK-101.LT');
    expect(tagNamedBy('LT-101', ['A.TK-101.LT', 'B.V-101.LT'])).toBeNull();
    const denied = await call(t.url, drawingAutoBind, { svg }, operator);
    expect(denied.httpStatus).toBe(403);
  });

  it("the editor's checker asks which tags the plant does not have (managers only)", async () => {
    const res = await call(t.url, drawingCheckTags, { tags: ['TF-A.TK-101.LT', 'NO.SUCH', 'NO.SUCH', 'ALSO.MISSING'] }, admin);
    expect(res.body.data).toEqual({ unknown: ['ALSO.MISSING', 'NO.SUCH'] });
    expect((await call(t.url, drawingCheckTags, { tags: [] }, operator)).httpStatus).toBe(403);
  });

  it('bindings of the editor (fill on a value condition, rotation) are saved; a rotation takes the tag range', async () => {
    const saved = await call(
      t.url,
      drawingSave,
      {
        name: 'Conditions',
        svg: SVG,
        bindings: [
          { element: 'shell', tag: 'TF-A.TK-101.LT', prop: 'fill', above: 15, color: '#d4380d' },
          { element: 'value', tag: 'TF-A.TK-101.LT', prop: 'rotate', deg: 270 },
        ],
      },
      admin,
    );
    expect(saved.body.IsSuccess, JSON.stringify(saved.body.error)).toBe(true);
    expect(saved.body.data!.bindings).toEqual([
      { element: 'shell', tag: 'TF-A.TK-101.LT', prop: 'fill', above: 15, color: '#d4380d' },
      { element: 'value', tag: 'TF-A.TK-101.LT', prop: 'rotate', deg: 270, lo: 0, hi: 17.8 },
    ]);
    const badColour = await call(t.url, drawingSave, { name: 'x', svg: SVG, bindings: [{ element: 'shell', tag: 'TF-A.TK-101.LT', prop: 'fill', color: 'red;x' }] }, admin);
    expect(badColour.httpStatus).toBe(400);
  });
});
