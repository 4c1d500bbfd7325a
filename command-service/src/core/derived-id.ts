import { createHash } from 'node:crypto';

/**
 * A short id derived from what names it (a buyer and the request's command id, say): the same parts
 * give the same id, so a retried request finds what it made; `prefix` tells what kind of id it is.
 */
export const derivedId = (prefix: string, ...parts: string[]) =>
  `${prefix}-${createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 20)}`;
