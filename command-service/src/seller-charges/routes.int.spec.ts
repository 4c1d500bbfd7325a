import { actions, type CheckoutResult, type LoginResult } from '@wine/contracts';
import { invoiceStream, walletStream } from '@wine/event-schemas';
import type { CardProvider } from '@wine/platform';
import {
  type CardNetwork,
  cardNetworkFromEnv,
  cardNetworkTitles,
  openCardNetwork,
} from '@wine/platform/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { invoiceDecider } from '../invoices/decide.ts';
import { checkLedger } from '../payments/ledger-check.ts';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import { walletDecider } from '../wallets/wallet.ts';

/**
 * Issue 38 §1: the house bills sellers and vendors charges, and they pay them from their statement
 * (seller/cart/checkout, seller/credit/payCartWallet, seller/offline/payCartOffline), tried as an
 * attacker would: twice at once, one x-command-id twice, a crash between the charge and its record.
 * Every payment says how many times the card network charged (CARD_NETWORK: the sandbox by default).
 */
const networkName = cardNetworkFromEnv();
let network: CardNetwork;
const on = cardNetworkTitles[networkName];
/** What the card network does after a charge, set by a test and cleared after it. */
let after: ((request: Parameters<CardProvider['charge']>[0]) => Promise<void>) | null = null;

let service: TestCommandService;
beforeAll(async () => {
  network = await openCardNetwork(networkName);
  const charge = network.provider.charge.bind(network.provider);
  network.provider.charge = async (request) => {
    // A network that takes a moment to answer, as real ones do: requests can overlap.
    await new Promise((r) => setTimeout(r, 20));
    const result = await charge(request);
    await after?.(request);
    return result;
  };
  service = await openTestCommandService({ network });
});
afterAll(async () => {
  await service.close();
  await network.close();
});

// Issue 35 §1: after each test the ledger agrees with the invoices and with what the network kept.
afterEach(async () => {
  after = null;
  const books = await checkLedger(service.service.streams.store);
  expect(books.disagreements).toEqual([]);
  const kept = network
    .charges()
    .filter((charge) => charge.state.status === 'succeeded')
    .reduce((sum, charge) => sum + charge.amount - charge.refunded, 0);
  expect(books.held[network.provider.name] ?? 0).toBe(kept);
});

let n = 0;
const next = () => {
  n += 1;
  return n;
};
/** A seller (or vendor) with a card on file. */
async function seller(role: 'seller' | 'vendor' = 'seller') {
  const user = await service.signUp(`${role}${next()}@charges.example`, [role]);
  const { cardId } = await service.addCard(user.token, network.testCards.visa);
  return { ...user, cardId };
}
let admin: Awaited<ReturnType<TestCommandService['signUp']>>;
beforeAll(async () => {
  admin = await service.signUp('admin@charges.example', ['admin']);
});

const loadInvoice = async (id: string) => {
  const invoice = await service.service.streams.load(invoiceStream(id), invoiceDecider);
  if (invoice.status !== 'issued') throw new Error(`no invoice ${id}`);
  return invoice;
};
const typesOf = async (stream: string) =>
  (await service.service.streams.store.readStream(stream)).map((e) => e.type);
const walletOf = async (userId: string) =>
  (await service.service.streams.load(walletStream(userId), walletDecider)).balance;
const chargesSince = (from: number) => network.charges().slice(from);

const bill = (input: Record<string, unknown>, token = admin.token, commandId?: string) =>
  service.post<{ invoice_id: string; number: string | null; amount: number }>(
    actions.billSellerCharge.path,
    input,
    { token, ...(commandId && { commandId }) },
  );
/** An admin bills `sellerId` a charge of `amount` cents: its invoice's id. */
async function charge(sellerId: string, amount: number, over: Record<string, unknown> = {}) {
  const answer = await bill({ seller_id: sellerId, kind: 'storage', amount, ...over });
  expect(answer.status, answer.body.data.message).toBe(200);
  return answer.body.data.responseData.invoice_id;
}
const payByCard = (token: string, input: Record<string, unknown>, commandId?: string) =>
  service.post<CheckoutResult>(actions.sellerChargesCheckout.path, input, {
    token,
    ...(commandId && { commandId }),
  });
const payFromWallet = (token: string, invoiceIds: string[], commandId?: string) =>
  service.post<CheckoutResult>(
    actions.sellerChargesPayWallet.path,
    { invoice_ids: invoiceIds },
    { token, ...(commandId && { commandId }) },
  );
