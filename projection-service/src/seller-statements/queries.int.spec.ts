import { HOUSE_SELLER_ID, type SellerTerms } from '@wine/contracts';
import type { RecordedEvent } from '@wine/event-schemas';
import { manualClock } from '@wine/platform';
import { closedUnsold, listedLot } from '@wine/platform/testing';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder, queryApp, registered } from '../core/testing.ts';
import { pdfText } from '../invoices/pdf-text.ts';
import { invoicesProjection } from '../invoices/project.ts';
import { invoiceIssued, paymentRecorded } from '../invoices/testing.ts';
import { lotsProjection } from '../lots/project.ts';
import { returnsProjection } from '../returns/project.ts';
import { sellerPayoutsProjection } from '../seller-payouts/project.ts';
import { sellerPayoutQueries } from '../seller-payouts/queries.ts';
import { staffLotsProjection } from '../staff-lots/project.ts';
import { usersProjection } from '../users/project.ts';
import { sellerStatementQueries } from './queries.ts';

const STATEMENT = '/api/seller/user/invoice/invoice';
const PDF = '/api/seller/user/invoice/pdf';
const CSV = '/api/seller/user/invoice/csv';

/** The configured terms of these specs (not the defaults, so the configured ones are seen to apply). */
const terms: SellerTerms = { commissionPercent: 12, lotFee: 250, payoutDays: 7 };
const clock = manualClock('2026-12-01T12:00:00.000Z');

const line = (lotId: string, sellerId: string, amount: number, qty = 1) => ({
  lotId,
  title: `Lot ${lotId}`,
  sellerId,
  qty,
  unitPrice: amount / qty,
  amount,
  reservationId: null,
});

/**
 * sam and cat sell (role seller); ann and bob buy (bob has no seller role). Paid on 22 November, so
 * payable on the 29th with 7 payout days, unless said otherwise; the clock reads 1 December.
 * - inv-1 (ann, paid): sam's s-1 $400 (approved on its own terms: 8%, no fee), cat's c-1 $150, the
 *   house's h-1 $100.
 * - inv-2 (bob, paid): sam's s-2, 3 bottles for $300, one bottle returned and refunded, one asked back.
 * - inv-3 (ann, unpaid): sam's s-5 $99.
 * - inv-4 (ann, paid on 30 November: payable on 7 December): sam's s-6 $50.
 * - inv-5 (ann, void): sam's s-7 $75.
 * - sam's s-3 closed unsold after 2 bids (high $120), s-4 unsold without bids; cat's c-2 unsold.
 * `more` records a spec's own events after these (payouts, a finance user).
 */
