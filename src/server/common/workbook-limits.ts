/** What an uploaded workbook may hold: unpacked bytes (the zip's declared sizes) and filled cells of the sheet read. */
export interface WorkbookLimits {
  maxUnpackedBytes: number;
  maxCells: number;
}

/** The first sheet of a workbook as plain rows: `n` is the spreadsheet's row number, `cells[0]` column A (null when empty). */
export interface SheetGrid {
  name: string;
  rows: { n: number; cells: unknown[] }[];
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const ZIP64 = 0xffffffff;

/**
 * The sum of the uncompressed sizes a zip's central directory declares, read without unpacking anything
 * (APPNOTE.TXT 4.3.12, 4.3.16). Null when the bytes are not a zip. A Zip64 size counts as unbounded.
 */
export function zipUnpackedSize(buf: Buffer): number | null {
  // The end-of-central-directory record is 22 bytes plus a comment of at most 65,535.
  const from = Math.max(0, buf.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = buf.length - 22; i >= from; i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) {
    return null;
  }
  const entries = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  let total = 0;
  for (let e = 0; e < entries; e++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CENTRAL) {
      return null;
    }
    const size = buf.readUInt32LE(p + 24);
    if (size === ZIP64) {
      return Number.POSITIVE_INFINITY;
    }
    total += size;
    p += 46 + buf.readUInt16LE(p + 28) + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return total;
}
