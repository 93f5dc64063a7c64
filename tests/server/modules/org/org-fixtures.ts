import { expect } from 'vitest';
import { isMessageCode } from '../../../../src/shared/messages/catalog.js';
import { DEFAULT_DEMO_PASSWORD } from '../../../../src/server/config.js';
import { deptList, regionGetList, type MenuItem } from '../../../../src/shared/org/contracts.js';
import { call, tokenFor, type CallResult } from '../../../helpers/api.js';

export type DemoUser = 'admin' | 'supervisor' | 'operator' | 'inspector' | 'contractor';

/** Signs in a demo user with the documented demo password. */
export const demoToken = (url: string, user: DemoUser) => tokenFor(url, user, DEFAULT_DEMO_PASSWORD);

/** Every menu of a tree, depth first. */
export function flattenMenus(items: MenuItem[]): MenuItem[] {
  return items.flatMap((m) => [m, ...flattenMenus(m.childs)]);
}

/** deptcode → deptid and regioncode → regionid of the demo organisation, read as the administrator. */
export async function orgIds(url: string, adminToken: string) {
  const depts = await call(url, deptList, {}, adminToken);
  const regions = await call(url, regionGetList, { isallregionid: 1 }, adminToken);
  return {
    dept: new Map(depts.body.data!.map((d) => [d.deptcode, d.deptid])),
    region: new Map(regions.body.data!.map((r) => [r.regioncode, r.regionid])),
  };
}

/** Asserts a refused call: HTTP status, envelope status, IsSuccess false, and the fields named. */
export function expectRefused(r: CallResult<unknown>, httpStatus: number, controls: string[] = []) {
  expect(r.httpStatus, JSON.stringify(r.body)).toBe(httpStatus);
  expect(r.body.IsSuccess).toBe(false);
  expect(r.body.status).toBe(httpStatus);
  expect(r.body.data).toBeNull();
  // A message code with its text in one language (the test client sends no Accept-Language: Chinese).
  expect(isMessageCode(r.body.error.code), String(r.body.error.code)).toBe(true);
  expect(r.body.error.message).toMatch(/[\u4e00-\u9fff]/);
  expect(r.body.error.message).not.toMatch(/ \/ [A-Za-z]/);
  for (const c of controls) {
    expect(r.body.error.controls).toContain(c);
  }
}
