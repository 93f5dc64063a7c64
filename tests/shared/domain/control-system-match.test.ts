import { describe, expect, it } from 'vitest';
import { controlSystemLinkMatcher, controlSystemMatcher, topicUnder } from '../../../src/shared/domain/control-system-match.js';

describe('controlSystemMatcher', () => {
  const systemOf = controlSystemMatcher([
    { id: 1, tagPatterns: ['TF-', 'PU-'] },
    { id: 2, tagPatterns: ['*.GD-'] },
    { id: 3, tagPatterns: ['LS.', '*', ''] },
  ]);

  it('matches prefixes; the longest matching pattern wins', () => {
    expect(systemOf('TF-A.TK-101.LT')).toBe(1);
    expect(systemOf('PU-1.R-101.TT')).toBe(1);
    expect(systemOf('TF-A.GD-TFA-01.AT')).toBe(2);
    expect(systemOf('LS.LB-01.FT')).toBe(3);
    expect(systemOf('LS.GD-LS-01.AT')).toBe(2);
  });

  it('treats dots literally, ignores empty and bare-star patterns, answers null for an unowned tag', () => {
    expect(systemOf('LSX.A')).toBeNull();
    expect(systemOf('XTF-A.TK-1')).toBeNull();
    expect(systemOf('OF.CAM-1')).toBeNull();
  });
});

describe('controlSystemLinkMatcher', () => {
  const systemOfLink = controlSystemLinkMatcher([
    { id: 1, ingestKey: 'gw-dcs', mqttTopic: '' },
    { id: 2, ingestKey: '', mqttTopic: 'pw/samples/gds' },
    { id: 3, ingestKey: '', mqttTopic: 'pw/samples/gds/north/' },
    { id: 4, ingestKey: 'gw-dcs', mqttTopic: '' },
  ]);

  it('matches a key by name (the first system naming it), a topic by the longest prefix it lies under', () => {
    expect(systemOfLink({ kind: 'key', name: 'gw-dcs' })).toBe(1);
    expect(systemOfLink({ kind: 'key', name: 'other' })).toBeNull();
    expect(systemOfLink({ kind: 'mqtt', topic: 'pw/samples/gds' })).toBe(2);
    expect(systemOfLink({ kind: 'mqtt', topic: 'pw/samples/gds/south' })).toBe(2);
    expect(systemOfLink({ kind: 'mqtt', topic: 'pw/samples/gds/north/7' })).toBe(3);
  });

  it('a topic prefix holds whole levels only; no link, no system', () => {
    expect(systemOfLink({ kind: 'mqtt', topic: 'pw/samples/gdsx' })).toBeNull();
    expect(systemOfLink({ kind: 'mqtt', topic: 'pw/samples' })).toBeNull();
    expect(systemOfLink(undefined)).toBeNull();
  });

  it('topicUnder compares level by level', () => {
    expect(topicUnder('a/b', 'a/b')).toBe(true);
    expect(topicUnder('a/b/c', 'a/b/')).toBe(true);
    expect(topicUnder('a/bc', 'a/b')).toBe(false);
    expect(topicUnder('a/b', '')).toBe(false);
  });
});
