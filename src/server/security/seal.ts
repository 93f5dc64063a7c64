import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export interface Sealer {
  /** AES-256-GCM: iv, tag and ciphertext as one base64url string. `context` is bound to it (GCM additional data). */
  seal(plain: string, context: string): string;
  /** The plain text, or null when the value was not sealed by this key for this context. */
  open(sealed: string, context: string): string | null;
}

/**
 * Encrypts small secrets kept in the store (a refresh token's successor)
 * with a key derived from the server secret by HKDF-SHA-256, one key per
 * `purpose`: a copy of the database alone does not give the secret away.
 */
export function createSealer(serverSecret: Uint8Array, purpose: string): Sealer {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, Buffer.alloc(0), `plantwatch:${purpose}`, 32));
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(sealed, context) {
      const raw = Buffer.from(sealed, 'base64url');
      if (raw.length < 28) {
        return null;
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
