import type { Role } from '@wine/event-schemas';
import { z } from 'zod';
import { plainText } from './text.ts';

/** seeds 001 §5: the messages of the account forms. */
export const accountMessages = {
  required: 'Required!',
  passwordMin: 'Minimum 8 characters',
  passwordsNotMatch: 'Passwords not match',
  invalidEmail: 'Invalid email format',
  invalidDecimal: 'invalid decimal',
  phoneDigits: 'Enter a 10 digit phone number',
  sessionExpired: 'Session expired. Login again',
  loggedOut: 'Logged out successfully',
  badLogin: 'Invalid email or password',
  codeInvalid: 'Invalid or expired code',
  linkInvalid: 'Invalid or expired link',
  resetSent: 'If that e-mail has an account, a reset link is on its way',
  emailTaken: 'An account with this e-mail already exists',
  /** The one answer to a registration, whether or not the address already had an account. */
  registrationSent: 'We sent a 6-digit code to your e-mail: enter it to finish creating your account',
  verificationSent: 'Verification code sent',
  emailVerified: 'E-mail verified',
  phoneVerified: 'Phone verified',
  phoneCodeSent: 'Verification code sent by text message',
  passwordChanged: 'Password changed. Login with your new password',
  passwordUpdated: 'Password changed',
  preferencesSaved: 'Preferences saved',
  currentPasswordWrong: 'Current password is not correct',
} as const;

const Email = z
  .string(accountMessages.required)
  .trim()
  .toLowerCase()
  .min(1, accountMessages.required)
  .max(254, 'At most 254 characters')
  .pipe(z.email(accountMessages.invalidEmail));
const Password = z
  .string(accountMessages.required)
  .min(8, accountMessages.passwordMin)
  .max(200, 'At most 200 characters');
const name = (label: string) =>
  plainText(label, accountMessages.required)
    .min(1, accountMessages.required)
    .max(100, 'At most 100 characters');
/** seeds 001 §5: the national number is 10 digits when the flag is set (US numbers by default). */
export const Phone = z
  .string()
  .trim()
  .transform((v) => v.replace(/\D/g, ''))
  .pipe(z.string().regex(/^\d{10}$/, accountMessages.phoneDigits));

const withConfirmation = <T extends { password: string; confirm_password: string }>(
  value: T,
  ctx: z.RefinementCtx,
) => {
  if (value.password !== value.confirm_password) {
    ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: accountMessages.passwordsNotMatch });
  }
};

/**
 * seeds 001 §3/§5 "Dynamic form field": the merchant's extra registration questions, from
 * configuration. Only active fields are asked; a required one answers 'Required!'; a float must be
 * digits, one dot, digits ('invalid decimal').
 */
export type ExtraFieldType = 'text' | 'float' | 'checkbox' | 'select' | 'multiselect';
export interface ExtraField {
  name: string;
  label: string;
  type: ExtraFieldType;
  active: boolean;
  required: boolean;
  options?: readonly string[];
}

export const registrationExtraFields: readonly ExtraField[] = [
  {
    name: 'company_name',
    label: 'Company (buying for a business)',
    type: 'text',
    active: true,
    required: false,
  },
  {
    name: 'annual_budget',
    label: 'Yearly wine budget (USD)',
    type: 'float',
    active: true,
    required: false,
  },
  {
    name: 'interests',
    label: 'What do you collect?',
    type: 'multiselect',
    active: true,
    required: false,
    options: ['Red', 'White', 'Rosé', 'Sparkling', 'Dessert', 'Fortified'],
  },
  {
    name: 'heard_from',
    label: 'How did you hear about us?',
    type: 'select',
    active: false,
    required: false,
    options: ['A friend', 'Search', 'Press', 'Event'],
  },
];

const FLOAT = /^\d+(\.\d+)?$/;

