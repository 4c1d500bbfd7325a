import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { emptyDefaultBundle, type StaffLotDetail, type StaffLotRow } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test-utils/app.tsx';
import { Failure } from '../../test-utils/fake-api.ts';
import { aUser } from '../../test-utils/fixtures.ts';

/** The whole lot form filled and checked: a long test on two shared cores (the file's default is 15 s). */
const LONG_FORM_TIMEOUT = 45_000;

/** A text field filled as a paste (one input, not a render per key): the long forms stay within the timeout. */
async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

type Api = NonNullable<Parameters<typeof renderApp>[1]>['api'];

const admin = (path: string, api: Api = {}) =>
  renderApp(path, {
    storedToken: 'tok-1',
    api: {
      validateUser: () => aUser({ roles: ['admin'], isAdmin: true }),
      auctions: () => ({ records: [], totalRecords: 0 }),
      staffLots: () => ({ records: [], totalRecords: 0 }),
      staffLotBids: () => ({ records: [], bidders: [] }),
      ...api,
    },
  });

const person = (id: string, name: string) => ({ id, name });

function aRow(overrides: Partial<StaffLotRow> = {}): StaffLotRow {
  return {
    id: 'l-1',
    lotNumber: '101',
    sku: 'LAT-10',
    title: '2010 Château Latour',
    producer: 'Château Latour',
    vintage: 2010,
    status: 'open',
    auction: true,
    buyNow: false,
    auctionId: 'a-1',
    seller: person('sam', 'Sam Cellar'),
    price: 42_000,
    bidCount: 3,
    quantity: 1,
    sold: 0,
    openingBid: 10_000,
    reserve: 25_000,
    buyNowPrice: null,
    startsAt: '2030-01-01T12:00:00.000Z',
    closesAt: '2030-01-08T18:00:00.000Z',
    changedAt: '2030-01-01T12:00:00.000Z',
    changedBy: person('ada', 'Ada Admin'),
    ...overrides,
  };
}

function aDetail(
  overrides: Partial<StaffLotDetail> = {},
  fields: Partial<StaffLotDetail['fields']> = {},
): StaffLotDetail {
  return {
    id: 'l-1',
    status: 'open',
    seller: person('sam', 'Sam Cellar'),
    bidCount: 0,
    sold: 0,
    changedAt: '2030-01-01T12:00:00.000Z',
    changedBy: person('ada', 'Ada Admin'),
    withdrawnReason: null,
    relistedAs: null,
    fields: {
      sku: 'LAT-10',
      lotNumber: '101',
      auctionId: 'a-1',
      title: '2010 Château Latour',
      producer: 'Château Latour',
      vintage: 2010,
      country: 'France',
      region: 'Bordeaux',
      subregion: 'Pauillac',
      colour: 'Red',
      bottleSize: '750ml',
      scores: { wa: '98' },
      description: 'Classic.',
      images: [],
      quantity: 1,
      minimumQuantity: 1,
      enforceMinimumQuantity: false,
      availability: null,
      auction: true,
      buyNow: false,
      openingBid: 10_000,
      reserve: 25_000,
      buyNowPrice: null,
      discounts: [],
      startsAt: '2030-01-01T12:00:00.000Z',
      closesAt: '2030-01-08T18:00:30.000Z',
      meta: { title: '', description: '', keywords: '' },
      ...fields,
    },
    ...overrides,
  };
}

