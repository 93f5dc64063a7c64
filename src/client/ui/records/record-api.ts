import { fileDownload, recordFile, uploadFileToServer, type RecordFile } from '../../../shared/contracts/records';
import { ApiError, renewAccessToken } from '../../app/api';
import { acceptLanguage } from '../../app/i18n';
import { useSession } from '../../app/session-store';

/*
 * Calls that carry files (multipart upload, .xlsx and attachment downloads)
 * go around the JSON API client, with the same token and language headers.
 */

async function authorised(url: string, init: RequestInit): Promise<Response> {
  const send = () =>
    fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${useSession.getState().accessToken ?? ''}`, 'accept-language': acceptLanguage() } });
  let res = await send();
  if (res.status === 401 && (await renewAccessToken())) {
    res = await send();
  }
  return res;
}

async function envelopeOf<T>(res: Response): Promise<T> {
  const body = (await res.json()) as { IsSuccess: boolean; data: T; error: { message: string; controls: string[]; code?: string } };
  if (!body.IsSuccess) {
    throw new ApiError(body.error, res.status);
  }
  return body.data;
}

/** Uploads one file (field `upfile`, seed 1 §3.7). */
export async function uploadFile(file: File, path = uploadFileToServer.path): Promise<RecordFile> {
  const form = new FormData();
  form.append('upfile', file, file.name);
  return recordFile.parse(await envelopeOf(await authorised(path, { method: 'POST', body: form })));
}

/** Posts a spreadsheet for import; answers the envelope's data. */
export async function postFile<T>(path: string, file: File): Promise<T> {
  const form = new FormData();
  form.append('upfile', file, file.name);
  return envelopeOf<T>(await authorised(path, { method: 'POST', body: form }));
}

function save(blob: Blob, name: string) {
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

/** Opens or saves an attachment. */
export async function downloadFile(id: number, name: string): Promise<void> {
  const res = await authorised(`${fileDownload.path}?id=${id}`, { method: 'GET' });
  if (!res.ok) {
    await envelopeOf(res);
  }
  save(await res.blob(), name);
}