/** The zod schema of one extra field, with the seeds' messages. */
export function extraFieldSchema(field: ExtraField): z.ZodType {
  switch (field.type) {
    case 'text': {
      const text = plainText(field.label).max(200, 'At most 200 characters');
      return field.required ? text.min(1, accountMessages.required) : text.optional();
    }
    case 'float': {
      const float = z
        .string()
        .trim()
        .refine((v) => v === '' || FLOAT.test(v), accountMessages.invalidDecimal);
      return field.required ? float.refine((v) => v !== '', accountMessages.required) : float.optional();
    }
    case 'checkbox':
      return field.required ? z.literal(true, accountMessages.required) : z.boolean().optional();
    case 'select': {
      const one = z.enum(field.options as [string, ...string[]]);
      return field.required ? one : one.optional();
    }
    case 'multiselect': {
      const many = z.array(z.enum(field.options as [string, ...string[]])).max(field.options?.length ?? 0);
      return field.required ? many.min(1, accountMessages.required) : many.optional();
    }
  }
}

/** The answers to the active extra fields; inactive ones are unknown fields and refused. */
export function extraFieldsSchema(fields: readonly ExtraField[] = registrationExtraFields) {
  return z.strictObject(
    Object.fromEntries(fields.filter((f) => f.active).map((f) => [f.name, extraFieldSchema(f)])),
  );
}

/** The registration form (seeds 001 §5): the fixed fields, and the active extra fields under `extra`. */
export const RegisterInput = z
  .strictObject({
    extra: extraFieldsSchema().default({}),
    first_name: name('First name'),
    last_name: name('Last name'),
    email: Email,
    phone: Phone.optional(),
    country_code: z
      .string()
      .regex(/^\+\d{1,4}$/, 'Enter a country code like +1')
      .default('+1'),
    password: Password,
    confirm_password: z.string(accountMessages.required),
    /** Accepting the terms is required. */
    terms: z.literal(true, accountMessages.required),
    newsletter: z.boolean().default(false),
    /** From an invitation link: registering with it verifies the invited address at once. */
    invite_token: z
      .string()
      .regex(/^[\w-]{20,200}$/, accountMessages.linkInvalid)
      .optional(),
  })
  .superRefine(withConfirmation);
export type RegisterInput = z.input<typeof RegisterInput>;

export const LoginInput = z.strictObject({
  email: Email,
  password: z
    .string(accountMessages.required)
    .min(1, accountMessages.required)
    .max(200, 'At most 200 characters'),
});

export const EmptyInput = z.strictObject({});

export const VerifyEmailCodeInput = z.strictObject({
  code: z.string(accountMessages.required).regex(/^\d{6}$/, 'Enter the 6 digit code'),
  /** Without a session: the address registered, whose code finishes the registration and signs in. */
  email: Email.optional(),
});

/** Without a session, the address of a registration waiting for its code. */
export const SendEmailCodeInput = z.strictObject({ email: Email.optional() });

export const VerifyEmailLinkInput = z.strictObject({
  token: z.string(accountMessages.required).regex(/^[\w-]{20,200}$/, accountMessages.linkInvalid),
});

export const ForgotPasswordInput = z.strictObject({ email: Email });

export const ResetPasswordInput = z
  .strictObject({
    token: z.string(accountMessages.required).regex(/^[\w-]{20,200}$/, accountMessages.linkInvalid),
    password: Password,
    confirm_password: z.string(accountMessages.required),
  })
  .superRefine(withConfirmation);

/** /account/change: the current password proves it is the user; the new one ends every other session. */
export const ChangePasswordInput = z
  .strictObject({
    current_password: z
      .string(accountMessages.required)
      .min(1, accountMessages.required)
      .max(200, 'At most 200 characters'),
    password: Password,
    confirm_password: z.string(accountMessages.required),
  })
  .superRefine(withConfirmation);

export const UpdateProfileInput = z
  .strictObject({
    first_name: name('First name'),
    last_name: name('Last name'),
    phone: Phone.nullable(),
    /** seeds 000 §4.8: Continue on the welcome popup sends 0. */
    popup_message: z.literal(0),
  })
  .partial();

export const UpdatePreferenceInput = z.strictObject({
  email_notifications: z.boolean(),
  sms_notifications: z.boolean(),
  outbid_alerts: z.boolean(),
  closing_reminders: z.boolean(),
});

