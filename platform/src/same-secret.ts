import { timingSafeEqual } from 'node:crypto';

/**
 * Whether a secret given (a webhook's signature, a link's token, a code's or a password's hash) is the
 * one expected, in a time that does not depend on where the two differ: a forger learns nothing from how
 * fast a wrong guess is refused. Two of different lengths answer at once (a length is no secret).
 */
export function sameSecret(given: string | Buffer, expected: string | Buffer): boolean {
  const a = typeof given === 'string' ? Buffer.from(given, 'utf8') : given;
  const b = typeof expected === 'string' ? Buffer.from(expected, 'utf8') : expected;
  return a.length === b.length && timingSafeEqual(a, b);
}
