import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import type { AuthUser } from '../../http/app.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import type { Store } from '../../store/db.js';
import { createRecordsRepository, type FileRow } from './records.repository.js';

/** Largest attachment accepted. */
export const FILE_MAX_BYTES = 20 * 1024 * 1024;

/**
 * Accepted types by extension, with the MIME type they are served as.
 * Executables and HTML (which a browser would run on our origin) are not accepted.
 */
const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
  dwg: 'application/acad',
};

/** Leading bytes of the image types: an "image" that is not one is refused. */
const MAGIC: Record<string, number[]> = {
  'image/png': [0x89, 0x50, 0x4e, 0x47],
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/gif': [0x47, 0x49, 0x46, 0x38],
  'image/webp': [0x52, 0x49, 0x46, 0x46],
};

/** Longest side of an image attachment's thumbnail, in pixels. */
export const THUMB_MAX_PX = 240;
/** Images above this many pixels get no thumbnail (decoding them would cost more memory than a thumbnail is worth). */
const THUMB_MAX_INPUT_PIXELS = 50_000_000;

/**
 * Writes a WebP thumbnail of an image next to it (libvips through sharp, off
 * the event loop). True when written; false when the picture cannot be decoded
 * or is too large, in which case the attachment is kept without a thumbnail.
 */
async function writeThumbnail(source: string, dest: string): Promise<boolean> {
  if (fs.existsSync(dest)) {
    return true;
  }
  const tmp = `${dest}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await sharp(source, { limitInputPixels: THUMB_MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(THUMB_MAX_PX, THUMB_MAX_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toFile(tmp);
    fs.renameSync(tmp, dest);
    return true;
  } catch {
    fs.rmSync(tmp, { force: true });
    return false;
  }
}

export interface FileStore {
  /** Stores an upload (content-addressed by SHA-256) and records it as the caller's, not yet attached to a record. */
  save(caller: AuthUser, name: string, content: Readable): Promise<FileRow>;
  /** The file's row and path, if the caller may read it; `maySee` decides for files attached to a record. */
  open(caller: AuthUser, id: number, maySee: (recordId: number) => Promise<boolean>): Promise<{ row: FileRow; path: string; thumbPath: string | null }>;
}

export function createFileStore(store: Store, dataDir: string): FileStore {
  const repo = createRecordsRepository(store.db);
  // Tests run on an in-memory database; their files go to a private temporary folder.
  const root = dataDir === ':memory:' ? fs.mkdtempSync(path.join(os.tmpdir(), 'pw-files-')) : path.join(dataDir, 'files');
  const pathOf = (hash: string) => path.join(root, hash.slice(0, 2), hash);
  const thumbOf = (hash: string) => `${pathOf(hash)}.thumb.webp`;

  return {
    async save(caller, name, content) {
      const ext = path.extname(name).slice(1).toLowerCase();
      const mime = TYPES[ext];
      if (!mime) {
        content.resume();
        throw badRequest('records.fileTypeRefused', ['upfile'], { type: ext || '?' });
      }
      fs.mkdirSync(root, { recursive: true });
      const tmp = path.join(root, `.upload-${randomBytes(8).toString('hex')}`);
      const hash = createHash('sha256');
      let size = 0;
      let head = Buffer.alloc(0);
      try {
        content.on('data', (chunk: Buffer) => {
          hash.update(chunk);
          size += chunk.length;
          if (head.length < 16) {
            head = Buffer.concat([head, chunk.subarray(0, 16)]);
          }
        });
        await pipeline(content, fs.createWriteStream(tmp));
        if ((content as Readable & { truncated?: boolean }).truncated) {
          throw badRequest('records.fileTooLarge', ['upfile'], { max: FILE_MAX_BYTES / 1024 / 1024 });
        }
        const magic = MAGIC[mime];
        if (magic && !magic.every((b, i) => head[i] === b)) {
          throw badRequest('records.fileTypeRefused', ['upfile'], { type: ext });
        }
        const digest = hash.digest('hex');
        const dest = pathOf(digest);
        fs.mkdirSync(path.dirname(dest), { recursive: true });
        fs.renameSync(tmp, dest);
        const thumb = mime.startsWith('image/') && (await writeThumbnail(dest, thumbOf(digest)));
        return await repo.insertFile({
          hash: digest,
          name: path.basename(name).slice(0, 200),
          size,
          mime,
          thumb: thumb ? 1 : 0,
          created_at: Date.now(),
          uploaded_by: caller.userid,
          record_id: null,
        });
      } catch (err) {
        fs.rmSync(tmp, { force: true });
        if (err instanceof AppError) {
          throw err;
        }
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw badRequest('records.fileTooLarge', ['upfile'], { max: FILE_MAX_BYTES / 1024 / 1024 });
        }
        throw err;
      }
    },

    async open(caller, id, maySee) {
      const row = await repo.file(store.db, id);
      // A file not yet attached is its uploader's alone; an attached one follows its record's visibility.
      const ok = row && (row.record_id === null ? row.uploaded_by === caller.userid : await maySee(row.record_id));
      if (!row || !ok) {
        throw notFound('records.fileNotFound');
      }
      return { row, path: pathOf(row.hash), thumbPath: row.thumb === 1 ? thumbOf(row.hash) : null };
    },
  };
}