const UserId = z.string().regex(/^[\w-]{1,64}$/, 'not a user id');
/** seeds 001 §7 changeStatus: an admin deactivates or reactivates a user. */
export const ChangeUserStatusInput = z.strictObject({ id: UserId, status: z.enum(['active', 'deactivate']) });
/** seeds 001 §7 runKycCheck: the identity check; the data goes to the KYC provider, not to the log. */
export const RunKycCheckInput = z.strictObject({
  date_of_birth: z.iso.date('Enter a date as YYYY-MM-DD'),
  address1: plainText('Address', accountMessages.required)
    .min(1, accountMessages.required)
    .max(200, 'At most 200 characters'),
  city: plainText('City', accountMessages.required)
    .min(1, accountMessages.required)
    .max(100, 'At most 100 characters'),
  state: plainText('State', accountMessages.required)
    .min(2, accountMessages.required)
    .max(50, 'At most 50 characters'),
  zip: z
    .string(accountMessages.required)
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, 'Enter a 5 digit ZIP code'),
  country: plainText('Country').min(2).max(60).default('US'),
});
export const RequestBidLimitInput = z.strictObject({
  /** Cents (DOMAIN.md "Money"). */
  amount: z.number().int('must be whole cents').min(100).max(100_000_000),
});
export const ApproveBidLimitInput = z.strictObject({
  id: UserId,
  /** Cents; the requested amount when omitted. */
  amount: z.number().int('must be whole cents').min(100).max(100_000_000).optional(),
});

const OwnerFields = {
  name: plainText('Name', accountMessages.required)
    .min(1, accountMessages.required)
    .max(200, 'At most 200 characters'),
  title: plainText('Title').max(100, 'At most 100 characters').default(''),
  email: z.union([z.literal(''), z.email(accountMessages.invalidEmail)]).default(''),
  ownership_percent: z.number().int().min(1, 'At least 1%').max(100, 'At most 100%'),
};
/** seeds 001 §7 addCompanyOwner / updateCompanyOwner / removeCompanyOwner. */
export const AddCompanyOwnerInput = z.strictObject(OwnerFields);
export const UpdateCompanyOwnerInput = z.strictObject({
  id: z.string().regex(/^[\w-]{1,64}$/),
  ...OwnerFields,
});
export const RemoveCompanyOwnerInput = z.strictObject({ id: z.string().regex(/^[\w-]{1,64}$/) });
export interface CompanyOwnerRecord {
  id: string;
  name: string;
  title: string;
  email: string;
  ownership_percent: number;
}

/** seeds 001 §3 "Address form: address1, city, state, zip, latitude, longitude, full_address, place_id". */
export const UserAddressInput = z.strictObject({
  address1: plainText('Address', accountMessages.required)
    .min(1, accountMessages.required)
    .max(200, 'At most 200 characters'),
  city: plainText('City', accountMessages.required)
    .min(1, accountMessages.required)
    .max(100, 'At most 100 characters'),
  state: plainText('State', accountMessages.required)
    .min(2, accountMessages.required)
    .max(50, 'At most 50 characters'),
  zip: z
    .string(accountMessages.required)
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, 'Enter a 5 digit ZIP code'),
  latitude: z.number().min(-90).max(90).nullable().default(null),
  longitude: z.number().min(-180).max(180).nullable().default(null),
  full_address: plainText('Full address').max(400, 'At most 400 characters').default(''),
  place_id: plainText('Place id').max(300, 'At most 300 characters').nullable().default(null),
});
export type AddressRecord = z.output<typeof UserAddressInput>;

/** An admin invites someone to register; the e-mailed link opens /invite?token=. */
export const InviteUserInput = z.strictObject({
  email: Email,
  first_name: name('First name'),
  last_name: name('Last name'),
});
export const InviteTokenInput = z.strictObject({
  token: z.string(accountMessages.required).regex(/^[\w-]{20,200}$/, accountMessages.linkInvalid),
});
export interface InviteDetails {
  email: string;
  first_name: string;
  last_name: string;
}

