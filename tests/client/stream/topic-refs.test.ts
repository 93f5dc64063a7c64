import { describe, expect, it } from 'vitest';
import { TopicRefs } from '../../../src/client/stream/topic-refs.js';

describe('TopicRefs', () => {
  it('the first reference subscribes, the last release unsubscribes', () => {
    const refs = new TopicRefs();
    const server = new Set<string>();
    refs.acquire(['tag/a']);
    refs.acquire(['tag/a']);
    expect(refs.count('tag/a')).toBe(2);
    let c = refs.takeChanges(server);
    expect(c).toEqual({ add: ['tag/a'], remove: [], dropped: [] });
    server.add('tag/a');

    refs.release(['tag/a']);
    c = refs.takeChanges(server);
    expect(c).toEqual({ add: [], remove: [], dropped: [] });

    refs.release(['tag/a']);
    expect(refs.has('tag/a')).toBe(false);
    c = refs.takeChanges(server);
    expect(c).toEqual({ add: [], remove: ['tag/a'], dropped: ['tag/a'] });
  });

  it('a release and acquire between two flushes send nothing (StrictMode remount, re-filtering)', () => {
    const refs = new TopicRefs();
    const server = new Set(['tag/a']);
    refs.acquire(['tag/a']);
    refs.takeChanges(server);
    refs.release(['tag/a']);
    refs.acquire(['tag/a']);
    expect(refs.takeChanges(server)).toEqual({ add: [], remove: [], dropped: [] });
  });

  it('an acquire and release before any flush send nothing but drop the key', () => {
    const refs = new TopicRefs();
    refs.acquire(['tag/a', 'tag/b']);
    refs.release(['tag/a']);
    expect(refs.takeChanges(new Set())).toEqual({ add: ['tag/b'], remove: [], dropped: ['tag/a'] });
  });

  it('many subscribers of overlapping sets produce one change list', () => {
    const refs = new TopicRefs();
    refs.acquire(['tag/a', 'tag/b']);
    refs.acquire(['tag/b', 'tag/c']);
    const c = refs.takeChanges(new Set());
    expect(c.add.sort()).toEqual(['tag/a', 'tag/b', 'tag/c']);
    expect(refs.hasChanges).toBe(false);
  });

  it('ignores the release of a key it does not hold', () => {
    const refs = new TopicRefs();
    refs.release(['tag/x']);
    expect(refs.count('tag/x')).toBe(0);
    expect(refs.hasChanges).toBe(false);
  });

  it('markAllChanged resends every wanted key to a server that lost its state', () => {
    const refs = new TopicRefs();
    refs.acquire(['tag/a', 'position/person']);
    refs.takeChanges(new Set());
    refs.markAllChanged();
    expect(refs.takeChanges(new Set()).add.sort()).toEqual(['position/person', 'tag/a']);
    expect(refs.wanted().sort()).toEqual(['position/person', 'tag/a']);
  });

  it('touch makes a failed send be retried', () => {
    const refs = new TopicRefs();
    refs.acquire(['tag/a']);
    refs.takeChanges(new Set());
    refs.touch(['tag/a']);
    expect(refs.takeChanges(new Set()).add).toEqual(['tag/a']);
  });
});
