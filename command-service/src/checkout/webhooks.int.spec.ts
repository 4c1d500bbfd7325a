import { createHmac } from 'node:crypto';
import { actions, type CheckoutResult, cardWebhookPath } from '@wine/contracts';
import { invoiceStream, lotStream } from '@wine/event-schemas';
import { type CardNetwork, openCardNetwork } from '@wine/platform/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { invoiceDecider } from '../invoices/decide.ts';
import { lotDecider } from '../lots/decide.ts';
import { checkLedger } from '../payments/ledger-check.ts';
import { openTestCommandService, type TestCommandService } from '../testing.ts';

/**
 * Issue 35 §1: Stripe's events, posted by a local double of Stripe to the product's webhook endpoint,
 * signed as Stripe signs them: refused unsigned or mis-signed, and applied so that an event before the
 * checkout's answer, twice, late or out of order moves nothing twice. Every test counts the charges.
 */
let network: CardNetwork;
let service: TestCommandService;
beforeAll(async () => {
  network = await openCardNetwork('stripe');
  service = await openTestCommandService({ network });
});
/** Issue 35 §1: after each test the payment ledger and the invoices agree. */
afterEach(async () => {
  expect((await checkLedger(service.service.streams.store)).disagreements).toEqual([]);
});
afterAll(async () => {
  await service.close();
  await network.close();
});

const stripe = () => network.stripe as NonNullable<CardNetwork['stripe']>;
const chargedSince = (from: number) => network.charges().slice(from);
let n = 0;
async function buyer(card: string = network.testCards.visa) {
  n += 1;
  const user = await service.signUp(`buyer${n}@webhooks.example`);
  const { cardId } = await service.addCard(user.token, card);
  return { ...user, cardId };
}
const buyNow = async (token: string, quantity = 1) => {
  const lot = await service.listLot({ auction: false, buyNow: true, buyNowPrice: 5_000, quantity: 3 });
  await service.post(actions.addToCart.path, { cart: [{ product_id: lot.lotId, qty: quantity }] }, { token });
  return lot;
};
const checkout = (token: string, cardId: string) =>
  service.post<CheckoutResult>(
    actions.checkout.path,
    { type: 'buynow', cart_id: `c${crypto.randomUUID()}`, delivery: 'pickup', payment: { card_id: cardId } },
    { token },
  );
const soldOf = async (lotId: string) => {
  const lot = await service.service.streams.load(lotStream(lotId), lotDecider);
  if (lot.status === 'empty') throw new Error('no lot');
  return lot.sold;
};
const lengthOf = async (stream: string) => (await service.service.streams.store.readStream(stream)).length;
const mailsTo = async (email: string) =>
  ((await service.mailer.outbox?.({ to: email, limit: 100 })) ?? []).filter((m) => /payment/i.test(m.subject))
    .length;
const post = (payload: string, signature?: string) =>
  service.app.inject({
    method: 'POST',
    url: cardWebhookPath('stripe'),
    payload,
    headers: {
      'content-type': 'application/json',
      ...(signature !== undefined && { 'stripe-signature': signature }),
    },
  });