async function statements(more: (record: ReturnType<typeof eventRecorder>) => RecordedEvent[] = () => []) {
  const record = eventRecorder();
  const events: RecordedEvent[] = [];
  const user = (id: string, first: string, last: string, seller: boolean) => {
    events.push(record(`user-${id}`, 'UserRegistered', registered(id, first, last)));
    if (seller) events.push(record(`user-${id}`, 'RoleGranted', { role: 'seller' }));
  };
  user('sam', 'Sam', 'Cellar', true);
  user('cat', 'Cat', 'Vintner', true);
  user('ann', 'Ann', 'Buyer', false);
  user('bob', 'Bob', 'Buyer', false);
  for (const [lotId, sellerId] of [
    ['s-1', 'sam'],
    ['s-2', 'sam'],
    ['s-3', 'sam'],
    ['s-4', 'sam'],
    ['s-5', 'sam'],
    ['s-6', 'sam'],
    ['s-7', 'sam'],
    ['c-1', 'cat'],
    ['c-2', 'cat'],
    ['h-1', HOUSE_SELLER_ID],
  ] as const) {
    events.push(
      record(
        `lot-${lotId}`,
        'LotListed',
        listedLot({ lotId, sellerId, sku: `SKU-${lotId}`, title: `Lot ${lotId}` }),
      ),
    );
  }
  const bid = (bidderId: string, amount: number) =>
    record('lot-s-3', 'BidPlaced', {
      bidId: `b-${bidderId}`,
      bidderId,
      amount,
      maxAmount: amount,
      leads: true,
      outbidUserId: null,
      nextBid: amount + 1_000,
      reserveMet: false,
      biddingType: 'hard',
    });
  events.push(
    record('lot-s-1', 'LotApproved', { terms: { commissionPercent: 8, lotFee: 0, payoutDays: 7 } }),
    bid('ann', 11_000),
    bid('bob', 12_000),
    record('lot-s-3', 'LotClosed', closedUnsold({ bidCount: 2 })),
    record('lot-s-4', 'LotClosed', closedUnsold()),
    record('lot-c-2', 'LotClosed', closedUnsold()),
  );
  const paid = { occurredAt: '2026-11-22T10:00:00.000Z' };
  const issue = (
    invoiceId: string,
    buyerId: string,
    lines: ReturnType<typeof line>[],
    pay: { occurredAt: string } | null,
  ) => {
    const issued = invoiceIssued({ invoiceId, buyerId, lines, number: `2026-00000${invoiceId.slice(-1)}` });
    events.push(record(`invoice-${invoiceId}`, 'InvoiceIssued', issued));
    if (pay)
      events.push(
        record(
          `invoice-${invoiceId}`,
          'PaymentRecorded',
          paymentRecorded(`p-${invoiceId}`, issued.amounts.total),
          pay,
        ),
      );
  };
  issue(
    'inv-1',
    'ann',
    [line('s-1', 'sam', 40_000), line('c-1', 'cat', 15_000), line('h-1', HOUSE_SELLER_ID, 10_000)],
    paid,
  );
  issue('inv-2', 'bob', [line('s-2', 'sam', 30_000, 3)], paid);
  issue('inv-3', 'ann', [line('s-5', 'sam', 9_900)], null);
  issue('inv-4', 'ann', [line('s-6', 'sam', 5_000)], { occurredAt: '2026-11-30T10:00:00.000Z' });
  issue('inv-5', 'ann', [line('s-7', 'sam', 7_500)], null);
  events.push(record('invoice-inv-5', 'InvoiceVoided', { reason: 'expired' }));
  // One bottle of s-2 back and refunded; a second one asked back, not refunded yet (it does not count).
  events.push(
    record('invoice-inv-2', 'ReturnRequested', {
      returnId: 'ret-1',
      lotId: 's-2',
      qty: 1,
      reason: 'Corked',
      amount: 13_230,
    }),
    record('invoice-inv-2', 'ReturnAccepted', { returnId: 'ret-1', by: 'fin', note: '', to: 'card' }),
    record('invoice-inv-2', 'ReturnRefundStarted', {
      returnId: 'ret-1',
      refundId: 'rf-1',
      amount: 13_230,
      reason: 'Corked',
      by: 'fin',
      lotId: 's-2',
      qty: 1,
      price: 10_000,
      premium: 2_000,
      tax: 1_230,
      taxState: 'IL',
      taxRate: 1025,
      parts: [{ paymentId: 'p-inv-2', to: 'card', amount: 13_230 }],
    }),
    record('invoice-inv-2', 'PaymentRefunded', {
      refundId: 'rf-1',
      paymentId: 'p-inv-2',
      amount: 13_230,
      to: 'card',
      reason: 'Corked',
      returnId: 'ret-1',
    }),
    record('invoice-inv-2', 'ReturnRequested', {
      returnId: 'ret-2',
      lotId: 's-2',
      qty: 1,
      reason: 'Label',
      amount: 13_230,
    }),
  );
  events.push(...more(record));
  const docs = await applyEvents(
    [
      lotsProjection,
      usersProjection,
      staffLotsProjection,
      invoicesProjection,
      returnsProjection,
      sellerPayoutsProjection,
    ],
    events,
  );
  return queryApp(
    async (app, deps) => {
      await sellerStatementQueries(terms)(app, deps);
      await sellerPayoutQueries(terms)(app, deps);
    },
    docs,
    clock,
  );
}

type Line = { product_id: string; status: string; net: number };

