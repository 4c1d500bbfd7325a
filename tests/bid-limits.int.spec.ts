import { randomUUID } from 'node:crypto';
import { actions, type OutboxMessage, type StaffUserDetail, type StaffUserPage } from '@wine/contracts';
import { userStream } from '@wine/event-schemas';
import { eventually } from '@wine/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

let market: TestMarketplace;
let admin: TestUser;
beforeAll(async () => {
  market = await startMarketplace({ seed: false, staffRateLimit: 1_000_000 });
  admin = await market.staff('admin');
}, 120_000);
afterAll(() => market?.stop());

const codeOf = (body: { data: object }) => ('code' in body.data ? body.data.code : undefined);
const mailsTo = async (email: string) =>
  (await market.ok<{ records: OutboxMessage[] }>(actions.devOutbox.path, {}, market.admin)).records.filter(
    (m) => m.to === email,
  );
const requests = () =>
  market.ok<StaffUserPage>(actions.staffUsers.path, { bidLimitRequested: true }, admin.auth);

describe('bid-limit requests answered by an admin (issue 34 "People")', () => {
  it('lists the requests, approves one at another amount and refuses another with its reason, each bidder mailed once', async () => {
    const ann = await market.bidder({ firstName: 'Ann' });
    const bob = await market.bidder({ firstName: 'Bob' });
    await market.ok(actions.requestBidLimit.path, { amount: 1_000_000 }, ann.auth);
    await market.ok(actions.requestBidLimit.path, { amount: 2_500_000 }, bob.auth);
    await market.caughtUp();
    const listed = await requests();
    expect(listed.records.map((r) => [r.id, r.bidLimitRequested])).toEqual(
      expect.arrayContaining([
        [ann.id, 1_000_000],
        [bob.id, 2_500_000],
      ]),
    );

    // The same approval sent twice (a retried request) is one event and one mail.
    const headers = { ...admin.auth, 'x-command-id': randomUUID() };
    const approve = { id: ann.id, amount: 750_000 };
    await Promise.all([
      market.post(actions.approveBidLimitRequest.path, approve, headers),
      market.post(actions.approveBidLimitRequest.path, approve, headers),
    ]);
    await market.ok(
      actions.refuseBidLimitRequest.path,
      { id: bob.id, reason: 'Please settle invoice 2026-000042 first' },
      admin.auth,
    );
    const annEvents = (await market.eventStore.readStream(userStream(ann.id))).map((e) => e.type);
    expect(annEvents.filter((t) => t === 'BidLimitApproved')).toHaveLength(1);
    const toAnn = await eventually(
      () => mailsTo(ann.email),
      (m) => m.some((x) => x.subject.startsWith('Your bid limit is now')),
    );
    expect(toAnn.filter((m) => m.subject === 'Your bid limit is now $7,500.00')).toHaveLength(1);
    const toBob = await eventually(
      () => mailsTo(bob.email),
      (m) => m.some((x) => x.subject === 'Your bid limit request'),
    );
    expect(toBob.find((m) => m.subject === 'Your bid limit request')?.text).toContain(
      'Please settle invoice 2026-000042 first',
    );

    await market.caughtUp();
    expect((await requests()).records.map((r) => r.id)).not.toEqual(expect.arrayContaining([ann.id]));
    const annNow = await market.ok<StaffUserDetail>(actions.staffUser.path, { id: ann.id }, admin.auth);
    expect(annNow).toMatchObject({ bidLimit: 750_000, bidLimitRequested: null });
    const bobNow = await market.ok<StaffUserDetail>(actions.staffUser.path, { id: bob.id }, admin.auth);
    expect(bobNow).toMatchObject({ bidLimit: null, bidLimitRequested: null });
    // Nothing left to refuse.
    const again = await market.post(
      actions.refuseBidLimitRequest.path,
      { id: bob.id, reason: 'x' },
      admin.auth,
    );
    expect(codeOf(again.body)).toBe('NO_BID_LIMIT_REQUEST');
  });

  it('is for admins only, never on their own request, and wants a reason', async () => {
    const cat = await market.bidder({ firstName: 'Cat' });
    await market.ok(actions.requestBidLimit.path, { amount: 900_000 }, cat.auth);
    const refuse = { id: cat.id, reason: 'No' };
    for (const headers of [{}, cat.auth, (await market.staff('finance')).auth]) {
      expect((await market.post(actions.refuseBidLimitRequest.path, refuse, headers)).http).toBe(403);
    }
    expect(
      (await market.post(actions.refuseBidLimitRequest.path, { id: cat.id, reason: ' ' }, admin.auth)).http,
    ).toBe(400);
    await market.ok(actions.requestBidLimit.path, { amount: 900_000 }, admin.auth);
    const own = await market.post(
      actions.refuseBidLimitRequest.path,
      { id: admin.id, reason: 'No' },
      admin.auth,
    );
    expect(codeOf(own.body)).toBe('OWN_ACCOUNT');
    const ownApprove = await market.post(actions.approveBidLimitRequest.path, { id: admin.id }, admin.auth);
    expect(codeOf(ownApprove.body)).toBe('OWN_ACCOUNT');
  });

  it('records an identity checked by hand (updateUserAccountVerified), admins only, never their own', async () => {
    const dan = await market.bidder({ firstName: 'Dan' });
    const input = { id: dan.id, verified: true, reference: 'Passport 9981' };
    for (const headers of [{}, dan.auth, (await market.staff('support')).auth]) {
      expect((await market.post(actions.updateUserAccountVerified.path, input, headers)).http).toBe(403);
    }
    const done = await market.post(actions.updateUserAccountVerified.path, input, admin.auth);
    expect(done.body.data.message).toBe('Identity recorded as verified');
    await market.caughtUp();
    const seen = await market.ok<StaffUserDetail>(actions.staffUser.path, { id: dan.id }, admin.auth);
    expect(seen.kycStatus).toBe('approved');
    const events = await market.eventStore.readStream(userStream(dan.id));
    expect(events.at(-1)).toMatchObject({
      type: 'KycChecked',
      data: { provider: 'staff', status: 'approved', reference: 'Passport 9981' },
      metadata: { actor: { kind: 'admin', id: admin.id } },
    });
    const own = await market.post(
      actions.updateUserAccountVerified.path,
      { ...input, id: admin.id },
      admin.auth,
    );
    expect(codeOf(own.body)).toBe('OWN_ACCOUNT');
    const blank = await market.post(
      actions.updateUserAccountVerified.path,
      { ...input, reference: ' ' },
      admin.auth,
    );
    expect(blank.http).toBe(400);
  });
});
