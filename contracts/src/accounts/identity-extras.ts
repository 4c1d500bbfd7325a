import { z } from 'zod';
import { lazy, t } from '../i18n/index.ts';
import { Email, Phone, required } from './fields.ts';
import { AddressRecord } from './profile.ts';

/** seeds 001 §5: a country calling code, `+1` by default. */
export const CountryCallingCode = z
  .string()
  .regex(
    /^\+\d{1,4}$/,
    lazy(() => t('account.countryCode')),
  )
  .default('+1');

/**
 * seeds 001 §7 checkValidation: is an e-mail or a phone (one at a time) fit for a registration or a
 * profile change. The answer never says whether another account holds it (checkValidation.ts).
 */
export const CheckValidationInput = z
  .strictObject({
    email: Email.optional(),
    phone: Phone.optional(),
    country_code: CountryCallingCode,
  })
  .superRefine((value, ctx) => {
    if (value.email === undefined && value.phone === undefined) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: t('account.required') });
    }
    if (value.email !== undefined && value.phone !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: t('account.oneFieldAtATime') });
    }
  });

/**
 * `yours`: the caller's own account holds it (`verified` says whether it was proven); `may_use`: it is
 * well formed and may be given. Never "taken": whether another account holds a value is its owner's
 * business (a registration with a taken e-mail tells the owner by mail, issue 30).
 */
export const CheckValidationResult = z.object({
  field: z.enum(['email', 'phone']),
  /** The value as it would be kept: an e-mail trimmed and in lower case, a phone's 10 digits. */
  value: z.string(),
  status: z.enum(['yours', 'may_use']),
  verified: z.boolean(),
});
export type CheckValidationResult = z.infer<typeof CheckValidationResult>;

const sixDigits = z.string(required).regex(
  /^\d{6}$/,
  lazy(() => t('account.sixDigitCode')),
);

/** seeds 001 §7 sendPhoneLoginCode: the verified phone a sign-in code is texted to. */
export const SendPhoneLoginCodeInput = z.strictObject({ phone: Phone, country_code: CountryCallingCode });
/** Issue 38 §3: signing in with the phone and the code texted to it. */
export const VerifyPhoneLoginCodeInput = z.strictObject({
  phone: Phone,
  country_code: CountryCallingCode,
  code: sixDigits,
});

/** The identity documents a bidder may name (issue 38 §3 updateProfileKYC). */
export const identityDocuments = ['passport', 'driver_license', 'national_id'] as const;
export type IdentityDocument = (typeof identityDocuments)[number];

/** Issue 38 §6: dates from 1900-01-01 (a date of birth after the 21st birthday's is refused as UNDER_AGE). */
const EARLIEST_BIRTH_DATE = '1900-01-01';

/**
 * Issue 38 §3 updateProfileKYC: the identity details the KYC check reads (runKycCheck: the date of
 * birth) and the ones a reviewer compares with a document (nationality, the document's type and the
 * last 4 characters of its number, never the whole number). Sealed in the secret store, never logged.
 */
export const UpdateProfileKycInput = z
  .strictObject({
    date_of_birth: z.iso.date(lazy(() => t('account.dateFormat'))).refine(
      (date) => date >= EARLIEST_BIRTH_DATE,
      lazy(() => t('account.birthDateRange')),
    ),
    /** ISO 3166-1 alpha-2, as getAllCountries answers it. */
    nationality: z
      .string(required)
      .trim()
      .toUpperCase()
      .regex(
        /^[A-Z]{2}$/,
        lazy(() => t('account.nationality')),
      ),
    id_type: z.enum(identityDocuments).nullable().default(null),
    id_last4: z
      .string()
      .trim()
      .toUpperCase()
      .regex(
        /^[A-Z0-9]{4}$/,
        lazy(() => t('account.idLast4')),
      )
      .nullable()
      .default(null),
  })
  .superRefine((value, ctx) => {
    if ((value.id_type === null) !== (value.id_last4 === null)) {
      const path = value.id_type === null ? 'id_type' : 'id_last4';
      ctx.addIssue({ code: 'custom', path: [path], message: t('account.idTogether') });
    }
  });

/** The identity details as kept (and as decryptProfile answers them to their owner). */
export const KycProfileRecord = z.object({
  date_of_birth: z.string(),
  nationality: z.string(),
  id_type: z.enum(identityDocuments).nullable(),
  id_last4: z.string().nullable(),
});
export type KycProfileRecord = z.infer<typeof KycProfileRecord>;

/**
 * seeds 001 §7 decryptProfile: the owner's protected details in full, for the profile's "Show": the
 * phone, the address and the identity details (the last unsealed from the secret store).
 */
export const DecryptedProfile = z.object({
  phone: z.string().nullable(),
  country_code: z.string(),
  address: AddressRecord.nullable(),
  kyc: KycProfileRecord.nullable(),
});
export type DecryptedProfile = z.infer<typeof DecryptedProfile>;