describe('seller statement (/api/seller/user/invoice/invoice)', () => {
  it("settles the seller's own lines on their lot's terms or the configured ones: kept after returns, commission, fee, net, payable date", async () => {
    const { app, post, signIn } = await statements();
    const response = await post(STATEMENT, {}, await signIn('sam'));
    expect(response.statusCode).toBe(200);
    const statement = response.json().data.responseData;
    expect(statement.as_of).toBe('2026-12-01T12:00:00.000Z');
    expect(statement.seller).toEqual({ id: 'sam', name: 'Sam Cellar' });
    // Newest invoice first; the void one is left out.
    expect(statement.lines.map((l: Line) => [l.product_id, l.status, l.net])).toEqual([
      ['s-6', 'scheduled', 4_150],
      ['s-5', 'awaiting_payment', 8_462],
      ['s-2', 'payable', 17_350],
      ['s-1', 'payable', 36_800],
    ]);
    const partlyReturned = statement.lines.find((l: Line) => l.product_id === 's-2');
    expect(partlyReturned).toEqual({
      invoice_id: 'inv-2',
      invoice_number: '2026-000002',
      product_id: 's-2',
      title: 'Lot s-2',
      kind: 'auction',
      qty: 3,
      returned_qty: 1,
      hammer: 30_000,
      returned: 10_000,
      kept: 20_000,
      commission_percent: 12,
      commission: 2_400,
      fee: 250,
      net: 17_350,
      status: 'payable',
      paid_at: '2026-11-22T10:00:00.000Z',
      payable_on: '2026-11-29T10:00:00.000Z',
      payout: null,
    });
    expect(statement.lines.find((l: Line) => l.product_id === 's-6').payable_on).toBe(
      '2026-12-07T10:00:00.000Z',
    );
    expect(statement.lines.find((l: Line) => l.product_id === 's-5').payable_on).toBeNull();
    // s-1 was approved on its own terms; the others on the configured ones.
    expect(statement.lines.find((l: Line) => l.product_id === 's-1')).toMatchObject({
      commission_percent: 8,
      commission: 3_200,
      fee: 0,
    });
    expect(statement.totals).toEqual({
      hammer: 84_900,
      returned: 10_000,
      commission: 7_388,
      fees: 750,
      net: 66_762,
      payable_now: 54_150,
      scheduled: 4_150,
      awaiting_payment: 8_462,
      paid: 0,
    });
    await app.close();
  });

  it('lists the unsold lots: reserve not met with the high bid after bids, no bids otherwise', async () => {
    const { app, post, signIn } = await statements();
    const { unsold } = (await post(STATEMENT, {}, await signIn('sam'))).json().data.responseData;
    expect(unsold).toHaveLength(2);
    expect(unsold).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          product_id: 's-3',
          reason: 'reserve_not_met',
          bid_count: 2,
          high_bid: 12_000,
        }),
        expect.objectContaining({ product_id: 's-4', reason: 'no_bids', bid_count: 0, high_bid: null }),
      ]),
    );
    await app.close();
  });

  it("shows each seller only their own: never another seller's lines or lots, nor the house's, whatever the body says", async () => {
    const { app, post, signIn } = await statements();
    const cat = await signIn('cat');
    const statement = (await post(STATEMENT, {}, cat)).json().data.responseData;
    expect(statement.lines.map((l: Line) => l.product_id)).toEqual(['c-1']);
    expect(statement.unsold.map((l: Line) => l.product_id)).toEqual(['c-2']);
    expect(JSON.stringify(statement)).not.toMatch(/s-\d|h-1|Sam/);
    const sams = JSON.stringify((await post(STATEMENT, {}, await signIn('sam'))).json());
    expect(sams).not.toMatch(/c-1|c-2|h-1/);
    for (const body of [{ seller_id: 'sam' }, { sellerId: 'sam' }]) {
      const response = await post(STATEMENT, body, cat);
      expect(response.statusCode).toBe(400);
      expect(response.json().status).toBe('error');
    }
    await app.close();
  });

  it('refuses a caller without a session, and a buyer without the seller role, on the data and both downloads', async () => {
    const { app, post, signIn } = await statements();
    const anonymous = [
      await post(STATEMENT, {}),
      await app.inject({ method: 'GET', url: PDF }),
      await app.inject({ method: 'GET', url: CSV }),
    ];
    for (const response of anonymous) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ status: 'error', data: { code: 'SESSION_INVALID' } });
    }
    const bob = await signIn('bob');
    const buyer = [
      await post(STATEMENT, {}, bob),
      await app.inject({ method: 'GET', url: PDF, headers: bob }),
      await app.inject({ method: 'GET', url: CSV, headers: bob }),
    ];
    for (const response of buyer) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ status: 'error', data: { code: 'ROLE_REQUIRED' } });
    }
    await app.close();
  });
});

