import { z } from 'zod';
import { action } from '../action.ts';

/**
 * Issue 31: the kinds of notification a bidder gets by mail, each with its switch and its unsubscribe
 * link. Issue 37: `coming_up`, a lot on one's watchlist a few lots from the block in the live room, is
 * asked for (off until the bidder turns it on).
 */
export const NotificationKind = z.enum(['outbid', 'closing', 'won', 'coming_up']);
export type NotificationKind = z.infer<typeof NotificationKind>;

/** The unsubscribe link's query (`/unsubscribe?u=…&k=…&t=…`): the user, the kind, and the link's signature. */
export const UnsubscribeInput = z.strictObject({
  u: z.string().min(1).max(64),
  k: NotificationKind,
  t: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,128}$/)
    .max(128),
});

/** Issue 31: a mail's unsubscribe link turns its kind off, without signing in (the link is signed). */
export const notificationActions = {
  unsubscribe: action({
    path: '/api/notifications/unsubscribe',
    side: 'command',
    auth: 'public',
    input: UnsubscribeInput,
    output: z.object({ kind: NotificationKind }),
  }),
} as const;
