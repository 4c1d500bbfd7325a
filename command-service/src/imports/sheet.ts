import { MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from '@wine/contracts';
import { AppError } from '@wine/platform';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';

/** A sheet as an import reads it: its header row and the rows after it, every cell as text. */
export interface Sheet {
  headers: string[];
  rows: string[][];
}

const MAX_CELL = 20_000;

/** A cell's text: numbers as written, dates as ISO instants, rich text and formulas by what they show. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
    return '';
  }
  return String(value);
}

const isZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

async function readXlsx(bytes: Uint8Array): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch {
    throw new AppError('IMPORT_FILE_TYPE');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError('IMPORT_EMPTY');
  if (sheet.rowCount > MAX_IMPORT_ROWS + 1)
    throw new AppError('IMPORT_TOO_LARGE', { params: { rows: MAX_IMPORT_ROWS } });
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    rows.push(values.map((v) => cellText(v as ExcelJS.CellValue)));
  });
  return rows;
}

function readCsv(bytes: Uint8Array): string[][] {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/^\uFEFF/, '');
  // Text only: a NUL byte is a binary file named .csv.
  if (text.includes('\u0000')) throw new AppError('IMPORT_FILE_TYPE');
  const firstLine = text.slice(0, text.indexOf('\n') >>> 0);
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  try {
    return parse(text, { delimiter, relax_column_count: true, skip_empty_lines: true, bom: true });
  } catch {
    throw new AppError('IMPORT_FILE_TYPE');
  }
}

/**
 * An uploaded sheet, XLSX (exceljs, the first worksheet) or CSV (csv-parse, comma or semicolon), told
 * apart by their bytes, never their name. Refused: anything else, more than MAX_IMPORT_ROWS rows or
 * MAX_IMPORT_COLUMNS columns, a cell over 20,000 characters, a sheet without a header and a row.
 */
export async function readSheet(bytes: Uint8Array): Promise<Sheet> {
  const all = isZip(bytes) ? await readXlsx(bytes) : readCsv(bytes);
  const rows = all.map((row) => row.map((cell) => String(cell ?? '').trim()));
  // Trailing empty rows and columns are not part of the sheet.
  while (rows.length > 0 && (rows[rows.length - 1] as string[]).every((c) => c === '')) rows.pop();
  const [headers, ...body] = rows;
  if (!headers || body.length === 0) throw new AppError('IMPORT_EMPTY');
  if (body.length > MAX_IMPORT_ROWS)
    throw new AppError('IMPORT_TOO_LARGE', { params: { rows: MAX_IMPORT_ROWS } });
  let width = headers.length;
  while (width > 0 && headers[width - 1] === '') width--;
  if (width > MAX_IMPORT_COLUMNS)
    throw new AppError('IMPORT_TOO_WIDE', { params: { columns: MAX_IMPORT_COLUMNS } });
  for (const row of body)
    for (const cell of row) if (cell.length > MAX_CELL) throw new AppError('IMPORT_CELL_TOO_LONG');
  return {
    headers: headers.slice(0, width),
    rows: body.map((row) => Array.from({ length: width }, (_, i) => row[i] ?? '')),
  };
}
