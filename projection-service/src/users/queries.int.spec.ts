import { USERS } from '@wine/contracts';
import { manualClock } from '@wine/platform';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder, queryApp, registered } from '../core/testing.ts';
import { usersProjection } from './project.ts';
import { userQueries } from './queries.ts';

const clock = manualClock('2026-11-29T12:00:00.000Z');
const admin = { actor: { kind: 'admin' as const, id: 'ada' } };

/**
 * Four accounts, registered a day apart: ada (admin), sam (seller, phone 312…), bea (a buyer who asked
 * for a raise and was deactivated), cy (a buyer whose name holds regular-expression characters).
 */
const card = (cardId: string, last4: string) => ({
  cardId,
  provider: 'sandbox',
  brand: 'visa' as const,
  last4,
  expMonth: 12,
  expYear: 2030,
  nameOnCard: 'Cy Buyer',
});
const owner = (ownerId: string, ownershipPercent: number) => ({
  ownerId,
  name: `Owner ${ownerId}`,
  title: 'Partner',
  email: `${ownerId}@example.com`,
  ownershipPercent,
});

async function people() {
  const record = eventRecorder();
  const on = (day: number, userId: string, first: string, last: string) => ({
    ...registered(userId, first, last),
    registeredAt: `2026-11-0${day}T00:00:00.000Z`,
  });
  const docs = await applyEvents(
    [usersProjection],
    [
      record('user-ada', 'UserRegistered', on(1, 'ada', 'Ada', 'Admin')),
      record('user-ada', 'RoleGranted', { role: 'admin' }, admin),
      record('user-sam', 'UserRegistered', { ...on(2, 'sam', 'Sam', 'Cellar'), phone: '+13125550100' }),
      record('user-sam', 'RoleGranted', { role: 'seller' }, admin),
      record('user-bea', 'UserRegistered', on(3, 'bea', 'Bea', 'Bidder')),
      record('user-bea', 'BidLimitRequested', { amount: 500_000 }),
      record('user-bea', 'UserStatusChanged', { status: 'deactivate' }, admin),
      record('user-cy', 'UserRegistered', on(4, 'cy', 'Cy (J.)', 'Buyer')),
      // Issue 34: cards by last four and a company's owners, for the user's page.
      record('user-cy', 'CardAdded', card('card_1', '4242')),
      record('user-cy', 'CardAdded', card('card.2', '1881')),
      record('user-cy', 'CardRemoved', { cardId: 'card_1' }),
      record('user-cy', 'CompanyOwnerAdded', owner('o1', 60)),
      record('user-cy', 'CompanyOwnerAdded', owner('o2', 40)),
      record('user-cy', 'CompanyOwnerUpdated', owner('o2', 30)),
      record('user-cy', 'CompanyOwnerRemoved', { ownerId: 'o1' }),
    ],
  );
  const served = await queryApp(userQueries, docs, clock);
  return { ...served, docs, ada: await served.signIn('ada'), sam: await served.signIn('sam') };
}

type Page = { records: { id: string; [key: string]: unknown }[]; totalRecords: number };
const data = (res: { json(): unknown }) =>
  (res.json() as { data: { responseData: unknown } }).data.responseData;
const ids = (res: { json(): unknown }) => (data(res) as Page).records.map((r) => r.id);

describe('the staff list of users (admins only, issue 34 "People")', () => {
  it('is refused without a session, and to a user who is not an admin, before the body is read', async () => {
    const { post, sam } = await people();
    expect((await post('/api/admin/user/search', {})).statusCode).toBe(403);
    const refused = await post('/api/admin/user/search', { text: 'x'.repeat(100_000) }, sam);
    expect(refused.statusCode).toBe(403);
    expect((await post('/api/admin/user/detail', { id: 'bea' }, sam)).statusCode).toBe(403);
  });

  it('lists every account, newest first, with its status and roles, and no secret', async () => {
    const { post, ada } = await people();
    const res = await post('/api/admin/user/search', {}, ada);
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual(['cy', 'bea', 'sam', 'ada']);
    const page = data(res) as Page;
    expect(page.totalRecords).toBe(4);
    expect(page.records.find((r) => r.id === 'sam')).toEqual({
      id: 'sam',
      firstName: 'Sam',
      lastName: 'Cellar',
      email: 'sam@example.com',
      phone: '+13125550100',
      status: 'active',
      roles: ['seller'],
      emailVerified: false,
      createdAt: '2026-11-02T00:00:00.000Z',
      lastLoginAt: null,
      bidLimitRequested: null,
    });
  });

  it('narrows by text (name, e-mail, phone, taken literally), status and role, and pages', async () => {
    const { post, ada } = await people();
    const list = async (input: Record<string, unknown>) =>
      ids(await post('/api/admin/user/search', input, ada));
    expect(await list({ text: 'cellar' })).toEqual(['sam']);
    expect(await list({ text: 'BEA@EXAMPLE' })).toEqual(['bea']);
    expect(await list({ text: '312555' })).toEqual(['sam']);
    expect(await list({ text: '(J.)' })).toEqual(['cy']);
    expect(await list({ text: '.*' })).toEqual([]);
    expect(await list({ status: 'deactivate' })).toEqual(['bea']);
    expect(await list({ status: 'active' })).toEqual(['cy', 'sam', 'ada']);
    expect(await list({ role: 'seller' })).toEqual(['sam']);
    expect(await list({ role: 'none' })).toEqual(['cy', 'bea']);
    expect(await list({ role: 'finance' })).toEqual([]);
    // Issue 34: the bidders waiting for an answer to a bid-limit request.
    expect(await list({ bidLimitRequested: true })).toEqual(['bea']);
    const second = await post('/api/admin/user/search', { page: 2, limit: 25 }, ada);
    expect(data(second)).toEqual({ records: [], totalRecords: 4, setDisp: '' });
  });

  it('refuses a bad filter with its field, and an unknown one', async () => {
    const { post, ada } = await people();
    for (const input of [{ role: 'owner' }, { status: 'gone' }, { limit: 10 }, { page: 0 }, { extra: 1 }]) {
      const res = await post('/api/admin/user/search', input, ada);
      expect(res.statusCode, JSON.stringify(input)).toBe(400);
    }
  });

  it("opens one user's page with their checks, limits and cards on file, and says when there is none", async () => {
    const { post, ada, docs } = await people();
    await docs.collection(USERS).updateOne({ _id: 'bea' }, { $set: { cards_on_file: 2 } });
    const res = await post('/api/admin/user/detail', { id: 'bea' }, ada);
    expect(res.statusCode).toBe(200);
    expect(data(res)).toMatchObject({
      id: 'bea',
      status: 'deactivate',
      kycStatus: 'none',
      bidLimit: null,
      bidLimitRequested: 500_000,
      cardsOnFile: 2,
      countryCode: 'US',
    });
    const cy = await post('/api/admin/user/detail', { id: 'cy' }, ada);
    expect(data(cy)).toMatchObject({
      cardsOnFile: 1,
      cards: [{ brand: 'visa', last4: '1881' }],
      owners: [{ name: 'Owner o2', title: 'Partner', email: 'o2@example.com', ownershipPercent: 30 }],
      walletBalance: 0,
      invoices: [],
      bids: [],
    });
    const missing = await post('/api/admin/user/detail', { id: 'nobody' }, ada);
    expect(missing.statusCode).toBe(404);
    expect((await post('/api/admin/user/detail', { id: '../etc' }, ada)).statusCode).toBe(400);
  });
});
