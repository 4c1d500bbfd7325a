import { z } from 'zod';
import { lazy, t } from '../i18n/index.ts';
import { plainText } from '../text.ts';
import { atMost, Email, name, Password, Phone, required, withConfirmation } from './fields.ts';
import { accountMessages } from './messages.ts';
import { LoginResult } from './session.ts';

/**
 * seeds 001 §3/§5 "Dynamic form field": the merchant's extra registration questions, from
 * configuration. Only active fields are asked; a required one answers 'Required!'; a float must be
 * digits, one dot, digits ('invalid decimal').
 */
export const ExtraField = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(['text', 'float', 'checkbox', 'select', 'multiselect']),
  active: z.boolean(),
  required: z.boolean(),
  options: z.array(z.string()).readonly().optional(),
});
export type ExtraField = z.infer<typeof ExtraField>;
export type ExtraFieldType = ExtraField['type'];

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
      const text = plainText(field.label).max(200, atMost(200));
      return field.required ? text.min(1, required) : text.optional();
    }
    case 'float': {
      const float = z
        .string()
        .trim()
        .refine(
          (v) => v === '' || FLOAT.test(v),
          lazy(() => accountMessages.invalidDecimal),
        );
      return field.required ? float.refine((v) => v !== '', required) : float.optional();
    }
    case 'checkbox':
      return field.required ? z.literal(true, required) : z.boolean().optional();
    case 'select': {
      const one = z.enum(field.options as [string, ...string[]]);
      return field.required ? one : one.optional();
    }
    case 'multiselect': {
      const many = z.array(z.enum(field.options as [string, ...string[]])).max(field.options?.length ?? 0);
      return field.required ? many.min(1, required) : many.optional();
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
    first_name: name(() => t('labels.firstName')),
    last_name: name(() => t('labels.lastName')),
    email: Email,
    phone: Phone.optional(),
    country_code: z
      .string()
      .regex(
        /^\+\d{1,4}$/,
        lazy(() => t('account.countryCode')),
      )
      .default('+1'),
    password: Password,
    confirm_password: z.string(required),
    /** Accepting the terms is required. */
    terms: z.literal(true, required),
    newsletter: z.boolean().default(false),
    /** From an invitation link: registering with it verifies the invited address at once. */
    invite_token: z
      .string()
      .regex(
        /^[\w-]{20,200}$/,
        lazy(() => accountMessages.linkInvalid),
      )
      .optional(),
  })
  .superRefine(withConfirmation);
export type RegisterInput = z.input<typeof RegisterInput>;

/**
 * What register answers: the same for an address that is new and one that already has an account
 * (the mail tells the owner); a session only when an invitation proved the address.
 */
export const RegisterResult = z.object({ email: z.string(), session: LoginResult.nullable() });
export type RegisterResult = z.infer<typeof RegisterResult>;
