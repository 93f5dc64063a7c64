import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { DocBlock, PrintDocument } from '../../../shared/documents/document.js';
import { defaultPlantCalendar, localParts } from '../../../shared/domain/plant-calendar.js';
import { renderMessage } from '../../../shared/messages/catalog.js';

/*
 * The one A4 PDF renderer (ARCHITECTURE.md §9 "Documents and public links"):
 * a `PrintDocument` becomes pages of text that can be searched and copied
 * (pdfkit writes each font subset with a ToUnicode map), signatures as
 * images and QR codes as vectors. The CJK font is Noto Sans Hans (SIL OFL),
 * shipped by the npm package @embedpdf/fonts-sc (GB 2312 coverage, which
 * holds every character of a Chinese name or form in common use); pdfkit
 * embeds only the glyphs a document uses, so a one-page permit is tens of
 * kilobytes. Parsing the 8 MB font costs a few hundred milliseconds, which is
 * why rendering runs in the documents thread (`pdf-thread.ts`), not here on
 * the server's event loop.
 */

const A4 = 'A4';
const MARGIN = 48;
const FOOTER_H = 28;
const INK = '#1f1f1f';
const MUTED = '#6b6b6b';
const RULE = '#bfbfbf';
const HEAD_FILL = '#f0f0f0';
const FONT = 'cjk';

let fontBytes: Buffer | null = null;

