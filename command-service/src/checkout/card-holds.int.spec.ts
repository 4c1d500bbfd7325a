import { actions, type CardHoldView, type CardList, type CheckoutResult } from '@wine/contracts';
import { invoiceStream, userStream } from '@wine/event-schemas';
import { holdsWith } from '@wine/platform';
import { type CardNetwork, cardNetworkFromEnv, cardNetworkTitles } from '@wine/platform/testing';
import { describe, expect, it } from 'vitest';
import { invoiceDecider } from '../invoices/decide.ts';
import type { TestCommandService } from '../testing.ts';
import { onCardNetwork } from '../testing-cards.ts';

/**
 * seeds 001 "Payments" payment/authorize: an auction cart's total held on a card on file before its
 * checkout, which takes it. On the card network of CARD_NETWORK (the sandbox, or the Stripe adapter
 * against a local double of Stripe); every test says how many times the card was held and charged.
 */
const networkName = cardNetworkFromEnv();
const on = cardNetworkTitles[networkName];
let network: CardNetwork;
let service: TestCommandService;
/** What the network made since a test began: holds (held, captured, released) and charges. */
const since = (from: number) => network.charges().slice(from);

// The payment ledger and the invoices agree after each test, whichever way the card was charged.
onCardNetwork(
  (opened) => {
    ({ network, service } = opened);
  },
  { processes: false, ledger: true },
);

let n = 0;
async function buyer(card: string = network.testCards.visa) {
  n += 1;
  const user = await service.signUp(`holder${n}@holds.example`);
  const { cardId } = await service.addCard(user.token, card);
  return { ...user, cardId };
}
/** $100.00 hammer: $120.00 with the premium, $132.30 with Chicago's 10.25% at pickup. */
const HAMMER = 10_000;
const TOTAL = 13_230;
const invoiceOf = async (buyerId: string) => (await service.issueAuctionInvoice(buyerId, HAMMER)).invoiceId;

const authorize = (token: string, body: Record<string, unknown>, commandId?: string) =>
  service.post<CardHoldView>(
    actions.authorizeCard.path,
    { type: 'auction', delivery: 'pickup', ...body },
    { token, ...(commandId && { commandId }) },
  );
const checkout = (token: string, cartId: string, payment: Record<string, unknown>) =>
  service.post<CheckoutResult>(
    actions.checkout.path,
    { type: 'auction', cart_id: cartId, delivery: 'pickup', payment },
    { token },
  );
const cardsOf = async (token: string) =>
  (await service.post<CardList>(actions.getCards.path, {}, { token })).body.data.responseData.data;
/** What an issued invoice has been paid so far, cents. */
const paidOf = async (id: string) => {
  const invoice = await service.service.streams.load(invoiceStream(id), invoiceDecider);
  return invoice.status === 'none' ? null : invoice.paid;
};
const holdEvents = async (userId: string) =>
  (await service.service.streams.store.readStream(userStream(userId)))
    .filter((e) => e.type.startsWith('CardHold'))
    .map((e) => [e.type, (e.data as { reason?: string }).reason ?? null]);

