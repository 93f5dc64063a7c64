import { describe, expect, it } from 'vitest';
import { menus } from '../../src/shared/modules.js';

/** The administrator sees everything (README, demo accounts): every page's menu entry is granted to the admin role when created. */
describe('menu declarations', () => {
  it('give every page entry to the administrator', () => {
    const missing = menus.filter((m) => m.type === 2 && !m.roles.includes('admin')).map((m) => m.href);
    expect(missing).toEqual([]);
  });
});
