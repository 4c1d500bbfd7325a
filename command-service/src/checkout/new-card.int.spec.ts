import { actions, type CheckoutResult } from '@wine/contracts';
import { invoiceStream, paymentStream } from '@wine/event-schemas';
import { type CardNetwork, openCardNetwork } from '@wine/platform/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { invoiceDecider } from '../invoices/decide.ts';
import { checkLedger } from '../payments/ledger-check.ts';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import { cardPart } from './payments.ts';

/**
 * Issue 35 §2, seeds 001 stripe_payment_element: a new card given to Stripe in the browser (its
 * Payment Element), kept nowhere. The product makes the PaymentIntent without a card and answers its
 * client secret; the browser (here, a test doing what Stripe.js does with the publishable key)
 * confirms it with the card against a local double of Stripe; the return (stripe_payment_response)
 * or Stripe's event records it. Every test counts the charges, and the ledger agrees after each.
 */
let network: CardNetwork;
let service: TestCommandService;
beforeAll(async () => {
  network = await openCardNetwork('stripe');
  service = await openTestCommandService({ network });
});
afterEach(async () => {
  expect((await checkLedger(service.service.streams.store)).disagreements).toEqual([]);
});
afterAll(async () => {
  await service.close();
  await network.close();
});

const stripe = () => network.stripe as NonNullable<CardNetwork['stripe']>;
let n = 0;
/** A buyer (the house asks for a card on file before buying; this checkout pays with another, new one). */
const buyer = async () => {
  n += 1;
  const user = await service.signUp(`buyer${n}@new-card.example`);
  await service.addCard(user.token);
  return user;
};
const buyNow = async (token: string) => {
  const lot = await service.listLot({ auction: false, buyNow: true, buyNowPrice: 5_000, quantity: 3 });
  const added = await service.post(
    actions.addToCart.path,
    { cart: [{ product_id: lot.lotId, qty: 1 }] },
    { token },
  );
  expect(added.status, added.body.data.message).toBe(200);
  return lot;
};
const payWithNewCard = (token: string, commandId?: string, path = '/api/payment/stripe_payment_element') =>
  service.post<CheckoutResult>(
    path,
    { type: 'buynow', cart_id: `c${n}`, delivery: 'pickup', payment: { element: true } },
    { token, ...(commandId && { commandId }) },
  );
const confirmBack = (token: string, result: CheckoutResult) =>
  service.post<CheckoutResult>(
    '/api/payment/stripe_payment_response',
    { payment_id: result.payment_id, invoice_ids: result.invoice_ids },
    { token },
  );

/** What Stripe.js does with the card and the client secret: a PaymentMethod, then the confirm. */
async function confirmInBrowser(clientSecret: string, number: string) {
  const key = { authorization: `Bearer ${stripe().publishableKey}` };
  const method = await fetch(`${stripe().url}/v1/payment_methods`, {
    method: 'POST',
    headers: key,
    body: new URLSearchParams({
      type: 'card',
      'card[number]': number,
      'card[exp_month]': '12',
      'card[exp_year]': '2030',
      'card[cvc]': '123',
    }),
  });
  const pm = (await method.json()) as { id: string };
  const intentId = clientSecret.split('_secret_')[0] as string;
  const confirmed = await fetch(`${stripe().url}/v1/payment_intents/${intentId}/confirm`, {
    method: 'POST',
    headers: key,
    body: new URLSearchParams({
      client_secret: clientSecret,
      payment_method: pm.id,
      return_url: 'http://127.0.0.1:5173/checkout_confirm',
    }),
  });
  return { intentId, status: confirmed.status, body: (await confirmed.json()) as Record<string, unknown> };
}

const invoiceOf = async (id: string) => {
  const invoice = await service.service.streams.load(invoiceStream(id), invoiceDecider);
  if (invoice.status !== 'issued') throw new Error(`no invoice ${id}`);
  return invoice;
};

