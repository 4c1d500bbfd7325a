import { defaultMerchant, USERS } from '@wine/contracts';
import { manualClock } from '@wine/platform';
import { listedLot } from '@wine/platform/testing';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder, queryApp, registered } from '../core/testing.ts';
import { lotsProjection } from '../lots/project.ts';
import { usersProjection } from '../users/project.ts';
import { staffLotsProjection } from './project.ts';
import { staffLotQueries } from './queries.ts';

const clock = manualClock('2026-11-23T12:00:00.000Z');
const admin = { actor: { kind: 'admin' as const, id: 'ada' } };

/**
 * Four lots: l-1 Latour (sam's, open, reserve $250, one bid), l-2 Krug (sam's, withdrawn), l-3 Gaja
 * (the house's, starting tomorrow, auction a-2), l-4 "Cos d'Estournel (1.5L)" (the house's, open).
 */
async function catalogue() {
  const record = eventRecorder();
  const docs = await applyEvents(
    [lotsProjection, usersProjection, staffLotsProjection],
    [
      record('user-ada', 'UserRegistered', registered('ada', 'Ada', 'Admin')),
      record('user-sam', 'UserRegistered', registered('sam', 'Sam', 'Cellar')),
      record('lot-l-1', 'LotListed', listedLot({ lotId: 'l-1', sellerId: 'sam', reserve: 25_000 }), admin),
      record('lot-l-1', 'BidPlaced', {
        bidId: 'b-1',
        bidderId: 'bea',
        amount: 10_000,
        maxAmount: 12_000,
        leads: true,
        outbidUserId: null,
        nextBid: 11_000,
        reserveMet: false,
        biddingType: 'proxy',
      }),
      record(
        'lot-l-2',
        'LotListed',
        listedLot({
          lotId: 'l-2',
          sku: 'KRUG-02',
          lotNumber: '102',
          sellerId: 'sam',
          title: 'Krug 2002',
          producer: 'Krug',
        }),
        admin,
      ),
      record('lot-l-2', 'LotWithdrawn', { reason: 'Cork failure' }, admin),
      record(
        'lot-l-3',
        'LotListed',
        listedLot({
          lotId: 'l-3',
          sku: 'GAJA-1',
          lotNumber: '103',
          sellerId: 'house',
          title: 'Gaja Barbaresco',
          producer: 'Gaja',
          auctionId: 'a-2',
          startsAt: '2026-11-24T12:00:00.000Z',
          closesAt: '2026-11-30T18:00:00.000Z',
        }),
        admin,
      ),
      record(
        'lot-l-4',
        'LotListed',
        listedLot({
          lotId: 'l-4',
          sku: 'COS-4',
          lotNumber: '104',
          sellerId: 'house',
          title: "Cos d'Estournel (1.5L)",
          producer: "Cos d'Estournel",
        }),
        admin,
      ),
    ],
  );
  await docs.collection(USERS).updateOne({ _id: 'ada' }, { $set: { roles: ['admin'] } });
  const served = await queryApp(staffLotQueries, docs, clock);
  return { ...served, ada: await served.signIn('ada'), sam: await served.signIn('sam') };
}

type Page = { records: { id: string; [key: string]: unknown }[]; totalRecords: number };
const data = (res: { json(): unknown }) =>
  (res.json() as { data: { responseData: unknown } }).data.responseData;
const ids = (res: { json(): unknown }) => (data(res) as Page).records.map((r) => r.id);

describe('the staff list of lots (admins only)', () => {
  it('is refused without a session, and to a user who is not an admin, before the body is read', async () => {
    const { post, sam } = await catalogue();
    expect((await post('/api/admin/product/search', {})).statusCode).toBe(403);
    const refused = await post('/api/admin/product/search', { text: 'x'.repeat(10_000) }, sam);
    expect(refused.statusCode).toBe(403);
    expect((await post('/api/admin/product/lot', { id: 'l-1' }, sam)).statusCode).toBe(403);
  });

  it('lists every lot, last changed first, with the reserve, the seller and who changed it', async () => {
    const { post, ada } = await catalogue();
    const res = await post('/api/admin/product/search', {}, ada);
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual(['l-4', 'l-3', 'l-2', 'l-1']);
    const latour = (data(res) as Page).records.find((r) => r.id === 'l-1');
    expect(latour).toMatchObject({
      status: 'open',
      reserve: 25_000,
      price: 10_000,
      bidCount: 1,
      seller: { id: 'sam', name: 'Sam Cellar' },
      changedBy: { id: 'ada', name: 'Ada Admin' },
    });
    expect((data(res) as Page).totalRecords).toBe(4);
  });

  it('narrows by status (upcoming before its start), auction, seller and text, and pages', async () => {
    const { post, ada } = await catalogue();
    const list = (body: object) => post('/api/admin/product/search', body, ada).then(ids);
    expect(await list({ status: 'open' })).toEqual(['l-4', 'l-1']);
    expect(await list({ status: 'upcoming' })).toEqual(['l-3']);
    expect(await list({ status: 'withdrawn' })).toEqual(['l-2']);
    expect(await list({ status: 'sold' })).toEqual([]);
    expect(await list({ auctionId: 'a-2' })).toEqual(['l-3']);
    // The house's lots are the merchant's.
    const house = await post('/api/admin/product/search', { auctionId: 'a-2' }, ada);
    expect((data(house) as Page).records[0]?.seller).toEqual({ id: 'house', name: defaultMerchant.name });
    expect(await list({ sellerId: 'sam' })).toEqual(['l-2', 'l-1']);
    expect(await list({ text: 'krug-0' })).toEqual(['l-2']);
    expect(await list({ text: '103' })).toEqual(['l-3']);
    // A text is searched as itself: its brackets and dots are no pattern.
    expect(await list({ text: '(1.5L)' })).toEqual(['l-4']);
    expect(await list({ text: '.*' })).toEqual([]);
    const second = await post('/api/admin/product/search', { page: 2, limit: 25 }, ada);
    expect(data(second)).toEqual({ records: [], totalRecords: 4, setDisp: '' });
  });

  it('refuses a bad filter with the field named, and an unknown status', async () => {
    const { post, ada } = await catalogue();
    const res = await post('/api/admin/product/search', { status: 'lost', limit: 7 }, ada);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toMatch(/status|limit/);
  });

  it('opens one lot for the editor with every field, where it stands and why it was withdrawn', async () => {
    const { post, ada } = await catalogue();
    const res = await post('/api/admin/product/lot', { id: 'l-2' }, ada);
    expect(data(res)).toMatchObject({
      id: 'l-2',
      status: 'withdrawn',
      withdrawnReason: 'Cork failure',
      seller: { id: 'sam', name: 'Sam Cellar' },
      fields: { title: 'Krug 2002', sku: 'KRUG-02', reserve: null, quantity: 1, colour: 'Red' },
    });
    const missing = await post('/api/admin/product/lot', { id: 'nope' }, ada);
    expect(missing.statusCode).toBe(404);
  });
});
