import type { z } from 'zod';
import { refreshToken as refreshTokenContract } from '../../shared/auth/contracts';
import type { Contract } from '../../shared/contracts/contract';
import { API_VERSION, REFRESH_TOKEN_ERROR, type Envelope, type EnvelopeError } from '../../shared/contracts/envelope';
import type { FieldIssue } from '../../shared/messages/catalog';
import { commonMessages } from '../../shared/messages/common';
import { fillTemplate, type MessageParams } from '../../shared/messages/define';
import { messageCatalog } from './message-catalog';
import { logError } from './error-log-store';
import { feedback } from './feedback';
import { acceptLanguage, currentLang, type Lang } from './i18n';

/**
 * A call that reached the server and was refused, or never got an answer
 * (status 0). It keeps the message as code and parameters, so whoever shows
 * it renders it in the language of the moment (`text()`).
 */
export class ApiError extends Error {
  status: number;
  /** Fields the error is about, for forms to mark (seed 1 §3.3). */
  controls: string[];
  code: string;
  params: MessageParams;
  /** Per-field problems of a refused input. */
  issues: FieldIssue[];

  constructor(error: EnvelopeError, status: number) {
    super(error.message || error.code || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.controls = error.controls;
    this.code = error.code ?? '';
    this.params = error.params ?? {};
    this.issues = error.issues ?? [];
  }

  /** The message in `lang` (default: the current language); the server's text when the code is unknown here. */
  text(lang: Lang = currentLang()): string {
    const c = messageCatalog();
    return c?.isMessageCode(this.code) ? c.renderWithIssues(lang, this.code, this.params, this.issues) : this.message;
  }

  /** The text for one field: its own issues when the server named them, else the whole message. */
  fieldText(field: string, lang: Lang = currentLang()): string {
    const own = this.issues.filter((i) => i.field === field);
    const c = messageCatalog();
    return own.length > 0 && c ? own.map((i) => c.renderMessage(lang, i.code, i.params)).join(lang === 'zh' ? '；' : '; ') : this.text(lang);
  }
}

/** Any thrown value as text in the current language: an ApiError rendered from its code, else its message. */
export function errorText(err: unknown, lang: Lang = currentLang()): string {
  if (err instanceof ApiError) {
    return err.text(lang);
  }
  return err instanceof Error ? err.message : String(err);
}

/** An error the client itself detected, with a catalog code. */
const clientError = (code: keyof typeof commonMessages, status: number) =>
  new ApiError({ message: fillTemplate(commonMessages[code][currentLang()], undefined), controls: [], code }, status);

export interface ApiOptions {
  /** No error toast; the caller shows the error itself. */
  silent?: boolean;
  signal?: AbortSignal;
}

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

/**
 * What the API client needs from the session. The session store binds itself
 * at start; keeping the dependency this way round keeps the client free of
 * import cycles and testable with a fake session.
 */
export interface ApiSession {
  accessToken(): string | null;
  refreshToken(): string | null;
  phone(): string | undefined;
  setTokens(tokens: SessionTokens): void;
  /** The session can no longer be renewed: clear it and send the user to sign in. */
  end(): void;
}

let session: ApiSession = {
  accessToken: () => null,
  refreshToken: () => null,
  phone: () => undefined,
  setTokens: () => undefined,
  end: () => undefined,
};

export function bindApiSession(s: ApiSession): void {
  session = s;
}

/** Seed 1 §9. */
export const REQUEST_TIMEOUT_MS = 60_000;
/** Seed 1 §8: an error toast stays 5 s. */
const ERROR_TOAST_SECONDS = 5;

const MUTATING = /(Save|Add|Edit|Del|Delete|Set|Update|Submit|Login|LogOff|Change|Reset|Refresh|Send|Upload|Ack|Confirm)/i;
const READING = /(Get|List|Info|Stats|Config|Detail|Query|Tree)/i;

/** GET calls and POST calls named like reads are safe to share between identical callers. */
function isReadCall(contract: Contract): boolean {
  if (contract.method === 'GET') {
    return true;
  }
  const last = contract.path.split('/').pop() ?? '';
  return READING.test(last) && !MUTATING.test(last);
}

function stableStringify(v: unknown): string {
  return JSON.stringify(v, (_k, val: unknown) =>
    val && typeof val === 'object' && !Array.isArray(val)
      ? Object.fromEntries(Object.entries(val as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : val,
  );
}

function toQuery(input: unknown): string {
  if (!input || typeof input !== 'object') {
    return '';
  }
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(input as Record<string, unknown>)) {
    if (v === undefined || v === null) {
      continue;
    }
    if (Array.isArray(v)) {
      v.forEach((item) => q.append(k, String(item)));
    } else if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') {
      q.append(k, String(v));
    } else {
      q.append(k, JSON.stringify(v));
    }
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

interface RawResponse {
  httpStatus: number;
  body: Envelope<unknown> | null;
}

let refreshing: Promise<boolean> | null = null;
let sessionEnding = false;

async function send(contract: Contract, input: unknown, signal?: AbortSignal): Promise<RawResponse> {
  // Requests started while the token is being renewed wait for the new token (seed 1 §4.2).
  if (refreshing && contract.path !== refreshTokenContract.path) {
    await refreshing;
  }
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': acceptLanguage() };
  const token = session.accessToken();
  if (token) {
    headers.Authorization = `Bearer ${token}`;
  }
  let url = contract.path;
  let body: string | undefined;
  if (contract.method === 'GET') {
    url += toQuery(input);
  } else {
    headers['Content-Type'] = 'application/json';
    const payload = input && typeof input === 'object' && !Array.isArray(input) ? { ...input, APIVersion: API_VERSION } : input;
    if (contract.queryKeys?.length && payload && typeof payload === 'object') {
      const fields = payload as Record<string, unknown>;
      url += toQuery(Object.fromEntries(contract.queryKeys.map((k) => [k, fields[k]])));
      contract.queryKeys.forEach((k) => delete fields[k]);
    }
    body = JSON.stringify(payload ?? {});
  }
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(url, {
      method: contract.method,
      headers,
      body,
      credentials: 'same-origin',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (err) {
    if (signal?.aborted) {
      throw err;
    }
    if (timeout.aborted) {
      throw clientError('common.timeout', 0);
    }
    throw clientError('common.network', 0);
  }
  let envelope: Envelope<unknown> | null = null;
  try {
    const parsed: unknown = await res.json();
    if (parsed && typeof parsed === 'object') {
      const p = parsed as Partial<Envelope<unknown>> & { isSuccess?: boolean };
      // Seed 1 §3.3: both spellings of the success flag exist.
      envelope = {
        IsSuccess: Boolean(p.IsSuccess ?? p.isSuccess),
        status: typeof p.status === 'number' ? p.status : res.status,
        error: {
          message: p.error?.message ?? '',
          controls: p.error?.controls ?? [],
          code: p.error?.code,
          params: p.error?.params,
          issues: p.error?.issues,
        },
        data: p.data ?? null,
      };
    }
  } catch {
    envelope = null;
  }
  return { httpStatus: res.status, body: envelope };
}

/** Renews the access token once for every request that is waiting (seed 1 §4.2). */
function refreshOnce(): Promise<boolean> {
  if (!refreshing) {
    const rt = session.refreshToken();
    refreshing = (async () => {
      if (!rt) {
        return false;
      }
      try {
        const res = await send(refreshTokenContract, { refreshToken: rt, phonenumber: session.phone() });
        if (!res.body?.IsSuccess || !res.body.data) {
          return false;
        }
        const parsed = refreshTokenContract.output.safeParse(res.body.data);
        if (!parsed.success) {
          return false;
        }
        session.setTokens(parsed.data);
        return true;
      } catch {
        return false;
      }
    })().finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

/**
 * Renews the access token now (the live stream's socket handshake was
 * refused), sharing a renewal already under way. False when there is no
 * refresh token or the server refused it; the next HTTP call then ends the session.
 */
export function renewAccessToken(): Promise<boolean> {
  return refreshOnce();
}

/** Ends the session as a refused refresh does (the live stream learned that the server ended it). */
export function endApiSession(): void {
  endSession();
}

function endSession(): void {
  if (sessionEnding) {
    return;
  }
  sessionEnding = true;
  try {
    session.end();
  } finally {
    // Let the next sign-in end its session again.
    setTimeout(() => {
      sessionEnding = false;
    }, 1000);
  }
}

/** Errors of an ended session: the user is being sent to sign in, so no toast. */
const sessionErrors = new WeakSet<ApiError>();

function sessionExpired(): ApiError {
  const err = clientError('common.sessionExpired', 401);
  sessionErrors.add(err);
  return err;
}

async function run(contract: Contract, input: unknown, signal: AbortSignal | undefined, replayed = false): Promise<unknown> {
  const { httpStatus, body } = await send(contract, input, signal);
  const unauthorized = httpStatus === 401 || body?.status === 401;
  // A public call refused with 401 (a wrong password) is an ordinary error; only calls needing a session renew it.
  if (unauthorized && contract.permission !== 'public' && contract.path !== refreshTokenContract.path) {
    if (!replayed && session.refreshToken() && (await refreshOnce())) {
      return run(contract, input, signal, true);
    }
    endSession();
    throw sessionExpired();
  }
  if (!body) {
    throw new ApiError({ message: `HTTP ${httpStatus}`, controls: [] }, httpStatus);
  }
  if (body.status === -1) {
    endSession();
    throw sessionExpired();
  }
  if (!body.IsSuccess) {
    // Seed 1 §8: a message matching RefreshToken ends the session.
    if (body.error.code === REFRESH_TOKEN_ERROR || /RefreshToken/.test(body.error.message)) {
      endSession();
      throw sessionExpired();
    }
    throw new ApiError(body.error, body.status || httpStatus);
  }
  const parsed = contract.output.safeParse(body.data);
  if (!parsed.success) {
    // The server validates its own output; a mismatch here means client and server are out of step.
    logError(new Error(`${contract.path}: response does not match its contract: ${parsed.error.message}`), 'warning');
    return body.data;
  }
  return parsed.data;
}

const inflight = new Map<string, Promise<unknown>>();
/**
 * Counts the write calls this page has finished. A read joins an identical one
 * under way only when no write finished since that one was sent: a list
 * reloaded after a save must not get the answer of a request sent before it.
 */
let writesDone = 0;

function abortable<T>(p: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) {
    return p;
  }
  if (signal.aborted) {
    return Promise.reject(signal.reason as Error);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Calls one contract and returns its `data`. Rejects with ApiError when the
 * envelope says IsSuccess false (after an error toast unless `silent`), renews
 * the token once on 401, and ends the session when it cannot be renewed.
 * Identical read calls already under way are shared.
 */
export async function api<C extends Contract>(contract: C, input: z.input<C['input']>, opts: ApiOptions = {}): Promise<z.output<C['output']>> {
  let p: Promise<unknown>;
  if (isReadCall(contract)) {
    const key = `${writesDone} ${contract.method} ${contract.path} ${stableStringify(input)}`;
    let shared = inflight.get(key);
    if (!shared) {
      shared = run(contract, input, undefined).finally(() => inflight.delete(key));
      inflight.set(key, shared);
    }
    p = abortable(shared, opts.signal);
  } else {
    p = run(contract, input, opts.signal).finally(() => {
      writesDone++;
    });
  }
  try {
    return (await p) as z.output<C['output']>;
  } catch (err) {
    if (err instanceof ApiError && !opts.silent && !sessionErrors.has(err) && err.message) {
      const text = err.text();
      // Keyed by text so callers sharing one failed request see one toast.
      feedback.message.error({ content: text, duration: ERROR_TOAST_SECONDS, key: `api:${text}` });
    }
    throw err;
  }
}
