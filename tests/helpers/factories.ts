import type { AlarmItem } from '../../src/shared/alarms/contracts.js';
import type { TagMeta } from '../../src/server/stream/tag-registry.js';

let tagSeq = 0;

/** A tag as the stream layer sees it; every field can be overridden. Ids are unique per test file. */
export function buildTag(overrides: Partial<TagMeta> = {}): TagMeta {
  tagSeq++;
  return {
    id: `TEST.T${String(tagSeq).padStart(4, '0')}.PV`,
    regionid: null,
    kind: 'temperature',
    ll: null,
    l: null,
    h: null,
    hh: null,
    deadband: 0,
    ...overrides,
  };
}

let alarmSeq = 0;

/** An open, unacknowledged alarm occurrence as the topic and lists show it; every field can be overridden. */
export function buildAlarmItem(overrides: Partial<AlarmItem> = {}): AlarmItem {
  alarmSeq++;
  return {
    id: alarmSeq,
    alarmKey: `tag:TEST.A${String(alarmSeq).padStart(4, '0')}.PV:h`,
    source: `TEST.A${String(alarmSeq).padStart(4, '0')}.PV`,
    sourceName: '测试位号',
    sourceNameEn: '',
    type: 'h',
    priority: 3,
    state: 'unack',
    active: true,
    acked: false,
    limit: 80,
    unit: '℃',
    value: 81,
    peak: 81,
    activatedAt: 1_800_000_000_000,
    ackedAt: null,
    ackedBy: null,
    ackComment: null,
    returnedAt: null,
    closedAt: null,
    shelvedUntil: null,
    shelvedBy: null,
    shelveReason: null,
    regionid: null,
    updatedAt: 1_800_000_000_000,
    detail: null,
    ...overrides,
  };
}