describe(`payment/authorize, on ${on}`, () => {
  it('holds the cart’s total without taking it, once per x-command-id, and the checkout with the card takes the hold: charged once', async (context) => {
    const ann = await buyer();
    const invoiceId = await invoiceOf(ann.id);
    if (!holdsWith(network.provider)) {
      const refused = await authorize(ann.token, { cart_id: invoiceId, card_id: ann.cardId });
      expect([refused.status, refused.body.data.code]).toEqual([400, 'CARD_PROVIDER_NO_HOLD']);
      return context.skip(`${networkName} holds no amounts: payment/authorize is refused`);
    }
    const from = network.charges().length;
    const events = network.stripe?.events().length ?? 0;
    const body = { cart_id: invoiceId, card_id: ann.cardId };
    const [first, second] = await Promise.all([
      authorize(ann.token, body, 'ann-hold-1'),
      authorize(ann.token, body, 'ann-hold-1'),
    ]);
    const again = await authorize(ann.token, body, 'ann-hold-1');
    expect(first.status, first.body.data.message).toBe(200);
    expect(first.body.data.message).toBe('$132.30 held on your card: nothing is taken until you pay with it');
    const hold = first.body.data.responseData;
    expect(hold).toMatchObject({ card_id: ann.cardId, amount: TOTAL, invoice_ids: [invoiceId] });
    expect([second.body.data.responseData, again.body.data.responseData]).toEqual([hold, hold]);
    // Held once, taken never: the invoice is unpaid, the card shows the hold.
    expect(since(from).map((c) => [c.hold, c.amount, c.state.status])).toEqual([['held', TOTAL, 'failed']]);
    expect(await paidOf(invoiceId)).toBe(0);
    expect((await cardsOf(ann.token))[0]?.hold).toEqual({
      id: hold.hold_id,
      amount: TOTAL,
      expires_at: hold.expires_at,
    });

    const paid = await checkout(ann.token, invoiceId, { card_id: ann.cardId });
    expect([paid.status, paid.body.data.responseData.status]).toEqual([200, 'paid']);
    // The hold was the charge: one, of the total, carrying the payment; nothing else reached the card.
    expect(since(from)).toMatchObject([
      {
        hold: 'captured',
        amount: TOTAL,
        refunded: 0,
        reference: paid.body.data.responseData.payment_id,
        metadata: { invoices: invoiceId },
        state: { status: 'succeeded' },
      },
    ]);
    expect(await paidOf(invoiceId)).toBe(TOTAL);
    expect((await cardsOf(ann.token))[0]?.hold).toBeUndefined();
    expect(await holdEvents(ann.id)).toEqual([
      ['CardHoldPlaced', null],
      ['CardHoldCaptured', null],
    ]);
    const { stripe } = network;
    if (!stripe) return;
    // Stripe's events of the hold and of its capture, delivered again: the invoice records nothing more.
    const made = stripe.events().slice(events);
    expect(made.map((e) => e.type)).toEqual([
      'payment_intent.amount_capturable_updated',
      'payment_intent.succeeded',
    ]);
    const before = (await service.service.streams.store.readStream(invoiceStream(invoiceId))).length;
    for (const event of made) expect(await stripe.deliver(event.id)).toBe(200);
    expect((await service.service.streams.store.readStream(invoiceStream(invoiceId))).length).toBe(before);
    expect(since(from)).toHaveLength(1);
  });

  it('takes only the card’s part when the wallet pays some: the rest of the hold goes back', async (context) => {
    if (!holdsWith(network.provider)) return context.skip(`${networkName} holds no amounts`);
    const bea = await buyer();
    const invoiceId = await invoiceOf(bea.id);
    const from = network.charges().length;
    const credit = await service.post(
      actions.addCreditBalance.path,
      { amount: 3_000, card_id: bea.cardId },
      { token: bea.token },
    );
    expect(credit.status, credit.body.data.message).toBe(200);
    expect((await authorize(bea.token, { cart_id: invoiceId, card_id: bea.cardId })).status).toBe(200);
    const paid = await checkout(bea.token, invoiceId, { card_id: bea.cardId, use_wallet: true });
    expect(paid.body.data.responseData.status).toBe('paid');
    // The wallet's credit (one charge), then the hold taken for what the wallet did not pay.
    expect(since(from).map((c) => [c.hold ?? 'charge', c.amount])).toEqual([
      ['charge', 3_000],
      ['captured', TOTAL - 3_000],
    ]);
    expect(await paidOf(invoiceId)).toBe(TOTAL);
  });

  it('gives the hold back when the buyer pays with another card, or after it lapsed, and charges that card once', async (context) => {
    if (!holdsWith(network.provider)) return context.skip(`${networkName} holds no amounts`);
    const cy = await buyer();
    const { cardId: other } = await service.addCard(cy.token, network.testCards.mastercard);
    const first = await invoiceOf(cy.id);
    const from = network.charges().length;
    expect((await authorize(cy.token, { cart_id: first, card_id: cy.cardId })).status).toBe(200);
    const paid = await checkout(cy.token, first, { card_id: other });
    expect(paid.body.data.responseData.status).toBe('paid');
    expect(since(from).map((c) => [c.hold ?? 'charge', c.amount])).toEqual([
      ['released', TOTAL],
      ['charge', TOTAL],
    ]);

    const second = await invoiceOf(cy.id);
    const next = network.charges().length;
    expect((await authorize(cy.token, { cart_id: second, card_id: cy.cardId })).status).toBe(200);
    // Eight days on: the provider no longer keeps it (Stripe cancels an uncaptured hold after 7).
    service.clock.advance(8 * 86_400_000);
    // Signed in again (the session did not last the week either).
    const login = await service.post<{ token: string }>(actions.login.path, {
      email: cy.email,
      password: cy.password,
    });
    const late = await checkout(login.body.data.responseData.token, second, { card_id: cy.cardId });
    expect(late.body.data.responseData.status).toBe('paid');
    expect(since(next).map((c) => [c.hold ?? 'charge', c.amount])).toEqual([
      ['released', TOTAL],
      ['charge', TOTAL],
    ]);
    expect(await holdEvents(cy.id)).toEqual([
      ['CardHoldPlaced', null],
      ['CardHoldReleased', 'not_taken'],
      ['CardHoldPlaced', null],
      ['CardHoldReleased', 'lapsed'],
    ]);
  });

  it('keeps one hold at a time: a new one gives the previous back, as releasing it and removing its card do', async (context) => {
    if (!holdsWith(network.provider)) return context.skip(`${networkName} holds no amounts`);
    const dee = await buyer();
    const invoiceId = await invoiceOf(dee.id);
    const from = network.charges().length;
    const body = { cart_id: invoiceId, card_id: dee.cardId };
    await authorize(dee.token, body);
    const replacing = (await authorize(dee.token, body)).body.data.responseData;
    const released = await service.post(
      actions.releaseCardHold.path,
      { hold_id: replacing.hold_id },
      { token: dee.token },
    );
    expect([released.status, released.body.data.message]).toEqual([
      200,
      'The hold was given back to your card',
    ]);
    const gone = await service.post(
      actions.releaseCardHold.path,
      { hold_id: replacing.hold_id },
      { token: dee.token },
    );
    expect([gone.status, gone.body.data.code]).toEqual([404, 'CARD_HOLD_NOT_FOUND']);
    await authorize(dee.token, body);
    expect(
      (await service.post(actions.deleteCard.path, { id: dee.cardId }, { token: dee.token })).status,
    ).toBe(200);
    // Three holds, each given back; nothing taken.
    expect(since(from).map((c) => c.hold)).toEqual(['released', 'released', 'released']);
    expect(await holdEvents(dee.id)).toEqual([
      ['CardHoldPlaced', null],
      ['CardHoldReleased', 'replaced'],
      ['CardHoldPlaced', null],
      ['CardHoldReleased', 'released'],
      ['CardHoldPlaced', null],
      ['CardHoldReleased', 'card_removed'],
    ]);
  });

  it("refuses another buyer's invoice or card, a buy-now cart, a declined card and a visitor, holding nothing", async (context) => {
    if (!holdsWith(network.provider)) return context.skip(`${networkName} holds no amounts`);
    const eve = await buyer();
    const fay = await buyer();
    const faysInvoice = await invoiceOf(fay.id);
    const evesInvoice = await invoiceOf(eve.id);
    const { cardId: declining } = await service.addCard(eve.token, network.testCards.chargeDeclined);
    const from = network.charges().length;
    const refusals = [
      [{ cart_id: faysInvoice, card_id: eve.cardId }, 404, 'INVOICE_NOT_FOUND'],
      [{ cart_id: evesInvoice, card_id: fay.cardId }, 404, 'CARD_NOT_FOUND'],
      [{ type: 'buynow', cart_id: evesInvoice, card_id: eve.cardId }, 400, 'VALIDATION'],
      [{ cart_id: evesInvoice, card_id: eve.cardId, amount: 1 }, 400, 'VALIDATION'],
      [{ cart_id: evesInvoice, card_id: declining }, 402, 'PAYMENT_DECLINED'],
    ] as const;
    for (const [body, status, code] of refusals) {
      const answer = await authorize(eve.token, body);
      expect([body, answer.status, answer.body.data.code]).toEqual([body, status, code]);
    }
    const visitor = await service.post(actions.authorizeCard.path, { cart_id: evesInvoice }, {});
    expect([visitor.status, visitor.body.data.code]).toEqual([403, 'SESSION_INVALID']);
    expect(since(from)).toEqual([]);
    expect(await holdEvents(eve.id)).toEqual([]);
  });
});