const signed = (payload: string, secret: string, at = Math.floor(Date.now() / 1000)) =>
  `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${payload}`).digest('hex')}`;

describe("Stripe's events, from a local double of Stripe", () => {
  it('records a checkout once when its event comes before the checkout answers, and again twice', async () => {
    const ann = await buyer();
    const lot = await buyNow(ann.token);
    const from = chargedSince(0).length;
    const events = stripe().events().length;
    const answer = await checkout(ann.token, ann.cardId);
    expect(answer.body.data.responseData.status).toBe('paid');
    const invoiceId = answer.body.data.responseData.invoice_ids[0] as string;
    // The double posted payment_intent.succeeded before answering the PaymentIntent call.
    expect(
      stripe()
        .events()
        .slice(events)
        .map((e) => e.type),
    ).toEqual(['payment_intent.succeeded']);
    const invoice = await service.service.streams.load(invoiceStream(invoiceId), invoiceDecider);
    expect(invoice.status === 'issued' && Object.values(invoice.payments).map((p) => p.status)).toEqual([
      'succeeded',
    ]);
    expect(await mailsTo(ann.email)).toBe(1);
    const before = [await lengthOf(invoiceStream(invoiceId)), await lengthOf(lotStream(lot.lotId))];
    for (const event of stripe().events().slice(events)) {
      expect(await stripe().deliver(event.id)).toBe(200);
      expect(await stripe().deliver(event.id)).toBe(200);
    }
    expect([await lengthOf(invoiceStream(invoiceId)), await lengthOf(lotStream(lot.lotId))]).toEqual(before);
    expect(await mailsTo(ann.email)).toBe(1);
    const total = invoice.status === 'issued' ? invoice.amounts.total : 0;
    expect(chargedSince(from)).toMatchObject([{ amount: total, refunded: 0 }]);
  });

  it('completes a 3-D Secure order from the event when the buyer never comes back, once', async () => {
    const bea = await buyer(network.testCards.authenticationRequired);
    const lot = await buyNow(bea.token, 2);
    const from = chargedSince(0).length;
    const answer = await checkout(bea.token, bea.cardId);
    const result = answer.body.data.responseData;
    expect(result.status).toBe('requires_action');
    // The buyer passes the issuer's check and closes the tab: only Stripe's event tells the product.
    await network.authenticate(network.chargeIdIn(result.url as string), true);
    expect(await soldOf(lot.lotId)).toBe(2);
    expect(await mailsTo(bea.email)).toBe(1);
    // Back later, the buyer's own confirmation finds it paid and writes and mails nothing more.
    const invoiceId = result.invoice_ids[0] as string;
    const before = await lengthOf(invoiceStream(invoiceId));
    const confirmed = await service.post<CheckoutResult>(
      actions.confirmPayment.path,
      { payment_id: result.payment_id, invoice_ids: result.invoice_ids },
      { token: bea.token },
    );
    expect(confirmed.body.data.responseData.status).toBe('paid');
    expect(await lengthOf(invoiceStream(invoiceId))).toBe(before);
    expect(await mailsTo(bea.email)).toBe(1);
    const invoice = await service.service.streams.load(invoiceStream(invoiceId), invoiceDecider);
    expect(chargedSince(from)).toMatchObject([
      {
        amount: invoice.status === 'issued' && invoice.amounts.total,
        refunded: 0,
        state: { status: 'succeeded' },
      },
    ]);
  });

  it('applies events out of order: the success first, then the older "requires action", then again', async () => {
    const cy = await buyer(network.testCards.authenticationRequired);
    const lot = await buyNow(cy.token);
    stripe().hold(true);
    const events = stripe().events().length;
    const answer = await checkout(cy.token, cy.cardId);
    const result = answer.body.data.responseData;
    await network.authenticate(network.chargeIdIn(result.url as string), true);
    stripe().hold(false);
    const held = stripe().events().slice(events);
    expect(held.map((e) => e.type)).toEqual(['payment_intent.requires_action', 'payment_intent.succeeded']);
    for (const event of [...held].reverse()) expect(await stripe().deliver(event.id)).toBe(200);
    expect(await soldOf(lot.lotId)).toBe(1);
    const invoiceId = result.invoice_ids[0] as string;
    const before = await lengthOf(invoiceStream(invoiceId));
    for (const event of held) expect(await stripe().deliver(event.id)).toBe(200);
    expect(await lengthOf(invoiceStream(invoiceId))).toBe(before);
    expect(await mailsTo(cy.email)).toBe(1);
  });

  it('fails a waiting payment from its failure event when the buyer fails the check and never comes back', async () => {
    const dee = await buyer(network.testCards.authenticationRequired);
    const lot = await buyNow(dee.token);
    const from = chargedSince(0).length;
    const answer = await checkout(dee.token, dee.cardId);
    const result = answer.body.data.responseData;
    const chargeId = network.chargeIdIn(result.url as string);
    await network.authenticate(chargeId, false);
    const invoiceId = result.invoice_ids[0] as string;
    const invoice = await service.service.streams.load(invoiceStream(invoiceId), invoiceDecider);
    expect(invoice.status === 'issued' && Object.values(invoice.payments).map((p) => p.status)).toEqual([
      'failed',
    ]);
    expect(await soldOf(lot.lotId)).toBe(0);
    expect(chargedSince(from)).toMatchObject([{ state: { status: 'failed' } }]);
  });

  it('refuses an event without a signature, with a wrong one, an old one or a bad body, and acts on none', async () => {
    const eve = await buyer(network.testCards.authenticationRequired);
    await buyNow(eve.token);
    const answer = await checkout(eve.token, eve.cardId);
    const result = answer.body.data.responseData;
    const chargeId = network.chargeIdIn(result.url as string);
    // A forged success for the waiting charge: the attacker knows its id but not the secret.
    const forged = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {
        object: {
          id: chargeId,
          object: 'payment_intent',
          status: 'succeeded',
          metadata: { reference: result.payment_id, invoices: result.invoice_ids.join(',') },
        },
      },
    });
    const invoiceId = result.invoice_ids[0] as string;
    const before = await lengthOf(invoiceStream(invoiceId));
    const refused = [
      await post(forged),
      await post(forged, ''),
      await post(forged, signed(forged, 'whsec_not_the_secret')),
      await post(forged, signed(forged, stripe().webhookSecret, Math.floor(Date.now() / 1000) - 3600)),
      await post(`${forged} `, signed(forged, stripe().webhookSecret)),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400]);
    expect(await lengthOf(invoiceStream(invoiceId))).toBe(before);
    const huge = await post('x'.repeat(300 * 1024), signed('x', stripe().webhookSecret));
    expect(huge.statusCode).toBe(413);
    // Signed by Stripe, an event for a charge no invoice knows, or of a type the product does not follow.
    const unknown = JSON.stringify({
      ...JSON.parse(forged),
      id: 'evt_unknown',
      data: { object: { id: 'pi_x', metadata: {} } },
    });
    expect((await post(unknown, signed(unknown, stripe().webhookSecret))).json()).toEqual({
      status: 'unknown',
    });
    const other = JSON.stringify({
      id: 'evt_other',
      object: 'event',
      type: 'customer.created',
      data: { object: {} },
    });
    expect((await post(other, signed(other, stripe().webhookSecret))).json()).toEqual({ status: 'ignored' });
    expect(await lengthOf(invoiceStream(invoiceId))).toBe(before);
  });

  const disputesOf = async (invoiceId: string) => {
    const invoice = await service.service.streams.load(invoiceStream(invoiceId), invoiceDecider);
    if (invoice.status !== 'issued') throw new Error('no invoice');
    return {
      disputes: Object.values(invoice.disputes),
      chargedBack: invoice.chargedBack,
      paid: invoice.paid,
    };
  };
  const typesIn = async (stream: string) =>
    (await service.service.streams.store.readStream(stream)).map((e) => e.type);

  it('records a dispute on the invoice its charge paid, once, and its loss as charged back, once', async () => {
    const fay = await buyer();
    await buyNow(fay.token);
    const from = chargedSince(0).length;
    const answer = await checkout(fay.token, fay.cardId);
    const invoiceId = answer.body.data.responseData.invoice_ids[0] as string;
    const chargeId = network.charges().at(-1)?.chargeId as string;
    const { paid } = await disputesOf(invoiceId);
    const events = stripe().events().length;
    // Stripe's dispute names only the PaymentIntent: the product asks Stripe what it was for.
    const disputeId = await stripe().dispute(chargeId, 'fraudulent');
    expect(await disputesOf(invoiceId)).toEqual({
      disputes: [{ paymentId: expect.any(String), amount: paid, reason: 'fraudulent', status: 'open' }],
      chargedBack: 0,
      paid,
    });
    await stripe().closeDispute(chargeId, 'lost');
    const delivered = stripe().events().slice(events);
    expect(delivered.map((e) => e.type)).toEqual(['charge.dispute.created', 'charge.dispute.closed']);
    // Each again, in any order: nothing more.
    const before = await lengthOf(invoiceStream(invoiceId));
    for (const event of [...delivered].reverse()) expect(await stripe().deliver(event.id)).toBe(200);
    expect(await lengthOf(invoiceStream(invoiceId))).toBe(before);
    expect((await typesIn(invoiceStream(invoiceId))).filter((t) => t.startsWith('PaymentDispute'))).toEqual([
      'PaymentDisputed',
      'PaymentDisputeClosed',
    ]);
    const decided = await disputesOf(invoiceId);
    expect([decided.disputes[0]?.status, decided.chargedBack, decided.paid]).toEqual(['lost', paid, paid]);
    // The card was charged once; the product refunded nothing (the network took the money back).
    expect(chargedSince(from)).toMatchObject([{ amount: paid, refunded: 0 }]);
    expect(disputeId).toMatch(/^dp_/);
  });

  it('applies a dispute decided before its opening arrives: opened and won at once, the opening then moves nothing', async () => {
    const gil = await buyer();
    await buyNow(gil.token);
    const answer = await checkout(gil.token, gil.cardId);
    const invoiceId = answer.body.data.responseData.invoice_ids[0] as string;
    const chargeId = network.charges().at(-1)?.chargeId as string;
    stripe().hold(true);
    const events = stripe().events().length;
    await stripe().dispute(chargeId, 'product_not_received');
    await stripe().closeDispute(chargeId, 'won');
    stripe().hold(false);
    const [created, closed] = stripe().events().slice(events);
    expect(await stripe().deliver(closed?.id as string)).toBe(200);
    expect(await stripe().deliver(created?.id as string)).toBe(200);
    const { disputes, chargedBack } = await disputesOf(invoiceId);
    expect([disputes.map((d) => [d.reason, d.status]), chargedBack]).toEqual([
      [['product_not_received', 'won']],
      0,
    ]);
  });
});
