/** What the stream layer needs to know of a tag (data item); the realtime module keeps it in step with the tag table. */
export interface TagMeta {
  id: string;
  /** Region the tag belongs to, for data isolation; null = visible to every signed-in user with realtime:read. */
  regionid: number | null;
  kind: 'level' | 'pressure' | 'temperature' | 'flow' | 'lel' | 'ppm' | 'discrete';
  ll: number | null;
  l: number | null;
  h: number | null;
  hh: number | null;
  deadband: number;
  /** History compression deviation (swinging door at seal); null, 0 or absent: every sample is kept. */
  comp_dev?: number | null;
}

export interface TagRegistry {
  get(id: string): TagMeta | undefined;
  all(): Iterable<TagMeta>;
  size(): number;
  /**
   * Member tag ids of a tag group (a classification of the realtime module),
   * for stream topics `tags/<groupId>`; null when there is no such group.
   * Optional: without it those topics are refused.
   */
  groupMembers?(groupId: string): readonly string[] | null | Promise<readonly string[] | null>;
  /** Optional change feed (tags added, removed, moved to another region, groups edited): live subscriptions are re-checked. */
  onChange?(listener: (ids: readonly string[]) => void): () => void;
}
