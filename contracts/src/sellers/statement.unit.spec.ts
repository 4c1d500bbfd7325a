import { describe, expect, it } from 'vitest';
import { HOUSE_SELLER_ID } from '../lots/lot-inputs.ts';
import {
  type StatementFacts,
  type StatementSale,
  type StatementUnsold,
  sellerStatement,
} from './statement.ts';
import type { SellerTerms } from './terms.ts';

/** 10%, $5.00 a lot, payable 30 days after the buyer paid (the defaults). */
const configured: SellerTerms = { commissionPercent: 10, lotFee: 500, payoutDays: 30 };
const NOW = '2026-12-20T12:00:00.000Z';

/** sam's line on a paid invoice: one bottle at $400.00, paid on 1 December. */
const sale = (over: Partial<StatementSale> = {}): StatementSale => ({
  seller_id: 'sam',
  invoice_id: 'inv-1',
  invoice_number: '2026-000001',
  kind: 'auction',
  invoice_status: 'paid',
  paid_at: '2026-12-01T15:00:00.000Z',
  product_id: 'lot-1',
  title: '2010 Latour',
  qty: 1,
  amount: 40_000,
  returns: [],
  ...over,
});

const unsold = (over: Partial<StatementUnsold> = {}): StatementUnsold => ({
  seller_id: 'sam',
  product_id: 'lot-9',
  title: '1996 Krug',
  closed_at: '2026-12-10T18:00:00.000Z',
  bid_count: 0,
  high_price: 10_000,
  ...over,
});

/** Given these facts about sam, when the statement is drawn up at `now`. */
const statementOf = (given: Partial<StatementFacts> = {}) =>
  sellerStatement({
    seller: { id: 'sam', name: 'Sam Cellar' },
    now: new Date(NOW),
    configured,
    sales: [],
    unsold: [],
    ...given,
  });

const onlyLine = (given: Partial<StatementFacts>) => {
  const [line, ...rest] = statementOf(given).lines;
  expect(rest).toEqual([]);
  if (!line) throw new Error('no line');
  return line;
};

