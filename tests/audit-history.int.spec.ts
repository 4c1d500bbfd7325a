import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  actions,
  type CartView,
  type HistoryExport,
  type LotHistory,
  type StreamHistory,
} from '@wine/contracts';
import { offsetClock } from '@wine/platform';
import { eventually } from '@wine/platform/testing';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotInput, startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

const HOUR = 3600_000;
const clock = offsetClock();
let market: TestMarketplace;
let auditor: TestUser;
beforeAll(async () => {
  market = await startMarketplace({ seed: false, clock });
  auditor = await market.staff('auditor');
});
afterAll(() => market?.stop());

const lotHistory = (id: string, asOf?: string) =>
  market.ok<LotHistory>(actions.lotHistory.path, { id, ...(asOf && { asOf }) }, auditor.auth);

describe('the auditor replays a lot and its invoice, through every service', () => {
  it('shows every event of a sold lot with its actors and final state, then the winner’s invoice', async () => {
    const [ann, bob] = [await market.bidder({ firstName: 'Ann' }), await market.bidder({ firstName: 'Bob' })];
    const input = lotInput({
      openingBid: 40_000,
      closesAt: new Date(clock.now().getTime() + HOUR).toISOString(),
    });
    const { id } = await market.ok<{ id: string }>(actions.createLot.path, input, market.admin);
    await market.ok(actions.bidConfirm.path, { id, wsprice: 40_000 }, ann.auth);
    clock.advance(60_000);
    const beforeBob = clock.now().toISOString();
    clock.advance(60_000);
    await market.ok(actions.bidConfirm.path, { id, wsprice: 45_000 }, bob.auth);
    clock.advance(2 * HOUR);

    const closed = await eventually(
      () => lotHistory(id),
      (h) => h.rows.at(-1)?.type === 'LotClosed',
    );
    const bids = closed.rows.filter((r) => r.type === 'BidPlaced');
    expect(closed.rows[0]).toMatchObject({
      type: 'LotListed',
      actor: { kind: 'admin', id: market.adminUser.id },
    });
    expect(bids.map((r) => r.actor)).toEqual([
      { kind: 'user', id: ann.id, actingAs: null },
      { kind: 'user', id: bob.id, actingAs: null },
    ]);
    expect(closed.rows.at(-1)?.actor.kind).toBe('system');
    expect(closed.rows.map((r) => r.revision)).toEqual(closed.rows.map((_, i) => i));
    expect(closed.totalRecords).toBe(closed.rows.length);
    // Proxy bidding: Bob's maximum of $450 leads at one increment over Ann's $400.
    expect(closed.asOf.state).toMatchObject({
      status: 'closed',
      outcome: 'sold',
      price: 42_000,
      leader: { bidderId: bob.id, max: 45_000 },
    });
    expect(closed.rows.at(-1)?.changes).toContainEqual({ path: 'status', before: 'open', after: 'closed' });
    expect(closed.prices.at(-1)).toMatchObject({ bidderId: bob.id, amount: 42_000 });
    // Before Bob bid, Ann led at the opening price.
    const then = await lotHistory(id, beforeBob);
    expect(then.asOf.state).toMatchObject({ status: 'open', price: 40_000, leader: { bidderId: ann.id } });

    // The CSV export parses back with one row per event.
    const csv = await market.ok<HistoryExport>(
      actions.lotHistoryExport.path,
      { id, format: 'csv' },
      auditor.auth,
    );
    const records: Record<string, string>[] = parse(csv.records, { bom: true, columns: true });
    expect(records.map((r) => r.type)).toEqual(closed.rows.map((r) => r.type));
    expect(records.map((r) => r.actor)).toContain(`user:${bob.id}`);

    // The winner's invoice, issued when the lot closed.
    const cart = await eventually(
      () => market.ok<CartView>(actions.auctionCart.path, {}, bob.auth),
      (c) => c.cartItems.length === 1,
    );
    const invoiceId = cart.cartItems[0]?.invoice_id as string;
    const invoice = await market.ok<StreamHistory>(
      actions.invoiceHistory.path,
      { id: invoiceId },
      auditor.auth,
    );
    expect(invoice.rows[0]).toMatchObject({ type: 'InvoiceIssued', data: { buyerId: bob.id } });
    expect(invoice.asOf.state).toMatchObject({ status: 'issued', paid: 0, voided: false });

    // The command line reads the same log and prints the same events.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, '../command-service/src/cli/audit.ts'), 'lot', id],
      { env: { ...process.env, DATA_DIR: market.dataDir, LOG_LEVEL: 'silent' } },
    );
    expect(stdout).toContain(`lot ${id} (lot-${id}): ${closed.rows.length} events`);
    expect(stdout).toContain(`user:${bob.id}`);
    expect(stdout).toMatch(/LotClosed\s+system:/);
  });

  it('refuses bidders and finance the histories', async () => {
    const [carl, finance] = [await market.bidder(), await market.staff('finance')];
    for (const who of [carl, finance]) {
      const answer = await market.post(actions.lotHistory.path, { id: 'any' }, who.auth);
      expect(answer.http).toBe(403);
    }
  });
});
