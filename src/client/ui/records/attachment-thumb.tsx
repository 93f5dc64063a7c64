import { useEffect, useState } from 'react';
import type { RecordFile } from '../../../shared/records/contracts';
import { thumbnailUrl } from './record-api';

/** The thumbnail of an image attachment (fetched with the user's token); nothing for other files or while it loads. */
export function AttachmentThumb({ file, onOpen }: { file: RecordFile; onOpen: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file.thumb) {
      return;
    }
    const ctl = new AbortController();
    let made: string | null = null;
    thumbnailUrl(file.id, ctl.signal)
      .then((u) => {
        made = u;
        setUrl(u);
      })
      .catch(() => setUrl(null));
    return () => {
      ctl.abort();
      if (made) {
        URL.revokeObjectURL(made);
      }
    };
  }, [file.id, file.thumb]);
  if (!url) {
    return null;
  }
  return (
    <img
      src={url}
      alt={file.name}
      onClick={onOpen}
      data-testid={`attachment-thumb-${file.id}`}
      style={{ display: 'block', maxWidth: 120, maxHeight: 120, borderRadius: 4, cursor: 'pointer', border: '1px solid #f0f0f0' }}
    />
  );
}