describe('sellerStatement (issue 33 "Sellers": hammer less commission and fees, payable after the buyer paid)', () => {
  it('settles a line paid longer ago than the payout days as payable: hammer less 10% and the lot fee', () => {
    // given a $400 line paid on 1 November, when the statement is drawn up on 20 December
    const line = onlyLine({ sales: [sale({ paid_at: '2026-11-01T15:00:00.000Z' })] });
    // then it is payable since 1 December: $400 − $40 − $5 = $355
    expect(line).toMatchObject({
      hammer: 40_000,
      returned: 0,
      kept: 40_000,
      commission_percent: 10,
      commission: 4_000,
      fee: 500,
      net: 35_500,
      status: 'payable',
      payable_on: '2026-12-01T15:00:00.000Z',
    });
  });

  it('schedules a line the buyer paid less than the payout days ago, for the paid date plus the days', () => {
    // given a line paid on 1 December, when the statement is drawn up on 20 December
    const line = onlyLine({ sales: [sale()] });
    // then it is payable on 31 December, not yet
    expect(line.status).toBe('scheduled');
    expect(line.payable_on).toBe('2026-12-31T15:00:00.000Z');
    expect(line.net).toBe(35_500);
  });

  it('counts a line payable on the very instant its payout date is reached', () => {
    const line = onlyLine({
      sales: [sale({ paid_at: '2026-11-20T12:00:00.000Z' })],
    });
    expect(line.payable_on).toBe(NOW);
    expect(line.status).toBe('payable');
  });

  it('keeps a line the buyer has not paid in full awaiting payment, with no payable date', () => {
    for (const invoice_status of ['unpaid', 'partial'] as const) {
      // given an invoice not paid in full
      const line = onlyLine({ sales: [sale({ invoice_status, paid_at: null })] });
      // then the line waits for the buyer, its net shown but not payable
      expect(line.status, invoice_status).toBe('awaiting_payment');
      expect(line.payable_on, invoice_status).toBeNull();
      expect(line.net, invoice_status).toBe(35_500);
    }
  });

  it('keeps the share of a line returned in part, the returned share rounded down to the cent', () => {
    // given 3 bottles for $100.00 and 1 bottle refunded (a request for another one still open)
    const line = onlyLine({
      sales: [
        sale({
          qty: 3,
          amount: 10_000,
          returns: [
            { qty: 1, status: 'refunded' },
            { qty: 1, status: 'accepted' },
          ],
        }),
      ],
    });
    // then $33.33 goes back and $66.67 is kept; commission and fee are on what is kept
    expect(line).toMatchObject({
      returned_qty: 1,
      returned: 3_333,
      kept: 6_667,
      commission: 667,
      fee: 500,
      net: 5_500,
      status: 'scheduled',
    });
  });

  it('counts only refunded returns: one asked, accepted, received, refunding or refused leaves the line whole', () => {
    const pending = (['requested', 'accepted', 'received', 'refunding', 'refused'] as const).map(
      (status) => ({
        qty: 1,
        status,
      }),
    );
    const line = onlyLine({ sales: [sale({ returns: pending })] });
    expect(line).toMatchObject({ returned_qty: 0, returned: 0, kept: 40_000, status: 'scheduled' });
  });

  it('settles a line returned whole at nothing: no commission, no fee, net 0, marked returned', () => {
    // given 2 bottles both refunded (in two returns)
    const line = onlyLine({
      sales: [
        sale({
          qty: 2,
          amount: 30_000,
          returns: [
            { qty: 1, status: 'refunded' },
            { qty: 1, status: 'refunded' },
          ],
        }),
      ],
    });
    // then nothing is owed to the seller, and no date either
    expect(line).toMatchObject({
      returned_qty: 2,
      returned: 30_000,
      kept: 0,
      commission: 0,
      fee: 0,
      net: 0,
      status: 'returned',
      payable_on: null,
    });
  });

  it('rounds the commission to the nearest cent, half a cent up', () => {
    // 10% of $10.05 is 100.5 cents: 101; 12.5% of $0.99 is 12.375 cents: 12; 12.3% of $10.00 is 123
    expect(onlyLine({ sales: [sale({ amount: 1_005 })] }).commission).toBe(101);
    const percent = (commissionPercent: number, amount: number) =>
      onlyLine({
        configured: { ...configured, commissionPercent, lotFee: 0 },
        sales: [sale({ amount })],
      }).commission;
    expect(percent(12.5, 99)).toBe(12);
    expect(percent(12.3, 1_000)).toBe(123);
    expect(percent(15, 3_333)).toBe(500);
  });

  it('never lets the lot fee take the net below 0: the fee is what is left after commission', () => {
    // given a $3.00 line, 10% commission and a $5.00 lot fee
    const line = onlyLine({ sales: [sale({ amount: 300 })] });
    // then the commission is $0.30, the fee $2.70 (not $5.00), and the seller owes nothing
    expect(line).toMatchObject({ kept: 300, commission: 30, fee: 270, net: 0 });
  });

  it('settles a lot on the terms recorded at its approval, others on the configured terms', () => {
    const own: SellerTerms = { commissionPercent: 8, lotFee: 0, payoutDays: 10 };
    const statement = statementOf({
      sales: [sale({ product_id: 'lot-1', terms: own }), sale({ product_id: 'lot-2', invoice_id: 'inv-2' })],
    });
    const [agreed, general] = statement.lines;
    // lot-1: 8%, no fee, payable 10 days after 1 December (already); lot-2: 10%, $5, 30 days
    expect(agreed).toMatchObject({
      commission_percent: 8,
      commission: 3_200,
      fee: 0,
      net: 36_800,
      payable_on: '2026-12-11T15:00:00.000Z',
      status: 'payable',
    });
    expect(general).toMatchObject({
      commission_percent: 10,
      commission: 4_000,
      fee: 500,
      net: 35_500,
      status: 'scheduled',
    });
  });

  it('leaves out void invoices, other sellers’ lines and the house’s lots', () => {
    const statement = statementOf({
      sales: [
        sale({ invoice_id: 'inv-void', invoice_status: 'void' }),
        sale({ invoice_id: 'inv-cat', seller_id: 'cat' }),
        sale({ invoice_id: 'inv-house', seller_id: HOUSE_SELLER_ID }),
        sale({ invoice_id: 'inv-own' }),
      ],
      unsold: [
        unsold({ product_id: 'lot-cat', seller_id: 'cat' }),
        unsold({ product_id: 'lot-house', seller_id: HOUSE_SELLER_ID }),
        unsold({ product_id: 'lot-own' }),
      ],
    });
    expect(statement.lines.map((l) => l.invoice_id)).toEqual(['inv-own']);
    expect(statement.unsold.map((l) => l.product_id)).toEqual(['lot-own']);
  });

  it('gives the house no statement at all, even asked for its own id', () => {
    const statement = sellerStatement({
      seller: { id: HOUSE_SELLER_ID, name: 'House' },
      now: new Date(NOW),
      configured,
      sales: [sale({ seller_id: HOUSE_SELLER_ID })],
      unsold: [unsold({ seller_id: HOUSE_SELLER_ID })],
    });
    expect(statement.lines).toEqual([]);
    expect(statement.unsold).toEqual([]);
  });

  it('leaves out of the unsold a lot that sold by buy now before it closed without a winner', () => {
    const statement = statementOf({
      sales: [sale({ product_id: 'lot-bn', kind: 'buynow', qty: 2, amount: 90_000 })],
      unsold: [unsold({ product_id: 'lot-bn' }), unsold({ product_id: 'lot-n' })],
    });
    expect(statement.lines.map((l) => l.product_id)).toEqual(['lot-bn']);
    expect(statement.unsold.map((l) => l.product_id)).toEqual(['lot-n']);
  });

  it('tells an unsold lot with bids as reserve not met with its high bid, and one without bids as no bids', () => {
    const statement = statementOf({
      unsold: [
        unsold({ product_id: 'lot-r', bid_count: 4, high_price: 18_500 }),
        unsold({ product_id: 'lot-n', bid_count: 0, high_price: 10_000 }),
      ],
    });
    expect(statement.unsold).toEqual([
      {
        product_id: 'lot-r',
        title: '1996 Krug',
        closed_at: '2026-12-10T18:00:00.000Z',
        reason: 'reserve_not_met',
        bid_count: 4,
        high_bid: 18_500,
      },
      {
        product_id: 'lot-n',
        title: '1996 Krug',
        closed_at: '2026-12-10T18:00:00.000Z',
        reason: 'no_bids',
        bid_count: 0,
        high_bid: null,
      },
    ]);
  });

  it('totals the lines, the net split by where they stand', () => {
    const statement = statementOf({
      sales: [
        // payable: $400 → net $355
        sale({ invoice_id: 'a', paid_at: '2026-11-01T00:00:00.000Z' }),
        // scheduled: $200 → net $175
        sale({ invoice_id: 'b', amount: 20_000 }),
        // awaiting payment: $100 → net $85
        sale({ invoice_id: 'c', amount: 10_000, invoice_status: 'unpaid', paid_at: null }),
        // returned whole: $50
        sale({ invoice_id: 'd', amount: 5_000, returns: [{ qty: 1, status: 'refunded' }] }),
      ],
    });
    expect(statement.totals).toEqual({
      hammer: 75_000,
      returned: 5_000,
      commission: 7_000,
      fees: 1_500,
      net: 61_500,
      payable_now: 35_500,
      scheduled: 17_500,
      awaiting_payment: 8_500,
      paid: 0,
    });
    const t = statement.totals;
    expect(t.hammer - t.returned - t.commission - t.fees).toBe(t.net);
    expect(t.payable_now + t.scheduled + t.awaiting_payment + t.paid).toBe(t.net);
  });

  it('shows a line the house paid out as paid, with its payout, and its net under paid, not payable', () => {
    const payout = {
      invoice_id: 'a',
      lot_id: 'lot-1',
      payout_id: 'payout-1',
      paid_at: '2026-12-15T10:00:00.000Z',
      reference: 'Check 1001',
      method: 'check' as const,
    };
    const statement = statementOf({
      sales: [
        sale({ invoice_id: 'a', paid_at: '2026-11-01T00:00:00.000Z' }),
        sale({ invoice_id: 'b', paid_at: '2026-11-01T00:00:00.000Z', amount: 20_000 }),
      ],
      payouts: [payout],
    });
    expect(statement.lines.map((line) => [line.invoice_id, line.status])).toEqual([
      ['a', 'paid'],
      ['b', 'payable'],
    ]);
    expect(statement.lines[0]?.payout).toEqual({
      id: 'payout-1',
      paid_at: '2026-12-15T10:00:00.000Z',
      reference: 'Check 1001',
      method: 'check',
    });
    expect(statement.lines[1]?.payout).toBeNull();
    expect(statement.totals).toMatchObject({ net: 53_000, paid: 35_500, payable_now: 17_500 });
  });

  it("shows the seller's payout preference when they set one", () => {
    const preference = { payee: 'Sam Cellar LLC', method: 'bank_transfer' as const, note: null, set_at: NOW };
    expect(statementOf({ preference }).preference).toEqual(preference);
  });

  it('says when it was drawn up and for whom, and is empty for a seller with nothing sold or unsold', () => {
    expect(statementOf()).toEqual({
      as_of: NOW,
      seller: { id: 'sam', name: 'Sam Cellar' },
      lines: [],
      unsold: [],
      totals: {
        hammer: 0,
        returned: 0,
        commission: 0,
        fees: 0,
        net: 0,
        payable_now: 0,
        scheduled: 0,
        awaiting_payment: 0,
        paid: 0,
      },
      preference: null,
      charges: [],
      charges_due: 0,
    });
  });

  it('owes the dues of the charges billed, a partly paid one for its rest, never a voided one (issue 38 §1)', () => {
    const charge = {
      number: null,
      kind: 'storage' as const,
      lot_id: null,
      title: 'Storage',
      note: null,
      billed_at: NOW,
      due_at: NOW,
      paid_at: null,
    };
    const statement = statementOf({
      charges: [
        { ...charge, id: 'S-1', amount: 5_000, paid: 1_500, due: 3_500, status: 'partial' },
        { ...charge, id: 'S-2', amount: 2_000, paid: 2_000, due: 0, status: 'paid' },
        { ...charge, id: 'S-3', amount: 9_000, paid: 0, due: 9_000, status: 'void' },
        { ...charge, id: 'S-4', amount: 700, paid: 0, due: 700, status: 'unpaid' },
      ],
    });
    expect(statement.charges.map((c) => c.id)).toEqual(['S-1', 'S-2', 'S-3', 'S-4']);
    expect(statement.charges_due).toBe(4_200);
    // Charges are the seller's debts to the house, never taken out of what the house owes them.
    expect(statement.totals.net).toBe(0);
  });
});
