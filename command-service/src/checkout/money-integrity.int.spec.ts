import { actions, type CheckoutResult } from '@wine/contracts';
import { invoiceStream, lotStream, walletStream } from '@wine/event-schemas';
import type { CardProvider } from '@wine/platform';
import {
  type CardNetwork,
  cardNetworkFromEnv,
  cardNetworkTitles,
  eventually,
  openCardNetwork,
} from '@wine/platform/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { invoiceDecider } from '../invoices/decide.ts';
import { lotDecider } from '../lots/decide.ts';
import { availableAt } from '../lots/lot.ts';
import { checkLedger } from '../payments/ledger-check.ts';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import { walletDecider } from '../wallets/wallet.ts';
import { paymentIdFor } from './money-deps.ts';
import { walletEntryId } from './payments.ts';

/**
 * Issue 30's money holes, tried as an attacker would: every charge reaches the card once and is
 * recorded once (or given back), no wallet share is recorded without its debit, and nobody answers
 * another buyer's card authentication. Every test counts the card network's charges (CARD_NETWORK: the
 * sandbox, or the Stripe adapter against a local double of Stripe).
 */
const networkName = cardNetworkFromEnv();
let network: CardNetwork;
const on = cardNetworkTitles[networkName];
/** What the card network does around a charge, set by a test and cleared after it. */
let around: {
  before?: () => Promise<void>;
  after?: (request: Parameters<CardProvider['charge']>[0]) => Promise<void>;
} = {};

let service: TestCommandService;
beforeAll(async () => {
  network = await openCardNetwork(networkName);
  const charge = network.provider.charge.bind(network.provider);
  network.provider.charge = async (request) => {
    // A network that takes a moment to answer, as real ones do: requests can overlap.
    await new Promise((r) => setTimeout(r, 20));
    await around.before?.();
    const result = await charge(request);
    await around.after?.(request);
    return result;
  };
  service = await openTestCommandService({ network });
  await service.service.scheduler.start();
});
afterAll(async () => {
  await service.service.scheduler.stop();
  await service.close();
  await network.close();
});

/**
 * Issue 35 §1: after every attack the books agree: each invoice's payment points to a transaction that
 * moved that money, each transaction's charge is what its invoices recorded (or went back), and what
 * the ledger says the card provider holds is what the card network kept, charge by charge.
 */
afterEach(async () => {
  const books = await checkLedger(service.service.streams.store);
  expect(books.disagreements).toEqual([]);
  const kept = network
    .charges()
    .filter((charge) => charge.state.status === 'succeeded')
    .reduce((sum, charge) => sum + charge.amount - charge.refunded, 0);
  expect(books.held[network.provider.name] ?? 0).toBe(kept);
});

/** The charges made since `from` (an index into the network's list), and what each kept after refunds. */
const chargesSince = (from: number) => network.charges().slice(from);
const net = (from: number) => chargesSince(from).reduce((sum, c) => sum + c.amount - c.refunded, 0);

let n = 0;
async function buyer(card: string = network.testCards.visa) {
  n += 1;
  const user = await service.signUp(`buyer${n}@integrity.example`);
  const { cardId } = await service.addCard(user.token, card);
  return { ...user, cardId };
}

const loadInvoice = async (id: string) => {
  const invoice = await service.service.streams.load(invoiceStream(id), invoiceDecider);
  if (invoice.status !== 'issued') throw new Error(`no invoice ${id}`);
  return invoice;
};
const walletOf = (userId: string) => service.service.streams.load(walletStream(userId), walletDecider);
const typesOf = async (stream: string) =>
  (await service.service.streams.store.readStream(stream)).map((e) => e.type);
const countOf = (types: string[], type: string) => types.filter((t) => t === type).length;

const ids = () => {
  const id = crypto.randomUUID();
  return { commandId: id, correlationId: id, actor: { kind: 'system', id: 'spec' } as const };
};

/** An auction invoice of `hammer` cents for a lot the seller named `lotId`, issued to the buyer. */
const auctionInvoice = async (buyerId: string, lotId: string, hammer: number) =>
  (await service.issueAuctionInvoice(buyerId, hammer, { lotId })).invoiceId;

