import { z } from 'zod';
import { lazy, t } from '../i18n/index.ts';
import { Email, required } from './fields.ts';
import { accountMessages } from './messages.ts';

export const VerifyEmailCodeInput = z.strictObject({
  code: z.string(required).regex(
    /^\d{6}$/,
    lazy(() => t('account.sixDigitCode')),
  ),
  /** Without a session: the address registered, whose code finishes the registration and signs in. */
  email: Email.optional(),
});

/** Without a session, the address of a registration waiting for its code. */
export const SendEmailCodeInput = z.strictObject({ email: Email.optional() });

export const VerifyEmailLinkInput = z.strictObject({
  token: z.string(required).regex(
    /^[\w-]{20,200}$/,
    lazy(() => accountMessages.linkInvalid),
  ),
});
