import { actions, USERS } from '@wine/contracts';
import { manualClock } from '@wine/platform';
import { listedLot } from '@wine/platform/testing';
import { describe, expect, it } from 'vitest';
import type { QueryPlugin } from '../core/queries.ts';
import { applyEvents, eventRecorder, queryApp, registered } from '../core/testing.ts';
import { publicLot, sitemapEntries } from '../defaults/findable.ts';
import { defaultQueries } from '../defaults/queries.ts';
import { suggestIndexFor, suggestQueries } from '../search/suggest-queries.ts';
import { staffLotsProjection } from '../staff-lots/project.ts';
import { staffLotQueries } from '../staff-lots/queries.ts';
import { usersProjection } from '../users/project.ts';
import { watchlistsProjection } from '../watchlists/project.ts';
import { watchlistQueries } from '../watchlists/queries.ts';
import { lotsProjection } from './project.ts';
import { lotQueries } from './queries.ts';

const clock = manualClock('2026-11-22T13:00:00.000Z');
const admin = { actor: { kind: 'admin' as const, id: 'ada' } };

/** The storefront's lot queries with the staff's list, the menus and the suggestions, as the read side serves them. */
const served: QueryPlugin = async (app, deps) => {
  await app.register(lotQueries, deps);
  await app.register(staffLotQueries, deps);
  await app.register(defaultQueries, deps);
  await app.register(watchlistQueries, deps);
  await app.register(suggestQueries, { ...deps, suggestIndex: suggestIndexFor(deps.docs, 'memory') });
};

/**
 * Two Vega Sicilia lots of sally's: `ps` a private sale (ivy invited, jo joined by a mailed link), `pub`
 * a public one; and `rioja`, a public lot of another producer. bob is signed in and no guest.
 */
async function catalogue() {
  const record = eventRecorder();
  const vega = {
    sellerId: 'sally',
    producer: 'Vega Sicilia',
    country: 'Spain',
    region: 'Ribera del Duero',
    subregion: '',
    colour: 'Red' as const,
    auction: false,
    auctionId: null,
    buyNow: true,
    buyNowPrice: 60_000,
  };
  const docs = await applyEvents(
    [lotsProjection, usersProjection, staffLotsProjection, watchlistsProjection],
    [
      ...[
        registered('ada', 'Ada', 'Admin'),
        registered('ivy', 'Ivy', 'Guest'),
        registered('jo', 'Jo', 'Linked'),
        registered('bob', 'Bob', 'Stranger'),
        registered('sally', 'Sally', 'Seller'),
      ].map((user) => record(`user-${user.userId}`, 'UserRegistered', user)),
      record(
        'lot-ps',
        'LotListed',
        listedLot({
          ...vega,
          lotId: 'ps',
          sku: 'VEGA-04',
          title: '2004 Vega Sicilia Único',
          bottleSize: '1.5L',
          privateSale: true,
          offerRules: { autoAccept: 55_000, autoDecline: 30_000 },
        }),
        admin,
      ),
      record('lot-ps', 'PrivateSaleInvited', { userIds: ['ivy'] }, admin),
      record('lot-ps', 'PrivateSaleLinkSent', { invitationId: 'inv-1' }, admin),
      record('lot-ps', 'PrivateSaleLinkSent', { invitationId: 'inv-2' }, admin),
      record(
        'lot-ps',
        'PrivateSaleJoined',
        { userId: 'jo', invitationId: 'inv-1' },
        { actor: { kind: 'user', id: 'jo' } },
      ),
      record(
        'lot-pub',
        'LotListed',
        listedLot({ ...vega, lotId: 'pub', sku: 'VEGA-05', title: '2005 Vega Sicilia Único' }),
        admin,
      ),
      record(
        'lot-rioja',
        'LotListed',
        listedLot({
          lotId: 'rioja',
          sku: 'RIOJA-1',
          title: '2010 Viña Tondonia',
          producer: 'López de Heredia',
          country: 'Spain',
          region: 'Rioja',
        }),
        admin,
      ),
      // bob watched the private sale's page before it was hidden from him (or by its id): it stays hidden.
      ...['bob', 'ivy'].flatMap((user) =>
        ['pub', 'ps'].map((lotId) => record(`user-${user}`, 'LotWatched', { lotId })),
      ),
    ],
  );
  await docs.collection(USERS).updateOne({ _id: 'ada' }, { $set: { roles: ['admin'] } });
  const app = await queryApp(served, docs, clock);
  const as = {
    visitor: {},
    bob: await app.signIn('bob'),
    ivy: await app.signIn('ivy'),
    jo: await app.signIn('jo'),
    sally: await app.signIn('sally'),
    ada: await app.signIn('ada'),
  };
  return { ...app, docs, as };
}

