import { type CardDetails, type CardProviderInfo, VaultAnswer } from '@wine/contracts';
import { CompactEncrypt, decodeJwt, importJWK, type JWK } from 'jose';
import { call, providerFetch } from '../api/client.ts';
import { t } from '../i18n/index.ts';

/** A refusal by the card provider's tokenisation, in its words (shown in the card dialog). */
export class CardTokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CardTokenError';
  }
}

/** Stripe's PaymentMethods call, form-encoded, as Stripe.js makes it with the publishable key. */
async function stripePaymentMethod(card: CardDetails, provider: CardProviderInfo): Promise<string> {
  const form = new URLSearchParams({
    type: 'card',
    'card[number]': card.card_number,
    'card[exp_month]': String(card.exp_month),
    'card[exp_year]': String(card.exp_year),
    'card[cvc]': card.cvv,
    'billing_details[name]': card.name_on_card,
  });
  if (card.zip) form.set('billing_details[address][postal_code]', card.zip);
  const response = await providerFetch(`${provider.tokens_url.replace(/\/$/, '')}/v1/payment_methods`, {
    method: 'POST',
    headers: { authorization: `Bearer ${provider.publishable_key ?? ''}` },
    body: form,
  });
  const body = (await response.json().catch(() => ({}))) as { id?: unknown; error?: { message?: unknown } };
  if (typeof body.id === 'string') return body.id;
  throw new CardTokenError(String(body.error?.message ?? response.statusText));
}

/** The sandbox's vault on this origin: the card as the form has it, its token or refusal back. */
async function sandboxVault(card: CardDetails, provider: CardProviderInfo): Promise<string> {
  const response = await providerFetch(provider.tokens_url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(card),
  });
  const answer = VaultAnswer.safeParse(await response.json().catch(() => null));
  if (answer.success && 'token' in answer.data) return answer.data.token;
  throw new CardTokenError(
    answer.success && 'error' in answer.data ? answer.data.error.message : response.statusText,
  );
}

/** What a capture context's `flx` claim says: where Flex takes the card, and the key to encrypt it for. */
interface FlexClaim {
  origin: string;
  path: string;
  jwk: JWK & { kid: string };
}

/** Flex's validation error: which field of the card it refused. */
const flexRefusal = (body: string): string => {
  let location = '';
  try {
    const error = JSON.parse(body) as { responseStatus?: { details?: { location?: string }[] } };
    location = error.responseStatus?.details?.[0]?.location ?? '';
  } catch {
    // Not Flex's error body: the general refusal below.
  }
  if (location.endsWith('.number')) return t('card.cardNumber');
  if (location.endsWith('.securityCode')) return t('card.securityCode');
  if (location.endsWith('.expirationMonth')) return t('card.invalidMonth');
  if (location.endsWith('.expirationYear')) return t('card.invalidYear');
  return t('card.fetchFailed');
};

/**
 * CyberSource's Flex API v2, as its Microform does: a capture context asked of the product for this
 * form (it names the page's origin), the card encrypted for the context's key as a compact JWE
 * (RSA-OAEP-256 wrapping an A256GCM key, by jose) and posted to Flex, which answers the transient
 * token the product keeps the card by.
 */
async function cyberSourceFlex(card: CardDetails): Promise<string> {
  const { capture_context } = await call('cardCaptureContext', {});
  const flx = (decodeJwt(capture_context) as { flx?: FlexClaim }).flx;
  if (!flx) throw new CardTokenError(t('card.fetchFailed'));
  const key = await importJWK({ ...flx.jwk, alg: 'RSA-OAEP-256' }, 'RSA-OAEP-256');
  const payload = {
    context: capture_context,
    index: 0,
    data: {
      paymentInformation: {
        card: {
          number: card.card_number,
          securityCode: card.cvv,
          expirationMonth: String(card.exp_month).padStart(2, '0'),
          expirationYear: String(card.exp_year),
        },
      },
    },
  };
  const jwe = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: flx.jwk.kid })
    .encrypt(key);
  const response = await providerFetch(new URL(flx.path, flx.origin).toString(), {
    method: 'POST',
    headers: { 'content-type': 'application/jose; charset=utf-8' },
    body: jwe,
  });
  const body = await response.text();
  if (response.status === 201) return body.trim();
  throw new CardTokenError(flexRefusal(body));
}

/**
 * Versapay's card form, as its iframe does: a session asked of the product for this form (the seeds'
 * createCardLink), the card posted to the Ecommerce API's tokens for that session, which answers the
 * fund token the product keeps the card by.
 */