const buyCredit = (token: string, cardId: string, amount: number) =>
  service.post(actions.addCreditBalance.path, { amount, card_id: cardId }, { token });

describe('an admin bills a seller a charge (issue 38 §1)', () => {
  it('issues a charge invoice the seller owes: the house its line, no premium, no tax, due in the terms', async () => {
    const sam = await seller();
    const lot = await service.listLot({ sellerId: sam.id, title: '2010 Latour' });
    const answer = await bill({
      seller_id: sam.id,
      kind: 'photography',
      amount: 7_550,
      lot_id: lot.lotId,
      note: 'Six bottles, studio shots',
    });
    expect(answer.status, answer.body.data.message).toBe(200);
    expect(answer.body.data.message).toBe('Charge of $75.50 billed to seller1 Spec');
    const { invoice_id, number } = answer.body.data.responseData;
    expect(number).toMatch(/^\d{4}-\d{6}$/);
    const invoice = await loadInvoice(invoice_id);
    expect(invoice.issued).toMatchObject({
      kind: 'charge',
      charge: { kind: 'photography', note: 'Six bottles, studio shots' },
      buyerId: sam.id,
      lines: [{ lotId: lot.lotId, title: '2010 Latour', sellerId: 'house', qty: 1, amount: 7_550 }],
      amounts: { subtotal: 7_550, premium: 0, tax: 0, total: 7_550 },
    });
    expect(Date.parse(invoice.issued.dueAt) - service.clock.now().getTime()).toBe(14 * 86_400_000);
    // The event names the admin who billed it; the seller is told by mail, with the statement's link.
    const [issued] = await service.service.streams.store.readStream(invoiceStream(invoice_id));
    expect(issued?.metadata.actor).toEqual({ kind: 'admin', id: admin.id });
    const mail = (await service.mailer.outbox?.({ to: sam.email })) ?? [];
    expect(mail.map((m) => m.text).join('\n')).toContain('http://localhost/myWines/sold');
  });

  it('bills a vendor a charge for no lot, and once for one x-command-id sent twice', async () => {
    const vic = await seller('vendor');
    const commandId = `bill-${crypto.randomUUID()}`;
    const input = { seller_id: vic.id, kind: 'storage', amount: 12_000 };
    const [first, again] = [
      await bill(input, admin.token, commandId),
      await bill(input, admin.token, commandId),
    ];
    expect(again.body).toEqual(first.body);
    const id = first.body.data.responseData.invoice_id;
    expect((await loadInvoice(id)).issued.lines).toMatchObject([{ lotId: id, title: 'Storage' }]);
    expect(await typesOf(invoiceStream(id))).toEqual(['InvoiceIssued']);
    const mails = (await service.mailer.outbox?.({ to: vic.email })) ?? [];
    expect(mails.filter((m) => m.text.includes('/myWines/sold'))).toHaveLength(1);
  });

  it('refuses a visitor, a seller, an admin billing themself, a buyer, another seller’s lot and bad bodies, writing nothing', async () => {
    const sam = await seller();
    const ann = await service.signUp(`buyer${next()}@charges.example`);
    const other = await seller();
    const lot = await service.listLot({ sellerId: other.id });
    const selfSeller = await service.signUp(`admin${next()}@charges.example`, ['admin', 'seller']);
    const before = await service.service.streams.store.readAll();
    const tries: [Awaited<ReturnType<typeof bill>>, number, string][] = [
      [await bill({ seller_id: sam.id, kind: 'storage', amount: 100 }, ''), 403, 'SESSION_INVALID'],
      [await bill({ seller_id: other.id, kind: 'storage', amount: 100 }, sam.token), 403, 'ROLE_REQUIRED'],
      [
        await bill({ seller_id: selfSeller.id, kind: 'storage', amount: 100 }, selfSeller.token),
        403,
        'OWN_MONEY_RECORD',
      ],
      [await bill({ seller_id: ann.id, kind: 'storage', amount: 100 }), 400, 'CHARGE_NOT_SELLER'],
      [await bill({ seller_id: 'nobody', kind: 'storage', amount: 100 }), 404, 'USER_NOT_FOUND'],
      [
        await bill({ seller_id: sam.id, kind: 'storage', amount: 100, lot_id: lot.lotId }),
        404,
        'LOT_NOT_FOUND',
      ],
      [await bill({ seller_id: sam.id, kind: 'storage', amount: 10.5 }), 400, 'VALIDATION'],
      [await bill({ seller_id: sam.id, kind: 'tips', amount: 100 }), 400, 'VALIDATION'],
      [await bill({ seller_id: sam.id, kind: 'storage', amount: 0 }), 400, 'VALIDATION'],
    ];
    for (const [answer, status, code] of tries) {
      expect(answer.status, answer.body.data.message).toBe(status);
      expect(answer.body.data.code).toBe(code);
    }
    expect(tries[5]?.[0].body.data.responseData.field).toBe('lot_id');
    expect(tries[6]?.[0].body.data.responseData.issues?.[0]?.field).toBe('amount');
    expect(tries[7]?.[0].body.data.responseData.issues?.[0]?.field).toBe('kind');
    expect((await service.service.streams.store.readAll()).length).toBe(before.length);
  });
});

