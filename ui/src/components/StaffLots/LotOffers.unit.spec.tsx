import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { StaffLotDetail, StaffLotRow } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test-utils/app.tsx';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { Failure, withMessage } from '../../test-utils/fake-api.ts';
import { aUser } from '../../test-utils/fixtures.ts';
import { offerRulesOf } from './lot-form.ts';

/** A whole lot form filled: a long test on two shared cores (the file's default is 15 s). */
const LONG_FORM_TIMEOUT = 45_000;

type Api = NonNullable<Parameters<typeof renderApp>[1]>['api'];

/** A text field filled as a paste (one input, not a render per key). */
async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const person = (id: string, name: string) => ({ id, name });

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
      auctionId: null,
      title: '2010 Château Latour',
      producer: 'Château Latour',
      vintage: 2010,
      country: 'France',
      region: 'Bordeaux',
      subregion: 'Pauillac',
      colour: 'Red',
      bottleSize: '750ml',
      scores: {},
      description: '',
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

const staff = (path: string, api: Api = {}, roles: ('admin' | 'seller')[] = ['admin']) =>
  renderApp(path, {
    storedToken: 'tok-1',
    api: {
      validateUser: () => aUser({ roles, isAdmin: roles.includes('admin') }),
      auctions: () => ({ records: [], totalRecords: 0 }),
      staffLots: () => ({ records: [], totalRecords: 0 }),
      staffLotBids: () => ({ records: [], bidders: [] }),
      ...api,
    },
  });

/** The wine's required fields of a new lot. */
async function fillWine(user: UserEvent) {
  await fill(user, await screen.findByRole('textbox', { name: 'Title' }), '1990 Pétrus');
  await fill(user, screen.getByRole('textbox', { name: 'Producer' }), 'Pétrus');
  await user.type(screen.getByRole('combobox', { name: /^Country/ }), 'France');
}

const offerRulesCard = () => screen.getByTestId('lot-offer-rules');
const acceptField = () =>
  within(offerRulesCard()).getByRole('textbox', { name: 'Auto-accept at (a bottle)' });
const declineField = () =>
  within(offerRulesCard()).getByRole('textbox', { name: 'Auto-decline below (a bottle)' });

describe('the offer answers as sent (issue 36)', () => {
  it('are cents a bottle, null for a price left empty, and null for both empty', () => {
    expect(offerRulesOf({ autoAccept: '90', autoDecline: '$70.50' })).toEqual({
      autoAccept: 9_000,
      autoDecline: 7_050,
    });
    expect(offerRulesOf({ autoAccept: ' ', autoDecline: '70' })).toEqual({
      autoAccept: null,
      autoDecline: 7_000,
    });
    expect(offerRulesOf({ autoAccept: '', autoDecline: '  ' })).toBeNull();
    expect(offerRulesOf({ autoAccept: 'ninety', autoDecline: '' })?.autoAccept).toBeNaN();
  });
});

