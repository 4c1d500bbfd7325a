import { randomUUID } from 'node:crypto';
import {
  actions,
  type CartView,
  type CheckoutResult,
  type CsvExport,
  type ReportName,
  type ReportPage,
  reportCsvPath,
  reportNames,
} from '@wine/contracts';
import { offsetClock } from '@wine/platform';
import { eventually } from '@wine/platform/testing';
import { reportFromLog, reportWindow } from '@wine/projection-service';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotInput, startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const clock = offsetClock();
let market: TestMarketplace;
let finance: TestUser;
let auditor: TestUser;
const day = (ms: number) => new Date(clock.now().getTime() + ms).toISOString().slice(0, 10);
const range = () => ({ from: day(-30 * DAY), to: day(30 * DAY) });

beforeAll(async () => {
  market = await startMarketplace({ seed: false, clock, staffRateLimit: 100_000 });
  finance = await market.staff('finance');
  auditor = await market.staff('auditor');
});
afterAll(() => market?.stop());

const report = (name: ReportName, input: Record<string, unknown>, who = finance) =>
  market.ok<ReportPage>(actions[name].path, { limit: 500, ...input }, who.auth);
const cardOf = async (user: TestUser) =>
  (await market.ok<{ data: { id: string }[] }>(actions.getCards.path, {}, user.auth)).data[0]?.id as string;

async function buyNow(buyer: TestUser, price: number, offline = false): Promise<CheckoutResult> {
  const input = lotInput({ auction: false, buyNow: true, buyNowPrice: price, quantity: 6, openingBid: 0 });
  const { id } = await market.ok<{ id: string }>(actions.createLot.path, input, market.admin);
  await market.ok(actions.addToCart.path, { cart: [{ product_id: id, qty: 1 }] }, buyer.auth);
  const order = { type: 'buynow', cart_id: randomUUID(), delivery: 'pickup' };
  return offline
    ? market.ok<CheckoutResult>(actions.payCartOffline.path, order, buyer.auth)
    : market.ok<CheckoutResult>(
        actions.checkout.path,
        { ...order, payment: { card_id: await cardOf(buyer) } },
        buyer.auth,
      );
}

/** Money of every kind: a won lot paid by card and partly returned, buy now, wallet, gift card, offline. */
async function moveMoney() {
  const ann = await market.bidder({ firstName: 'Ann' });
  const input = lotInput({
    openingBid: 40_000,
    closesAt: new Date(clock.now().getTime() + HOUR).toISOString(),
  });
  const { id: lotId } = await market.ok<{ id: string }>(actions.createLot.path, input, market.admin);
  await market.ok(actions.bidConfirm.path, { id: lotId, wsprice: 40_000 }, ann.auth);
  clock.advance(2 * HOUR);
  const cart = await eventually(
    () => market.ok<CartView>(actions.auctionCart.path, {}, ann.auth),
    (c) => c.cartItems.length === 1,
  );
  const invoiceId = cart.cartItems[0]?.invoice_id as string;
  const won = {
    type: 'auction',
    cart_id: invoiceId,
    delivery: 'pickup',
    payment: { card_id: await cardOf(ann) },
  };
  expect((await market.ok<CheckoutResult>(actions.checkout.path, won, ann.auth)).status).toBe('paid');

  const ben = await market.bidder({ firstName: 'Ben' });
  await buyNow(ben, 6_000);
  await market.ok(actions.addCreditBalance.path, { amount: 2_500, card_id: await cardOf(ben) }, ben.auth);

  const dee = await market.bidder({ firstName: 'Dee' });
  const { cards } = await market.ok<{ cards: { code: string }[] }>(
    actions.issueGiftCards.path,
    { amount: 1_000, count: 1 },
    market.admin,
  );
  await market.ok(actions.addGiftCardWalletBalance.path, { code: cards[0]?.code }, dee.auth);
  const placed = await buyNow(dee, 2_000, true);
  await market.caughtUp();
  const offline = await market.ok<{ records: { id: string; due: number }[] }>(
    actions.staffInvoices.path,
    { status: 'unpaid' },
    finance.auth,
  );
  const due = offline.records.find((r) => r.id === placed.invoice_ids[0]);
  await market.ok(
    actions.recordOfflinePayment.path,
    { invoice_id: due?.id, amount: due?.due, reference: 'cash at pickup' },
    finance.auth,
  );

  const asked = await market.ok<{ return_id: string }>(
    actions.raiseReturnRequest.path,
    { invoice_id: invoiceId, product_id: lotId, qty: 1, reason: 'Corked' },
    ann.auth,
  );
  // Issue 31: accepted, the bottle received, then refunded.
  const ids = { invoice_id: invoiceId, return_id: asked.return_id };
  await market.ok(actions.decideReturn.path, { ...ids, decision: 'accept', to: 'card' }, finance.auth);
  await market.ok(actions.receiveReturn.path, { ...ids, good: 1, damaged: 0 }, finance.auth);
  await market.ok(actions.refundReturn.path, ids, finance.auth);
  await market.caughtUp();
  return { ann, ben, invoiceId };
}