describe(`a seller pays their charges by card (seller/cart/checkout), on ${on}`, () => {
  it('charges the card once for two charges, and records each invoice paid', async () => {
    const sam = await seller();
    const ids = [await charge(sam.id, 5_000), await charge(sam.id, 2_500)];
    const from = network.charges().length;
    const answer = await payByCard(sam.token, { invoice_ids: ids, card_id: sam.cardId });
    expect(answer.status, answer.body.data.message).toBe(200);
    expect(answer.body.data.responseData).toMatchObject({ status: 'paid', invoice_ids: ids });
    expect(chargesSince(from)).toMatchObject([{ amount: 7_500, refunded: 0 }]);
    for (const id of ids) {
      const invoice = await loadInvoice(id);
      expect(invoice.paid).toBe(invoice.amounts.total);
    }
    // Paid already: a second payment is refused, nothing charged.
    const again = await payByCard(sam.token, { invoice_ids: ids, card_id: sam.cardId });
    expect(again.body.data.code).toBe('INVOICE_PAID');
    expect(chargesSince(from)).toHaveLength(1);
  });

  it('charges once for three identical requests in flight with one x-command-id, and later again', async () => {
    const sam = await seller();
    const id = await charge(sam.id, 4_000);
    const from = network.charges().length;
    const commandId = `pay-${crypto.randomUUID()}`;
    const input = { invoice_ids: [id], card_id: sam.cardId };
    const answers = await Promise.all([1, 2, 3].map(() => payByCard(sam.token, input, commandId)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    const later = await payByCard(sam.token, input, commandId);
    expect(later.body).toEqual(answers[0]?.body);
    expect(chargesSince(from)).toHaveLength(1);
    expect((await typesOf(invoiceStream(id))).filter((t) => t === 'PaymentRecorded')).toHaveLength(1);
  });

  it('takes two payments of one charge at once (two x-command-ids) once: one paid, one refused, one card charge', async () => {
    const sam = await seller();
    const id = await charge(sam.id, 3_000);
    const from = network.charges().length;
    const answers = await Promise.all(
      [1, 2].map(() => payByCard(sam.token, { invoice_ids: [id], card_id: sam.cardId })),
    );
    const paid = answers.filter((a) => a.status === 200);
    expect(paid).toHaveLength(1);
    const refused = answers.find((a) => a.status !== 200);
    expect(['PAYMENT_IN_PROGRESS', 'INVOICE_PAID']).toContain(refused?.body.data.code);
    expect(chargesSince(from)).toMatchObject([{ amount: 3_000, refunded: 0 }]);
    expect((await loadInvoice(id)).paid).toBe(3_000);
  });

  it('charges once across a crash between the card charge and its record: the retry records the same charge', async () => {
    const sam = await seller();
    const id = await charge(sam.id, 6_000);
    const from = network.charges().length;
    // The process stops after the network charged and before anything recorded it (it never answers).
    let resume = () => {};
    const stopped = new Promise<void>((resolve) => {
      resume = resolve;
    });
    let stops = 1;
    after = async () => {
      if (stops-- > 0) await stopped;
    };
    const commandId = `crash-${crypto.randomUUID()}`;
    const input = { invoice_ids: [id], card_id: sam.cardId };
    const dead = payByCard(sam.token, input, commandId);
    while (chargesSince(from).length === 0) await new Promise((r) => setTimeout(r, 10));
    expect((await loadInvoice(id)).paid).toBe(0);
    // The client sends the request again once the dead request's hold on its key ran out.
    service.clock.advance(3 * 60_000);
    const retry = await payByCard(sam.token, input, commandId);
    expect(retry.status, retry.body.data.message).toBe(200);
    expect(retry.body.data.responseData.status).toBe('paid');
    expect(chargesSince(from)).toMatchObject([{ amount: 6_000, refunded: 0 }]);
    expect((await loadInvoice(id)).paid).toBe(6_000);
    // The stopped request goes on at last: it records nothing twice and charges nothing more.
    resume();
    expect((await dead).status).toBe(200);
    expect(chargesSince(from)).toHaveLength(1);
    expect((await typesOf(invoiceStream(id))).filter((t) => t === 'PaymentRecorded')).toHaveLength(1);
  });

  it('pays the wallet first when asked, and the card the rest', async () => {
    const sam = await seller();
    expect((await buyCredit(sam.token, sam.cardId, 1_000)).status).toBe(200);
    const id = await charge(sam.id, 2_500);
    const from = network.charges().length;
    const answer = await payByCard(sam.token, { invoice_ids: [id], card_id: sam.cardId, use_wallet: true });
    expect(answer.body.data.responseData.status).toBe('paid');
    expect(await walletOf(sam.id)).toBe(0);
    expect(chargesSince(from)).toMatchObject([{ amount: 1_500 }]);
    expect((await loadInvoice(id)).paid).toBe(2_500);
  });

  it('answers a declined card with its reason, records nothing and leaves the charge owed', async () => {
    const sam = await seller();
    const declined = await service.addCard(sam.token, network.testCards.chargeDeclined);
    const id = await charge(sam.id, 2_000);
    const answer = await payByCard(sam.token, { invoice_ids: [id], card_id: declined.cardId });
    expect(answer.status).toBe(402);
    expect(answer.body.data.code).toBe('PAYMENT_DECLINED');
    const invoice = await loadInvoice(id);
    expect(invoice.paid).toBe(0);
    expect(Object.values(invoice.payments).map((p) => p.status)).toEqual(['failed']);
  });
});

describe(`a seller or vendor pays their charges from the wallet (seller/credit/payCartWallet), on ${on}`, () => {
  it('debits the wallet once per charge and charges no card', async () => {
    const vic = await seller('vendor');
    expect((await buyCredit(vic.token, vic.cardId, 10_000)).status).toBe(200);
    const ids = [await charge(vic.id, 3_000), await charge(vic.id, 1_000)];
    const from = network.charges().length;
    const answer = await payFromWallet(vic.token, ids);
    expect(answer.status, answer.body.data.message).toBe(200);
    expect(answer.body.data.responseData.status).toBe('paid');
    expect(await walletOf(vic.id)).toBe(6_000);
    expect((await typesOf(walletStream(vic.id))).filter((t) => t === 'WalletDebited')).toHaveLength(2);
    expect(chargesSince(from)).toEqual([]);
  });

  it('refuses a wallet that falls short before taking anything', async () => {
    const sam = await seller();
    expect((await buyCredit(sam.token, sam.cardId, 1_000)).status).toBe(200);
    const id = await charge(sam.id, 5_000);
    const answer = await payFromWallet(sam.token, [id]);
    expect(answer.body.data.code).toBe('WALLET_INSUFFICIENT');
    expect(await walletOf(sam.id)).toBe(1_000);
    expect(await typesOf(invoiceStream(id))).toEqual(['InvoiceIssued']);
  });

  it('takes the wallet once for two payments of one charge at once', async () => {
    const sam = await seller();
    expect((await buyCredit(sam.token, sam.cardId, 10_000)).status).toBe(200);
    const id = await charge(sam.id, 4_000);
    const answers = await Promise.all([1, 2].map(() => payFromWallet(sam.token, [id])));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(await walletOf(sam.id)).toBe(6_000);
    expect((await loadInvoice(id)).paid).toBe(4_000);
  });
});

describe('a seller pays their charges offline (seller/offline/payCartOffline)', () => {
  it('tells them how much and until when, moves nothing; finance records the money, never on its own charge', async () => {
    const sam = await seller();
    const id = await charge(sam.id, 8_800);
    const from = network.charges().length;
    const answer = await service.post<CheckoutResult>(
      actions.sellerChargesPayOffline.path,
      { invoice_ids: [id] },
      { token: sam.token },
    );
    expect(answer.status, answer.body.data.message).toBe(200);
    expect(answer.body.data.responseData.status).toBe('unpaid');
    expect(answer.body.data.message).toContain('$88.00');
    expect(await typesOf(invoiceStream(id))).toEqual(['InvoiceIssued']);
    // A member of finance who is the seller may not record their own money.
    const own = await service.signUp(`finance${next()}@charges.example`, ['finance', 'seller']);
    const ownCharge = await charge(own.id, 1_000);
    const wire = (invoiceId: string, token: string) =>
      service.post(
        actions.recordOfflinePayment.path,
        { invoice_id: invoiceId, amount: 8_800, reference: 'wire 42' },
        { token },
      );
    expect((await wire(ownCharge, own.token)).body.data.code).toBe('OWN_MONEY_RECORD');
    const recorded = await wire(id, own.token);
    expect(recorded.status, recorded.body.data.message).toBe(200);
    expect((await loadInvoice(id)).paid).toBe(8_800);
    expect(chargesSince(from)).toEqual([]);
  });
});

describe('paying charges, tried as an attacker', () => {
  it("refuses another seller's charge, a buyer's invoice, a buyer, a switched session and bad bodies, writing nothing", async () => {
    const sam = await seller();
    const other = await seller();
    const theirs = await charge(other.id, 1_000);
    const buyer = await service.signUp(`buyer${next()}@charges.example`);
    const switched = await service.post<LoginResult>(
      actions.switchUser.path,
      { id: sam.id },
      { token: admin.token },
    );
    const asSam = switched.body.data.responseData.token;
    const mine = await charge(sam.id, 1_000);
    const before = (await service.service.streams.store.readAll()).length;
    const from = network.charges().length;
    const card = { card_id: sam.cardId };
    const tries: [Awaited<ReturnType<typeof payByCard>>, number, string][] = [
      [await payByCard(sam.token, { invoice_ids: [theirs], ...card }), 404, 'INVOICE_NOT_FOUND'],
      [await payFromWallet(sam.token, [theirs]), 404, 'INVOICE_NOT_FOUND'],
      [await payByCard(sam.token, { invoice_ids: ['A-some-lot'], ...card }), 404, 'INVOICE_NOT_FOUND'],
      [await payByCard(buyer.token, { invoice_ids: [mine], card_id: 'x' }), 403, 'ROLE_REQUIRED'],
      [await payByCard('', { invoice_ids: [mine], ...card }), 403, 'SESSION_INVALID'],
      // An admin acting as the seller holds none of their roles, and a switched session moves no money.
      [await payByCard(asSam, { invoice_ids: [mine], ...card }), 403, 'SWITCHED_SESSION_MONEY'],
      [await payByCard(sam.token, { invoice_ids: [mine], card_id: 'not-mine' }), 404, 'CARD_NOT_FOUND'],
      [await payByCard(sam.token, { invoice_ids: [], ...card }), 400, 'VALIDATION'],
      [await payByCard(sam.token, { invoice_ids: [mine, mine], ...card }), 400, 'VALIDATION'],
    ];
    for (const [answer, status, code] of tries) {
      expect(answer.status, `${code}: ${answer.body.data.message}`).toBe(status);
      expect(answer.body.data.code).toBe(code);
    }
    expect(tries[7]?.[0].body.data.responseData.issues?.[0]?.field).toBe('invoice_ids');
    expect((await service.service.streams.store.readAll()).length).toBe(before);
    expect(chargesSince(from)).toEqual([]);
  });

  it('refuses a return of a paid charge: it is no purchase', async () => {
    const sam = await seller();
    const id = await charge(sam.id, 1_000, { lot_id: (await service.listLot({ sellerId: sam.id })).lotId });
    const lotId = (await loadInvoice(id)).issued.lines[0]?.lotId;
    expect((await payByCard(sam.token, { invoice_ids: [id], card_id: sam.cardId })).status).toBe(200);
    const answer = await service.post(
      actions.raiseReturnRequest.path,
      { invoice_id: id, product_id: lotId, reason: 'Did not like the photos' },
      { token: sam.token },
    );
    expect(answer.body.data.code).toBe('INVOICE_NOT_FOUND');
    expect(await typesOf(invoiceStream(id))).not.toContain('ReturnRequested');
  });
});
