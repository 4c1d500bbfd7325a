import { z } from 'zod';
import { t } from '../i18n/index.ts';
import { plainText } from '../text.ts';
import { AddressFields, atMost, name, Phone } from './fields.ts';

export const UpdateProfileInput = z
  .strictObject({
    first_name: name(() => t('labels.firstName')),
    last_name: name(() => t('labels.lastName')),
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
  /** Issue 31: the "you won" mail, with the invoice's link. */
  won_notices: z.boolean(),
  /** Issue 31: the language notifications are written in. */
  language: z.enum(['en', 'es']),
  /** Issue 37: a watched lot coming up in the live room (off until asked for). */
  coming_up_notices: z.boolean().optional(),
});

/** seeds 001 §3 "Address form: address1, city, state, zip, latitude, longitude, full_address, place_id". */
export const UserAddressInput = z.strictObject({
  ...AddressFields,
  latitude: z.number().min(-90).max(90).nullable().default(null),
  longitude: z.number().min(-180).max(180).nullable().default(null),
  full_address: plainText(() => t('labels.fullAddress'))
    .max(400, atMost(400))
    .default(''),
  place_id: plainText(() => t('labels.placeId'))
    .max(300, atMost(300))
    .nullable()
    .default(null),
});
/** The address as the user record answers it. */
export const AddressRecord = z.object({
  address1: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  full_address: z.string(),
  place_id: z.string().nullable(),
});
export type AddressRecord = z.infer<typeof AddressRecord>;
