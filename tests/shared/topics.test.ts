import { describe, expect, it } from 'vitest';
import { channels, parseTopic, topics } from '../../src/shared/contracts/topics.js';

describe('topic names', () => {
  it('read each declared form, with its channel and argument', () => {
    expect(parseTopic('tag/TF-A.TK-101.LT')).toEqual({ kind: 'tag', channel: 'tag', arg: 'TF-A.TK-101.LT' });
    expect(parseTopic('tags/12')).toEqual({ kind: 'tags', channel: 'tag', arg: '12' });
    expect(parseTopic('position/vehicle')).toEqual({ kind: 'position', channel: 'position', arg: 'vehicle' });
    expect(parseTopic('region')).toEqual({ kind: 'region', channel: 'region', arg: '' });
  });

  it('have one spelling each: aliases, padding and junk are refused', () => {
    for (const name of ['tags/ 1', 'tags/01', 'tags/0x1', 'tags/1.0', 'tags/1 ', 'tags/-1', 'tags/', 'tag/', 'tag/ 1', 'tag/a b', 'tag/a/b', 'position/people', 'Position/person', 'region/1', ' region', '', `tag/${'x'.repeat(129)}`]) {
      expect(parseTopic(name), name).toBeNull();
    }
    expect(parseTopic(42)).toBeNull();
  });

  it('every topic names a declared channel, and every channel has a distinct event', () => {
    for (const t of Object.values(topics)) {
      expect(Object.keys(channels)).toContain(t.channel);
    }
    const events = Object.values(channels).map((c) => c.event);
    expect(new Set(events).size).toBe(events.length);
  });
});