describe('/admin/lots: the staff list of lots', () => {
  it('lists the lots with their status, seller, price, bids and confidential reserve', async () => {
    const { api } = await admin('/admin/lots', {
      staffLots: () => ({
        records: [
          aRow(),
          aRow({ id: 'l-2', title: 'Krug 2002', status: 'withdrawn', reserve: null, bidCount: 0 }),
        ],
        totalRecords: 2,
      }),
    });
    const rows = await screen.findAllByTestId('staff-lot-row');
    expect(rows.map((row) => row.dataset.lotId)).toEqual(['l-1', 'l-2']);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('101 · 2010 Château Latour')).toBeTruthy();
    expect(first.getByTestId('staff-lot-status').textContent).toBe('Open');
    expect(first.getByText('$420.00')).toBeTruthy();
    expect(first.getByText('Bids: 3')).toBeTruthy();
    expect(first.getByText('$250.00')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByTestId('staff-lot-status').textContent).toBe('Withdrawn');
    expect(within(rows[1] as HTMLElement).getByText('None')).toBeTruthy();
    expect(first.getByRole('link', { name: 'Edit 2010 Château Latour' }).getAttribute('href')).toBe(
      '/admin/lots/l-1',
    );
    expect(api.to('staffLots')[0]?.input).toEqual({ status: 'all', page: 1, limit: 25 });
  });

  it('narrows by status, text (once typing stops) and a seller chosen in a row, and keeps them in the URL', async () => {
    const { api, user, router } = await admin('/admin/lots', {
      staffLots: () => ({ records: [aRow()], totalRecords: 1 }),
    });
    await screen.findAllByTestId('staff-lot-row');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Withdrawn' }));
    await waitFor(() => expect(api.to('staffLots').at(-1)?.input).toMatchObject({ status: 'withdrawn' }));
    await fill(user, screen.getByRole('textbox', { name: 'Search' }), 'latour');
    await waitFor(() =>
      expect(api.to('staffLots').at(-1)?.input).toMatchObject({ status: 'withdrawn', text: 'latour' }),
    );
    // Typing sent one search, not one per key.
    expect(
      api.to('staffLots').filter((request) => (request.input as { text?: string }).text !== undefined),
    ).toHaveLength(1);
    await user.click(
      (await screen.findAllByRole('button', { name: 'Only lots of Sam Cellar' }))[0] as HTMLElement,
    );
    await waitFor(() => expect(api.to('staffLots').at(-1)?.input).toMatchObject({ sellerId: 'sam' }));
    expect((await screen.findByTestId('staff-lots-seller')).textContent).toBe('Seller: Sam Cellar');
    expect(router.state.location.search).toMatchObject({ status: 'withdrawn', q: 'latour', seller: 'sam' });
    await user.click(screen.getByRole('button', { name: 'Show every seller' }));
    await waitFor(() => expect(api.to('staffLots').at(-1)?.input).not.toHaveProperty('sellerId'));
  });
});

describe('/admin/lots/new: listing a lot', () => {
  it('checks the fields as the server does and sends nothing while they are wrong', async () => {
    const { api, user } = await admin('/admin/lots/new');
    await user.click(await screen.findByRole('button', { name: 'List the lot' }));
    expect((await screen.findAllByText('Required!')).length).toBeGreaterThanOrEqual(3);
    expect(api.to('createLot')).toHaveLength(0);
  });

  it(
    'sends money in cents and the dates as instants, then opens the new lot',
    async () => {
      const { api, user, router } = await admin('/admin/lots/new', {
        createLot: () => ({ id: 'new-1', position: '1' }),
        staffLot: () => aDetail({ id: 'new-1' }),
      });
      await fill(user, await screen.findByRole('textbox', { name: 'Title' }), '2015 Sassicaia');
      await fill(user, screen.getByRole('textbox', { name: 'Producer' }), 'Tenuta San Guido');
      await fill(user, screen.getByRole('textbox', { name: 'Vintage' }), '2015');
      await user.type(screen.getByRole('combobox', { name: /^Country/ }), 'Italy');
      await fill(user, screen.getByRole('textbox', { name: 'Opening bid' }), '150');
      await fill(user, screen.getByRole('textbox', { name: /Reserve/ }), '212.50');
      await fill(user, screen.getByRole('textbox', { name: 'WA' }), '97');
      await user.click(screen.getByRole('button', { name: 'List the lot' }));
      await waitFor(() => expect(api.to('createLot')).toHaveLength(1));
      expect(api.to('createLot')[0]?.input).toMatchObject({
        title: '2015 Sassicaia',
        producer: 'Tenuta San Guido',
        vintage: 2015,
        country: 'Italy',
        openingBid: 15_000,
        reserve: 21_250,
        buyNowPrice: null,
        scores: { wa: '97' },
        auction: true,
        buyNow: false,
      });
      const sent = api.to('createLot')[0]?.input as { startsAt: string; closesAt: string };
      expect(Date.parse(sent.closesAt)).toBeGreaterThan(Date.parse(sent.startsAt));
      await waitFor(() => expect(router.state.location.pathname).toBe('/admin/lots/new-1'));
    },
    LONG_FORM_TIMEOUT,
  );
});

