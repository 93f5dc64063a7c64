import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { glbNodeNames, MAX_GLB_BYTES } from '../../src/shared/plant-model/glb.js';

/* The model binding page (issue 23 §1): a plant's GLB is validated and its nodes listed before binding. */
const demo = new Uint8Array(fs.readFileSync('models/demo-plant.glb'));

describe('glbNodeNames', () => {
  it('lists the named nodes of the demo plant', () => {
    const names = glbNodeNames(demo);
    expect(names).toContain('TK-101');
    expect(names).toContain('zone_TF-A');
    expect(names.length).toBeGreaterThan(100);
  });
  const corrupt = (f: (b: Uint8Array) => void) => {
    const b = demo.slice();
    f(b);
    return b;
  };
  it.each([
    ['an empty file', new Uint8Array(0), 'plantModel.glb.notGlb'],
    ['a PNG', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), 'plantModel.glb.notGlb'],
    ['glTF version 1', corrupt((b) => (b[4] = 1)), 'plantModel.glb.badVersion'],
    ['a cut file', demo.slice(0, 100), 'plantModel.glb.notGlb'],
    ['broken JSON', corrupt((b) => (b[20] = 0x21)), 'plantModel.glb.badJson'],
    ['above the size limit', new Uint8Array(MAX_GLB_BYTES + 1), 'plantModel.glb.tooLarge'],
  ])('%s is refused (%s)', (_name, bytes, code) => {
    expect(() => glbNodeNames(bytes)).toThrow(code);
  });
});
