import { z } from 'zod';
import { lazy, t } from '../i18n/index.ts';
import { plainText } from '../text.ts';
import { accountMessages } from './messages.ts';

/** 'Required!', read when the issue is made (in the caller's language). */
export const required = lazy(() => accountMessages.required);

/** 'At most N characters', in the caller's language. */
export const atMost = (count: number) => lazy(() => t('validation.atMost', { count }));

export const Email = z
  .string(required)
  .trim()
  .toLowerCase()
  .min(1, required)
  .max(254, atMost(254))
  .pipe(z.email(lazy(() => accountMessages.invalidEmail)));
export const Password = z
  .string(required)
  .min(
    8,
    lazy(() => accountMessages.passwordMin),
  )
  .max(200, atMost(200));
export const name = (label: () => string) =>
  plainText(label, required).min(1, required).max(100, atMost(100));
/** seeds 001 §5: the national number is 10 digits when the flag is set (US numbers by default). */
export const Phone = z
  .string()
  .trim()
  .transform((v) => v.replace(/\D/g, ''))
  .pipe(
    z.string().regex(
      /^\d{10}$/,
      lazy(() => accountMessages.phoneDigits),
    ),
  );

export const withConfirmation = <T extends { password: string; confirm_password: string }>(
  value: T,
  ctx: z.RefinementCtx,
) => {
  if (value.password !== value.confirm_password) {
    ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: accountMessages.passwordsNotMatch });
  }
};

export const EmptyInput = z.strictObject({});

export const UserId = z.string().regex(
  /^[\w-]{1,64}$/,
  lazy(() => t('account.notUserId')),
);

/** seeds 001 §3 "Address form": the street address, as the identity check and the address form ask it. */
export const AddressFields = {
  address1: plainText(() => t('labels.address'), required)
    .min(1, required)
    .max(200, atMost(200)),
  city: plainText(() => t('labels.city'), required)
    .min(1, required)
    .max(100, atMost(100)),
  state: plainText(() => t('labels.state'), required)
    .min(2, required)
    .max(50, atMost(50)),
  zip: z
    .string(required)
    .trim()
    .regex(
      /^\d{5}(-\d{4})?$/,
      lazy(() => t('account.zipCode')),
    ),
};
