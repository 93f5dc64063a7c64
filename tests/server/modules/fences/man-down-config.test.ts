import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../src/server/config.js';

describe('MAN_DOWN_DEFAULT (the plant-wide man-down rule)', () => {
  it('is 3 m / 600 s unless set, `radius,seconds` when set, and off on request', () => {
    expect(loadConfig({}).manDownDefault).toEqual({ radiusM: 3, seconds: 600 });
    expect(loadConfig({ MAN_DOWN_DEFAULT: '5, 120' }).manDownDefault).toEqual({ radiusM: 5, seconds: 120 });
    expect(loadConfig({ MAN_DOWN_DEFAULT: 'off' }).manDownDefault).toBeNull();
  });

  it.each(['3', '0,600', '3,0', '3,1.5', 'three,600'])('refuses %j, naming the variable', (v) => {
    expect(() => loadConfig({ MAN_DOWN_DEFAULT: v })).toThrow(/MAN_DOWN_DEFAULT/);
  });
});
