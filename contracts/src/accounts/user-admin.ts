import { z } from 'zod';
import { UserId } from './fields.ts';

/** seeds 001 §7 changeStatus: an admin deactivates or reactivates a user. */
export const ChangeUserStatusInput = z.strictObject({ id: UserId, status: z.enum(['active', 'deactivate']) });
/** seeds 001 §7 switchuser: an admin opens a session as the user (logged as such in every event). */
export const SwitchUserInput = z.strictObject({ id: UserId });
/** An admin ends every session of a user ('Session expired. Login again'). */
export const ForceLogoutInput = z.strictObject({ id: UserId });

/** A message the embedded mailer kept for the developer outbox page (only when running embedded). */
export const OutboxMessage = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  sentAt: z.string(),
  /** The names of the files sent with it, when there are any (a pickup's calendar file). */
  attachments: z.array(z.string()).optional(),
  /** Its header fields beyond the addresses and subject (a marketing mail's List-Unsubscribe). */
  headers: z.record(z.string(), z.string()).optional(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;
