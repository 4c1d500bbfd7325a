import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF pdfkit wrote, for specs: each content stream inflated, the hex strings of each text
 * operator decoded (pdfkit writes the standard fonts' text as WinAnsi hex, split for kerning), one
 * line per operator. Enough to check what an invoice says without a PDF reader.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  const streams = /stream\r?\n/g;
  for (let match = streams.exec(raw); match; match = streams.exec(raw)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const op of content.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hexes = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]) : [op[2]];
      lines.push(hexes.map((h) => Buffer.from(h ?? '', 'hex').toString('latin1')).join(''));
    }
  }
  return lines.join('\n');
}