/** The font file, read once per thread. */
export function fontFile(): string {
  const require = createRequire(import.meta.url);
  // The package exports only its index; the fonts sit beside it (`files: fonts/*.otf`).
  return path.join(path.dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts', 'NotoSansHans-Regular.otf');
}

function font(): Buffer {
  fontBytes ??= fs.readFileSync(fontFile());
  return fontBytes;
}

type Doc = PDFKit.PDFDocument;

interface Ctx {
  doc: Doc;
  width: number;
  left: number;
  bottom: number;
}

function ensureSpace(c: Ctx, h: number): void {
  if (c.doc.y + h > c.bottom) {
    c.doc.addPage();
  }
}

function heading(c: Ctx, text: string): void {
  ensureSpace(c, 40);
  c.doc.moveDown(0.6);
  c.doc.fontSize(12.5).fillColor(INK).text(text, c.left, c.doc.y, { width: c.width });
  const y = c.doc.y + 2;
  c.doc
    .moveTo(c.left, y)
    .lineTo(c.left + c.width, y)
    .lineWidth(0.6)
    .strokeColor(RULE)
    .stroke();
  c.doc.y = y + 6;
}

function paragraph(c: Ctx, text: string): void {
  c.doc.fontSize(10.5).fillColor(INK).text(text, c.left, c.doc.y, { width: c.width, lineGap: 2 });
  c.doc.moveDown(0.4);
}

/** Label and value pairs, two to a row; a long value takes the whole row. */
function fields(c: Ctx, items: { label: string; value: string }[]): void {
  const gap = 16;
  const half = (c.width - gap) / 2;
  const { doc } = c;
  let i = 0;
  while (i < items.length) {
    const a = items[i];
    const b = items[i + 1];
    const wide = (x: { value: string }) => x.value.length > 40 || x.value.includes('\n');
    const pair = b !== undefined && !wide(a) && !wide(b) ? [a, b] : [a];
    const w = pair.length === 2 ? half : c.width;
    const heights = pair.map(
      (x) => doc.fontSize(8.5).heightOfString(x.label, { width: w }) + doc.fontSize(10.5).heightOfString(x.value || '—', { width: w }),
    );
    const h = Math.max(...heights) + 8;
    ensureSpace(c, h);
    const y = doc.y;
    pair.forEach((x, k) => {
      const left = c.left + k * (half + gap);
      doc.fontSize(8.5).fillColor(MUTED).text(x.label, left, y, { width: w });
      doc
        .fontSize(10.5)
        .fillColor(INK)
        .text(x.value || '—', left, doc.y + 1, { width: w, lineGap: 1 });
    });
    doc.y = y + h;
    i += pair.length;
  }
}

/** Column widths in proportion to the longest text of each column, within bounds, filling the width. */
function columnWidths(columns: string[], rows: string[][], width: number): number[] {
  const len = columns.map((h, j) => Math.min(40, Math.max(4, h.length * 1.6, ...rows.slice(0, 200).map((r) => (r[j] ?? '').length))));
  const total = len.reduce((s, x) => s + x, 0);
  return len.map((x) => (x / total) * width);
}

function table(c: Ctx, columns: string[], rows: string[][]): void {
  const { doc } = c;
  const widths = columnWidths(columns, rows, c.width);
  const pad = 4;
  const rowHeight = (cells: string[], size: number) =>
    Math.max(...cells.map((t, j) => doc.fontSize(size).heightOfString(t || ' ', { width: widths[j] - 2 * pad }))) + 2 * pad;
  const drawRow = (cells: string[], size: number, fill: string | null) => {
    const h = rowHeight(cells, size);
    const y = doc.y;
    let x = c.left;
    cells.forEach((t, j) => {
      if (fill) {
        doc.rect(x, y, widths[j], h).fillColor(fill).fill();
      }
      doc.rect(x, y, widths[j], h).lineWidth(0.5).strokeColor(RULE).stroke();
      doc
        .fontSize(size)
        .fillColor(INK)
        .text(t, x + pad, y + pad, { width: widths[j] - 2 * pad });
      x += widths[j];
    });
    doc.y = y + h;
  };
  const header = () => drawRow(columns, 9, HEAD_FILL);
  ensureSpace(c, rowHeight(columns, 9) + 20);
  header();
  for (const r of rows) {
    const cells = columns.map((_, j) => r[j] ?? '');
    if (doc.y + rowHeight(cells, 9.5) > c.bottom) {
      doc.addPage();
      header();
    }
    drawRow(cells, 9.5, null);
  }
  doc.moveDown(0.5);
}

function imageOf(dataUrl: string): Buffer | null {
  const m = /^data:image\/(png|jpeg);base64,(.+)$/.exec(dataUrl);
  return m ? Buffer.from(m[2], 'base64') : null;
}

/** Signature boxes, three to a row: role, the signed image, name and time. */
function signatures(c: Ctx, items: Extract<DocBlock, { kind: 'signatures' }>['items'], time: (t: number) => string): void {
  const { doc } = c;
  const perRow = 3;
  const gap = 10;
  const w = (c.width - gap * (perRow - 1)) / perRow;
  const h = 104;
  for (let i = 0; i < items.length; i += perRow) {
    ensureSpace(c, h + 6);
    const y = doc.y;
    items.slice(i, i + perRow).forEach((s, k) => {
      const x = c.left + k * (w + gap);
      doc.rect(x, y, w, h).lineWidth(0.5).strokeColor(RULE).stroke();
      doc
        .fontSize(8.5)
        .fillColor(MUTED)
        .text(s.role, x + 6, y + 5, { width: w - 12, height: 12, ellipsis: true });
      const img = s.image ? imageOf(s.image) : null;
      if (img) {
        try {
          doc.image(img, x + 6, y + 20, { fit: [w - 12, 46], align: 'center', valign: 'center' });
        } catch {
          // A picture pdfkit cannot read leaves the box without it; the name and time still say who signed.
        }
      }
      doc
        .fontSize(10)
        .fillColor(INK)
        .text(s.name, x + 6, y + 70, { width: w - 12, height: 13, ellipsis: true });
      const foot = [s.at === null ? '' : time(s.at), s.note].filter(Boolean).join('  ');
      doc
        .fontSize(8)
        .fillColor(MUTED)
        .text(foot, x + 6, y + 86, { width: w - 12, height: 12, ellipsis: true });
    });
    doc.y = y + h + 6;
  }
}

/** A QR code drawn module by module (vectors: sharp at any print size). */
function qr(c: Ctx, url: string, caption: string): void {
  const { doc } = c;
  const code = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const n = code.modules.size;
  const side = 110;
  const cell = side / (n + 8);
  ensureSpace(c, side + 24);
  const x0 = c.left;
  const y0 = doc.y;
  doc.rect(x0, y0, side, side).fillColor('#ffffff').fill();
  doc.fillColor('#000000');
  for (let r = 0; r < n; r++) {
    for (let col = 0; col < n; col++) {
      if (code.modules.get(r, col)) {
        doc.rect(x0 + (col + 4) * cell, y0 + (r + 4) * cell, cell, cell);
      }
    }
  }
  doc.fill();
  doc
    .fontSize(9)
    .fillColor(INK)
    .text(caption, x0 + side + 10, y0 + 12, { width: c.width - side - 10 });
  doc
    .fontSize(8)
    .fillColor(MUTED)
    .text(url, x0 + side + 10, doc.y + 4, { width: c.width - side - 10 });
  doc.y = y0 + side + 8;
}

export interface RenderOptions {
  /** The plant's clock (plant calendar, minutes east of UTC): times of signatures and the footer. */
  utcOffsetMinutes: number;
  /** Printed in the footer; given by the caller, so the same input makes the same text. */
  printedAt: number;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD HH:mm' on the plant's clock, never the server's zone. */
export function plantTime(t: number, utcOffsetMinutes: number): string {
  const p = localParts(t, { ...defaultPlantCalendar, utcOffsetMinutes });
  return `${p.year}-${pad2(p.month)}-${pad2(p.day)} ${pad2(p.hour)}:${pad2(p.minute)}`;
}

/** Renders one document as A4 pages; resolves with the PDF bytes. */
export function renderPdf(input: PrintDocument, opts: RenderOptions): Promise<Buffer> {
  const time = (t: number) => plantTime(t, opts.utcOffsetMinutes);
  const doc = new PDFDocument({
    size: A4,
    margins: { top: MARGIN, bottom: MARGIN + FOOTER_H, left: MARGIN, right: MARGIN },
    bufferPages: true,
    compress: true,
    info: { Title: input.title, Subject: input.number, Creator: 'Plantwatch' },
    lang: input.lang === 'en' ? 'en' : 'zh-CN',
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont(FONT, font());
  doc.font(FONT);
  const width = doc.page.width - 2 * MARGIN;
  const c: Ctx = { doc, width, left: MARGIN, bottom: doc.page.height - MARGIN - FOOTER_H };

  // Title, with the number on the right of the same line.
  const numberWidth = input.number ? Math.min(200, doc.fontSize(11).widthOfString(input.number) + 4) : 0;
  doc
    .fontSize(17)
    .fillColor(INK)
    .text(input.title, MARGIN, MARGIN, { width: width - numberWidth - 8 });
  const afterTitle = doc.y;
  if (input.number) {
    doc
      .fontSize(11)
      .fillColor(INK)
      .text(input.number, MARGIN + width - numberWidth, MARGIN + 4, { width: numberWidth, align: 'right' });
  }
  doc.y = afterTitle;
  if (input.subtitle) {
    doc
      .fontSize(9.5)
      .fillColor(MUTED)
      .text(input.subtitle, MARGIN, doc.y + 2, { width });
  }
  const ruleY = doc.y + 4;
  doc
    .moveTo(MARGIN, ruleY)
    .lineTo(MARGIN + width, ruleY)
    .lineWidth(1)
    .strokeColor(INK)
    .stroke();
  doc.y = ruleY + 8;

  for (const b of input.blocks) {
    switch (b.kind) {
      case 'heading':
        heading(c, b.text);
        break;
      case 'paragraph':
        paragraph(c, b.text);
        break;
      case 'fields':
        fields(c, b.items);
        break;
      case 'table':
        table(c, b.columns, b.rows);
        break;
      case 'signatures':
        signatures(c, b.items, time);
        break;
      case 'qr':
        qr(c, b.url, b.caption);
        break;
    }
  }

  // Footer on every page: the document's footer, when it was printed, page n of m.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN - FOOTER_H + 12;
    doc
      .moveTo(MARGIN, y - 4)
      .lineTo(MARGIN + width, y - 4)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    const left = [input.footer, renderMessage(input.lang, 'documents.printedAt', { time: time(opts.printedAt) })]
      .filter(Boolean)
      .join('  ');
    doc
      .fontSize(8)
      .fillColor(MUTED)
      .text(left, MARGIN, y, { width: width * 0.75, height: 12, ellipsis: true, lineBreak: false });
    doc
      .fontSize(8)
      .fillColor(MUTED)
      .text(renderMessage(input.lang, 'documents.pageOf', { page: i + 1, pages: range.count }), MARGIN + width * 0.75, y, {
        width: width * 0.25,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