describe('/admin/lots/new: estimates, the condition record and the Spanish text', () => {
  it(
    'asks the admin to confirm a reserve above the low estimate, and sends the record chosen from lists',
    async () => {
      const { api, user } = await admin('/admin/lots/new', {
        getDefault: () => ({
          ...emptyDefaultBundle,
          category_types: [
            { id: 1, value: 'France', level_id: 0, parent_id: null },
            { id: 2, value: 'Bordeaux', level_id: 1, parent_id: 1 },
            { id: 3, value: 'Pauillac', level_id: 2, parent_id: 2 },
            { id: 4, value: 'Other', level_id: 0, parent_id: null },
          ],
          locations: [
            { id: 1, name: 'Main store', address: '1 Main St', city: 'Chicago', state: 'IL', zip: '60601' },
          ],
        }),
        createLot: () => ({ id: 'new-1', position: '1' }),
        staffLot: () => aDetail({ id: 'new-1' }),
      });
      await fill(user, await screen.findByRole('textbox', { name: 'Title' }), '2010 Château Latour');
      await fill(user, screen.getByRole('textbox', { name: 'Producer' }), 'Château Latour');
      // The hierarchy offers the regions of the country typed.
      await user.type(screen.getByRole('combobox', { name: /^Country/ }), 'France');
      await user.click(screen.getByRole('combobox', { name: 'Region' }));
      expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Bordeaux']);
      await user.click(screen.getByRole('option', { name: 'Bordeaux' }));
      await fill(user, screen.getByRole('textbox', { name: 'Opening bid' }), '300');
      await fill(user, screen.getByRole('textbox', { name: /Reserve/ }), '900');
      await fill(user, screen.getByRole('textbox', { name: 'Low estimate' }), '800');
      await fill(user, screen.getByRole('textbox', { name: 'High estimate' }), '1,200');
      await user.click(screen.getByRole('combobox', { name: 'Fill level' }));
      await user.click(await screen.findByRole('option', { name: 'ts — Top shoulder' }));
      await user.click(screen.getByRole('combobox', { name: 'Packing' }));
      await user.click(await screen.findByRole('option', { name: 'Original wooden case' }));
      await user.click(screen.getByRole('combobox', { name: 'Location' }));
      await user.click(await screen.findByRole('option', { name: 'Main store' }));
      await fill(user, screen.getByRole('textbox', { name: 'Title in Spanish' }), 'Latour 2010, Pauillac');
      await user.click(screen.getByRole('button', { name: 'List the lot' }));
      expect(
        await screen.findByText('The reserve is above the low estimate: an admin must confirm it'),
      ).toBeTruthy();
      expect(api.to('createLot')).toHaveLength(0);
      await user.click(screen.getByRole('checkbox', { name: /Keep the reserve above the low estimate/ }));
      await user.click(screen.getByRole('button', { name: 'List the lot' }));
      await waitFor(() => expect(api.to('createLot')).toHaveLength(1));
      expect(api.to('createLot')[0]?.input).toMatchObject({
        country: 'France',
        region: 'Bordeaux',
        reserve: 90_000,
        lowEstimate: 80_000,
        highEstimate: 120_000,
        reserveConfirmed: true,
        condition: { fillLevel: 'ts', label: null, capsule: null, packing: 'owc', notes: '' },
        locationId: 1,
        spanish: { title: 'Latour 2010, Pauillac', description: '' },
      });
    },
    LONG_FORM_TIMEOUT,
  );
});