const buyCredit = (token: string, cardId: string, amount: number, commandId?: string) =>
  service.post<{ balance: number }>(
    actions.addCreditBalance.path,
    { amount, card_id: cardId },
    { token, ...(commandId && { commandId }) },
  );

const buyNowLot = (quantity: number) =>
  service.listLot({ auction: false, buyNow: true, buyNowPrice: 5_000, quantity, discounts: [] });

const addToCart = (token: string, lotId: string, qty: number) =>
  service.post(actions.addToCart.path, { cart: [{ product_id: lotId, qty }] }, { token });

const checkout = (token: string, input: Record<string, unknown>, commandId?: string) =>
  service.post<CheckoutResult>(
    actions.checkout.path,
    { type: 'buynow', cart_id: `c${Math.random().toString(36).slice(2)}`, delivery: 'pickup', ...input },
    { token, ...(commandId && { commandId }) },
  );

describe(`a wallet payment of several invoices (item 2), on ${on}`, () => {
  it('debits the wallet for each of two invoices whose lot ids share their first 40 characters', async () => {
    const ann = await buyer();
    const from = network.charges().length;
    expect((await buyCredit(ann.token, ann.cardId, 1_000_000)).status).toBe(200);
    const common = `grand-cru-2015-magnum-${'x'.repeat(18)}`; // 40 characters, chosen by a seller
    const first = await auctionInvoice(ann.id, `${common}-aaaa`, 10_000);
    const second = await auctionInvoice(ann.id, `${common}-bbbb`, 12_000);
    // The auction cart lists both (its index follows the log).
    await eventually(
      () =>
        service.post<{ cartValues: { count: number } }>(
          actions.saveAddress.path,
          { type: 'auction', cart_id: 'all', delivery: 'pickup' },
          { token: ann.token },
        ),
      (quote) => quote.body.data.responseData.cartValues?.count === 2,
      'both invoices in the auction cart',
    );
    const answer = await checkout(ann.token, {
      type: 'auction',
      cart_id: 'all',
      payment: { use_wallet: true },
    });
    expect(answer.status, answer.body.data.message).toBe(200);
    expect(answer.body.data.responseData.status).toBe('paid');

    const wallet = await typesOf(walletStream(ann.id));
    expect(countOf(wallet, 'WalletDebited')).toBe(2);
    const totals = [(await loadInvoice(first)).amounts.total, (await loadInvoice(second)).amounts.total];
    expect((await walletOf(ann.id)).balance).toBe(1_000_000 - totals[0]! - totals[1]!);
    for (const id of [first, second])
      expect((await loadInvoice(id)).paid).toBe((await loadInvoice(id)).amounts.total);
    // The credit purchase is the only card charge.
    expect(chargesSince(from)).toHaveLength(1);
  });

  it('records no payment for a wallet share whose debit wrote nothing', async () => {
    const bea = await buyer();
    const from = network.charges().length;
    await buyCredit(bea.token, bea.cardId, 100_000);
    const invoiceId = await auctionInvoice(bea.id, `lot-${crypto.randomUUID()}`, 10_000);
    // The wallet has seen the entry id this payment will use (as a cut id once made two meet).
    const commandId = `retry-${crypto.randomUUID()}`;
    const entryId = walletEntryId(paymentIdFor(commandId, bea.id), invoiceId);
    await service.service.streams.handle(
      walletStream(bea.id),
      walletDecider,
      { type: 'Debit', entry: { entryId, amount: 1, purpose: 'invoice', reference: 'elsewhere' } },
      { ...ids(), now: service.clock.now() },
    );
    const answer = await checkout(
      bea.token,
      { type: 'auction', cart_id: invoiceId, payment: { use_wallet: true } },
      commandId,
    );
    expect(answer.status).toBe(500);
    const invoice = await loadInvoice(invoiceId);
    expect(invoice.paid).toBe(0);
    expect(countOf(await typesOf(invoiceStream(invoiceId)), 'PaymentRecorded')).toBe(0);
    expect(Object.values(invoice.payments).map((p) => p.status)).toEqual(['failed']);
    expect((await walletOf(bea.id)).balance).toBe(100_000 - 1);
    expect(chargesSince(from)).toHaveLength(1);
  });
});

