/**
 * Reference counts of stream topics, and what has to be sent to the server
 * to bring its subscriptions in line with them. Pure, so it is tested alone.
 *
 * Changes are not sent one by one: every acquire/release marks the key dirty
 * and `takeChanges` later compares the dirty keys with what the server has.
 * A release followed by an acquire before the next flush (React's StrictMode
 * mount-unmount-mount, a table re-filtering) therefore sends nothing, and a
 * table mounting two thousand rows sends one subscribe.
 */
export class TopicRefs {
  private readonly counts = new Map<string, number>();
  private readonly dirty = new Set<string>();

  /** Adds one reference to each key (a key listed twice gets two). */
  acquire(keys: Iterable<string>): void {
    for (const key of keys) {
      this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
      this.dirty.add(key);
    }
  }

  /** Removes one reference from each key; a key without references is ignored. */
  release(keys: Iterable<string>): void {
    for (const key of keys) {
      const n = this.counts.get(key);
      if (n === undefined) {
        continue;
      }
      if (n <= 1) {
        this.counts.delete(key);
      } else {
        this.counts.set(key, n - 1);
      }
      this.dirty.add(key);
    }
  }

  count(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  has(key: string): boolean {
    return this.counts.has(key);
  }

  get size(): number {
    return this.counts.size;
  }

  /** Every key with at least one reference. */
  wanted(): string[] {
    return [...this.counts.keys()];
  }

  get hasChanges(): boolean {
    return this.dirty.size > 0;
  }

  /**
   * Keys to subscribe (wanted, not on the server) and to unsubscribe (on the
   * server, no longer wanted) among those changed since the last call;
   * `dropped` are the changed keys nobody wants any more, whether or not the
   * server had them (their cached values can go). Clears the changes.
   */
  takeChanges(onServer: ReadonlySet<string>): { add: string[]; remove: string[]; dropped: string[] } {
    const add: string[] = [];
    const remove: string[] = [];
    const dropped: string[] = [];
    for (const key of this.dirty) {
      const wanted = this.counts.has(key);
      if (wanted && !onServer.has(key)) {
        add.push(key);
      } else if (!wanted) {
        dropped.push(key);
        if (onServer.has(key)) {
          remove.push(key);
        }
      }
    }
    this.dirty.clear();
    return { add, remove, dropped };
  }

  /** Makes the next `takeChanges` look at these keys again (a send that failed). */
  touch(keys: Iterable<string>): void {
    for (const key of keys) {
      this.dirty.add(key);
    }
  }

  /** Marks every wanted key changed, e.g. after a reconnect that lost the server's state. */
  markAllChanged(): void {
    for (const key of this.counts.keys()) {
      this.dirty.add(key);
    }
  }
}
