import { z } from 'zod';
import { atMost, Email, required } from '../accounts/fields.ts';
import { lazy, t } from '../i18n/index.ts';
import { multilineText, plainText } from '../text.ts';
import { Photos } from './photos.ts';

const label = (key: Parameters<typeof t>[0]) => () => t(key);

/** A phone number as people write it: digits, spaces, +, -, ., ( and ); 7 to 20 digits. */
const PhoneText = plainText(label('enquiries.phone'))
  .max(30, atMost(30))
  .refine(
    (v) =>
      /^[\d\s+().-]*$/.test(v) && (v.match(/\d/g)?.length ?? 0) >= 7 && (v.match(/\d/g)?.length ?? 0) <= 20,
    lazy(() => t('enquiries.phoneInvalid')),
  );

const PersonName = plainText(label('labels.name'), required).min(1, required).max(100, atMost(100));

/** seeds 001 §7 user/submitContactUs: the contact page's form (issue 11 item 2). */
export const ContactUsInput = z.strictObject({
  name: PersonName,
  email: Email,
  phone: PhoneText.optional(),
  subject: plainText(label('enquiries.subject'), required).min(1, required).max(150, atMost(150)),
  message: multilineText(label('enquiries.message'), required).min(1, required).max(5000, atMost(5000)),
});
export type ContactUsInput = z.infer<typeof ContactUsInput>;

/** Where the wines to sell are kept (sell-your-wine form). */
export const storagePlaces = ['professional', 'home', 'other'] as const;
export type StoragePlace = (typeof storagePlaces)[number];

/**
 * The sell-your-wine (consignment) enquiry (seeds 000 §2.1 /sellingwine, issue 11 item 3): what wines,
 * how many bottles, where they are stored (a text when "other"), who asks, and up to three photos.
 */
export const ConsignmentInput = z
  .strictObject({
    wines: multilineText(label('enquiries.wines'), required).min(1, required).max(3000, atMost(3000)),
    bottles: z
      .number(required)
      .int(lazy(() => t('enquiries.bottlesWhole')))
      .min(
        1,
        lazy(() => t('enquiries.bottlesWhole')),
      )
      .max(
        100_000,
        lazy(() => t('enquiries.bottlesMax')),
      ),
    storage: z.enum(storagePlaces, required),
    storage_other: plainText(label('enquiries.storageOther')).max(200, atMost(200)).optional(),
    name: PersonName,
    email: Email,
    phone: PhoneText,
    photos: Photos.default([]),
  })
  .superRefine((value, ctx) => {
    if (value.storage === 'other' && !value.storage_other) {
      ctx.addIssue({ code: 'custom', path: ['storage_other'], message: t('enquiries.storageOtherRequired') });
    }
  });
export type ConsignmentInput = z.infer<typeof ConsignmentInput>;

/**
 * seeds 000 §2.6 / §8, 001 §5: the footer's newsletter e-mail, 'Required' (without the account
 * forms' '!') and 'Invalid email format'.
 */
export const NewsletterEmail = z
  .string(lazy(() => t('enquiries.required')))
  .trim()
  .toLowerCase()
  .min(
    1,
    lazy(() => t('enquiries.required')),
  )
  .max(254, atMost(254))
  .pipe(z.email(lazy(() => t('account.invalidEmail'))));

/** seeds 001 §7 "addcontacts (only for User, Subscriber, Registered)": the contact kinds sent on to the marketing service. */
export const NewsletterContactKind = z.enum(['User', 'Subscriber', 'Registered']);
export type NewsletterContactKind = z.infer<typeof NewsletterContactKind>;

/**
 * seeds 001 §7 "custom/index/campaign/zoho addcontacts ... the payload carries user_type or tag by contact
 * kind plus sendToZoho": the newsletter contact, and the seeds' client's optional fields. `user_type` is the
 * contact's kind (an account's: User, Registered); `tag` a Subscriber's tag (a kind's name, or the
 * campaign's own word, up to 40 characters); `sendToZoho` the client's flag (the server sends a contact
 * on once its address confirmed it, issue 34's double opt-in, whatever the flag says).
 */
export const NewsletterInput = z.strictObject({
  email: NewsletterEmail,
  user_type: NewsletterContactKind.optional(),
  tag: plainText(label('labels.tag')).min(1, required).max(40, atMost(40)).optional(),
  sendToZoho: z.boolean().optional(),
});
export type NewsletterInput = z.infer<typeof NewsletterInput>;