describe('seller statement downloads (GET /api/seller/user/invoice/pdf, /csv)', () => {
  it('answers the seller a PDF of their statement: their name, the lines, the unsold lots and the net', async () => {
    const { app, signIn } = await statements();
    const response = await app.inject({ method: 'GET', url: PDF, headers: await signIn('sam') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="seller-statement_2026-12-01.pdf"',
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(response.rawPayload);
    for (const shown of [
      'SELLER STATEMENT',
      'Sam Cellar',
      'Lot s-1',
      '2026-000002',
      'Reserve not met',
      'No bids',
      '$120.00',
    ])
      expect(text).toContain(shown);
    // The net ($667.62) and what is payable now ($541.50).
    expect(text).toMatch(/Net\n\$667\.62/);
    expect(text).toMatch(/Payable now\n\$541\.50/);
    expect(text).not.toMatch(/Lot c-1|Lot h-1|Lot s-7/);
    await app.close();
  });

  it('answers the seller a CSV with one row per line, money in dollars', async () => {
    const { app, signIn } = await statements();
    const response = await app.inject({ method: 'GET', url: CSV, headers: await signIn('sam') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="seller-statement_2026-12-01.csv"',
    );
    const [header, ...rows] = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(header).toBe(
      'line,lot_id,title,invoice_number,invoice_id,kind,qty,returned_qty,hammer_usd,returned_usd,commission_percent,commission_usd,fee_usd,net_usd,status,paid_at,payable_on,closed_at,bid_count,high_bid_usd',
    );
    expect(rows).toHaveLength(6);
    expect(rows).toContain(
      'sold,s-2,Lot s-2,2026-000002,inv-2,auction,3,1,300.00,100.00,12,24.00,2.50,173.50,payable,2026-11-22T10:00:00.000Z,2026-11-29T10:00:00.000Z,,,',
    );
    expect(rows.filter((row) => row.startsWith('unsold,'))).toEqual([
      expect.stringMatching(/^unsold,s-[34],/),
      expect.stringMatching(/^unsold,s-[34],/),
    ]);
    expect(rows.find((row) => row.startsWith('unsold,s-3,'))).toMatch(/,reserve_not_met,.*,2,120\.00$/);
    expect(response.body).not.toMatch(/c-1|h-1|s-7/);
    await app.close();
  });
});

describe("finance's payables (/api/admin/seller/payables)", () => {
  const PAYABLES = '/api/admin/seller/payables';

  it("lists each seller's lines payable now as their statement settles them, by name, less what was paid out", async () => {
    const { app, post, signIn } = await statements((record) => [
      record('user-fin', 'UserRegistered', registered('fin', 'Fiona', 'Finance')),
      record('user-fin', 'RoleGranted', { role: 'finance' }),
      // s-1 paid out; cat said how to be paid.
      record('payout-sam', 'SellerPaidOut', {
        payoutId: 'po-1',
        lines: [{ invoiceId: 'inv-1', lotId: 's-1', net: 36_800 }],
        amount: 36_800,
        method: 'check',
        reference: 'Check 1001',
      }),
      record('payout-cat', 'SellerPayoutPreferenceSet', {
        payee: 'Cat Vintner LLC',
        method: 'bank_transfer',
        note: null,
      }),
    ]);
    const response = await post(PAYABLES, {}, await signIn('fin'));
    expect(response.statusCode).toBe(200);
    const { sellers } = response.json().data.responseData;
    expect(sellers).toEqual([
      {
        seller: { id: 'cat', name: 'Cat Vintner' },
        lines: [
          {
            invoice_id: 'inv-1',
            invoice_number: '2026-000001',
            product_id: 'c-1',
            title: 'Lot c-1',
            net: 12_950,
            payable_on: '2026-11-29T10:00:00.000Z',
          },
        ],
        total: 12_950,
        preference: {
          payee: 'Cat Vintner LLC',
          method: 'bank_transfer',
          note: null,
          set_at: expect.any(String),
        },
      },
      {
        seller: { id: 'sam', name: 'Sam Cellar' },
        lines: [
          {
            invoice_id: 'inv-2',
            invoice_number: '2026-000002',
            product_id: 's-2',
            title: 'Lot s-2',
            net: 17_350,
            payable_on: '2026-11-29T10:00:00.000Z',
          },
        ],
        total: 17_350,
        preference: null,
      },
    ]);
    // The very lines, nets and preference each seller's own statement shows payable.
    for (const payable of sellers) {
      const statement = (await post(STATEMENT, {}, await signIn(payable.seller.id))).json().data.responseData;
      expect(payable.seller).toEqual(statement.seller);
      expect(payable.preference).toEqual(statement.preference);
      const fields = ['invoice_id', 'invoice_number', 'product_id', 'title', 'net', 'payable_on'];
      expect(payable.lines).toEqual(
        statement.lines
          .filter((l: Line) => l.status === 'payable')
          .map((l: Record<string, unknown>) => Object.fromEntries(fields.map((field) => [field, l[field]]))),
      );
      expect(payable.total).toBe(statement.totals.payable_now);
    }
    await app.close();
  });
});