type Served = Awaited<ReturnType<typeof catalogue>>;
type Who = keyof Served['as'];
const dataOf = (res: { json(): unknown }) =>
  (res.json() as { data: { responseData: Record<string, unknown> } }).data.responseData;

/** The storefront's search as `who` makes it: its lot ids and its count. */
async function search(c: Served, who: Who, filters: object = {}) {
  const res = await c.post(
    actions.productSearch.path,
    { limit: 25, orderby: 'p.title', order: 'asc', filters },
    c.as[who],
  );
  expect(res.statusCode).toBe(200);
  const { records, totalRecords } = dataOf(res) as { records: { id: string }[]; totalRecords: number };
  return { ids: records.map((r) => r.id), totalRecords };
}

const searchbar = (word: string) => ({ searchbar: { value: word, type: 'like', field: 'p.title' } });
const producer = { producer: { value: ['Vega Sicilia'], type: 'array', field: 'p.custitem_gvo_producer' } };

describe('a private sale on the storefront (issue 36 §5)', () => {
  it('is in no search of a visitor nor of a signed-in buyer who is no guest: not listed, not counted', async () => {
    const c = await catalogue();
    for (const who of ['visitor', 'bob'] as const) {
      expect(await search(c, who)).toEqual({ ids: ['pub', 'rioja'], totalRecords: 2 });
      expect(await search(c, who, producer)).toEqual({ ids: ['pub'], totalRecords: 1 });
      // The search bar by the memory index, and by the regex (a single letter).
      expect(await search(c, who, searchbar('vega'))).toEqual({ ids: ['pub'], totalRecords: 1 });
      expect(await search(c, who, searchbar('V'))).toEqual({ ids: ['pub', 'rioja'], totalRecords: 2 });
    }
    await c.app.close();
  });

  it('answers its product view to them as an unknown lot’s, and lists it among no similar lots', async () => {
    const c = await catalogue();
    const unknown = await c.post(actions.productLot.path, { id: 'no-such-lot' });
    for (const who of ['visitor', 'bob'] as const) {
      const res = await c.post(actions.productLot.path, { id: 'ps' }, c.as[who]);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(unknown.json());
      expect(res.body).not.toContain('Vega');
      const similar = await c.post(actions.similarProducts.path, { id: 'pub', limit: 5 }, c.as[who]);
      expect((dataOf(similar).records as { id: string }[]).map((r) => r.id)).toEqual(['rioja']);
      expect((await c.post(actions.similarProducts.path, { id: 'ps' }, c.as[who])).statusCode).toBe(404);
    }
    await c.app.close();
  });

  it('is never suggested, nor counted in the menus, the producers’ filter or the sitemap', async () => {
    const c = await catalogue();
    const suggested = await c.post(actions.suggestProducts.path, { searchQuery: 'vega' }, c.as.ivy);
    expect((dataOf(suggested).records as { objectID: string }[]).map((s) => s.objectID)).toEqual(['pub']);
    const menus = dataOf(await c.post(actions.getDefault.path, {}));
    expect(menus.producers).toContainEqual({ value: 'Vega Sicilia', count: 1 });
    expect(menus.countries).toEqual([{ value: 'Spain', count: 2 }]);
    expect(menus.bottle_sizes).not.toContain('1.5L');
    const paths = (await sitemapEntries(c.docs)).map((e) => e.path);
    expect(paths).toContain('/productview/pub');
    expect(paths).not.toContain('/productview/ps');
    expect(await publicLot(c.docs, 'ps')).toBeNull();
    expect((await publicLot(c.docs, 'pub'))?.id).toBe('pub');
    await c.app.close();
  });

  it('is found by its guests, invited or joined by a link, as a lot marked a private sale', async () => {
    const c = await catalogue();
    for (const who of ['ivy', 'jo'] as const) {
      expect(await search(c, who)).toEqual({ ids: ['ps', 'pub', 'rioja'], totalRecords: 3 });
      expect(await search(c, who, searchbar('vega'))).toEqual({ ids: ['ps', 'pub'], totalRecords: 2 });
      const res = await c.post(actions.productLot.path, { id: 'ps' }, c.as[who]);
      expect(res.statusCode).toBe(200);
      expect(dataOf(res)).toMatchObject({ id: 'ps', private_sale: 1, own_lot: 0 });
      // Neither who else is invited, nor the links mailed, nor the offer rules.
      for (const hidden of ['guests', 'guest_list', 'links_sent', 'offerRules', 'seller_id'])
        expect(dataOf(res)).not.toHaveProperty(hidden);
      for (const text of ['"ivy"', '"jo"', 'inv-1', '55000', '30000', 'sally'])
        expect(res.body).not.toContain(text);
      const similar = await c.post(actions.similarProducts.path, { id: 'pub', limit: 5 }, c.as[who]);
      expect((dataOf(similar).records as { id: string }[]).map((r) => r.id)).toContain('ps');
    }
    await c.app.close();
  });

  it('is its seller’s own lot, and an admin may preview its page', async () => {
    const c = await catalogue();
    const own = await c.post(actions.productLot.path, { id: 'ps' }, c.as.sally);
    expect(dataOf(own)).toMatchObject({ id: 'ps', private_sale: 1, own_lot: 1 });
    const preview = await c.post(actions.productLot.path, { id: 'ps' }, c.as.ada);
    expect(dataOf(preview)).toMatchObject({ id: 'ps', private_sale: 1 });
    await c.app.close();
  });

  it('is left out of the watchlist of a buyer who is no guest, page and count; a guest’s lists it', async () => {
    const c = await catalogue();
    const watchlist = async (who: 'bob' | 'ivy') => {
      const res = await c.post(actions.myWatchlist.path, {}, c.as[who]);
      expect(res.statusCode).toBe(200);
      const { records, totalRecords } = dataOf(res) as { records: { id: string }[]; totalRecords: number };
      return { ids: records.map((r) => r.id).sort(), totalRecords };
    };
    expect(await watchlist('bob')).toEqual({ ids: ['pub'], totalRecords: 1 });
    expect(await watchlist('ivy')).toEqual({ ids: ['ps', 'pub'], totalRecords: 2 });
    await c.app.close();
  });

  it('leaves a public lot as it was: seen by everyone, flagged 0', async () => {
    const c = await catalogue();
    for (const who of ['visitor', 'bob', 'ivy'] as const) {
      const res = await c.post(actions.productLot.path, { id: 'pub' }, c.as[who]);
      expect(res.statusCode).toBe(200);
      expect(dataOf(res)).toMatchObject({ id: 'pub', private_sale: 0 });
    }
    await c.app.close();
  });
});

