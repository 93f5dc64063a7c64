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
