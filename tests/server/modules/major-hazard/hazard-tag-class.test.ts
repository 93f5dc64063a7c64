import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { majorHazardModule } from '../../../../src/server/modules/major-hazard/index.js';
import { dangerSourceDeviceLedger, dangerSourceLedger } from '../../../../src/shared/major-hazard/ledgers.js';
import { recordContracts } from '../../../../src/shared/records/contracts.js';
import { classList } from '../../../../src/shared/realtime/contracts.js';
import { auditLogList } from '../../../../src/shared/org/contracts.js';
import { adminOf, createTag, ok, type Admin } from '../../../helpers/factories.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';

/*
 * The realtime class 重大危险源 fills itself from the register (issue 20 §4)
 * on both stores: a tag bound to a source's device (level, temperature,
 * pressure, gas, ESD, SIS) is a member; unbound, or its device deleted, it
 * leaves; a tag bound twice is listed once; the change is audited.
 */
const units = recordContracts(dangerSourceLedger);
const devices = recordContracts(dangerSourceDeviceLedger);

describe.each(dialects)('major hazard: the 重大危险源 tag class follows the register (%s)', (dialect) => {
  let t: TestServer;
  let admin: Admin;
  let unit = 0;

  beforeAll(async () => {
    t = await startTestServer({ dialect });
    admin = await adminOf(t);
    unit = (await ok(t, units.save, { name: '液氨罐区', kind: 'storage', population: 5, substances: [{ name: '氨', q: 30 }] }, admin.token)).id;
  });
  afterAll(() => t.close());

  const members = async (): Promise<string[]> => {
    await t.server.exposed(majorHazardModule).hazardClass.idle();
    const classes = await ok(t, classList, {}, admin.token);
    const hazard = classes.find((c) => c.parentid === 0 && c.name === '重大危险源');
    expect(hazard, 'the class exists').toBeDefined();
    return [...hazard!.tagids].sort();
  };

  it('starts empty on an empty plant, lists bound tags, drops unbound ones and those of a deleted device', async () => {
    expect(await members()).toEqual([]);
    const level = await createTag(t, admin, { kind: 'level', unit: 'm' });
    const pressure = await createTag(t, admin, { kind: 'pressure', unit: 'MPa' });
    const esd = await createTag(t, admin, { kind: 'flow', unit: 'm³/h' });
    const other = await createTag(t, admin);

    const tank = await ok(t, devices.save, { name: '1#液氨罐', code: 'V-101', source: unit, type: 'tank', levelTag: level, pressureTag: pressure, esdTag: esd }, admin.token);
    expect(await members()).toEqual([level, pressure, esd].sort());
    expect(await members()).not.toContain(other);

    // Unbinding the pressure tag takes it out; binding the same level tag on a second device lists it once.
    const { version } = (await ok(t, devices.get, { id: tank.id }, admin.token)).record;
    await ok(t, devices.save, { id: tank.id, version, name: '1#液氨罐', code: 'V-101', source: unit, type: 'tank', levelTag: level, pressureTag: '', esdTag: esd }, admin.token);
    expect(await members()).toEqual([level, esd].sort());
    const second = await ok(t, devices.save, { name: '2#液氨罐', code: 'V-102', source: unit, type: 'tank', levelTag: level, sisTag: other }, admin.token);
    expect(await members()).toEqual([level, esd, other].sort());

    // Deleting a device takes its tags out, unless another device still binds them.
    await ok(t, devices.delete, { id: tank.id }, admin.token);
    expect(await members()).toEqual([level, other].sort());
    await ok(t, devices.delete, { id: second.id }, admin.token);
    expect(await members()).toEqual([]);

    const audit = await ok(t, auditLogList, { page: 1, pageSize: 50, entity: 'tag_class' }, admin.token);
    expect(audit.items.some((a) => a.loginname === 'system' && a.action === 'set_tags')).toBe(true);
  });

  it('a tag made after its device names it joins the class then', async () => {
    const later = `LATER.${dialect}.LT`;
    const device = await ok(t, devices.save, { name: '4#液氨罐', code: 'V-104', source: unit, type: 'tank', levelTag: later }, admin.token);
    expect(await members()).not.toContain(later);
    await createTag(t, admin, { id: later, kind: 'level', unit: 'm' });
    expect(await members()).toContain(later);
    await ok(t, devices.delete, { id: device.id }, admin.token);
    expect(await members()).not.toContain(later);
  });

  it('a sync of an unchanged register changes nothing', async () => {
    const gas = await createTag(t, admin, { kind: 'temperature' });
    await ok(t, devices.save, { name: '3#液氨罐', code: 'V-103', source: unit, type: 'tank', gasTag: gas }, admin.token);
    expect(await members()).toEqual([gas]);
    // A sync with nothing changed changes nothing.
    expect(await t.server.exposed(majorHazardModule).hazardClass.sync()).toEqual({ added: [], removed: [] });
  });
});
