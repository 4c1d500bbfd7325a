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

const NameOnCard = plainText(() => t('labels.nameOnCard'), required)
  .min(1, required)
  .max(100, atMost(100));
const Zip = plainText(() => t('labels.zip'))
  .max(10, atMost(10))
  .optional();

/**
 * A card as the card form collects it and the provider's tokenisation takes it (the sandbox's vault,
 * Stripe's PaymentMethods): the browser sends these to the provider, never to the product (issue 35).
 */
export const CardDetails = z.strictObject({
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
  name_on_card: NameOnCard,
  zip: Zip,
});
export type CardDetails = z.output<typeof CardDetails>;

/**
 * A new card on file (seeds 001 §7 addSkyflowCredit): the provider's single-use token for the card
 * the browser gave it (issue 35 §1: card numbers never touch the product), the name and ZIP to keep.
 */
export const AddCardInput = z.strictObject({
  // Stripe's PaymentMethod ids, the sandbox vault's tokens, CyberSource's transient tokens (a JWT).
  card_token: z.string(required).regex(
    /^[A-Za-z0-9_.-]{6,4096}$/,
    lazy(() => t('card.notCardToken')),
  ),
  name_on_card: NameOnCard,
  zip: Zip,
});

/** Where the sandbox's card vault takes a card from the browser and answers its single-use token. */
export const SANDBOX_VAULT_PATH = '/vault/v1/tokens';

/**
 * How the browser tokenises a card with the configured provider (issue 35 §1): the sandbox's vault on
 * this origin, or Stripe's PaymentMethods API with the publishable key (what Stripe.js calls).
 */
export const CardProviderInfo = z.object({
  name: z.enum(['sandbox', 'stripe', 'cybersource', 'versapay']),
  /** Where the card goes: the sandbox vault's path, or Stripe's API root. */
  tokens_url: z.string(),
  /** Stripe's publishable key (`pk_…`); null for the sandbox. */
  publishable_key: z.string().nullable(),
  /**
   * The checkout can take a new card the browser gives the provider for one payment, kept nowhere
   * (Stripe's Payment Element: seeds 001 stripe_payment_element). Absent for the clients' older answers.
   */
  new_card_payments: z.boolean().optional(),
});
export type CardProviderInfo = z.infer<typeof CardProviderInfo>;

/**
 * A tokenisation session for one card form, asked each time the form is sent: CyberSource's capture
 * context (a JWT, valid 15 minutes: where the browser posts the card and the key it encrypts it with,
 * Flex API v2), or Versapay's session id (the seeds' createCardLink: where its card form takes the card).
 */
export const CardCaptureContext = z.object({ capture_context: z.string() });
export type CardCaptureContext = z.infer<typeof CardCaptureContext>;

/** The vault's answer: the token, or the provider's refusal in its words. */
export const VaultAnswer = z.union([
  z.object({ token: z.string() }),
  z.object({ error: z.object({ message: z.string() }) }),
]);

export const CardIdInput = z.strictObject({ id: CardId });
export const UpdateCardInput = z.strictObject({
  id: CardId,
  exp_month: ExpMonth,
  exp_year: ExpYear,
  name_on_card: NameOnCard,
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
  /**
   * An amount held on the card and not taken (seeds 001 "Payments" payment/authorize): paying the
   * invoices it is for with this card takes it. Absent when none is.
   */
  hold: z.object({ id: z.string(), amount: z.number(), expires_at: z.string() }).optional(),
});
export type CardRecord = z.infer<typeof CardRecord>;

/**
 * seeds 001 §3 "Card list: data array and has_more"; §7 "List and retrieve read responseData.data and
 * has_more, or responseData": a list answers this, one card (retrieve) its CardRecord.
 */
export const CardList = z.object({ data: z.array(CardRecord), has_more: z.boolean() });
export type CardList = z.infer<typeof CardList>;

/**
 * The user as the card provider's customer (seeds 001 §7 customer/create, cybersource addCustomer):
 * the product makes the provider's customer itself, on its server, with each card it saves, so the
 * call answers the card holder the cards belong to, their default and their cards (as a Stripe
 * Customer names them), never a provider's id or token.
 */
export const CardCustomer = z.object({
  /** Our user id: the customer's reference, whichever provider keeps the cards. */
  id: z.string(),
  name: z.string(),
  email: z.string(),
  default_source: z.string().nullable(),
  sources: CardList,
});
export type CardCustomer = z.infer<typeof CardCustomer>;

export const cardMessages = textsOf('card');