async function versapaySession(card: CardDetails, provider: CardProviderInfo): Promise<string> {
  const { capture_context: session } = await call('cardCaptureContext', {});
  const response = await providerFetch(
    `${provider.tokens_url.replace(/\/+$/, '')}/sessions/${encodeURIComponent(session)}/tokens`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'creditCard',
        accountHolder: card.name_on_card,
        accountNumber: card.card_number,
        expirationMonth: card.exp_month,
        expirationYear: card.exp_year,
        cardVerificationValue: card.cvv,
      }),
    },
  );
  const body = (await response.json().catch(() => ({}))) as {
    token?: unknown;
    errors?: { path?: string }[];
  };
  if (response.status === 201 && typeof body.token === 'string') return body.token;
  const path = body.errors?.[0]?.path ?? '';
  if (path === '/accountNumber') throw new CardTokenError(t('card.cardNumber'));
  if (path === '/cardVerificationValue') throw new CardTokenError(t('card.securityCode'));
  if (path.startsWith('/expirationMonth')) throw new CardTokenError(t('card.invalidMonth'));
  if (path.startsWith('/expirationYear')) throw new CardTokenError(t('card.invalidYear'));
  throw new CardTokenError(t('card.fetchFailed'));
}

/**
 * Issue 35 §1: the card form's card goes to the configured provider, never to the product; what
 * comes back is the single-use token the product keeps the card by. Throws CardTokenError with the
 * provider's words when it refuses the card.
 */
export async function tokenizeCard(card: CardDetails, provider: CardProviderInfo): Promise<string> {
  if (provider.name === 'stripe') return stripePaymentMethod(card, provider);
  if (provider.name === 'cybersource') return cyberSourceFlex(card);
  if (provider.name === 'versapay') return versapaySession(card, provider);
  return sandboxVault(card, provider);
}

/** What Stripe answered the browser's confirmation of a new card's payment. */
export type NewCardPayment =
  | { status: 'succeeded' }
  /** The issuer's page (3-D Secure), in this tab; it sends the buyer back to the return URL. */
  | { status: 'requires_action'; url: string }
  /** Refused (HTTP 402: a declined card), in Stripe's words. */
  | { status: 'declined'; message: string }
  /** Anything else Stripe answered (processing, an intent already confirmed): the server reads the intent. */
  | { status: 'unconfirmed'; message: string };

/**
 * Issue 35 §2 (seeds 001 stripe_payment_element), as Stripe.js's Payment Element does with the
 * publishable key: the card to Stripe's PaymentMethods, then the checkout's PaymentIntent (made without
 * a card; its id is the client secret's part before `_secret_`) confirmed with that card and the
 * client secret. The card goes to Stripe alone, never to the product. Throws CardTokenError when
 * Stripe refuses the card itself (its number, expiry, CVC) or does not answer: the intent still waits.
 */
export async function confirmNewCardPayment(
  card: CardDetails,
  provider: CardProviderInfo,
  payment: { client_secret: string; return_url: string },
): Promise<NewCardPayment> {
  const unreachable = (error: unknown): never => {
    throw error instanceof CardTokenError ? error : new CardTokenError(t('ui.checkout.newCardUnreachable'));
  };
  const paymentMethod = await stripePaymentMethod(card, provider).catch(unreachable);
  const intentId = payment.client_secret.split('_secret_')[0] ?? '';
  const response = await providerFetch(
    `${provider.tokens_url.replace(/\/$/, '')}/v1/payment_intents/${encodeURIComponent(intentId)}/confirm`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${provider.publishable_key ?? ''}` },
      body: new URLSearchParams({
        client_secret: payment.client_secret,
        payment_method: paymentMethod,
        return_url: payment.return_url,
      }),
    },
  ).catch(unreachable);
  const intent = (await response.json().catch(() => ({}))) as {
    status?: unknown;
    next_action?: { redirect_to_url?: { url?: unknown } } | null;
    error?: { message?: unknown };
  };
  const message = String(intent.error?.message ?? response.statusText);
  if (response.status === 402) return { status: 'declined', message };
  const redirect = intent.next_action?.redirect_to_url?.url;
  if (response.ok && intent.status === 'requires_action' && typeof redirect === 'string')
    return { status: 'requires_action', url: redirect };
  if (response.ok && intent.status === 'succeeded') return { status: 'succeeded' };
  return { status: 'unconfirmed', message };
}
