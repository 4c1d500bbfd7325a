import { createHash, createHmac } from 'node:crypto';
import type { NotificationKind } from '@wine/contracts';
import { sameSecret } from '@wine/platform';

/**
 * Issue 31: a mail's unsubscribe link is signed, so it turns off its user's kind without a sign-in and
 * no one can turn off another's: an HMAC of the user and the kind under a key derived from the session
 * secret (the token is never stored, in events or elsewhere: it is computed again to check it).
 */
export function unsubscribeLinks(sessionSecret: string) {
  const key = createHash('sha256').update(`unsubscribe\u0000${sessionSecret}`).digest();
  const sign = (userId: string, kind: NotificationKind) =>
    createHmac('sha256', key).update(`${userId}\u0000${kind}`).digest('base64url').slice(0, 32);
  return {
    sign,
    verify(userId: string, kind: NotificationKind, token: string): boolean {
      return sameSecret(token, sign(userId, kind));
    },
    /** The page the link opens (ui/src/routes/unsubscribe.tsx), on the UI's origin. */
    url(origin: string, userId: string, kind: NotificationKind) {
      const query = new URLSearchParams({ u: userId, k: kind, t: sign(userId, kind) });
      return `${origin}/unsubscribe?${query.toString()}`;
    },
  };
}

export type UnsubscribeLinks = ReturnType<typeof unsubscribeLinks>;
