import { describe, expect, it } from 'vitest';
import { imageSize } from '../../../../src/server/modules/regions/image-size.js';

/** The start of a baseline JPEG: SOI, an APP0 segment, then SOF0 with height and width. */
function jpegHead(width: number, height: number): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00];
  const sof0 = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01];
  return Uint8Array.from([0xff, 0xd8, ...app0, ...sof0, 0xff, 0xd9]);
}

describe('imageSize', () => {
  it('reads the frame size of a JPEG past its APP segments', () => {
    expect(imageSize(jpegHead(3000, 2000))).toEqual({ mime: 'image/jpeg', width: 3000, height: 2000 });
  });

  it('reads a PNG header and refuses other or truncated files', () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 144, 0, 0, 1, 44]);
    expect(imageSize(png)).toEqual({ mime: 'image/png', width: 400, height: 300 });
    expect(imageSize(png.slice(0, 20))).toBeNull();
    expect(imageSize(new TextEncoder().encode('GIF89a....'))).toBeNull();
    expect(imageSize(jpegHead(10, 10).slice(0, 8))).toBeNull();
  });
});
