import { fileDownload, recordFile, uploadFileToServer, type RecordFile } from '../../../shared/records/contracts';
import { authorised, envelopeOf, save } from '../../ui/file-transfer';
export { downloadPost } from '../../ui/file-transfer';

/*
 * Calls that carry files (multipart upload, .xlsx and attachment downloads)
 * go around the JSON API client, with the same token and language headers.
 */

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

/** Opens or saves an attachment. */
export async function downloadFile(id: number, name: string): Promise<void> {
  const res = await authorised(`${fileDownload.path}?id=${id}`, { method: 'GET' });
  if (!res.ok) {
    await envelopeOf(res);
  }
  save(await res.blob(), name);
}

/** An image attachment's thumbnail as an object URL (the caller revokes it), or null when it has none. */
export async function thumbnailUrl(id: number, signal?: AbortSignal): Promise<string | null> {
  const res = await authorised(`${fileDownload.path}?id=${id}&thumb=1`, { method: 'GET', signal });
  return res.ok ? URL.createObjectURL(await res.blob()) : null;
}
