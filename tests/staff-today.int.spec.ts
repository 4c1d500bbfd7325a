import { actions, type StaffToday } from '@wine/contracts';
import { offsetClock } from '@wine/platform';
import { eventually } from '@wine/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotInput, startMarketplace, type TestMarketplace } from './support/marketplace.ts';

const HOUR = 3600_000;
const clock = offsetClock();
let market: TestMarketplace;
beforeAll(async () => {
  market = await startMarketplace({ seed: false, clock, staffRateLimit: 1_000_000 });
}, 120_000);
afterAll(() => market?.stop());

const today = async (auth = market.admin) => {
  await market.caughtUp();
  return market.ok<StaffToday>(actions.staffToday.path, {}, auth);
};

describe("the staff home's day (issue 34)", () => {
  it('counts the lots closing before midnight, the invoices past due and the bid-limit requests', async () => {
    const before = await today();
    // A lot closing within the hour (before the shop's midnight unless the day ends sooner) and one in a week.
    const soon = new Date(clock.now().getTime() + 30 * 60_000);
    const endsToday =
      before.date === new Date(soon.getTime()).toLocaleDateString('en-CA', { timeZone: 'America/Chicago' });
    await market.ok(actions.createLot.path, lotInput({ closesAt: soon.toISOString() }), market.admin);
    await market.ok(
      actions.createLot.path,
      lotInput({ closesAt: new Date(clock.now().getTime() + 7 * 24 * HOUR).toISOString() }),
      market.admin,
    );
    const bidder = await market.bidder({ firstName: 'Dora' });
    await market.ok(actions.requestBidLimit.path, { amount: 800_000 }, bidder.auth);
    const after = await today();
    expect(after.closingToday - before.closingToday).toBe(endsToday ? 1 : 0);
    expect(after.bidLimitRequests - before.bidLimitRequests).toBe(1);

    // A won lot's invoice, due in 14 days, is past due once the clock passes its due date.
    const { id } = await market.ok<{ id: string }>(
      actions.createLot.path,
      lotInput({ openingBid: 10_000, closesAt: new Date(clock.now().getTime() + HOUR).toISOString() }),
      market.admin,
    );
    await market.ok(actions.bidConfirm.path, { id, wsprice: 10_000 }, bidder.auth);
    clock.advance(15 * 24 * HOUR);
    // Two weeks on, the sessions of then have lapsed: another admin looks.
    const { auth } = await market.staff('admin');
    const later = await eventually(
      () => today(auth),
      (t) => t.pastDue > after.pastDue,
      'the invoice past due',
    );
    expect(later.pastDue - after.pastDue).toBe(1);
  });

  it('is for admins and finance only', async () => {
    const bidder = await market.bidder();
    const seller = await market.staff('seller');
    for (const headers of [{}, bidder.auth, seller.auth]) {
      expect((await market.post(actions.staffToday.path, {}, headers)).http).toBe(403);
    }
    const finance = await market.staff('finance');
    expect((await market.post(actions.staffToday.path, {}, finance.auth)).http).toBe(200);
  });
});
