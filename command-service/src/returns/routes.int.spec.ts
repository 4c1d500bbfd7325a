import { actions, type CheckoutResult, type LoginResult, type ReturnDecisionResult } from '@wine/contracts';
import { invoiceStream, walletStream } from '@wine/event-schemas';
import { createSandboxCardProvider } from '@wine/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceDecider } from '../invoices/decide.ts';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import { walletDecider } from '../wallets/wallet.ts';

let service: TestCommandService;
let finance: { token: string };
const sandbox = createSandboxCardProvider();
beforeAll(async () => {
  service = await openTestCommandService({ cards: sandbox });
  finance = await service.signUp('finance@returns.example', ['finance']);
});
afterAll(() => service.close());

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
const invoiceOf = async (id: string) => {
  const invoice = await service.service.streams.load(invoiceStream(id), invoiceDecider);
  if (invoice.status !== 'issued') throw new Error('no invoice');
  return invoice;
};
const balanceOf = async (userId: string) =>
  (await service.service.streams.load(walletStream(userId), walletDecider)).balance;

describe('returns', () => {
  it('takes a request for part of a paid line, with its share of what was paid', async () => {
    const ann = await boughtBottles(3);
    const answer = await askBack(ann);
    expect(answer.status, answer.body.data.message).toBe(200);
    expect(answer.body.data.message).toBe('Return requested');
    // One $50 bottle of three, plus its 10.25% Chicago tax.
    expect(answer.body.data.responseData).toMatchObject({ status: 'requested', amount: 5_513 });
    const again = await askBack(ann, { qty: 2 });
    expect(again.status).toBe(409);
    expect(again.body.data.code).toBe('RETURN_OPEN');
  });

  it('refunds an accepted return to the wallet: the balance goes up, the invoice stays paid, the buyer is told', async () => {
    const bea = await boughtBottles(2);
    const { return_id } = (await askBack(bea)).body.data.responseData;
    const before = await balanceOf(bea.id);
    const answer = await decide({ invoice_id: bea.invoiceId, return_id, decision: 'accept', to: 'wallet' });
    expect(answer.status, answer.body.data.message).toBe(200);
    expect(answer.body.data.message).toBe('Return accepted: $55.13 credited to the wallet');
    expect(answer.body.data.responseData).toEqual({
      return_id,
      status: 'refunded',
      amount: 5_513,
      refund_to: 'wallet',
    });
    expect(await balanceOf(bea.id)).toBe(before + 5_513);
    const invoice = await invoiceOf(bea.invoiceId);
    expect(invoice.paid).toBe(invoice.amounts.total);
    expect(invoice.returned).toBe(5_513);
    const events = await service.service.streams.store.readStream(invoiceStream(bea.invoiceId));
    expect(events.slice(-3).map((e) => e.type)).toEqual([
      'ReturnRequested',
      'ReturnAccepted',
      'PaymentRefunded',
    ]);
    expect(events.at(-1)?.data).toMatchObject({ amount: 5_513, to: 'wallet', returnId: return_id });
    const [mail] = (await service.mailer.outbox?.({ to: bea.email })) ?? [];
    expect(mail?.subject).toBe('Your return is accepted');
    expect(mail?.text).toContain('$55.13 is credited to your wallet');
  });

  it('refunds to the card the invoice was paid with by default', async () => {
    const cy = await boughtBottles(1);
    const { return_id, amount } = (await askBack(cy)).body.data.responseData;
    const answer = await decide({ invoice_id: cy.invoiceId, return_id, decision: 'accept' });
    expect(answer.body.data.responseData).toMatchObject({ status: 'refunded', refund_to: 'card', amount });
    expect(answer.body.data.message).toBe('Return accepted: $55.13 refunded to the card');
    const events = await service.service.streams.store.readStream(invoiceStream(cy.invoiceId));
    expect(events.at(-1)?.data).toMatchObject({ to: 'card', amount: 5_513, returnId: return_id });
    expect(await service.service.streams.store.readStream(walletStream(cy.id))).toEqual([]);
    // The whole line came back: every cent paid, and the invoice is still a paid one.
    const invoice = await invoiceOf(cy.invoiceId);
    expect(invoice.returned).toBe(invoice.amounts.total);
    expect(invoice.paid).toBe(invoice.amounts.total);
  });

  it('refunds a wallet-paid invoice to the wallet unless told otherwise, and cannot put it on a card', async () => {
    const dee = await boughtBottles(1, 'wallet');
    const { return_id } = (await askBack(dee)).body.data.responseData;
    const card = await decide({ invoice_id: dee.invoiceId, return_id, decision: 'accept', to: 'card' });
    expect(card.status).toBe(409);
    expect(card.body.data.code).toBe('RETURN_CARD_UNAVAILABLE');
    const answer = await decide({ invoice_id: dee.invoiceId, return_id, decision: 'accept' });
    expect(answer.body.data.responseData.refund_to).toBe('wallet');
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
    expect(answer.body.data.responseData).toMatchObject({ status: 'refused', refund_to: null });
    const [mail] = (await service.mailer.outbox?.({ to: eve.email })) ?? [];
    expect(mail?.subject).toBe('Your return was not accepted');
    expect(mail?.text).toContain('Note from our team: The capsule was cut');
  });

  it('refuses deciding a return twice', async () => {
    const fay = await boughtBottles(2);
    const { return_id } = (await askBack(fay)).body.data.responseData;
    const input = { invoice_id: fay.invoiceId, return_id, decision: 'accept', to: 'wallet' };
    expect((await decide(input)).status).toBe(200);
    const twice = await decide(input);
    expect(twice.status).toBe(409);
    expect(twice.body.data.code).toBe('RETURN_DECIDED');
    const refuse = await decide({ ...input, decision: 'refuse', note: 'Changed my mind' });
    expect(refuse.body.data.code).toBe('RETURN_DECIDED');
    expect(await balanceOf(fay.id)).toBe(5_513);
  });

  it('lets only finance or an admin decide, refused before the body is read', async () => {
    const gus = await boughtBottles(1);
    const seller = await service.signUp('seller@returns.example', ['seller']);
    for (const token of [gus.token, seller.token]) {
      const answer = await service.app.inject({
        method: 'POST',
        url: actions.decideReturn.path,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: '{"not json',
      });
      expect(answer.statusCode).toBe(403);
      expect(answer.json().data.code).toBe('ROLE_REQUIRED');
    }
    const admin = await service.signUp('admin@returns.example', ['admin']);
    const { return_id } = (await askBack(gus)).body.data.responseData;
    const answer = await decide({ invoice_id: gus.invoiceId, return_id, decision: 'accept' }, admin.token);
    expect(answer.status).toBe(200);
  });

  it('refuses a member of staff a return on a sale of their own (separation of duties), accepted or refused', async () => {
    const sal = await service.signUp('sal@returns.example', ['admin']);
    const charged = sandbox.charges().length;
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
    expect((await invoiceOf(ivy.invoiceId)).returns[return_id]?.status).toBe('requested');
    // Finance, no party to the sale, decides it: the one charge is refunded, nothing more charged.
    expect((await decide({ ...input, decision: 'accept' })).body.data.responseData.status).toBe('refunded');
    const charges = sandbox.charges().slice(charged);
    expect(charges).toHaveLength(1);
    expect(charges[0]?.refunded).toBe(5_513);
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
