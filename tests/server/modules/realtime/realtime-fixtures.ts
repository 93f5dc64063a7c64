import { expect } from 'vitest';
import { DEFAULT_DEMO_PASSWORD } from '../../../../src/server/config.js';
import { auditLogList, regionGetList } from '../../../../src/shared/org/contracts.js';
import { tagSave, type TagFields } from '../../../../src/shared/realtime/contracts.js';
import { type CallResult, call, tokenFor } from '../../../helpers/api.js';

export type DemoUser = 'admin' | 'supervisor' | 'operator' | 'inspector' | 'contractor';

export const demoToken = (url: string, user: DemoUser) => tokenFor(url, user, DEFAULT_DEMO_PASSWORD);

/** regioncode → regionid of the demo plant. */
export async function regionIds(url: string, adminToken: string): Promise<Map<string, number>> {
  const r = await call(url, regionGetList, { isallregionid: 1 }, adminToken);
  return new Map(r.body.data!.map((x) => [x.regioncode, x.regionid]));
}

/** A valid tag, for saving and importing; override what the test is about. */
export function buildTag(over: Partial<TagFields> & { id: string }): TagFields {
  return {
    name: `测试位号 ${over.id}`,
    name_en: `Test tag ${over.id}`,
    unit: 'MPa',
    kind: 'pressure',
    device: 'TEST-1',
    regionid: null,
    hazard_source: '',
    range_lo: 0,
    range_hi: 10,
    ll: 1,
    l: 2,
    h: 8,
    hh: 9,
    deadband: 0.2,
    comp_dev: null,
    enabled: 1,
    ...over,
  };
}

/** Audit rows of one entity id, newest first. */
export async function auditOf(url: string, adminToken: string, entity: string, entityId: string) {
  const r = await call(url, auditLogList, { entity, pageSize: 1000 }, adminToken);
  expect(r.body.IsSuccess).toBe(true);
  return r.body.data!.items.filter((i) => i.entity_id === entityId);
}

/** Asserts a refused call: HTTP status, envelope, and the fields named. */
export function expectRefused(r: CallResult<unknown>, httpStatus: number, controls: string[] = []) {
  expect(r.httpStatus, JSON.stringify(r.body)).toBe(httpStatus);
  expect(r.body.IsSuccess).toBe(false);
  expect(r.body.status).toBe(httpStatus);
  expect(r.body.data).toBeNull();
  for (const c of controls) {
    expect(r.body.error.controls, JSON.stringify(r.body.error)).toContain(c);
  }
}

/** Saves new tags in demo regions (`[tagId, regionCode, other fields]`), expecting each save to succeed; answers the region ids by code. */
export async function saveTagsIn(url: string, admin: string, tags: readonly (readonly [string, string, Partial<TagFields>?])[]): Promise<Map<string, number>> {
  const regions = await regionIds(url, admin);
  for (const [id, code, more] of tags) {
    const r = await call(url, tagSave, { ...buildTag({ id, regionid: regions.get(code)!, ...more }), isNew: true }, admin);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
  }
  return regions;
}
