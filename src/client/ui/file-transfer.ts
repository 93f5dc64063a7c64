import { ApiError, renewAccessToken } from '../app/api';
import { acceptLanguage } from '../app/i18n';
import { useSession } from '../app/session-store';

/*
 * Calls that carry files (multipart upload, .xlsx and attachment downloads)
 * go around the JSON API client, with the same token and language headers.
 * Shared by the record engine's pages and the alarm history export.
 */

export async function authorised(url: string, init: RequestInit): Promise<Response> {
  const send = () =>
    fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${useSession.getState().accessToken ?? ''}`, 'accept-language': acceptLanguage() } });
  let res = await send();
  if (res.status === 401 && (await renewAccessToken())) {
    res = await send();
  }
  return res;
}

export async function envelopeOf<T>(res: Response): Promise<T> {
  const body = (await res.json()) as { IsSuccess: boolean; data: T; error: { message: string; controls: string[]; code?: string } };
  if (!body.IsSuccess) {
    throw new ApiError(body.error, res.status);
  }
  return body.data;
}

export function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads the answer of a POST (an export) as a file. */
export async function downloadPost(path: string, body: unknown, name: string): Promise<void> {
  const res = await authorised(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) {
    await envelopeOf(res);
  }
  save(await res.blob(), name);
}
