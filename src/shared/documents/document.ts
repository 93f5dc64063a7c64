import { z } from 'zod';

/*
 * A document to print or to show read-only: one structure that the server
 * renders as an A4 PDF (`modules/documents/pdf-render.ts`) and that the public
 * link page draws in the browser. Its texts are already in one language (the
 * reader's), so a card, a permit or a report is written once and shown twice.
 */

/** A PNG or JPEG as a data URL (`data:image/png;base64,…`): signatures, photos. */
export const imageDataUrl = z
  .string()
  .max(2_000_000)
  .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/, 'validation.badFormat');

export const docBlock = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('heading'), text: z.string().max(200) }),
  z.object({ kind: z.literal('paragraph'), text: z.string().max(20_000) }),
  /** Label and value pairs, two columns on A4. */
  z.object({ kind: z.literal('fields'), items: z.array(z.object({ label: z.string().max(200), value: z.string().max(20_000) })).max(200) }),
  z.object({
    kind: z.literal('table'),
    columns: z.array(z.string().max(200)).min(1).max(20),
    rows: z.array(z.array(z.string().max(2000))).max(5000),
  }),
  /** Who signed, as what, when; the signature itself as an image when there is one. */
  z.object({
    kind: z.literal('signatures'),
    items: z
      .array(
        z.object({
          role: z.string().max(200),
          name: z.string().max(200),
          at: z.number().nullable(),
          image: imageDataUrl.nullable(),
          note: z.string().max(500).default(''),
        }),
      )
      .max(50),
  }),
  /** A QR code of `url` (a public link) with its caption; drawn as vectors in the PDF. */
  z.object({ kind: z.literal('qr'), url: z.string().max(2000), caption: z.string().max(200).default('') }),
]);
export type DocBlock = z.infer<typeof docBlock>;

export const printDocument = z.object({
  title: z.string().max(200),
  subtitle: z.string().max(500).default(''),
  /** The record's number or code, printed top right (and extractable: a PDF is searched by it). */
  number: z.string().max(100).default(''),
  blocks: z.array(docBlock).max(500),
  /** Printed at the foot of every page, with the page number. */
  footer: z.string().max(300).default(''),
  lang: z.enum(['zh', 'en']).default('zh'),
});
export type PrintDocument = z.infer<typeof printDocument>;
export type PrintDocumentInput = z.input<typeof printDocument>;
