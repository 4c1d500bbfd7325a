import { z } from 'zod';
import { lazy } from '../i18n/index.ts';
import { atMost, Email, Password, required, withConfirmation } from './fields.ts';
import { accountMessages } from './messages.ts';

export const ForgotPasswordInput = z.strictObject({ email: Email });

export const ResetPasswordInput = z
  .strictObject({
    token: z.string(required).regex(
      /^[\w-]{20,200}$/,
      lazy(() => accountMessages.linkInvalid),
    ),
    password: Password,
    confirm_password: z.string(required),
  })
  .superRefine(withConfirmation);

/** /account/change: the current password proves it is the user; the new one ends every other session. */
export const ChangePasswordInput = z
  .strictObject({
    current_password: z.string(required).min(1, required).max(200, atMost(200)),
    password: Password,
    confirm_password: z.string(required),
  })
  .superRefine(withConfirmation);