describe('/admin/lots/new: offer answers and a private sale (issue 36)', () => {
  it(
    'refuses an auto-decline above the auto-accept, then sends both in cents',
    async () => {
      const { api, user } = await staff('/admin/lots/new', {
        createLot: () => ({ id: 'new-1', position: '1' }),
        staffLot: () => aDetail({ id: 'new-1' }),
      });
      await fillWine(user);
      await fill(user, screen.getByRole('textbox', { name: 'Opening bid' }), '150');
      expect(offerRulesCard().textContent).toContain('Buyers never see these prices.');
      await fill(user, acceptField(), '90');
      await fill(user, declineField(), '95');
      await user.click(screen.getByRole('button', { name: 'List the lot' }));
      expect(
        await within(offerRulesCard()).findByText(
          'the auto-decline price cannot be above the auto-accept price',
        ),
      ).toBeTruthy();
      expect(api.to('createLot')).toHaveLength(0);
      await user.clear(declineField());
      await fill(user, declineField(), '70.50');
      await user.click(screen.getByRole('button', { name: 'List the lot' }));
      await waitFor(() => expect(api.to('createLot')).toHaveLength(1));
      expect(api.to('createLot')[0]?.input).toMatchObject({
        auction: true,
        offerRules: { autoAccept: 9_000, autoDecline: 7_050 },
      });
      expect(api.to('createLot')[0]?.input).toMatchObject({ privateSale: false });
    },
    LONG_FORM_TIMEOUT,
  );

  it(
    'turns the auction off for a private sale, says why, and sends it sold at its price, without offer answers',
    async () => {
      const { api, user } = await staff('/admin/lots/new', {
        createLot: () => ({ id: 'new-1', position: '1' }),
        staffLot: () => aDetail({ id: 'new-1' }),
      });
      await fillWine(user);
      const auction = screen.getByRole('checkbox', { name: /Sold at auction/ }) as HTMLInputElement;
      expect(auction.checked).toBe(true);
      await user.click(screen.getByRole('switch', { name: /Private sale/ }));
      expect(auction.checked).toBe(false);
      expect(auction.disabled).toBe(true);
      expect(
        screen.getByText('A private sale is sold at a fixed price and by offers, never at auction.'),
      ).toBeTruthy();
      expect((screen.getByRole('checkbox', { name: /Sold by buy now/ }) as HTMLInputElement).checked).toBe(
        true,
      );
      expect(screen.queryByRole('textbox', { name: 'Opening bid' })).toBeNull();
      await fill(user, screen.getByRole('textbox', { name: /Buy-now price/ }), '4,500');
      await user.click(screen.getByRole('button', { name: 'List the lot' }));
      await waitFor(() => expect(api.to('createLot')).toHaveLength(1));
      expect(api.to('createLot')[0]?.input).toMatchObject({
        privateSale: true,
        auction: false,
        buyNow: true,
        buyNowPrice: 450_000,
        offerRules: null,
      });
    },
    LONG_FORM_TIMEOUT,
  );
});

describe('/admin/lots/:id: the offer answers of a listed lot', () => {
  it('shows them in dollars and sends null once both are emptied', async () => {
    const { api, user } = await staff('/admin/lots/l-1', {
      staffLot: () => aDetail({}, { offerRules: { autoAccept: 30_000, autoDecline: null } }),
      updateLot: ({ id }) => ({ id, changed: ['offerRules'] }),
    });
    await screen.findByTestId('lot-offer-rules');
    expect((acceptField() as HTMLInputElement).value).toBe('300.00');
    expect((declineField() as HTMLInputElement).value).toBe('');
    // A public lot: no private-sale badge, and the switch is the new lot's only.
    expect(screen.queryByTestId('lot-private-sale')).toBeNull();
    expect(screen.queryByRole('switch', { name: /Private sale/ })).toBeNull();
    await user.clear(acceptField());
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.to('updateLot')).toHaveLength(1));
    expect(api.to('updateLot')[0]?.input).toEqual({ id: 'l-1', offerRules: null });
  });
});

describe('/myWines/selling/new: the seller’s editor', () => {
  it(
    'has the offer answers for the seller’s own lot, but no private-sale switch',
    async () => {
      const { api, user } = await staff(
        '/myWines/selling/new',
        {
          sellerCreateLot: () => ({ id: 'new-1', position: '1' }),
          sellerLot: () => ({
            ...aDetail({ id: 'new-1', status: 'draft' }),
            reviewNote: null,
            watchers: 0,
            views: 0,
            bids: [],
          }),
        },
        ['seller'],
      );
      await fillWine(user);
      expect(screen.queryByRole('switch', { name: /Private sale/ })).toBeNull();
      await fill(user, screen.getByRole('textbox', { name: 'Opening bid' }), '150');
      await fill(user, acceptField(), '400');
      await user.click(screen.getByRole('button', { name: /Save/ }));
      await waitFor(() => expect(api.to('sellerCreateLot')).toHaveLength(1));
      const sent = api.to('sellerCreateLot')[0]?.input;
      expect(sent).toMatchObject({
        offerRules: { autoAccept: 40_000, autoDecline: null },
        privateSale: false,
      });
    },
    LONG_FORM_TIMEOUT,
  );
});

