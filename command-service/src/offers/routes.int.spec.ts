import { actions, type CheckoutResult, type OfferResult } from '@wine/contracts';
import { invoiceStream, lotStream } from '@wine/event-schemas';
import { type CardNetwork, cardNetworkFromEnv, cardNetworkTitles } from '@wine/platform/testing';
import { describe, expect, it, vi } from 'vitest';
import { invoiceDecider } from '../invoices/decide.ts';
import { lotDecider } from '../lots/decide.ts';
import type { TestCommandService } from '../testing.ts';
import { onCardNetwork } from '../testing-cards.ts';
import { houseSecondChanceId } from './process.ts';
import { offerSale } from './sale.ts';

/**
 * Issue 36 through the API: a buyer's offer, the seller's counter, the buyer's acceptance and payment
 * of the invoice at the agreed price; the second chance; the expiry; and every call tried as an
 * attacker would. Charges are counted on the card network under test (CARD_NETWORK).
 */
const networkName = cardNetworkFromEnv();
const on = cardNetworkTitles[networkName];
let network: CardNetwork;
let service: TestCommandService;
onCardNetwork(
  (opened) => {
    ({ network, service } = opened);
  },
  { ledger: true },
);

const HOUR = 3600_000;
let n = 0;
async function buyer(withCard = true) {
  n += 1;
  const user = await service.signUp(`offerer${n}@offers.example`);
  const cardId = withCard ? (await service.addCard(user.token, network.testCards.visa)).cardId : '';
  return { ...user, cardId };
}
async function seller() {
  n += 1;
  return service.signUp(`seller${n}@offers.example`, ['seller']);
}

/** A fixed-price lot of `quantity` bottles at $100 a bottle, listed for the seller. */
const fixedPriceLot = (
  sellerId: string,
  quantity = 6,
  offerRules?: { autoAccept: number | null; autoDecline: number | null },
) =>
  service.listLot({
    auction: false,
    buyNow: true,
    buyNowPrice: 10_000,
    quantity,
    discounts: [],
    sellerId,
    ...(offerRules && { offerRules }),
  });

const post = <T = OfferResult>(path: string, body: unknown, token?: string, commandId?: string) =>
  service.post<T>(path, body, { ...(token && { token }), ...(commandId && { commandId }) });
const typesOn = async (lotId: string) =>
  (await service.service.streams.store.readStream(lotStream(lotId))).map((e) => e.type);
const loadInvoice = async (id: string) => {
  const invoice = await service.service.streams.load(invoiceStream(id), invoiceDecider);
  if (invoice.status !== 'issued') throw new Error(`no invoice ${id}`);
  return invoice;
};
const mailsTo = (to: string) => service.mailer.outbox?.({ to, limit: 500 }) ?? Promise.resolve([]);

