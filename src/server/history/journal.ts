import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';

/*
 * The append-only journal of the historian: everything received that is not
 * yet in a sealed chunk. Records are [length u32][crc32 u32][payload]; a torn
 * or damaged tail (a crash in the middle of a write) ends the replay there.
 *
 * Files in the folder: segments `j-<seq>.log` appended in turn, and a
 * checkpoint `c-<seq>.log` holding the state of the open windows when segment
 * <seq> was closed. Replay: the newest checkpoint, then the segments after it.
 * Writes are grouped: every sync() waits for one write + fdatasync of all
 * records appended before it.
 */

/** File system calls the journal makes; tests inject failures (ENOSPC) here. */
export interface JournalFs {
  open(file: string, flags: string): Promise<fsp.FileHandle>;
  writev(fh: fsp.FileHandle, bufs: Buffer[], position: number): Promise<number>;
}

export const realFs: JournalFs = {
  open: (file, flags) => fsp.open(file, flags),
  writev: async (fh, bufs, position) => (await fh.writev(bufs, position)).bytesWritten,
};

const pad = (n: number) => String(n).padStart(12, '0');
const SEGMENT = /^j-(\d{12})\.log$/;
const CHECKPOINT = /^c-(\d{12})\.log$/;

/** The frame head of a record: [length u32][crc32 u32]. */
function head(payload: Buffer): Buffer {
  const h = Buffer.allocUnsafe(8);
  h.writeUInt32LE(payload.length, 0);
  h.writeUInt32LE(zlib.crc32(payload), 4);
  return h;
}

export function frame(payload: Buffer): Buffer {
  return Buffer.concat([head(payload), payload]);
}

/** Records of one file, up to the first torn or damaged one; `good` is the byte length of the intact part. */
export function readRecords(buf: Buffer): { records: Buffer[]; good: number } {
  const records: Buffer[] = [];
  let pos = 0;
  while (pos + 8 <= buf.length) {
    const len = buf.readUInt32LE(pos);
    const crc = buf.readUInt32LE(pos + 4);
    if (pos + 8 + len > buf.length) {
      break;
    }
    const payload = buf.subarray(pos + 8, pos + 8 + len);
    if (zlib.crc32(payload) !== crc) {
      break;
    }
    records.push(payload);
    pos += 8 + len;
  }
  return { records, good: pos };
}

interface Segment {
  seq: number;
  fh: fsp.FileHandle | null;
  size: number;
  queue: Buffer[];
}

export class Journal {
  private segments: Segment[] = [];
  private ops: Promise<void> = Promise.resolve();
  private scheduled: Promise<void> | null = null;
  private closed = false;
  /** Bytes appended and not yet synced. */
  pendingBytes = 0;
  syncedBytes = 0;
  /** Writes + fdatasyncs done (one per group of syncs). */
  writes = 0;

  private constructor(
    readonly dir: string,
    private readonly fsx: JournalFs,
  ) {}

  /** Opens the folder, returns the journal and the records to replay, oldest first. */
  static async open(dir: string, fsx: JournalFs = realFs): Promise<{ journal: Journal; records: Buffer[]; tornBytes: number }> {
    fs.mkdirSync(dir, { recursive: true });
    const names = fs.readdirSync(dir);
    const segs = names.flatMap((n) => (SEGMENT.exec(n) ? [Number(SEGMENT.exec(n)![1])] : [])).sort((a, b) => a - b);
    const cps = names.flatMap((n) => (CHECKPOINT.exec(n) ? [Number(CHECKPOINT.exec(n)![1])] : [])).sort((a, b) => a - b);
    const cp = cps.length ? cps[cps.length - 1] : -1;
    const records: Buffer[] = [];
    let tornBytes = 0;
    const load = (file: string) => {
      const buf = fs.readFileSync(file);
      const r = readRecords(buf);
      tornBytes += buf.length - r.good;
      records.push(...r.records);
    };
    if (cp >= 0) {
      load(path.join(dir, `c-${pad(cp)}.log`));
    }
    for (const s of segs) {
      if (s > cp) {
        load(path.join(dir, `j-${pad(s)}.log`));
      }
    }
    const journal = new Journal(dir, fsx);
    const seq = Math.max(cp, segs.length ? segs[segs.length - 1] : -1) + 1;
    // Everything replayed goes into a checkpoint first, so damaged tails and old files can go.
    journal.segments.push({ seq, fh: null, size: 0, queue: [] });
    return { journal, records, tornBytes };
  }

