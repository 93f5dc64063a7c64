/**
 * Which control system feeds a tag. A system names its tags by patterns on
 * the tag id: a prefix (`PU-1.`), where `*` stands for any characters
 * (`*.GD-` = every gas detector). When several systems' patterns match, the
 * longest pattern wins, so a gas detector in the tank farm belongs to the GDS
 * and not to the DCS that claims `TF-`: every tag has at most one system.
 */
export interface ControlSystemPatterns {
  id: number;
  tagPatterns: readonly string[];
}

const escape = (s: string) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

function compile(pattern: string): RegExp {
  return new RegExp('^' + pattern.split('*').map(escape).join('.*'));
}

/** The link a batch of samples arrived through: the ingest key it was posted with (by name), or its MQTT topic. */
export type IngestLink = { kind: 'key'; name: string } | { kind: 'mqtt'; topic: string };

export interface ControlSystemLinks {
  id: number;
  /** Name of the ingest key its gateway posts with ('' when none). */
  ingestKey: string;
  /** MQTT topic prefix of its gateway ('' when none). */
  mqttTopic: string;
}

/** Whether `topic` lies under `prefix`, level by level (`a/b` holds `a/b` and `a/b/c`, not `a/bc`). */
export function topicUnder(topic: string, prefix: string): boolean {
  const p = prefix.replace(/\/+$/, '');
  return p !== '' && (topic === p || topic.startsWith(`${p}/`));
}

/**
 * A matcher of links to systems: `systemOfLink(link)` answers the system the
 * samples came through, or null. A key belongs to the system naming it; a
 * topic to the system with the longest prefix it lies under. Samples that
 * came through a system's own link are its, whatever their tag ids.
 */
export function controlSystemLinkMatcher(systems: readonly ControlSystemLinks[]): (link: IngestLink | undefined) => number | null {
  const byKey = new Map<string, number>();
  for (const s of [...systems].sort((a, b) => b.id - a.id)) {
    if (s.ingestKey !== '') {
      byKey.set(s.ingestKey, s.id);
    }
  }
  const prefixes = systems.filter((s) => s.mqttTopic.replace(/\/+$/, '') !== '').sort((a, b) => b.mqttTopic.length - a.mqttTopic.length || a.id - b.id);
  return (link) => {
    if (!link) {
      return null;
    }
    if (link.kind === 'key') {
      return byKey.get(link.name) ?? null;
    }
    return prefixes.find((s) => topicUnder(link.topic, s.mqttTopic))?.id ?? null;
  };
}

/** A matcher over a list of systems: `systemOf(tagId)` answers the owning system's id or null. */
export function controlSystemMatcher(systems: readonly ControlSystemPatterns[]): (tagId: string) => number | null {
  const rules = systems
    .flatMap((s) => s.tagPatterns.filter((p) => p.replace(/\*/g, '') !== '').map((p) => ({ id: s.id, weight: p.length, re: compile(p) })))
    .sort((a, b) => b.weight - a.weight || a.id - b.id);
  const memo = new Map<string, number | null>();
  return (tagId) => {
    let hit = memo.get(tagId);
    if (hit === undefined) {
      hit = rules.find((r) => r.re.test(tagId))?.id ?? null;
      memo.set(tagId, hit);
    }
    return hit;
  };
}