describe('a private sale for the staff (issue 36 §5)', () => {
  it('is in the admins’ list of lots, marked a private sale', async () => {
    const c = await catalogue();
    const res = await c.post(actions.staffLots.path, {}, c.as.ada);
    const rows = dataOf(res).records as { id: string; privateSale: boolean }[];
    expect(rows.map((r) => [r.id, r.privateSale])).toEqual([
      ['rioja', false],
      ['pub', false],
      ['ps', true],
    ]);
    await c.app.close();
  });

  it('shows the admins its guests: how and when each came, with names and addresses, and the links mailed', async () => {
    const c = await catalogue();
    const res = await c.post(actions.privateSaleGuests.path, { id: 'ps' }, c.as.ada);
    expect(res.statusCode).toBe(200);
    expect(dataOf(res)).toEqual({
      records: [
        {
          user_id: 'ivy',
          name: 'Ivy Guest',
          email: 'ivy@example.com',
          joined_by: 'invite',
          at: expect.any(String),
        },
        {
          user_id: 'jo',
          name: 'Jo Linked',
          email: 'jo@example.com',
          joined_by: 'link',
          at: expect.any(String),
        },
      ],
      totalRecords: 2,
      setDisp: 'Showing 1-2 of 2',
      links_sent: 2,
    });
    await c.app.close();
  });

  it('refuses the guests to anyone but an admin, and answers a public or unknown lot with its code', async () => {
    const c = await catalogue();
    const path = actions.privateSaleGuests.path;
    expect((await c.post(path, { id: 'ps' })).statusCode).toBe(403);
    expect((await c.post(path, { id: 'ps' }, c.as.ivy)).statusCode).toBe(403);
    expect((await c.post(path, { id: 'ps' }, c.as.sally)).statusCode).toBe(403);
    const open = await c.post(path, { id: 'pub' }, c.as.ada);
    expect(open.statusCode).toBe(409);
    expect(open.body).toContain('NOT_PRIVATE_SALE');
    const unknown = await c.post(path, { id: 'nope' }, c.as.ada);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('LOT_NOT_FOUND');
    await c.app.close();
  });
});