/** seeds 001 §7 switchuser: an admin opens a session as the user (logged as such in every event). */
export const SwitchUserInput = z.strictObject({ id: UserId });
/** An admin ends every session of a user ('Session expired. Login again'). */
export const ForceLogoutInput = z.strictObject({ id: UserId });

const CardId = z.string().regex(/^[\w-]{1,64}$/, 'not a card id');
/**
 * A whole number, or its digits as a form's select sends them ('09'); never a boolean, a list, hex
 * ('0x0C'), an exponent or padded text, which `z.coerce.number()` would all have taken.
 */
const wholeNumber = (message: string, min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : value),
    z.number(message).int(message).min(min, message).max(max, message),
  );
const ExpMonth = wholeNumber('Invalid month', 1, 12);
const ExpYear = wholeNumber('Invalid year', 2000, 2100);

/** A new card for the card vault (seeds 001 §7 addSkyflowCredit). The number goes to the provider only. */
export const AddCardInput = z.strictObject({
  card_number: z
    .string(accountMessages.required)
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{13,19}$/, 'Enter a valid card number')),
  exp_month: ExpMonth,
  exp_year: ExpYear,
  cvv: z.string(accountMessages.required).regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit security code'),
  name_on_card: plainText('Name on card', accountMessages.required)
    .min(1, accountMessages.required)
    .max(100, 'At most 100 characters'),
  zip: plainText('ZIP code').max(10, 'At most 10 characters').optional(),
});
export const CardIdInput = z.strictObject({ id: CardId });
export const UpdateCardInput = z.strictObject({
  id: CardId,
  exp_month: ExpMonth,
  exp_year: ExpYear,
  name_on_card: plainText('Name on card', accountMessages.required)
    .min(1, accountMessages.required)
    .max(100, 'At most 100 characters'),
});

/** A card on file as the client sees it: never the number, never the provider's token. */
export interface CardRecord {
  id: string;
  brand: 'visa' | 'mastercard' | 'amex' | 'discover' | 'other';
  last4: string;
  exp_month: number;
  exp_year: number;
  name_on_card: string;
  is_default: boolean;
}

/** seeds 001 §3 "Card list: data array and has_more". */
export interface CardList {
  data: CardRecord[];
  has_more: boolean;
}

export const cardMessages = {
  fetchFailed: 'Unable to fetch cards',
  added: 'Card added',
  removed: 'Card removed',
  updated: 'Card updated',
  defaultSet: 'Default card updated',
  notFound: 'Card not found',
  tooMany: 'At most 10 cards can be kept on file',
} as const;

/** The user record answered by login and validateUser (seeds 000 §4.8; no secret ever). */
export interface UserRecord {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  country_code: string;
  /** 'active', or 'deactivate' (seeds 001 §3 "User session record"). */
  status: 'active' | 'deactivate';
  email_verified: boolean;
  phone_verified: boolean;
  /** 1 shows the welcome popup about the card processor change; Continue sets it to 0. */
  popup_message: 0 | 1;
  force_logout: 0 | 1;
  isAdmin: boolean;
  /** DOMAIN.md "Roles": admin, seller, auditor, finance, support, in the order granted. */
  roles: Role[];
  preferences: z.infer<typeof UpdatePreferenceInput>;
  created_at: string;
  /** Bidding and buying need a card on file (seeds 000 §5). */
  card_on_file: boolean;
  kyc_status: 'none' | 'approved' | 'review' | 'rejected';
  /** Answers to the configured extra registration questions. */
  extra?: Record<string, string | boolean | string[]>;
  /** seeds 001 §3 "Address form". */
  address?: AddressRecord | null;
  /** Cents; null until approved. */
  bid_limit: number | null;
  bid_limit_requested: number | null;
  /** May list and manage their own lots (seeds 001 §6 seller paths). */
  is_seller: boolean;
}

export interface LoginResult {
  token: string;
  id: string;
  user: UserRecord;
}

/**
 * What register answers: the same for an address that is new and one that already has an account
 * (the mail tells the owner); a session only when an invitation proved the address.
 */
export interface RegisterResult {
  email: string;
  session: LoginResult | null;
}

/** A message the embedded mailer kept for the developer outbox page (only when running embedded). */
export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}
