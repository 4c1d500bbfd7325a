import { createHash, createHmac } from 'node:crypto';

/** Crockford's base32: no I, L, O or U, so a printed code reads back without doubt. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The i-th code of an issue: 16 characters (80 bits) from a keyed hash of the request's command id,
 * so a retried issue makes the same codes and writes nothing new, and nobody without the key can
 * guess one. Printed in groups of four.
 */
export function giftCardCode(key: string, commandId: string, i: number): string {
  const digest = createHmac('sha256', key).update(`gift-card\u0000${commandId}\u0000${i}`).digest();
  let code = '';
  for (let j = 0; j < 16; j++) code += ALPHABET[(digest[j] as number) % 32];
  return code.match(/.{4}/g)?.join('-') as string;
}

/** The code as typed: case, spaces and dashes do not matter; I, L and O read as 1, 1 and 0. */
export const normaliseCode = (code: string) =>
  code.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');

/** The stream key: a hash of the normalised code (the code is never stored). */
export const codeHash = (code: string) => createHash('sha256').update(normaliseCode(code)).digest('hex');