  private file(kind: 'j' | 'c', seq: number, tmp = false): string {
    return path.join(this.dir, `${kind}-${pad(seq)}.log${tmp ? '.tmp' : ''}`);
  }

  /** Queues a record (framed here); durable once a later sync() resolves. */
  append(payload: Buffer): void {
    if (this.closed) {
      throw new Error('journal closed');
    }
    // Head and payload are written as two buffers of one writev: the payload is not copied.
    this.segments[this.segments.length - 1].queue.push(head(payload), payload);
    this.pendingBytes += 8 + payload.length;
  }

  /**
   * Resolves when every record appended before the call is written and
   * fdatasync'ed; rejects when the write failed (kept for the next try).
   *
   * Group commit: the write starts on the next turn of the event loop
   * (setImmediate), so every request handled in this turn — many HTTP bodies
   * parsed in one poll phase, many MQTT messages — shares one write and one
   * fdatasync; calls made while a write is in flight share the next one.
   */
  sync(): Promise<void> {
    if (this.scheduled) {
      return this.scheduled;
    }
    if (this.pendingBytes === 0) {
      return Promise.resolve();
    }
    const previous = this.ops;
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => previous.catch(() => {}))
      .then(async () => {
        this.scheduled = null;
        await this.writeAll();
      });
    this.scheduled = run;
    this.ops = run;
    return run;
  }

  private async writeAll(): Promise<void> {
    for (const seg of this.segments) {
      if (seg.queue.length === 0) {
        continue;
      }
      const bufs = seg.queue;
      seg.queue = [];
      const bytes = bufs.reduce((s, b) => s + b.length, 0);
      try {
        seg.fh ??= await this.fsx.open(this.file('j', seg.seq), 'a+');
        const written = await this.fsx.writev(seg.fh, bufs, seg.size);
        if (written !== bytes) {
          throw Object.assign(new Error(`journal: short write (${written} of ${bytes} bytes)`), { code: 'ESHORT' });
        }
        await seg.fh.datasync();
        this.writes++;
        seg.size += bytes;
        this.pendingBytes -= bytes;
        this.syncedBytes += bytes;
      } catch (err) {
        // Cut off a partial write so that the retry appends whole records after whole records.
        await seg.fh?.truncate(seg.size).catch(() => {});
        seg.queue = [...bufs, ...seg.queue];
        throw err;
      }
    }
    // Segments before the last are complete once written: close them.
    while (this.segments.length > 1 && this.segments[0].queue.length === 0) {
      const done = this.segments.shift()!;
      await done.fh?.close();
    }
  }

  /**
   * Starts a new segment and returns a function that, given the full state of
   * the open windows as records, writes them as a checkpoint and removes the
   * older files. State is taken by the caller at the same moment as this call
   * (synchronously), so that every record appended later lands in the new
   * segment and is replayed after the checkpoint.
   */
  rotate(): (state: Buffer[]) => Promise<void> {
    const last = this.segments[this.segments.length - 1];
    const seq = last.seq;
    this.segments.push({ seq: seq + 1, fh: null, size: 0, queue: [] });
    return async (state) => {
      // The old segment's records are written first (order: old segment, checkpoint, then deletion).
      await this.sync().catch(() => {});
      const tmp = this.file('c', seq, true);
      const fh = await this.fsx.open(tmp, 'w');
      try {
        const bufs = state.map(frame);
        const bytes = bufs.reduce((s, b) => s + b.length, 0);
        const written = bytes === 0 ? 0 : await this.fsx.writev(fh, bufs, 0);
        if (written !== bytes) {
          throw new Error(`journal checkpoint: short write (${written} of ${bytes} bytes)`);
        }
        await fh.datasync();
      } catch (err) {
        await fh.close();
        await fsp.rm(tmp, { force: true });
        throw err;
      }
      await fh.close();
      await fsp.rename(tmp, this.file('c', seq));
      const d = await fsp.open(this.dir, 'r');
      await d.sync().catch(() => {});
      await d.close();
      for (const name of await fsp.readdir(this.dir)) {
        const j = SEGMENT.exec(name);
        const c = CHECKPOINT.exec(name);
        if ((j && Number(j[1]) <= seq) || (c && Number(c[1]) < seq)) {
          await fsp.rm(path.join(this.dir, name), { force: true });
        }
      }
    };
  }

  async close(): Promise<void> {
    await this.sync().catch(() => {});
    this.closed = true;
    for (const s of this.segments) {
      await s.fh?.close();
      s.fh = null;
    }
  }
}
