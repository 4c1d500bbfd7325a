import { type CardDetails, type CardProviderInfo, VaultAnswer } from '@wine/contracts';
import { providerFetch } from '../api/client.ts';

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

/**
 * Issue 35 §1: the card form's card goes to the configured provider, never to the product; what
 * comes back is the single-use token the product keeps the card by. Throws CardTokenError with the
 * provider's words when it refuses the card.
 */
export async function tokenizeCard(card: CardDetails, provider: CardProviderInfo): Promise<string> {
  if (provider.name === 'stripe') return stripePaymentMethod(card, provider);
  if (provider.name === 'sandbox') return sandboxVault(card, provider);
  // CyberSource takes cards only in its Flex Microform fields, which this form does not embed yet; the
  // configuration cannot pick it (platform openCards), so no browser reaches this.
  throw new CardTokenError(`Cards cannot be added for ${provider.name} from this form.`);
}