describe(`a retried or concurrent request (item 3), on ${on}`, () => {
  it('charges the card once for three identical checkouts in flight with one x-command-id', async () => {
    const cal = await buyer();
    const lot = await buyNowLot(5);
    await addToCart(cal.token, lot.lotId, 1);
    const from = network.charges().length;
    const input = { cart_id: `cart-${n}`, payment: { card_id: cal.cardId } };
    const commandId = `checkout-${crypto.randomUUID()}`;
    const answers = await Promise.all([1, 2, 3].map(() => checkout(cal.token, input, commandId)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    const invoiceId = answers[0]?.body.data.responseData.invoice_ids[0] as string;
    expect(countOf(await typesOf(invoiceStream(invoiceId)), 'PaymentRecorded')).toBe(1);
    expect(chargesSince(from)).toHaveLength(1);
    // Sent again later: the same answer, no new charge.
    const later = await checkout(cal.token, input, commandId);
    expect(later.body).toEqual(answers[0]?.body);
    expect(chargesSince(from)).toHaveLength(1);
    expect(net(from)).toBe((await loadInvoice(invoiceId)).amounts.total);
  });

  it('buys credit once when addCreditBalance is retried, at once and later, with one x-command-id', async () => {
    const dan = await buyer();
    const from = network.charges().length;
    const commandId = `credit-${crypto.randomUUID()}`;
    const answers = await Promise.all([1, 2].map(() => buyCredit(dan.token, dan.cardId, 5_000, commandId)));
    const again = await buyCredit(dan.token, dan.cardId, 5_000, commandId);
    expect([...answers, again].map((a) => a.body.data.responseData.balance)).toEqual([5_000, 5_000, 5_000]);
    expect((await walletOf(dan.id)).balance).toBe(5_000);
    expect(countOf(await typesOf(walletStream(dan.id)), 'WalletCredited')).toBe(1);
    expect(chargesSince(from)).toHaveLength(1);
    // The key with another amount is another request: refused, nothing charged.
    const other = await buyCredit(dan.token, dan.cardId, 6_000, commandId);
    expect(other.status).toBe(422);
    expect(chargesSince(from)).toHaveLength(1);
  });

  it('charges once when the card network fails after charging, and records that charge', async () => {
    const eve = await buyer();
    const lot = await buyNowLot(3);
    await addToCart(eve.token, lot.lotId, 1);
    const from = network.charges().length;
    let failures = 1;
    around = {
      after: async () => {
        if (failures-- > 0) throw new Error('socket hang up');
      },
    };
    try {
      const answer = await checkout(eve.token, { payment: { card_id: eve.cardId } });
      expect(answer.status, answer.body.data.message).toBe(200);
      expect(answer.body.data.responseData.status).toBe('paid');
      const invoice = await loadInvoice(answer.body.data.responseData.invoice_ids[0] as string);
      expect(invoice.paid).toBe(invoice.amounts.total);
      expect(chargesSince(from)).toHaveLength(1);
      expect(net(from)).toBe(invoice.amounts.total);
    } finally {
      around = {};
    }
  });

  it('refunds a charge at once when the invoice cannot take it after the charge', async () => {
    const fay = await buyer();
    const finance = await service.signUp(`finance${n}@integrity.example`, ['finance']);
    const from = network.charges().length;
    const invoiceId = await auctionInvoice(fay.id, `lot-${crypto.randomUUID()}`, 10_000);
    const { total } = (await loadInvoice(invoiceId)).amounts;
    // While the card is charged, the invoice is paid another way (finance records a wire); Stripe's
    // events about the charge come after all this (a late webhook).
    network.stripe?.hold(true);
    const eventsFrom = network.stripe?.events().length ?? 0;
    around = {
      after: async () => {
        const wire = { invoice_id: invoiceId, amount: total, reference: 'wire' };
        const recorded = await service.post(actions.recordOfflinePayment.path, wire, {
          token: finance.token,
        });
        expect(recorded.status).toBe(200);
      },
    };
    try {
      const answer = await checkout(fay.token, {
        type: 'auction',
        cart_id: invoiceId,
        payment: { card_id: fay.cardId },
      });
      expect(answer.status, answer.body.data.message).toBe(409);
      expect(answer.body.data.code).toBe('INVOICE_PAID');
    } finally {
      around = {};
      network.stripe?.hold(false);
    }
    // The late events (the charge succeeded, then its refund), delivered twice, move nothing more.
    for (const event of [...(network.stripe?.events().slice(eventsFrom) ?? [])].flatMap((e) => [e, e])) {
      expect(await network.stripe?.deliver(event.id)).toBe(200);
    }
    expect(chargesSince(from)).toHaveLength(1);
    expect(chargesSince(from)[0]).toMatchObject({ amount: total, refunded: total });
    expect(net(from)).toBe(0);
    const invoice = await loadInvoice(invoiceId);
    expect(invoice.paid).toBe(total);
    const payments = Object.values(invoice.payments).map((p) => `${p.method} ${p.status}`);
    expect(payments.sort()).toEqual(['card failed', 'offline succeeded']);
  });
});

describe(`a request that died between its wallet and card steps (item 3), on ${on}`, () => {
  it('takes the wallet share once when retried with its x-command-id, and the rest by card once', async () => {
    const gil = await buyer();
    const from = network.charges().length;
    await buyCredit(gil.token, gil.cardId, 5_000);
    const invoiceId = await auctionInvoice(gil.id, `lot-${crypto.randomUUID()}`, 10_000);
    const { total } = (await loadInvoice(invoiceId)).amounts;
    const input = { type: 'auction', cart_id: invoiceId, payment: { use_wallet: true, card_id: gil.cardId } };
    const commandId = `died-${crypto.randomUUID()}`;
    // The card network is down for the first request (asked twice), after its wallet step.
    let down = 2;
    around = {
      before: async () => {
        if (down-- > 0) throw new Error('connection reset');
      },
    };
    try {
      expect((await checkout(gil.token, input, commandId)).status).toBe(500);
    } finally {
      around = {};
    }
    expect((await loadInvoice(invoiceId)).paid).toBe(5_000);
    // More credit meanwhile: the retry must not count the first wallet share as a second one.
    await buyCredit(gil.token, gil.cardId, 5_000);
    const retry = await checkout(gil.token, input, commandId);
    expect(retry.status, retry.body.data.message).toBe(200);
    expect(retry.body.data.responseData.status).toBe('paid');
    const invoice = await loadInvoice(invoiceId);
    expect(invoice.paid).toBe(total);
    expect((await walletOf(gil.id)).balance).toBe(5_000);
    expect(countOf(await typesOf(walletStream(gil.id)), 'WalletDebited')).toBe(1);
    // Two credit purchases and one charge for the rest.
    expect(chargesSince(from).map((c) => c.amount)).toEqual([5_000, 5_000, total - 5_000]);
  });
});

describe.runIf(networkName === 'sandbox')('the sandbox issuer page (item 8)', () => {
  async function waitingCharge() {
    const gus = await buyer(network.testCards.authenticationRequired);
    const lot = await buyNowLot(2);
    await addToCart(gus.token, lot.lotId, 1);
    const answer = await checkout(gus.token, { payment: { card_id: gus.cardId } });
    const url = answer.body.data.responseData.url as string;
    return {
      gus,
      chargeId: url.split('/')[3]?.split('?')[0] as string,
      result: answer.body.data.responseData,
    };
  }

  it('answers another buyer\u2019s charge and an unknown one as unknown, and leaves the charge waiting', async () => {
    const from = network.charges().length;
    const { gus, chargeId, result } = await waitingCharge();
    const mallory = await buyer();
    for (const charge_id of [chargeId, 'ch_sbx_nothing', 'x'.repeat(40)]) {
      for (const approve of [true, false]) {
        const answer = await service.post(
          actions.sandboxAuthenticate.path,
          { charge_id, approve },
          { token: mallory.token },
        );
        expect(answer.status).toBe(404);
        expect(answer.body.data.code).toBe('CHARGE_NOT_FOUND');
      }
    }
    expect(await network.provider.retrieveCharge(chargeId)).toEqual({ status: 'requires_action' });
    const own = await service.post(
      actions.sandboxAuthenticate.path,
      { charge_id: chargeId, approve: true },
      { token: gus.token },
    );
    expect(own.status).toBe(200);
    expect(await network.provider.retrieveCharge(chargeId)).toEqual({ status: 'succeeded' });
    expect(chargesSince(from)).toHaveLength(1);
    // Back from the issuer's page, the charge is recorded (the sandbox sends no webhook of it).
    const back = { payment_id: result.payment_id, invoice_ids: result.invoice_ids };
    const confirmed = await service.post<CheckoutResult>(actions.confirmPayment.path, back, {
      token: gus.token,
    });
    expect(confirmed.body.data.responseData.status).toBe('paid');
  });

  it('answers the buyer\u2019s own charge once it is no longer waiting as unknown', async () => {
    const { gus, chargeId, result } = await waitingCharge();
    const approve = { charge_id: chargeId, approve: true };
    expect((await service.post(actions.sandboxAuthenticate.path, approve, { token: gus.token })).status).toBe(
      200,
    );
    const confirmInput = { payment_id: result.payment_id, invoice_ids: result.invoice_ids };
    const confirmed = await service.post<CheckoutResult>(actions.confirmPayment.path, confirmInput, {
      token: gus.token,
    });
    expect(confirmed.body.data.responseData.status).toBe('paid');
    const late = await service.post(
      actions.sandboxAuthenticate.path,
      { charge_id: chargeId, approve: false },
      { token: gus.token },
    );
    expect(late.status).toBe(404);
    expect(await network.provider.retrieveCharge(chargeId)).toEqual({ status: 'succeeded' });
  });
});

describe(`two tabs and a failed payment (weak items), on ${on}`, () => {
  it('never answers two tabs paying one order both "paid", and charges the card once', async () => {
    const hal = await buyer();
    const lot = await buyNowLot(4);
    await addToCart(hal.token, lot.lotId, 1);
    const from = network.charges().length;
    const input = { cart_id: `tabs-${n}`, payment: { card_id: hal.cardId } };
    const tabs = await Promise.all([checkout(hal.token, input), checkout(hal.token, input)]);
    const outcomes = tabs.map((t) => (t.status === 200 ? t.body.data.responseData.status : t.body.data.code));
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(1);
    expect(['INVOICE_PAID', 'PAYMENT_IN_PROGRESS', 'ORDER_TAKEN']).toContain(
      outcomes.find((o) => o !== 'paid'),
    );
    // A third tab after both: already paid, not 'paid' again.
    const third = await checkout(hal.token, input);
    expect(third.status).toBe(409);
    expect(chargesSince(from)).toHaveLength(1);
    expect((await service.service.streams.load(lotStream(lot.lotId), lotDecider)).status).not.toBe('empty');
  });

  it('leaves a pay-later order as it was when a wallet payment for it falls short', async () => {
    const ivy = await buyer();
    const lot = await buyNowLot(3);
    await addToCart(ivy.token, lot.lotId, 2);
    const from = network.charges().length;
    const order = { type: 'buynow', cart_id: `later-${n}`, delivery: 'pickup' };
    const placed = await service.post<CheckoutResult>(actions.payCartOffline.path, order, {
      token: ivy.token,
    });
    expect(placed.body.data.responseData.status).toBe('unpaid');
    const invoiceId = placed.body.data.responseData.invoice_ids[0] as string;
    const before = await typesOf(lotStream(lot.lotId));

    const short = await checkout(ivy.token, { ...order, payment: { use_wallet: true } });
    expect(short.status).toBe(402);
    expect(short.body.data.code).toBe('WALLET_INSUFFICIENT');
    const invoice = await loadInvoice(invoiceId);
    expect(invoice.voided).toBe(false);
    expect(await typesOf(lotStream(lot.lotId))).toEqual(before);
    const state = await service.service.streams.load(lotStream(lot.lotId), lotDecider);
    if (state.status === 'empty') throw new Error('no lot');
    expect(availableAt(state, service.clock.now().getTime())).toBe(1);
    expect(chargesSince(from)).toHaveLength(0);
  });
});
