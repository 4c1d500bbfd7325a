import { currentLanguage, type ReportExportInput, reportCsvPath } from '@wine/contracts';

export interface CsvDownload {
  blob: Blob;
  filename: string;
  rows: number;
}

/**
 * Streams a report's CSV (reportCsvPath) and counts the rows as they arrive, for the progress of a
 * long export; the chunks make the file once it has all come. Throws when the server refuses or the
 * stream breaks (the page then says 'Something went wrong!', seeds 001 §8).
 */
export async function downloadCsv(
  input: ReportExportInput,
  token: string | null,
  onRows: (rows: number) => void,
  doFetch: typeof fetch = globalThis.fetch,
): Promise<CsvDownload> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'accept-language': currentLanguage(),
  };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await doFetch(reportCsvPath, { method: 'POST', headers, body: JSON.stringify(input) });
  if (!response.ok || !response.body) throw new Error(`export ${response.status}`);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    for (const byte of value) if (byte === 10) lines += 1;
    // The first line is the header.
    onRows(Math.max(0, lines - 1));
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `${input.report}.csv`;
  return {
    blob: new Blob(chunks as BlobPart[], { type: 'text/csv;charset=utf-8' }),
    filename,
    rows: Math.max(0, lines - 1),
  };
}
