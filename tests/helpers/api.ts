import type { z } from 'zod';
import { getPublicKey, getServerTime, loginSecure } from '../../src/shared/auth/contracts.js';
import type { Contract } from '../../src/shared/contracts/contract.js';
import type { Envelope } from '../../src/shared/contracts/envelope.js';
import { encryptLoginBody, loginNonce } from '../../src/shared/login-crypto.js';

export interface CallResult<T> {
  httpStatus: number;
  body: Envelope<T>;
}

/** Calls a contract over real HTTP, returning the HTTP status and the envelope. */
export async function call<C extends Contract>(
  baseUrl: string,
  contract: C,
  input: z.input<C['input']> | Record<string, unknown>,
  token?: string,
): Promise<CallResult<z.output<C['output']>>> {
  const headers: Record<string, string> = {};
  if (token) {
    headers.authorization = `Bearer ${token}`;
  }
  let url = baseUrl + contract.path;
  let body: string | undefined;
  if (contract.method === 'GET') {
    const qs = new URLSearchParams(Object.entries(input as Record<string, unknown>).map(([k, v]) => [k, String(v)])).toString();
    if (qs) {
      url += `?${qs}`;
    }
  } else {
    headers['content-type'] = 'application/json';
    // Fields the contract takes from the query string go there, as a seed client sends them.
    const fields = { ...(input as Record<string, unknown>) };
    const qs = new URLSearchParams((contract.queryKeys ?? []).filter((k) => fields[k] !== undefined).map((k) => [k, String(fields[k])])).toString();
    (contract.queryKeys ?? []).forEach((k) => delete fields[k]);
    if (qs) {
      url += `?${qs}`;
    }
    body = JSON.stringify(fields);
  }
  const res = await fetch(url, { method: contract.method, headers, body });
  return { httpStatus: res.status, body: (await res.json()) as Envelope<z.output<C['output']>> };
}

/** Encrypts a sign-in body exactly as the browser does. */
export async function encryptedLoginBody(baseUrl: string, loginname: string, password: string, serverTimeOffsetMs = 0) {
  const key = await call(baseUrl, getPublicKey, {});
  const time = await call(baseUrl, getServerTime, {});
  const data = await encryptLoginBody(key.body.data!.publicKey, {
    loginname,
    password,
    serverTime: time.body.data!.serverTime + serverTimeOffsetMs,
    nonce: loginNonce(),
  });
  return { data };
}

/** Signs in through LoginSecure; returns the envelope (check IsSuccess yourself). */
export async function login(baseUrl: string, loginname: string, password: string) {
  return call(baseUrl, loginSecure, await encryptedLoginBody(baseUrl, loginname, password));
}

/** Signs in and returns the access token, failing loudly otherwise. */
export async function tokenFor(baseUrl: string, loginname: string, password: string): Promise<string> {
  const r = await login(baseUrl, loginname, password);
  if (!r.body.IsSuccess || !r.body.data) {
    throw new Error(`login ${loginname} failed: ${r.body.error.message}`);
  }
  return r.body.data.accessToken;
}
