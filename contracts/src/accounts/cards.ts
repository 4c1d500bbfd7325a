import { z } from 'zod';
import { lazy, t, textsOf } from '../i18n/index.ts';
import { plainText } from '../text.ts';
import { atMost, required } from './fields.ts';

const CardId = z.string().regex(
  /^[\w-]{1,64}$/,
  lazy(() => t('card.notCardId')),
);
/**
 * A whole number, or its digits as a form's select sends them ('09'); never a boolean, a list, hex
 * ('0x0C'), an exponent or padded text, which `z.coerce.number()` would all have taken.
 */
const wholeNumber = (text: () => string, min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : value),
    z.number(lazy(text)).int(lazy(text)).min(min, lazy(text)).max(max, lazy(text)),
  );
const ExpMonth = wholeNumber(() => cardMessages.invalidMonth, 1, 12);
const ExpYear = wholeNumber(() => cardMessages.invalidYear, 2000, 2100);

/** A new card for the card vault (seeds 001 §7 addSkyflowCredit). The number goes to the provider only. */
export const AddCardInput = z.strictObject({
  card_number: z
    .string(required)
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(
      z.string().regex(
        /^\d{13,19}$/,
        lazy(() => t('card.cardNumber')),
      ),
    ),
  exp_month: ExpMonth,
  exp_year: ExpYear,
  cvv: z.string(required).regex(
    /^\d{3,4}$/,
    lazy(() => t('card.securityCode')),
  ),
  name_on_card: plainText(() => t('labels.nameOnCard'), required)
    .min(1, required)
    .max(100, atMost(100)),
  zip: plainText(() => t('labels.zip'))
    .max(10, atMost(10))
    .optional(),
});
export const CardIdInput = z.strictObject({ id: CardId });
export const UpdateCardInput = z.strictObject({
  id: CardId,
  exp_month: ExpMonth,
  exp_year: ExpYear,
  name_on_card: plainText(() => t('labels.nameOnCard'), required)
    .min(1, required)
    .max(100, atMost(100)),
});

/** A card on file as the client sees it: never the number, never the provider's token. */
export const CardRecord = z.object({
  id: z.string(),
  brand: z.enum(['visa', 'mastercard', 'amex', 'discover', 'other']),
  last4: z.string(),
  exp_month: z.number(),
  exp_year: z.number(),
  name_on_card: z.string(),
  is_default: z.boolean(),
});
export type CardRecord = z.infer<typeof CardRecord>;

/** seeds 001 §3 "Card list: data array and has_more". */
export const CardList = z.object({ data: z.array(CardRecord), has_more: z.boolean() });
export type CardList = z.infer<typeof CardList>;

export const cardMessages = textsOf('card');