/** The error catalogue's code of an answer (absent on success). */
const codeOf = (answer: { body: { data: unknown } }) => (answer.body.data as { code?: string }).code;

const toCents = (text: string) => {
  const [whole = '0', cents = '00'] = text.replace('-', '').split('.');
  return (text.startsWith('-') ? -1 : 1) * (Number(whole) * 100 + Number(cents));
};

describe('finance reports over the ledger', () => {
  it('reproduces the books as of t1, after more money moved, exactly as reported live at t1', async () => {
    const { ben } = await moveMoney();
    const names: ReportName[] = [...reportNames];
    const live = new Map<ReportName, ReportPage>();
    for (const name of names) live.set(name, await report(name, range()));
    const payments = live.get('getPayments') as ReportPage;
    expect(payments.records.map((r) => [r.type, r.method])).toEqual(
      expect.arrayContaining([
        ['payment', 'card'],
        ['payment', 'offline'],
        ['refund', 'card'],
      ]),
    );
    expect(live.get('getBalances')?.totals).toMatchObject({ wallets: 3_500 });
    // The $80 premium of the won lot, less the share its returned bottle gave back (issue 31).
    const log0 = await market.eventStore.readAll();
    const given = log0.find((e) => e.type === 'ReturnRefundStarted')?.data as { premium: number };
    expect(given.premium).toBeGreaterThan(0);
    expect(live.get('getPremiumEarned')?.totals.premium).toBe(8_000 - given.premium);

    clock.advance(60_000);
    await buyNow(ben, 9_000);
    await market.ok(actions.addCreditBalance.path, { amount: 700, card_id: await cardOf(ben) }, ben.auth);
    await market.caughtUp();

    // The ledger read model equals the log: each report, folded straight from the log's events.
    const log = await market.eventStore.readAll();
    const anonymous = (records: ReportPage['records']) =>
      records.map(({ buyer: _b, seller: _s, holder: _h, ...rest }) => rest);
    for (const name of names) {
      const then = live.get(name) as ReportPage;
      const folded = reportFromLog(name, log, reportWindow({ ...range(), asOf: then.asOf }, clock.now()));
      expect(anonymous(folded.records), name).toEqual(anonymous(then.records));
      expect(folded.totals, name).toEqual(then.totals);
    }

    const now = await report('getPayments', range());
    expect(now.totals.amount).toBeGreaterThan(payments.totals.amount as number);
    for (const name of names) {
      const then = live.get(name) as ReportPage;
      expect(await report(name, { ...range(), asOf: then.asOf }), name).toEqual(then);
    }
  });

  it('exports CSV whose totals equal the payment events of the log to the cent, streamed or not', async () => {
    const asOf = clock.now().toISOString();
    const exported = await market.ok<CsvExport>(
      actions.exportReport.path,
      { report: 'getPayments', ...range(), asOf },
      finance.auth,
    );
    expect(exported.filename).toMatch(/^getPayments_.*\.csv$/);
    expect(exported.records.startsWith('\uFEFF')).toBe(true);
    const rows = parse(exported.records, { bom: true, columns: true }) as Record<string, string>[];
    const csvTotal = rows.reduce((sum, r) => sum + toCents(r.amount_usd as string), 0);

    const log = await market.eventStore.readAll();
    const fromLog = log
      .filter((e) => e.metadata.occurredAt <= asOf)
      .reduce((sum, e) => {
        const amount = (e.data as { amount: number }).amount;
        if (e.type === 'PaymentRecorded') return sum + amount;
        if (e.type === 'PaymentRefunded') return sum - amount;
        return sum;
      }, 0);
    expect(rows.length).toBe(5); // three buy-now and auction card payments, one offline, one refund
    expect(csvTotal).toBe(fromLog);

    const streamed = await fetch(`${market.url}${reportCsvPath}`, {
      method: 'POST',
      headers: { ...finance.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ report: 'getPayments', ...range(), asOf }),
    });
    expect(streamed.status).toBe(200);
    expect(streamed.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(streamed.headers.get('content-disposition')).toContain(exported.filename);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await streamed.arrayBuffer())).toBe(
      exported.records,
    );
  });

  it('refuses no session, a bidder and an auditor before reading the body; serves finance and admins', async () => {
    const bidder = await market.bidder({ card: false });
    const paths = [...reportNames.map((n) => actions[n].path), actions.exportReport.path, reportCsvPath];
    for (const path of paths) {
      for (const headers of [{}, bidder.auth, auditor.auth]) {
        const refused = await market.post(path, '{not json', headers);
        expect([path, refused.http, refused.body.data.responseType]).toEqual([path, 403, 403]);
      }
    }
    for (const who of [finance, market.adminUser]) {
      expect((await report('getCustomerOrders', range(), who)).totals).toHaveProperty('total');
    }
  });

  it('answers a bad range or instant with its code and field, on the page, the export and the stream', async () => {
    const backwards = { from: day(0), to: day(-DAY) };
    const future = { ...range(), asOf: new Date(clock.now().getTime() + HOUR).toISOString() };
    for (const [path, extra] of [
      [actions.getPayments.path, {}],
      [actions.exportReport.path, { report: 'getPayments' }],
      [reportCsvPath, { report: 'getPayments' }],
    ] as const) {
      const range400 = await market.post(path, { ...backwards, ...extra }, finance.auth);
      expect([range400.http, codeOf(range400), range400.body.data.responseData]).toEqual([
        400,
        'REPORT_RANGE',
        { field: 'to' },
      ]);
      const asOf400 = await market.post(path, { ...future, ...extra }, finance.auth);
      expect([asOf400.http, codeOf(asOf400)]).toEqual([400, 'REPORT_AS_OF']);
      const malformed = await market.post(path, { ...range(), asOf: 'last tuesday', ...extra }, finance.auth);
      expect([malformed.http, codeOf(malformed)]).toEqual([400, 'VALIDATION']);
      expect((malformed.body.data.responseData as { field: string }).field).toBe('asOf');
    }
  });

  it("exports the caller's own watchlist as CSV, and no one else's", async () => {
    const wes = await market.bidder({ card: false });
    const { id } = await market.ok<{ id: string }>(actions.createLot.path, lotInput(), market.admin);
    await market.ok(actions.addWatchlist.path, { project_id: id }, wes.auth);
    await market.caughtUp();
    const mine = await market.ok<CsvExport>(actions.exportWatchlist.path, {}, wes.auth);
    const rows = parse(mine.records, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.lot_id, r.price_usd])).toEqual([[id, '250.00']]);
    const other = await market.ok<CsvExport>(actions.exportWatchlist.path, {}, finance.auth);
    expect(parse(other.records, { bom: true, columns: true })).toEqual([]);
    expect((await market.post(actions.exportWatchlist.path, {})).http).toBe(403);
  });

  it('writes a lot titled as a formula as text in the watchlist export (OWASP CSV injection)', async () => {
    const ida = await market.bidder({ card: false });
    const title = "=cmd|' /C calc'!A0";
    const { id } = await market.ok<{ id: string }>(actions.createLot.path, lotInput({ title }), market.admin);
    await market.ok(actions.addWatchlist.path, { project_id: id }, ida.auth);
    await market.caughtUp();
    const mine = await market.ok<CsvExport>(actions.exportWatchlist.path, {}, ida.auth);
    const rows = parse(mine.records, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.title, r.price_usd])).toEqual([[`'${title}`, '250.00']]);
  });
});
