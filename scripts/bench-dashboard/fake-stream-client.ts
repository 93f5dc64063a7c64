import { NEVER, Subject, filter, map, type Observable } from 'rxjs';

/*
 * The stream core for bench:dashboard: the same surface the live store and
 * hooks use, fed by the bench (window.__feed) instead of a socket.
 */
export interface TagValue {
  t: number;
  v: number;
  q: number;
}
export interface TagUpdate extends TagValue {
  tag: string;
}

const feed = new Subject<TagUpdate[]>();
(window as unknown as { __feed: Subject<TagUpdate[]> }).__feed = feed;

const client = {
  status: { state: 'live' as const, since: 0 },
  connection$: NEVER,
  channelResync$: NEVER,
  released$: new Subject<string[]>(),
  newestValueAge: () => null,
  start: () => undefined,
  topic$: (): Observable<never[]> => NEVER,
  tags$(ids: readonly string[]): Observable<TagUpdate[]> {
    const set = new Set(ids);
    return feed.pipe(
      map((batch) => batch.filter((u) => set.has(u.tag))),
      filter((b) => b.length > 0),
    );
  },
};

export const streamClient = () => client;
