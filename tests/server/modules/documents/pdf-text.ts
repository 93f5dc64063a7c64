import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text of every page of a PDF, read back with Mozilla's PDF.js (what a
 * browser, a search engine or a copy-paste sees), one string per page.
 */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const page = await pdf.getPage(i);
    const content = await page.getTextContent();
    pages.push(content.items.map((it) => ('str' in it ? it.str : '')).join(''));
  }
  await pdf.destroy();
  return pages;
}

/** How many images the PDF embeds (pdfkit writes each as an uncompressed dictionary naming /Subtype /Image). */
export function imageCount(bytes: Uint8Array): number {
  return (
    Buffer.from(bytes)
      .toString('latin1')
      .match(/\/Subtype \/Image/g) ?? []
  ).length;
}