describe('a new card paid through Stripe’s Payment Element, against a local double of Stripe', () => {
  it('makes the charge without a card, the browser confirms it, and the return records it once', async () => {
    const ann = await buyer();
    await buyNow(ann.token);
    const from = network.charges().length;
    const answer = await payWithNewCard(ann.token);
    expect(answer.status, answer.body.data.message).toBe(200);
    const result = answer.body.data.responseData;
    expect(result).toMatchObject({ status: 'requires_action', url: null });
    expect(result.client_secret).toMatch(/^pi_\w+_secret_\w+$/);
    // Nothing is taken before the browser confirms.
    expect(network.charges().slice(from)).toEqual([]);
    const invoiceId = result.invoice_ids[0] as string;
    const { total } = (await invoiceOf(invoiceId)).amounts;

    const confirmed = await confirmInBrowser(result.client_secret as string, network.testCards.visa);
    expect(confirmed.body.status).toBe('succeeded');
    const back = await confirmBack(ann.token, result);
    expect(back.status, back.body.data.message).toBe(200);
    expect(back.body.data.responseData.status).toBe('paid');
    expect(network.charges().slice(from)).toMatchObject([{ amount: total, refunded: 0 }]);
    const invoice = await invoiceOf(invoiceId);
    expect(invoice.paid).toBe(total);
    const id = cardPart(result.payment_id);
    expect(invoice.payments[id]).toMatchObject({ status: 'succeeded', chargeId: confirmed.intentId });
    const ledger = (await service.service.streams.store.readStream(paymentStream(id))).map((e) => e.type);
    expect(ledger).toEqual(['TransactionStarted', 'TransactionActionRequired', 'TransactionCharged']);
    // Stripe's events (the success) delivered again, and the return again: nothing more.
    for (const event of stripe().events()) await stripe().deliver(event.id);
    expect((await confirmBack(ann.token, result)).body.data.responseData.status).toBe('paid');
    expect((await invoiceOf(invoiceId)).paid).toBe(total);
    expect(network.charges().slice(from)).toHaveLength(1);
  });

  it('answers the same charge for the same request twice at once (one x-command-id), and the other paths the same', async () => {
    const bea = await buyer();
    await buyNow(bea.token);
    const intentsBefore = stripe().requests.filter((r) => r.path === '/v1/payment_intents').length;
    const commandId = crypto.randomUUID();
    const answers = await Promise.all([
      payWithNewCard(bea.token, commandId),
      payWithNewCard(bea.token, commandId),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const secrets = new Set(answers.map((a) => a.body.data.responseData.client_secret));
    expect(secrets.size).toBe(1);
    const made = stripe().requests.filter((r) => r.path === '/v1/payment_intents').length - intentsBefore;
    expect(made).toBeLessThanOrEqual(1);
    // cart/checkout takes the same choice (one action, its paths).
    const cat = await buyer();
    await buyNow(cat.token);
    const viaCart = await payWithNewCard(cat.token, undefined, actions.checkout.path);
    expect(viaCart.body.data.responseData.client_secret).toMatch(/_secret_/);
  });

  it('gives the payment up when the card is declined in the browser: nothing taken, the order left to lapse', async () => {
    const cid = await buyer();
    await buyNow(cid.token);
    const from = network.charges().length;
    const result = (await payWithNewCard(cid.token)).body.data.responseData;
    const confirmed = await confirmInBrowser(result.client_secret as string, network.testCards.declined);
    expect(confirmed.status).toBe(402);
    const back = await confirmBack(cid.token, result);
    expect(back.status).toBe(402);
    expect(back.body.data.code).toBe('PAYMENT_DECLINED');
    const invoice = await invoiceOf(result.invoice_ids[0] as string);
    expect(invoice.paid).toBe(0);
    expect(invoice.payments[cardPart(result.payment_id)]?.status).toBe('failed');
    expect(network.charges().slice(from)).toEqual([]);
  });

  it('sends a card that wants 3-D Secure to the issuer’s page, and records it once after', async () => {
    const dan = await buyer();
    await buyNow(dan.token);
    const from = network.charges().length;
    const result = (await payWithNewCard(dan.token)).body.data.responseData;
    const confirmed = await confirmInBrowser(
      result.client_secret as string,
      network.testCards.authenticationRequired,
    );
    expect(confirmed.body.status).toBe('requires_action');
    expect((await confirmBack(dan.token, result)).body.data.responseData.status).toBe('requires_action');
    await network.authenticate(confirmed.intentId, true);
    expect((await confirmBack(dan.token, result)).body.data.responseData.status).toBe('paid');
    expect(network.charges().slice(from)).toHaveLength(1);
  });

  it('refuses a new card where the provider has no such flow, and another buyer’s return, writing nothing', async () => {
    const sandbox = await openTestCommandService();
    try {
      const eve = await sandbox.signUp('eve@new-card.example');
      const refused = await sandbox.post(
        actions.checkout.path,
        { type: 'buynow', cart_id: 'c-eve', delivery: 'pickup', payment: { element: true } },
        { token: eve.token },
      );
      expect(refused.status).toBe(400);
      expect(refused.body.data.code).toBe('CARD_PROVIDER_NO_NEW_CARD');
      // The Payment Element's path is Stripe's: not served beside the sandbox.
      const path = await sandbox.post('/api/payment/stripe_payment_element', {}, { token: eve.token });
      expect(path.status).toBe(404);
    } finally {
      await sandbox.close();
    }
    const both = await payWithNewCardBody({ element: true, card_id: 'card-1' });
    expect(both.status).toBe(400);
    const fay = await buyer();
    await buyNow(fay.token);
    const result = (await payWithNewCard(fay.token)).body.data.responseData;
    const mallory = await buyer();
    const stolen = await confirmBack(mallory.token, result);
    expect(stolen.status).toBe(404);
  });
});

async function payWithNewCardBody(payment: Record<string, unknown>) {
  const user = await buyer();
  return service.post<CheckoutResult>(
    actions.checkout.path,
    { type: 'buynow', cart_id: 'c-both', delivery: 'pickup', payment },
    { token: user.token },
  );
}
