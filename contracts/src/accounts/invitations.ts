import { z } from 'zod';
import { lazy, t } from '../i18n/index.ts';
import { Email, name, required } from './fields.ts';
import { accountMessages } from './messages.ts';

/** An admin invites someone to register; the e-mailed link opens /invite?token=. */
export const InviteUserInput = z.strictObject({
  email: Email,
  first_name: name(() => t('labels.firstName')),
  last_name: name(() => t('labels.lastName')),
});
export const InviteTokenInput = z.strictObject({
  token: z.string(required).regex(
    /^[\w-]{20,200}$/,
    lazy(() => accountMessages.linkInvalid),
  ),
});
export const InviteDetails = z.object({ email: z.string(), first_name: z.string(), last_name: z.string() });
export type InviteDetails = z.infer<typeof InviteDetails>;
