import { createHash, createHmac } from 'node:crypto';

/**
 * Issue 38 §2 (seeds 001 §7 public_invoice): the token of a shared invoice's link, `<shareId>.<mac>`:
 * an HMAC-SHA-256 under a key derived from the session secret, over the invoice and its share (as the
 * newsletter's and the unsubscribe links are signed). Nobody without the key can make one, and none
 * is kept: the owner's next ask signs it again from the share; the log and the read side hold only
 * its SHA-256 (`tokenHash`), by which the public page finds the invoice.
 */
export function invoiceShareLinks(sessionSecret: string) {
  const key = createHash('sha256').update(`invoice-share\u0000${sessionSecret}`).digest();
  const tokenOf = (invoiceId: string, shareId: string) =>
    `${shareId}.${createHmac('sha256', key).update(`${invoiceId}\u0000${shareId}`).digest('base64url')}`;
  return {
    tokenOf,
    /** The page anyone with the link opens (ui/src/routes/public_invoice.$token.tsx). */
    pathOf: (token: string) => `/public_invoice/${encodeURIComponent(token)}`,
  };
}

/** The SHA-256 of a share's token (hex): what the log and the read side know of it. */
export const shareTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export type InvoiceShareLinks = ReturnType<typeof invoiceShareLinks>;