describe('/admin/lots: a private sale in the list', () => {
  it('is marked Private', async () => {
    const row = (id: string, privateSale?: boolean): StaffLotRow => ({
      id,
      lotNumber: null,
      sku: id,
      title: `Lot ${id}`,
      producer: 'Pétrus',
      vintage: 1990,
      status: 'open',
      auction: false,
      buyNow: true,
      auctionId: null,
      seller: person('house', 'House'),
      price: 0,
      bidCount: 0,
      quantity: 6,
      sold: 0,
      openingBid: 0,
      reserve: null,
      buyNowPrice: 450_000,
      startsAt: '2030-01-01T12:00:00.000Z',
      closesAt: '2030-03-01T12:00:00.000Z',
      changedAt: '2030-01-01T12:00:00.000Z',
      changedBy: person('ada', 'Ada Admin'),
      ...(privateSale !== undefined && { privateSale }),
    });
    await staff('/admin/lots', {
      staffLots: () => ({ records: [row('p-1', true), row('p-2', false), row('p-3')], totalRecords: 3 }),
    });
    const rows = await screen.findAllByTestId('staff-lot-row');
    expect(rows.map((r) => within(r).queryByTestId('staff-lot-private')?.textContent ?? null)).toEqual([
      'Private',
      null,
      null,
    ]);
  });
});

describe('/admin/lots/:id: the second chance (issue 36 §4)', () => {
  const unsold = () => aDetail({ status: 'unsold', bidCount: 3 }, { closesAt: '2029-12-31T18:00:00.000Z' });

  it('is offered only for an auction lot that closed unsold with bids', async () => {
    await staff('/admin/lots/l-1', { staffLot: () => aDetail({ bidCount: 3 }) });
    await screen.findByTestId('lot-offers-card');
    expect(screen.queryByRole('button', { name: 'Second chance' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Offers on this lot' }).getAttribute('href')).toBe(
      '/admin/offers',
    );
  });

  it('offers the lot at the reserve shown or a price typed, and shows the server’s answer', async () => {
    let tries = 0;
    const { api, user } = await staff('/admin/lots/l-1', {
      staffLot: unsold,
      offerSecondChance: ({ product_id }) => {
        tries += 1;
        if (tries === 1)
          throw new Failure(
            'This lot has no top bidder below its reserve to offer it to',
            409,
            { field: 'product_id' },
            'SECOND_CHANCE_NONE',
          );
        return withMessage('Second-chance offer sent to the top bidder', {
          offer_id: `SC-${product_id}`,
          status: 'open',
          invoice_id: null,
        });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Second chance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Second chance for 2010 Château Latour' });
    expect(within(dialog).getByTestId('second-chance-reserve').textContent).toBe('The reserve: $250.00');
    const price = within(dialog).getByRole('textbox', { name: /Price/ }) as HTMLInputElement;
    expect(price.value).toBe('250.00');
    await user.clear(price);
    await user.click(within(dialog).getByRole('button', { name: 'Offer to the top bidder' }));
    expect((await within(dialog).findByTestId('dialog-failure')).textContent).toBe(
      'This lot has no top bidder below its reserve to offer it to',
    );
    await fill(user, price, 'ten');
    await user.click(within(dialog).getByRole('button', { name: 'Offer to the top bidder' }));
    expect(
      await within(dialog).findByText('Enter a price of at least $0.01 a bottle, in whole cents'),
    ).toBeTruthy();
    await user.clear(price);
    await fill(user, price, '230');
    await user.click(within(dialog).getByRole('button', { name: 'Offer to the top bidder' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to('offerSecondChance').map((r) => r.input)).toEqual([
      { product_id: 'l-1', price: null },
      { product_id: 'l-1', price: 23_000 },
    ]);
    expect((await screen.findByTestId('second-chance-sent')).textContent).toBe(
      'Second-chance offer sent to the top bidder',
    );
    await expectNoAxeViolations(screen.getByTestId('lot-offers-card'));
  });
});
