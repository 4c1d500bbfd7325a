import { randomUUID } from 'node:crypto';
import { grantRoleByEmail } from '@wine/command-service';
import { actions, type StaffDepositList } from '@wine/contracts';
import { walletStream } from '@wine/event-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

let market: TestMarketplace;
let finance: TestUser;
beforeAll(async () => {
  market = await startMarketplace({ seed: false, staffRateLimit: 1_000_000 });
  finance = await market.staff('finance');
}, 120_000);
afterAll(() => market?.stop());

const codeOf = (body: { data: object }) => ('code' in body.data ? body.data.code : undefined);

/** `user` buys $20 of wallet credit with their card and holds $5 of it as a bid deposit. */
async function deposit(user: TestUser): Promise<string> {
  const cards = await market.ok<{ data: { id: string }[] }>(actions.getCards.path, {}, user.auth);
  await market.ok(actions.addCreditBalance.path, { amount: 2_000, card_id: cards.data[0]?.id }, user.auth);
  const held = await market.ok<{ deposit_id: string }>(
    actions.addBidDeposit.path,
    { amount: 500 },
    user.auth,
  );
  return held.deposit_id;
}

const held = async (auth = finance.auth) => {
  await market.caughtUp();
  return market.ok<StaffDepositList>(actions.staffDeposits.path, {}, auth);
};

describe('the bid deposits held, for finance (issue 34)', () => {
  it('lists the deposits held with whose they are, and a released one leaves the list', async () => {
    const ann = await market.bidder({ firstName: 'Ann' });
    const charged = market.cards.charges().length;
    const id = await deposit(ann);
    const before = await held();
    expect(before.records.find((d) => d.id === id)).toMatchObject({
      user_id: ann.id,
      buyer_name: expect.stringMatching(/^Ann /),
      amount: 500,
    });
    // The same release sent twice at once (a retried request): one release, the balance credited once,
    // and the card charged once in all (for the credit bought, none for the release).
    const headers = { ...finance.auth, 'x-command-id': randomUUID() };
    const release = { deposit_id: id, user_id: ann.id };
    const [a, b] = await Promise.all([
      market.post(actions.releaseDeposit.path, release, headers),
      market.post(actions.releaseDeposit.path, release, headers),
    ]);
    expect([a.http, b.http]).toEqual([200, 200]);
    const wallet = (await market.eventStore.readStream(walletStream(ann.id))).map((e) => e.type);
    expect(wallet.filter((t) => t === 'DepositReleased')).toHaveLength(1);
    expect(market.cards.charges().length - charged).toBe(1);
    expect((await held()).records.map((d) => d.id)).not.toContain(id);
  });

  it('is for finance and admins only, and no one releases their own', async () => {
    const bob = await market.bidder({ firstName: 'Bob' });
    const id = await deposit(bob);
    for (const headers of [{}, bob.auth, (await market.staff('seller')).auth]) {
      expect((await market.post(actions.staffDeposits.path, {}, headers)).http).toBe(403);
    }
    await grantRoleByEmail(market.accounts, {
      email: bob.email,
      role: 'finance',
      by: { kind: 'system', id: 'test' },
    });
    const own = await market.post(actions.releaseDeposit.path, { deposit_id: id, user_id: bob.id }, bob.auth);
    expect(codeOf(own.body)).toBe('OWN_MONEY_RECORD');
    expect((await held()).records.map((d) => d.id)).toContain(id);
  });
});