describe('/admin/lots/:id: editing a lot', () => {
  it('sends only what changed (not a close it shows to the minute)', async () => {
    const { api, user } = await admin('/admin/lots/l-1', {
      staffLot: () => aDetail(),
      updateLot: ({ id }) => ({ id, changed: ['title'] }),
    });
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Latour 2010');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.to('updateLot')).toHaveLength(1));
    expect(api.to('updateLot')[0]?.input).toEqual({ id: 'l-1', title: 'Latour 2010' });
  });

  it('says so when nothing changed, and sends nothing', async () => {
    const { api, user } = await admin('/admin/lots/l-1', { staffLot: () => aDetail() });
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect((await screen.findByTestId('lot-unchanged')).textContent).toBe('Nothing was changed.');
    expect(api.to('updateLot')).toHaveLength(0);
  });

  it('keeps the deal of a lot with bids: its prices, bottles and close cannot change', async () => {
    await admin('/admin/lots/l-1', { staffLot: () => aDetail({ bidCount: 2 }) });
    expect((await screen.findByTestId('lot-has-bids')).textContent).toContain('This lot has bids');
    expect(screen.getByRole('textbox', { name: 'Opening bid' }).matches(':disabled')).toBe(true);
    expect(screen.getByRole('textbox', { name: /Reserve/ }).matches(':disabled')).toBe(true);
    expect(screen.getByLabelText('Closes').matches(':disabled')).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Title' }).matches(':disabled')).toBe(false);
  });

  it('withdraws a lot with a reason, which the dialog asks for', async () => {
    const { api, user } = await admin('/admin/lots/l-1', {
      staffLot: () => aDetail(),
      withdrawLot: ({ id }) => ({ id }),
    });
    await user.click(await screen.findByTestId('withdraw-lot'));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw 2010 Château Latour' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await within(dialog).findByText('Required!')).toBeTruthy();
    expect(api.to('withdrawLot')).toHaveLength(0);
    await fill(user, within(dialog).getByRole('textbox', { name: /Reason/ }), 'Cork failure');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() =>
      expect(api.to('withdrawLot')[0]?.input).toEqual({ id: 'l-1', reason: 'Cork failure' }),
    );
  });

  it('shows a withdrawn lot with its reason and without a form to send', async () => {
    await admin('/admin/lots/l-1', {
      staffLot: () => aDetail({ status: 'withdrawn', withdrawnReason: 'Cork failure' }),
    });
    expect((await screen.findByTestId('lot-withdrawn')).textContent).toBe('Withdrawn: Cork failure');
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(screen.queryByTestId('withdraw-lot')).toBeNull();
  });

  it('relists a withdrawn lot for new dates, opens the new lot, and links the two', async () => {
    const { api, user, router } = await admin('/admin/lots/l-1', {
      staffLot: ({ id }) =>
        id === 'l-1'
          ? aDetail({ status: 'withdrawn', withdrawnReason: 'Cork failure' })
          : aDetail({ id: 'l-2' }, { relistedFrom: 'l-1' }),
      relistLot: () => ({ id: 'l-2', position: '9' }),
    });
    await user.click(await screen.findByTestId('relist-lot'));
    const dialog = await screen.findByRole('dialog', { name: 'Relist 2010 Château Latour' });
    const closes = within(dialog).getByLabelText(/Closes/);
    await user.clear(closes);
    await user.click(within(dialog).getByRole('button', { name: 'Relist' }));
    expect(await within(dialog).findByText('must be an ISO date-time')).toBeTruthy();
    expect(api.to('relistLot')).toHaveLength(0);
    await user.type(closes, '2031-02-01T18:00');
    await user.click(within(dialog).getByRole('button', { name: 'Relist' }));
    await waitFor(() => expect(api.to('relistLot')).toHaveLength(1));
    const sent = api.to('relistLot')[0]?.input as { id: string; closesAt: string; startsAt: string };
    expect(sent.id).toBe('l-1');
    expect(Date.parse(sent.closesAt)).toBe(new Date('2031-02-01T18:00').getTime());
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/lots/l-2'));
    expect((await screen.findByTestId('lot-relisted-from')).textContent).toContain('Open the earlier lot');
  });
});

