import { actions, type CheckoutResult, type LoginResult, type ReturnDecisionResult } from '@wine/contracts';
import { invoiceStream, lotStream, walletStream } from '@wine/event-schemas';
import {
  type CardNetwork,
  cardNetworkFromEnv,
  cardNetworkTitles,
  openCardNetwork,
} from '@wine/platform/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { invoiceDecider } from '../invoices/decide.ts';
import { lotDecider } from '../lots/decide.ts';
import { checkLedger } from '../payments/ledger-check.ts';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import { walletDecider } from '../wallets/wallet.ts';

let service: TestCommandService;
let finance: { token: string };
/** The card network these tests charge (CARD_NETWORK: the sandbox, or Stripe behind its local double). */
const networkName = cardNetworkFromEnv();
const on = cardNetworkTitles[networkName];
let network: CardNetwork;
beforeAll(async () => {
  network = await openCardNetwork(networkName);
  service = await openTestCommandService({ network });
  finance = await service.signUp('finance@returns.example', ['finance']);
});
/** Issue 35 §1: after each test the payment ledger and the invoices agree. */
afterEach(async () => {
  expect((await checkLedger(service.service.streams.store)).disagreements).toEqual([]);
});
afterAll(async () => {
  await service.close();
  await network.close();
});

const DAY = 24 * 3600_000;
let n = 0;

/** A buyer with the sandbox Visa who bought `qty` bottles of a $50 buy-now lot: the paid invoice. */
async function boughtBottles(qty: number, payment: 'card' | 'wallet' = 'card', sellerId?: string) {
  n += 1;
  const user = await service.signUp(`buyer${n}@returns.example`);
  const { cardId } = await service.addCard(user.token);
  const lot = await service.listLot({
    auction: false,
    buyNow: true,
    buyNowPrice: 5_000,
    quantity: 12,
    ...(sellerId && { sellerId }),
  });
  if (payment === 'wallet') {
    await service.post(
      actions.addCreditBalance.path,
      { amount: 100_000, card_id: cardId },
      { token: user.token },
    );
  }
  await service.post(
    actions.addToCart.path,
    { cart: [{ product_id: lot.lotId, qty }] },
    { token: user.token },
  );
  const paid = await service.post<CheckoutResult>(
    actions.checkout.path,
    {
      type: 'buynow',
      cart_id: `c${n}`,
      delivery: 'pickup',
      payment: payment === 'card' ? { card_id: cardId } : { use_wallet: true },
    },
    { token: user.token },
  );
  expect(paid.body.data.responseData.status).toBe('paid');
  const invoiceId = paid.body.data.responseData.invoice_ids[0] as string;
  return { ...user, lotId: lot.lotId, invoiceId };
}

type Buyer = Awaited<ReturnType<typeof boughtBottles>>;

const askBack = (buyer: Buyer, over: Record<string, unknown> = {}, token = buyer.token) =>
  service.post<{ return_id: string; status: string; amount: number }>(
    actions.raiseReturnRequest.path,
    { invoice_id: buyer.invoiceId, product_id: buyer.lotId, qty: 1, reason: 'Corked', ...over },
    { token },
  );
const decide = (input: Record<string, unknown>, token = finance.token) =>
  service.post<ReturnDecisionResult>(actions.decideReturn.path, input, { token });
const receive = (input: Record<string, unknown>, token = finance.token) =>
  service.post<ReturnDecisionResult>(actions.receiveReturn.path, input, { token });
const refund = (input: Record<string, unknown>, token = finance.token, commandId?: string) =>
  service.post<ReturnDecisionResult>(actions.refundReturn.path, input, {
    token,
    ...(commandId && { commandId }),
  });
const invoiceOf = async (id: string) => {
  const invoice = await service.service.streams.load(invoiceStream(id), invoiceDecider);
  if (invoice.status !== 'issued') throw new Error('no invoice');
  return invoice;
};
const balanceOf = async (userId: string) =>
  (await service.service.streams.load(walletStream(userId), walletDecider)).balance;
