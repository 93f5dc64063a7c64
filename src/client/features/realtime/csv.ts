/**
 * CSV in and out of the browser (RFC 4180): fields with a comma, quote, CR or
 * LF are quoted, quotes doubled. Exports start with a UTF-8 byte order mark,
 * which Excel needs to read Chinese text correctly.
 */

export type CsvCell = string | number | boolean | null | undefined;

function csvField(cell: CsvCell): string {
  if (cell === null || cell === undefined) {
    return '';
  }
  const s = String(cell);
  // A leading =, +, - or @ would run as a formula in Excel (CSV injection); a quote prefix keeps it text.
  const safe = /^[=+@]/.test(s) || (/^-/.test(s) && !/^-?\d/.test(s)) ? `'${s}` : s;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** Parses CSV text into rows of fields; a leading byte order mark is skipped, blank lines are dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRow = () => {
    row.push(field);
    field = '';
    if (row.length > 1 || row[0] !== '') {
      rows.push(row);
    }
    row = [];
  };
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          quoted = false;
        }
      } else {
        field += c;
      }
    } else if (c === '"' && field === '') {
      quoted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') {
        i++;
      }
      endRow();
    } else {
      field += c;
    }
  }
  if (field !== '' || row.length > 0) {
    endRow();
  }
  return rows;
}

/** Saves text as a file through a temporary link. */
export function downloadText(filename: string, text: string, mime = 'text/csv;charset=utf-8'): void {
  const blob = new Blob([mime.startsWith('text/csv') ? '\uFEFF' : '', text], { type: mime });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