describe('/admin/lots/:id: bids, cancel and award (issue 33)', () => {
  const bids = () => ({
    records: [
      {
        bidId: 'b-cat',
        bidderId: 'cat',
        bidderName: 'Cat Doe',
        amount: 55_000,
        maxAmount: 60_000,
        proxy: false,
        at: '2030-01-02T12:00:00.000Z',
        declined: false,
      },
      {
        bidId: 'b-ann',
        bidderId: 'ann',
        bidderName: 'Ann Roe',
        amount: 25_000,
        maxAmount: 50_000,
        proxy: false,
        at: '2030-01-02T11:00:00.000Z',
        declined: false,
      },
    ],
    bidders: [
      { bidderId: 'cat', name: 'Cat Doe', status: 'winner', maxBid: 60_000, bids: 1 },
      { bidderId: 'ann', name: 'Ann Roe', status: 'outbid', maxBid: 50_000, bids: 1 },
    ],
  });

  it('cancels a bidder’s bids with a reason and shows the price and leader before and after', async () => {
    const { api, user } = await admin('/admin/lots/l-1', {
      staffLot: () => aDetail({ bidCount: 2 }),
      staffLotBids: bids,
      bidCancel: ({ id }) => ({
        id,
        cancelled: 1,
        before: { price: 55_000, leaderId: 'cat' },
        after: { price: 32_000, leaderId: 'ann', nextBid: 34_000 },
        closesAt: '2030-01-08T18:00:30.000Z',
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel bids of Cat Doe (every one)' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Now: $550.00, led by Cat Doe');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel bids' }));
    expect(await within(dialog).findByText('Required!')).toBeTruthy();
    expect(api.to('bidCancel')).toHaveLength(0);
    await fill(user, within(dialog).getByRole('textbox', { name: /Reason/ }), 'Shill bidding');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel bids' }));
    await waitFor(() => expect(api.to('bidCancel')).toHaveLength(1));
    expect(api.to('bidCancel')[0]?.input).toEqual({
      id: 'l-1',
      bidderId: 'cat',
      reason: 'Shill bidding',
      extendMinutes: 0,
      reopen: false,
    });
    expect((await screen.findByTestId('cancel-result')).textContent).toBe(
      'Bids cancelled: 1. Price $550.00 → $320.00; leader Cat Doe → Ann Roe.',
    );
  });

  it('awards the lot: a price below the bid is refused under the price until confirmed with a reason', async () => {
    let tries = 0;
    const { api, user } = await admin('/admin/lots/l-1', {
      staffLot: () => aDetail({ bidCount: 2 }),
      staffLotBids: bids,
      manualAward: ({ id, confirm }) => {
        tries += 1;
        if (!confirm)
          throw new Failure(
            'The price is below the leading online maximum: confirm it with a reason',
            409,
            { field: 'price' },
            'AWARD_BELOW_BID',
          );
        return { id, winnerId: 'ann', hammerPrice: 45_000 };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Award the lot' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: 'One of the bidders' }));
    await user.click(await screen.findByRole('option', { name: 'Ann Roe' }));
    await fill(user, within(dialog).getByRole('textbox', { name: /Price/ }), '450');
    await user.click(within(dialog).getByRole('button', { name: 'Award the lot' }));
    expect(
      await within(dialog).findByText(
        'The price is below the leading online maximum: confirm it with a reason',
      ),
    ).toBeTruthy();
    await fill(user, within(dialog).getByRole('textbox', { name: 'Reason' }), 'Private treaty');
    await user.click(within(dialog).getByRole('checkbox', { name: /I confirm/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Award the lot' }));
    await waitFor(() => expect(tries).toBe(2));
    expect(api.to('manualAward')[1]?.input).toEqual({
      id: 'l-1',
      buyerId: 'ann',
      price: 45_000,
      reason: 'Private treaty',
      confirm: true,
    });
  });
});
