/** What an uploaded image is, read from its bytes (never from the name or the declared type). */
export interface ImageSize {
  mime: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * Type and pixel size of a PNG (IHDR) or JPEG (first SOFn marker); null for anything
 * else or a file cut short.
 */
export function imageSize(b: Uint8Array): ImageSize | null {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (b.length >= 24 && PNG_SIGNATURE.every((x, i) => b[i] === x)) {
    // IHDR is the first chunk: length(4) "IHDR"(4) width(4) height(4).
    if (String.fromCharCode(b[12], b[13], b[14], b[15]) !== 'IHDR') {
      return null;
    }
    return { mime: 'image/png', width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    let i = 2;
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) {
        return null;
      }
      const marker = b[i + 1];
      if (marker === 0xff) {
        i += 1;
        continue;
      }
      const len = view.getUint16(i + 2);
      // SOF0..SOF15 carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) are not frames.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { mime: 'image/jpeg', height: view.getUint16(i + 5), width: view.getUint16(i + 7) };
      }
      i += 2 + len;
    }
  }
  return null;
}