describe(`an offer countered, accepted and paid (issue 36 'Done when'), on ${on}`, () => {
  it('sells at the agreed price: the invoice carries the counter, no premium, and the card is charged once', async () => {
    const sam = await seller();
    const ann = await buyer();
    const lot = await fixedPriceLot(sam.id);
    const made = await post(
      actions.makeOffer.path,
      { product_id: lot.lotId, qty: 2, price: 8_000 },
      ann.token,
    );
    expect(made.status).toBe(200);
    expect(made.body.data.message).toBe('Your offer was sent');
    const offerId = made.body.data.responseData.offer_id;
    expect(made.body.data.responseData).toEqual({ offer_id: offerId, status: 'open', invoice_id: null });
    // Nothing is held or charged before an acceptance.
    expect(await typesOn(lot.lotId)).toEqual(['LotListed', 'OfferMade']);
    const seller1 = await mailsTo(sam.email);
    expect(seller1[0]?.subject).toBe(`New offer on ${lot.title}`);

    const countered = await post(
      actions.changeOfferStatus.path,
      { product_id: lot.lotId, offer_id: offerId, status: 'counter', price: 9_000, qty: 2 },
      sam.token,
    );
    expect(countered.status).toBe(200);
    expect(countered.body.data.responseData.status).toBe('countered');
    expect((await mailsTo(ann.email))[0]?.subject).toBe(`Counter-offer on ${lot.title}`);

    const accepted = await post(
      actions.acceptOfferTemp.path,
      { product_id: lot.lotId, offer_id: offerId },
      ann.token,
    );
    expect(accepted.status).toBe(200);
    const invoiceId = accepted.body.data.responseData.invoice_id as string;
    expect(accepted.body.data.responseData.status).toBe('accepted');
    const invoice = await loadInvoice(invoiceId);
    expect(invoice.issued.kind).toBe('offer');
    expect(invoice.issued.lines).toMatchObject([
      { lotId: lot.lotId, qty: 2, unitPrice: 9_000, amount: 18_000 },
    ]);
    expect(invoice.amounts.premium).toBe(0);
    expect(await typesOn(lot.lotId)).toEqual([
      'LotListed',
      'OfferMade',
      'OfferCountered',
      'OfferAccepted',
      'StockReserved',
    ]);

    const from = network.charges().length;
    const paid = await service.post<CheckoutResult>(
      actions.checkout.path,
      { type: 'offer', cart_id: invoiceId, delivery: 'pickup', payment: { card_id: ann.cardId } },
      { token: ann.token },
    );
    expect(paid.status).toBe(200);
    expect(paid.body.data.responseData.status).toBe('paid');
    const after = await loadInvoice(invoiceId);
    expect(after.paid).toBe(after.amounts.total);
    expect(after.amounts.subtotal).toBe(18_000);
    // Charged once, the agreed price with tax.
    const charges = network.charges().slice(from);
    expect(charges).toHaveLength(1);
    expect(charges[0]?.amount).toBe(after.amounts.total);
    expect((await typesOn(lot.lotId)).at(-1)).toBe('StockSold');
    const state = await service.service.streams.load(lotStream(lot.lotId), lotDecider);
    expect(state.status !== 'empty' && state.sold).toBe(2);
  });

  it("pays through the seeds' checkouttemp path too, once for a reused x-command-id", async () => {
    const sam = await seller();
    const bea = await buyer();
    const lot = await fixedPriceLot(sam.id);
    const made = await post(
      actions.makeOffer.path,
      { product_id: lot.lotId, qty: 1, price: 9_500 },
      bea.token,
    );
    const offerId = made.body.data.responseData.offer_id;
    const ok = await post(
      actions.changeOfferStatus.path,
      { product_id: lot.lotId, offer_id: offerId, status: 'accept' },
      sam.token,
    );
    expect(ok.body.data.responseData.status).toBe('accepted');
    const invoiceId = ok.body.data.responseData.invoice_id as string;
    await vi.waitFor(async () => expect((await loadInvoice(invoiceId)).issued.kind).toBe('offer'));
    const from = network.charges().length;
    const body = { type: 'offer', cart_id: invoiceId, delivery: 'pickup', payment: { card_id: bea.cardId } };
    const [first, second] = await Promise.all([
      service.post<CheckoutResult>('/api/buynowtemp/checkouttemp', body, {
        token: bea.token,
        commandId: 'pay-offer-1',
      }),
      service.post<CheckoutResult>('/api/buynowtemp/checkouttemp', body, {
        token: bea.token,
        commandId: 'pay-offer-1',
      }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(network.charges().slice(from)).toHaveLength(1);
    expect((await loadInvoice(invoiceId)).paid).toBe((await loadInvoice(invoiceId)).amounts.total);
  });
});

describe('offers tried as an attacker would', () => {
  it("refuses without a session, without a card, on one's own lot, and bad prices, writing nothing", async () => {
    const sam = await seller();
    const noCard = await buyer(false);
    const lot = await fixedPriceLot(sam.id);
    const body = { product_id: lot.lotId, qty: 1, price: 5_000 };
    expect((await post(actions.makeOffer.path, body)).status).toBe(403);
    expect((await post(actions.makeOffer.path, body, noCard.token)).body.data.code).toBe('ADD_CARD');
    await service.addCard(sam.token, network.testCards.visa);
    expect((await post(actions.makeOffer.path, body, sam.token)).body.data.code).toBe('OWN_LOT');
    const ann = await buyer();
    for (const price of [-100, 0, 12.5, '5000', 1e12]) {
      const bad = await post(actions.makeOffer.path, { ...body, price }, ann.token);
      expect(bad.status).toBe(400);
      expect(bad.body.data.responseData.field).toBe('price');
    }
    const tooMany = await post(actions.makeOffer.path, { ...body, qty: 7 }, ann.token);
    expect(tooMany.body.data.code).toBe('OFFER_QUANTITY');
    const huge = await post(actions.makeOffer.path, { ...body, note: 'x'.repeat(100_000) }, ann.token);
    expect(huge.status).toBe(400);
    expect(await typesOn(lot.lotId)).toEqual(['LotListed']);
  });

  it('refuses a lot that takes no offers (an open auction)', async () => {
    const ann = await buyer();
    const lot = await service.listLot({ auction: true, buyNow: false, sellerId: 'house' });
    const answer = await post(
      actions.makeOffer.path,
      { product_id: lot.lotId, qty: 1, price: 5_000 },
      ann.token,
    );
    expect(answer.status).toBe(409);
    expect(answer.body.data.code).toBe('OFFERS_NOT_TAKEN');
  });

  it('lets nobody else answer: another buyer, another seller, a buyer as staff, the buyer out of turn', async () => {
    const sam = await seller();
    const other = await seller();
    const ann = await buyer();
    const bob = await buyer();
    const lot = await fixedPriceLot(sam.id);
    const made = await post(
      actions.makeOffer.path,
      { product_id: lot.lotId, qty: 1, price: 8_000 },
      ann.token,
    );
    const ref = { product_id: lot.lotId, offer_id: made.body.data.responseData.offer_id };
    // Another buyer cannot accept, decline or withdraw it (it is not theirs: not found).
    expect(
      (await post(actions.answerOfferTemp.path, { ...ref, status: 'withdraw' }, bob.token)).body.data.code,
    ).toBe('OFFER_NOT_FOUND');
    // A buyer is not staff.
    expect((await post(actions.changeOfferStatus.path, { ...ref, status: 'accept' }, ann.token)).status).toBe(
      403,
    );
    // Another seller's lot.
    expect(
      (await post(actions.changeOfferStatus.path, { ...ref, status: 'accept' }, other.token)).body.data.code,
    ).toBe('OFFER_NOT_FOUND');
    // The buyer cannot accept their own offer: it waits for the seller.
    expect((await post(actions.acceptOfferTemp.path, ref, ann.token)).body.data.code).toBe(
      'OFFER_NOT_YOUR_TURN',
    );
    // A decline needs its reason from the fixed list.
    const noReason = await post(actions.changeOfferStatus.path, { ...ref, status: 'decline' }, sam.token);
    expect(noReason.status).toBe(400);
    expect(noReason.body.data.responseData.field).toBe('reason');
    const declined = await post(
      actions.changeOfferStatus.path,
      { ...ref, status: 'decline', reason: 'price_too_low', note: 'Try 95' },
      sam.token,
    );
    expect(declined.body.data.responseData.status).toBe('declined');
    // A declined offer cannot be accepted afterwards.
    expect(
      (await post(actions.changeOfferStatus.path, { ...ref, status: 'accept' }, sam.token)).body.data.code,
    ).toBe('OFFER_CLOSED');
    expect(await typesOn(lot.lotId)).toEqual(['LotListed', 'OfferMade', 'OfferDeclined']);
    const told = (await mailsTo(ann.email))[0];
    expect(told?.subject).toBe(`Offer declined: ${lot.title}`);
    expect(told?.text).toContain('the price is too low');
  });

  it("makes one offer for a reused x-command-id, and a new offer replaces the buyer's earlier one", async () => {
    const sam = await seller();
    const ann = await buyer();
    const lot = await fixedPriceLot(sam.id);
    const body = { product_id: lot.lotId, qty: 1, price: 7_000 };
    const [a, b] = await Promise.all([
      post(actions.makeOffer.path, body, ann.token, 'offer-once-1'),
      post(actions.makeOffer.path, body, ann.token, 'offer-once-1'),
    ]);
    expect(a.body.data.responseData.offer_id).toBe(b.body.data.responseData.offer_id);
    expect(await typesOn(lot.lotId)).toEqual(['LotListed', 'OfferMade']);
    await post(actions.makeOffer.path, { ...body, price: 7_500 }, ann.token);
    expect(await typesOn(lot.lotId)).toEqual(['LotListed', 'OfferMade', 'OfferWithdrawn', 'OfferMade']);
  });

  it('limits the counters to the configured rounds', async () => {
    const sam = await seller();
    const ann = await buyer();
    const lot = await fixedPriceLot(sam.id);
    const made = await post(
      actions.makeOffer.path,
      { product_id: lot.lotId, qty: 1, price: 6_000 },
      ann.token,
    );
    const ref = { product_id: lot.lotId, offer_id: made.body.data.responseData.offer_id };
    const counter = (token: string, path: string, price: number) =>
      post(path, { ...ref, status: 'counter', price, qty: 1 }, token);
    expect((await counter(sam.token, actions.changeOfferStatus.path, 9_000)).status).toBe(200);
    expect((await counter(ann.token, actions.answerOfferTemp.path, 7_000)).status).toBe(200);
    expect((await counter(sam.token, actions.changeOfferStatus.path, 8_500)).status).toBe(200);
    const fourth = await counter(ann.token, actions.answerOfferTemp.path, 8_000);
    expect(fourth.body.data.code).toBe('OFFER_ROUNDS');
  });

  it("answers at once by the lot's hidden prices: auto-decline below, auto-accept at or above", async () => {
    const sam = await seller();
    const ann = await buyer();
    const lot = await fixedPriceLot(sam.id, 6, { autoAccept: 9_000, autoDecline: 5_000 });
    const low = await post(
      actions.makeOffer.path,
      { product_id: lot.lotId, qty: 1, price: 4_000 },
      ann.token,
    );
    expect(low.body.data.responseData.status).toBe('declined');
    expect(low.body.data.message).toBe('Your offer was declined');
    const high = await post(
      actions.makeOffer.path,
      { product_id: lot.lotId, qty: 2, price: 9_000 },
      ann.token,
    );
    expect(high.body.data.responseData.status).toBe('accepted');
    const invoiceId = high.body.data.responseData.invoice_id as string;
    await vi.waitFor(async () => expect((await loadInvoice(invoiceId)).amounts.subtotal).toBe(18_000));
  });
});

describe('a crash between the acceptance and its invoice', () => {
  it('leaves the hold, and the offers process issues the invoice once a little later', async () => {
    const sam = await seller();
    const ann = await buyer();
    const lot = await fixedPriceLot(sam.id);
    const made = await post(
      actions.makeOffer.path,
      { product_id: lot.lotId, qty: 1, price: 9_000 },
      ann.token,
    );
    const offerId = made.body.data.responseData.offer_id;
    // The acceptance written as the request does it, and the request stopping before the invoice.
    const now = service.clock.now();
    const sale = offerSale(lot.lotId, offerId, now, 14);
    const id = crypto.randomUUID();
    await service.service.streams.handle(
      lotStream(lot.lotId),
      lotDecider,
      { type: 'AcceptOffer', offerId, by: { side: 'seller', id: sam.id, admin: false }, now, sale },
      { commandId: id, correlationId: id, actor: { kind: 'user', id: sam.id }, now },
    );
    expect((await service.service.streams.load(invoiceStream(sale.invoiceId), invoiceDecider)).status).toBe(
      'none',
    );
    service.clock.advance(11_000);
    // The invoice's state is known to the process once committed; its events are read from the log
    // once they are on disk, a moment later.
    const issuedEvents = async () =>
      (await service.service.streams.store.readStream(invoiceStream(sale.invoiceId))).filter(
        (e) => e.type === 'InvoiceIssued',
      );
    await vi.waitFor(
      async () => {
        expect((await loadInvoice(sale.invoiceId)).issued.lines[0]?.unitPrice).toBe(9_000);
        expect(await issuedEvents()).toHaveLength(1);
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(await issuedEvents()).toHaveLength(1);
  });
});

describe('a flood of offers', () => {
  it('takes 20 offers a minute from one buyer, then RATE_LIMITED before the body is read', async () => {
    const sam = await seller();
    const ann = await buyer();
    const lot = await fixedPriceLot(sam.id);
    const before = (await mailsTo(sam.email)).length;
    const answers = [];
    for (let i = 0; i < 22; i++)
      answers.push(
        await post(actions.makeOffer.path, { product_id: lot.lotId, qty: 1, price: 5_000 + i }, ann.token),
      );
    expect(answers.slice(0, 20).every((a) => a.status === 200)).toBe(true);
    expect(answers.slice(20).map((a) => a.status)).toEqual([429, 429]);
    expect(answers[20]?.body.data.code).toBe('RATE_LIMITED');
    expect((await mailsTo(sam.email)).length - before).toBe(20);
  });
});

describe('everyone is told in their language', () => {
  it("writes the counter to a buyer who reads Spanish in Spanish, and the seller's news in English", async () => {
    const sam = await seller();
    const eva = await buyer();
    const prefs = {
      email_notifications: true,
      sms_notifications: false,
      outbid_alerts: true,
      closing_reminders: true,
      won_notices: true,
      language: 'es',
    };
    expect((await service.post(actions.updatePreference.path, prefs, { token: eva.token })).status).toBe(200);
    const lot = await fixedPriceLot(sam.id);
    const made = await post(
      actions.makeOffer.path,
      { product_id: lot.lotId, qty: 3, price: 8_000 },
      eva.token,
    );
    expect((await mailsTo(sam.email))[0]?.text).toContain('A buyer offers $80.00 a bottle for 3 bottles');
    const ref = { product_id: lot.lotId, offer_id: made.body.data.responseData.offer_id };
    await post(
      actions.changeOfferStatus.path,
      { ...ref, status: 'counter', price: 9_200, qty: 3 },
      sam.token,
    );
    const [mail] = await mailsTo(eva.email);
    expect(mail?.subject).toBe(`Contraoferta por ${lot.title}`);
    expect(mail?.text).toContain('$92.00 por botella por 3 botellas');
    expect(mail?.text).toContain('http://localhost/offers');
  });
});

describe('an offer left alone expires at its time', () => {
  it('expires 48 hours after it was made, and both sides are told', async () => {
    const sam = await seller();
    const ann = await buyer();
    const lot = await fixedPriceLot(sam.id);
    const made = await post(
      actions.makeOffer.path,
      { product_id: lot.lotId, qty: 1, price: 8_000 },
      ann.token,
    );
    const ref = { product_id: lot.lotId, offer_id: made.body.data.responseData.offer_id };
    service.clock.advance(47 * HOUR);
    await new Promise((r) => setTimeout(r, 1_200));
    expect(await typesOn(lot.lotId)).toEqual(['LotListed', 'OfferMade']);
    service.clock.advance(HOUR);
    // The offers process looks for lapsed offers every second: wait past a tick, not Vitest's 1 s default.
    await vi.waitFor(async () => expect((await typesOn(lot.lotId)).at(-1)).toBe('OfferExpired'), {
      timeout: 10_000,
      interval: 50,
    });
    expect(
      (await post(actions.changeOfferStatus.path, { ...ref, status: 'accept' }, sam.token)).body.data.code,
    ).toBe('OFFER_CLOSED');
    await vi.waitFor(
      async () => {
        expect((await mailsTo(ann.email))[0]?.subject).toBe(`Offer expired: ${lot.title}`);
        expect((await mailsTo(sam.email))[0]?.subject).toBe(`Offer expired: ${lot.title}`);
      },
      { timeout: 10_000, interval: 50 },
    );
  });
});

describe(`a second chance when the reserve is not met (issue 36 §4), on ${on}`, () => {
  it('offers the lot to the top bidder at the reserve when the auction closes, and sells it once', async () => {
    const sam = await seller();
    const top = await buyer();
    const under = await buyer();
    const lot = await service.listLot({
      auction: true,
      buyNow: false,
      openingBid: 10_000,
      reserve: 30_000,
      quantity: 1,
      sellerId: sam.id,
      closesAt: new Date(service.clock.now().getTime() + HOUR).toISOString(),
    });
    expect(
      (
        await service.post(
          actions.bidConfirm.path,
          { id: lot.lotId, wsprice: 10_000 },
          { token: under.token },
        )
      ).status,
    ).toBe(200);
    expect(
      (await service.post(actions.bidConfirm.path, { id: lot.lotId, wsprice: 20_000 }, { token: top.token }))
        .status,
    ).toBe(200);
    service.clock.advance(HOUR + 1_000);
    const offerId = houseSecondChanceId(lot.lotId);
    await vi.waitFor(async () => expect(await typesOn(lot.lotId)).toContain('OfferMade'), {
      timeout: 10_000,
    });
    const events = await service.service.streams.store.readStream(lotStream(lot.lotId));
    const made = events.find((e) => e.type === 'OfferMade');
    expect(made?.data).toMatchObject({
      offerId,
      buyerId: top.id,
      price: 30_000,
      qty: 1,
      kind: 'second_chance',
    });
    // The mail is sent by the notifications process, which follows the log.
    await vi.waitFor(async () =>
      expect((await mailsTo(top.email))[0]?.subject).toBe(`A second chance at ${lot.title}`),
    );
    const ref = { product_id: lot.lotId, offer_id: offerId };
    // Only the top bidder may take it.
    expect((await post(actions.bidConfirmTemp.path, ref, under.token)).body.data.code).toBe(
      'OFFER_NOT_FOUND',
    );
    const [a, b] = await Promise.all([
      post(actions.bidConfirmTemp.path, ref, top.token),
      post(actions.bidConfirmTemp.path, ref, top.token),
    ]);
    const answers = [a, b].map((x) => x.body.data.responseData.status ?? x.body.data.code);
    expect(answers).toContain('accepted');
    const types = await typesOn(lot.lotId);
    expect(types.filter((t) => t === 'OfferAccepted')).toHaveLength(1);
    expect(types.filter((t) => t === 'StockReserved')).toHaveLength(1);
    const invoiceId = (a.body.data.responseData.invoice_id ?? b.body.data.responseData.invoice_id) as string;
    const invoice = await loadInvoice(invoiceId);
    expect(invoice.issued.lines[0]).toMatchObject({ unitPrice: 30_000, amount: 30_000 });
    // The index of open invoices follows the log: the checkout of the whole cart waits until it knows it.
    await vi.waitFor(async () =>
      expect(await service.service.openInvoices.unpaidInvoices(top.id, 'offer')).toHaveLength(1),
    );
    const from = network.charges().length;
    const paid = await service.post<CheckoutResult>(
      actions.checkout.path,
      { type: 'offer', cart_id: 'all', delivery: 'pickup', payment: { card_id: top.cardId } },
      { token: top.token },
    );
    expect(paid.body.data.responseData.status).toBe('paid');
    expect(network.charges().slice(from)).toHaveLength(1);
    expect((await typesOn(lot.lotId)).at(-1)).toBe('StockSold');
  });

  it("lets the seller offer it at their own price, replacing the house's, and the bidder decline it", async () => {
    const sam = await seller();
    const top = await buyer();
    const lot = await service.listLot({
      auction: true,
      buyNow: false,
      openingBid: 10_000,
      reserve: 50_000,
      quantity: 1,
      sellerId: sam.id,
      closesAt: new Date(service.clock.now().getTime() + HOUR).toISOString(),
    });
    await service.post(actions.bidConfirm.path, { id: lot.lotId, wsprice: 10_000 }, { token: top.token });
    service.clock.advance(HOUR + 1_000);
    await vi.waitFor(async () => expect(await typesOn(lot.lotId)).toContain('OfferMade'), {
      timeout: 10_000,
    });
    const mine = await post(
      actions.offerSecondChance.path,
      { product_id: lot.lotId, price: 40_000 },
      sam.token,
    );
    expect(mine.status).toBe(200);
    expect(mine.body.data.responseData.status).toBe('countered');
    const types = await typesOn(lot.lotId);
    expect(types.slice(-2)).toEqual(['OfferWithdrawn', 'OfferMade']);
    const ref = { product_id: lot.lotId, offer_id: mine.body.data.responseData.offer_id };
    const no = await post(actions.cancelttwbidTemp.path, ref, top.token);
    expect(no.body.data.responseData.status).toBe('declined');
    // Nobody else offers a second chance on a lot that is not theirs.
    const other = await seller();
    expect(
      (await post(actions.offerSecondChance.path, { product_id: lot.lotId }, other.token)).body.data.code,
    ).toBe('LOT_NOT_FOUND');
  });
});
