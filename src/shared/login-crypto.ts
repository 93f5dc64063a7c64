import type { LoginSecurePlain } from './auth/contracts.js';

function base64ToBytes(b64: string): Uint8Array<ArrayBuffer> {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) {
    out[i] = bin.charCodeAt(i);
  }
  return out;
}

function bytesToBase64(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) {
    bin += String.fromCharCode(b);
  }
  return btoa(bin);
}

/** A random nonce for one sign-in attempt. */
export function loginNonce(): string {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

/**
 * Encrypts the sign-in body with the server's public key (RSA-OAEP, SHA-256)
 * through WebCrypto, which browsers and Node both provide (seed 1 §5).
 */
export async function encryptLoginBody(publicKeySpkiB64: string, plain: LoginSecurePlain): Promise<string> {
  const key = await crypto.subtle.importKey('spki', base64ToBytes(publicKeySpkiB64), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
    'encrypt',
  ]);
  const data = new TextEncoder().encode(JSON.stringify(plain));
  const cipher = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, data);
  return bytesToBase64(new Uint8Array(cipher));
}