const soldOf = async (lotId: string) => {
  const lot = await service.service.streams.load(lotStream(lotId), lotDecider);
  return lot.status === 'empty' ? -1 : lot.sold;
};
const typesOf = async (invoiceId: string) =>
  (await service.service.streams.store.readStream(invoiceStream(invoiceId))).map((e) => e.type);
/** The sandbox's charges made since `from`, with what was refunded of each. */
const chargesSince = (from: number) => network.charges().slice(from);

/** A return asked, accepted and received (all good): ready for its refund. */
async function receivedReturn(buyer: Buyer, qty = 1, over: Record<string, unknown> = {}) {
  const { return_id } = (await askBack(buyer, { qty })).body.data.responseData;
  const ids = { invoice_id: buyer.invoiceId, return_id };
  expect((await decide({ ...ids, decision: 'accept', ...over })).status).toBe(200);
  expect((await receive({ ...ids, good: qty, damaged: 0 })).status).toBe(200);
  return ids;
}

describe(`returns, on ${on}`, () => {
  it('takes a request for 1 of 3 bottles, for its share of what was paid rounded down', async () => {
    const ann = await boughtBottles(3);
    const answer = await askBack(ann);
    expect(answer.status, answer.body.data.message).toBe(200);
    expect(answer.body.data.message).toBe('Return requested');
    // Three $50 bottles and $15.38 of Chicago tax: $165.38, a third of it $55.12.
    expect(answer.body.data.responseData).toMatchObject({ status: 'requested', amount: 5_512 });
    const again = await askBack(ann, { qty: 2 });
    expect(again.status).toBe(409);
    expect(again.body.data.code).toBe('RETURN_OPEN');
  });

  it('accepts, receives (good bottles back on the stock) and then refunds to the wallet; the buyer is told each time', async () => {
    const bea = await boughtBottles(2);
    const { return_id } = (await askBack(bea, { qty: 2 })).body.data.responseData;
    const ids = { invoice_id: bea.invoiceId, return_id };
    const before = await balanceOf(bea.id);
    const accepted = await decide({ ...ids, decision: 'accept', to: 'wallet' });
    expect(accepted.status, accepted.body.data.message).toBe(200);
    expect(accepted.body.data.message).toBe('Return accepted: mark the wine received when it arrives');
    expect(accepted.body.data.responseData).toMatchObject({ status: 'accepted', refunded: null });
    // Nothing refunded before the wine is back.
    expect(await balanceOf(bea.id)).toBe(before);
    const early = await refund(ids);
    expect([early.status, early.body.data.code]).toEqual([409, 'RETURN_NOT_RECEIVED']);
    const sold = await soldOf(bea.lotId);
    const got = await receive({ ...ids, good: 1, damaged: 1 });
    expect(got.status, got.body.data.message).toBe(200);
    expect(got.body.data.message).toBe('Return received: 1 back in stock, 1 damaged');
    // The good bottle can be sold again; the damaged one cannot.
    expect(await soldOf(bea.lotId)).toBe(sold - 1);
    const paid = await refund(ids);
    expect(paid.status, paid.body.data.message).toBe(200);
    expect(paid.body.data.message).toBe('$110.25 credited to the wallet');
    expect(paid.body.data.responseData).toEqual({
      return_id,
      status: 'refunded',
      amount: 11_025,
      refund_to: 'wallet',
      refunded: 11_025,
      refunded_card: 0,
      refunded_wallet: 11_025,
    });
    expect(await balanceOf(bea.id)).toBe(before + 11_025);
    const invoice = await invoiceOf(bea.invoiceId);
    expect([invoice.paid, invoice.returned]).toEqual([invoice.amounts.total, 11_025]);
    expect((await typesOf(bea.invoiceId)).slice(-5)).toEqual([
      'ReturnRequested',
      'ReturnAccepted',
      'ReturnReceived',
      'ReturnRefundStarted',
      'PaymentRefunded',
    ]);
    const mails = (await service.mailer.outbox?.({ to: bea.email })) ?? [];
    expect(
      mails
        .filter((m) => m.subject === 'Your return is accepted')
        .map((m) => m.text.includes('$110.25 is credited to your wallet')),
    ).toEqual(expect.arrayContaining([false, true]));
  });

  it('refunds to the card the invoice was paid with: the card gets one refund of the amount', async () => {
    const charged = network.charges().length;
    const cy = await boughtBottles(3);
    const ids = await receivedReturn(cy, 1);
    const answer = await refund(ids);
    expect(answer.body.data.responseData).toMatchObject({
      status: 'refunded',
      refunded_card: 5_512,
      refunded_wallet: 0,
    });
    expect(answer.body.data.message).toBe('$55.12 refunded to the card');
    expect(await service.service.streams.store.readStream(walletStream(cy.id))).toEqual([]);
    const [charge] = chargesSince(charged);
    expect(charge?.refunded).toBe(5_512);
    const invoice = await invoiceOf(cy.invoiceId);
    expect([invoice.paid, invoice.returned]).toEqual([16_538, 5_512]);
  });

  it('refunds less than the return brings with a reason, never more, and never without a reason', async () => {
    const dee = await boughtBottles(3);
    const ids = await receivedReturn(dee, 1, { to: 'wallet' });
    const more = await refund({ ...ids, amount: 5_513 });
    expect([more.status, more.body.data.code, more.body.data.message]).toEqual([
      400,
      'RETURN_REFUND_AMOUNT',
      'Refund between $0.01 and $55.12',
    ]);
    const bare = await refund({ ...ids, amount: 4_000 });
    expect([bare.status, bare.body.data.code]).toEqual([400, 'RETURN_REFUND_REASON']);
    const less = await refund({ ...ids, amount: 4_000, reason: 'Label torn on arrival' });
    expect(less.body.data.responseData).toMatchObject({ status: 'refunded', amount: 5_512, refunded: 4_000 });
    expect(await balanceOf(dee.id)).toBe(4_000);
    expect((await invoiceOf(dee.invoiceId)).returned).toBe(4_000);
  });

  it('refunds once when the same x-command-id comes twice: the card gets one refund', async () => {
    const charged = network.charges().length;
    const eve = await boughtBottles(3);
    const ids = await receivedReturn(eve, 1);
    const first = await refund(ids, finance.token, 'refund-eve-1');
    const again = await refund(ids, finance.token, 'refund-eve-1');
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body.data.responseData).toEqual(first.body.data.responseData);
    expect(chargesSince(charged).map((c) => c.refunded)).toEqual([5_512]);
    expect((await typesOf(eve.invoiceId)).filter((t) => t === 'PaymentRefunded')).toHaveLength(1);
    // Another request after it is refused: the return is refunded.
    const other = await refund(ids, finance.token, 'refund-eve-2');
    expect([other.status, other.body.data.code]).toEqual([409, 'RETURN_REFUNDED']);
    expect(chargesSince(charged).map((c) => c.refunded)).toEqual([5_512]);
  });

  it('refunds once when two refund requests come at once: one card refund, one wallet credit', async () => {
    const charged = network.charges().length;
    const fay = await boughtBottles(3);
    const ids = await receivedReturn(fay, 1);
    const answers = await Promise.all([
      refund(ids, finance.token, 'refund-fay-a'),
      refund(ids, finance.token, 'refund-fay-b'),
    ]);
    expect(answers.some((a) => a.status === 200)).toBe(true);
    expect(chargesSince(charged).map((c) => c.refunded)).toEqual([5_512]);
    expect((await typesOf(fay.invoiceId)).filter((t) => t === 'PaymentRefunded')).toHaveLength(1);
    expect((await invoiceOf(fay.invoiceId)).returned).toBe(5_512);
  });

  it('gives a refund of an invoice paid from the wallet and the card back to each, to the cent', async () => {
    n += 1;
    const gil = await service.signUp(`buyer${n}@returns.example`);
    const { cardId } = await service.addCard(gil.token);
    const lot = await service.listLot({ auction: false, buyNow: true, buyNowPrice: 5_000, quantity: 12 });
    // $50 of credit, then three $50 bottles ($165.38): $50 from the wallet, $115.38 on the card.
    await service.post(
      actions.addCreditBalance.path,
      { amount: 5_000, card_id: cardId },
      { token: gil.token },
    );
    await service.post(
      actions.addToCart.path,
      { cart: [{ product_id: lot.lotId, qty: 3 }] },
      { token: gil.token },
    );
    const charged = network.charges().length;
    const paid = await service.post<CheckoutResult>(
      actions.checkout.path,
      {
        type: 'buynow',
        cart_id: `c${n}`,
        delivery: 'pickup',
        payment: { card_id: cardId, use_wallet: true },
      },
      { token: gil.token },
    );
    expect(paid.body.data.responseData.status, paid.body.data.message).toBe('paid');
    const buyer = {
      ...gil,
      lotId: lot.lotId,
      invoiceId: paid.body.data.responseData.invoice_ids[0] as string,
    };
    const ids = await receivedReturn(buyer, 1);
    const answer = await refund(ids);
    // $55.12 shared as paid: 115.38/165.38 to the card ($38.46), the rest to the wallet ($16.66).
    expect(answer.body.data.responseData).toMatchObject({ refunded_card: 3_846, refunded_wallet: 1_666 });
    expect(answer.body.data.message).toBe('$55.12 refunded: $38.46 to the card, $16.66 to the wallet');
    expect(chargesSince(charged).map((c) => [c.amount, c.refunded])).toEqual([[11_538, 3_846]]);
    expect(await balanceOf(gil.id)).toBe(1_666);
  });

  it('refuses with a note, which the buyer reads; a refusal needs one', async () => {
    const eve = await boughtBottles(2);
    const { return_id } = (await askBack(eve)).body.data.responseData;
    const bare = await decide({ invoice_id: eve.invoiceId, return_id, decision: 'refuse' });
    expect(bare.status).toBe(400);
    expect(bare.body.data.responseData.field).toBe('note');
    const answer = await decide({
      invoice_id: eve.invoiceId,
      return_id,
      decision: 'refuse',
      note: 'The capsule was cut',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.message).toBe('Return refused');
    expect(answer.body.data.responseData).toMatchObject({ status: 'refused', refunded: null });
    const [mail] = (await service.mailer.outbox?.({ to: eve.email })) ?? [];
    expect(mail?.subject).toBe('Your return was not accepted');
    expect(mail?.text).toContain('Note from our team: The capsule was cut');
  });

  it('lets only finance or an admin decide, receive and refund, refused before the body is read', async () => {
    const gus = await boughtBottles(1);
    const seller = await service.signUp('seller@returns.example', ['seller']);
    for (const path of [actions.decideReturn.path, actions.receiveReturn.path, actions.refundReturn.path]) {
      for (const token of [gus.token, seller.token]) {
        const answer = await service.app.inject({
          method: 'POST',
          url: path,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          payload: '{"not json',
        });
        expect(answer.statusCode).toBe(403);
        expect(answer.json().data.code).toBe('ROLE_REQUIRED');
      }
    }
    const admin = await service.signUp('admin@returns.example', ['admin']);
    const { return_id } = (await askBack(gus)).body.data.responseData;
    const answer = await decide({ invoice_id: gus.invoiceId, return_id, decision: 'accept' }, admin.token);
    expect(answer.status).toBe(200);
  });

  it('refuses a member of staff every step of a return on an invoice of their own, as seller or buyer', async () => {
    const sal = await service.signUp('sal@returns.example', ['admin']);
    const charged = network.charges().length;
    const ivy = await boughtBottles(1, 'card', sal.id);
    const { return_id } = (await askBack(ivy)).body.data.responseData;
    const input = { invoice_id: ivy.invoiceId, return_id };
    for (const decision of [
      { decision: 'accept', to: 'wallet' },
      { decision: 'refuse', note: 'No' },
    ]) {
      const own = await decide({ ...input, ...decision }, sal.token);
      expect([own.status, own.body.data.code]).toEqual([403, 'OWN_MONEY_RECORD']);
    }
    expect((await decide({ ...input, decision: 'accept' })).status).toBe(200);
    const ownReceipt = await receive({ ...input, good: 1, damaged: 0 }, sal.token);
    expect([ownReceipt.status, ownReceipt.body.data.code]).toEqual([403, 'OWN_MONEY_RECORD']);
    expect((await receive({ ...input, good: 1, damaged: 0 })).status).toBe(200);
    const ownRefund = await refund(input, sal.token);
    expect([ownRefund.status, ownRefund.body.data.code]).toEqual([403, 'OWN_MONEY_RECORD']);
    expect(chargesSince(charged).map((c) => c.refunded)).toEqual([0]);
    // A buyer who is finance staff cannot accept their own return either.
    const fin = await service.signUp('fin-buyer@returns.example', ['finance']);
    const { cardId } = await service.addCard(fin.token);
    const lot = await service.listLot({ auction: false, buyNow: true, buyNowPrice: 5_000, quantity: 3 });
    await service.post(
      actions.addToCart.path,
      { cart: [{ product_id: lot.lotId, qty: 1 }] },
      { token: fin.token },
    );
    const bought = await service.post<CheckoutResult>(
      actions.checkout.path,
      { type: 'buynow', cart_id: 'c-fin', delivery: 'pickup', payment: { card_id: cardId } },
      { token: fin.token },
    );
    const finInvoice = bought.body.data.responseData.invoice_ids[0] as string;
    const asked = await service.post<{ return_id: string }>(
      actions.raiseReturnRequest.path,
      { invoice_id: finInvoice, product_id: lot.lotId, qty: 1, reason: 'Corked' },
      { token: fin.token },
    );
    const self = await decide(
      { invoice_id: finInvoice, return_id: asked.body.data.responseData.return_id, decision: 'accept' },
      fin.token,
    );
    expect([self.status, self.body.data.code]).toEqual([403, 'OWN_MONEY_RECORD']);
  });

  it('answers another buyer\u2019s invoice as unknown, and refuses a wine not on it', async () => {
    const hal = await boughtBottles(1);
    const mallory = await service.signUp('mallory@returns.example');
    const answer = await askBack(hal, {}, mallory.token);
    expect(answer.status).toBe(404);
    expect(answer.body.data.code).toBe('INVOICE_NOT_FOUND');
    const unknown = await askBack(hal, { product_id: 'lot-elsewhere' });
    expect(unknown.body.data.code).toBe('RETURN_LINE_UNKNOWN');
    const tooMany = await askBack(hal, { qty: 2 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.data.code).toBe('RETURN_QUANTITY');
    expect(tooMany.body.data.message).toBe('Quantity to return: 1 to 1');
  });

  it('closes returns 30 days after the invoice was paid', async () => {
    // Sessions last 7 days: a month later the buyer signs in again.
    const signIn = async (buyer: Buyer) => {
      const login = await service.post<LoginResult>(actions.login.path, {
        email: buyer.email,
        password: buyer.password,
      });
      return login.body.data.responseData.token;
    };
    const ivy = await boughtBottles(1);
    service.clock.advance(30 * DAY);
    const last = await askBack(ivy, {}, await signIn(ivy));
    expect(last.status, last.body.data.message).toBe(200);
    const jo = await boughtBottles(1);
    service.clock.advance(30 * DAY + 1);
    const late = await askBack(jo, {}, await signIn(jo));
    expect(late.status).toBe(409);
    expect(late.body.data.code).toBe('RETURN_WINDOW_CLOSED');
    expect(late.body.data.message).toBe('Returns close 30 days after the invoice is paid');
  });
});
