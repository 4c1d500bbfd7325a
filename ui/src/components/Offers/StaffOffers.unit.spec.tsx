import { screen, waitFor, within } from '@testing-library/react';
import type { OfferView, Role } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test-utils/app.tsx';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { clockAt } from '../../test-utils/component.tsx';
import { withMessage } from '../../test-utils/fake-api.ts';
import { aUser } from '../../test-utils/fixtures.ts';
import { anOffer, pageOf } from './test-offers.ts';

type Api = NonNullable<Parameters<typeof renderApp>[1]>['api'];

/** Bob's offer waiting for the seller's side, then one the seller countered, then one that expired. */
const offers: OfferView[] = [
  anOffer({
    id: 'pending',
    status: 'open',
    turn: 'seller',
    price: 7_000,
    offered_price: 7_000,
    counters: 0,
    buyer_name: 'Bob Buyer',
    buyer_email: 'bob@example.com',
  }),
  anOffer({ id: 'countered', buyer_name: 'Cy Collector', buyer_email: 'cy@example.com' }),
  anOffer({
    id: 'last-round',
    status: 'open',
    turn: 'seller',
    counters: 3,
    buyer_name: 'Di Drinker',
    buyer_email: 'di@example.com',
  }),
  anOffer({ id: 'expired', status: 'expired', turn: null, buyer_name: 'Ed', buyer_email: 'ed@example.com' }),
];

const answered = (offer_id: string, status: OfferView['status']) =>
  withMessage('ok', { offer_id, status, invoice_id: null });

function staff(roles: Role[], path: string, api: Api = {}) {
  return renderApp(path, {
    storedToken: 'tok-1',
    api: {
      validateUser: () => aUser({ roles, isAdmin: roles.includes('admin') }),
      adminOffers: () => pageOf(offers),
      sellerOffers: () => pageOf(offers),
      ...api,
    },
  });
}

const cardOf = (id: string) =>
  screen.getAllByTestId('offer-card').find((card) => card.dataset.offerId === id) as HTMLElement;
const buttonsOf = (id: string) =>
  within(cardOf(id))
    .queryAllByRole('button')
    .map((b) => b.textContent)
    .filter((text) => !text?.startsWith('History'));

describe('/admin/offers and /seller/offer (issue 36)', () => {
  clockAt('2030-01-09T12:00:00.000Z');

  it('lists every offer in the server’s order with its buyer, and answers only those waiting for the seller', async () => {
    const { api } = await staff(['admin'], '/admin/offers');
    await screen.findAllByTestId('offer-card');
    expect(api.to('adminOffers')[0]?.input).toEqual({ status: 'all', page: 1, limit: 25 });
    expect(screen.getAllByTestId('offer-card').map((c) => c.dataset.offerId)).toEqual([
      'pending',
      'countered',
      'last-round',
      'expired',
    ]);
    const pending = cardOf('pending');
    expect(within(pending).getByTestId('offer-buyer').textContent).toBe('Bob Buyerbob@example.com');
    expect(within(pending).getByTestId('offer-price').textContent).toBe('$70.00');
    expect(within(pending).getByTestId('offer-offered').textContent).toBe('$70.00');
    expect(within(pending).getByTestId('offer-asking').textContent).toBe('$90.00');
    expect(within(pending).getByText('Waiting for the seller')).toBeTruthy();
    expect(within(pending).getByRole('timer').textContent).toBe('1d 0h 0m 0s');
    expect(buttonsOf('pending')).toEqual(['Accept', 'Decline', 'Counter']);
    expect(within(cardOf('countered')).getByText('Waiting for the buyer')).toBeTruthy();
    expect(buttonsOf('countered')).toEqual([]);
    expect(buttonsOf('last-round')).toEqual(['Accept', 'Decline']);
    expect(buttonsOf('expired')).toEqual([]);
    // In the staff area, beside the other sections.
    const nav = screen.getAllByRole('navigation', { name: 'Staff sections' })[0] as HTMLElement;
    expect(within(nav).getByRole('link', { name: 'Offers' }).getAttribute('href')).toBe('/admin/offers');
    await expectNoAxeViolations(screen.getByRole('main'));
  });

  it('accepts an offer after confirming', async () => {
    const { user, api } = await staff(['admin'], '/admin/offers', {
      changeOfferStatus: ({ offer_id }) => answered(offer_id, 'accepted'),
    });
    await screen.findAllByTestId('offer-card');
    await user.click(
      within(cardOf('pending')).getByRole('button', { name: 'Accept the offer on 2015 Château Margaux' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Accept the offer on 2015 Château Margaux' });
    expect(dialog.textContent).toContain('Sell 6 × 2015 Château Margaux at $70.00 a bottle, $420.00 in all?');
    await user.click(within(dialog).getByTestId('confirm-accept'));
    await waitFor(() =>
      expect(api.to('changeOfferStatus').map((r) => r.input)).toEqual([
        { product_id: 'lot-7', offer_id: 'pending', note: '', status: 'accept' },
      ]),
    );
    expect(await screen.findByText('Offer accepted')).toBeTruthy();
  });

  it('declines only with a reason from the list, and an optional note', async () => {
    const { user, api } = await staff(['admin'], '/admin/offers', {
      changeOfferStatus: ({ offer_id }) => answered(offer_id, 'declined'),
    });
    await screen.findAllByTestId('offer-card');
    await user.click(
      within(cardOf('pending')).getByRole('button', { name: 'Decline the offer on 2015 Château Margaux' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Decline the offer on 2015 Château Margaux' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline offer' }));
    expect(await within(dialog).findByText('Choose why the offer is declined')).toBeTruthy();
    expect(api.to('changeOfferStatus')).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: /Reason/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'The price is too low',
      'The quantity is not available',
      'The lot is no longer for sale',
      'Other',
    ]);
    await user.click(screen.getByRole('option', { name: 'The price is too low' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Note to the buyer/ }), 'Try $85');
    await user.click(within(dialog).getByRole('button', { name: 'Decline offer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to('changeOfferStatus').map((r) => r.input)).toEqual([
      {
        product_id: 'lot-7',
        offer_id: 'pending',
        status: 'decline',
        reason: 'price_too_low',
        note: 'Try $85',
      },
    ]);
  });

  it('counters with a price in cents and bottles', async () => {
    const { user, api } = await staff(['admin'], '/admin/offers', {
      changeOfferStatus: ({ offer_id }) => answered(offer_id, 'countered'),
    });
    await screen.findAllByTestId('offer-card');
    await user.click(
      within(cardOf('pending')).getByRole('button', { name: 'Counter-offer on 2015 Château Margaux' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Counter-offer on 2015 Château Margaux' });
    expect(within(dialog).getByTestId('counters-left').textContent).toBe(
      'Counter-offers left after this one: 2',
    );
    const price = within(dialog).getByRole('textbox', { name: /Your price a bottle/ });
    const qty = within(dialog).getByRole('textbox', { name: /Bottles/ });
    await user.clear(qty);
    await user.type(qty, 'six');
    await user.click(within(dialog).getByRole('button', { name: 'Send counter-offer' }));
    expect(await within(dialog).findByText('Enter a whole number of bottles, at least 1')).toBeTruthy();
    await user.clear(qty);
    await user.type(qty, '6');
    await user.clear(price);
    await user.type(price, '85.25');
    await user.click(within(dialog).getByRole('button', { name: 'Send counter-offer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to('changeOfferStatus').map((r) => r.input)).toEqual([
      { product_id: 'lot-7', offer_id: 'pending', note: '', status: 'counter', price: 8_525, qty: 6 },
    ]);
  });

  it('shows a seller the offers on their lots, and filters them', async () => {
    const { user, api } = await staff(['seller'], '/seller/offer?status=open');
    await screen.findAllByTestId('offer-card');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Offers on my lots');
    expect(api.to('sellerOffers')[0]?.input).toEqual({ status: 'open', page: 1, limit: 25 });
    expect(api.to('adminOffers')).toHaveLength(0);
    await user.click(screen.getByRole('radio', { name: 'Expired' }));
    await waitFor(() =>
      expect(api.to('sellerOffers').at(-1)?.input).toEqual({ status: 'expired', page: 1, limit: 25 }),
    );
  });

  it('tells anyone else the screen is not theirs, asking the server nothing', async () => {
    const { api } = await staff([], '/seller/offer');
    expect((await screen.findByTestId('staff-only')).textContent).toBe(
      'Only sellers receive offers on their lots.',
    );
    expect(api.to('sellerOffers')).toHaveLength(0);
  });

  it.each([
    [['seller'] as Role[], ['My offers', '/offers'], ['Offers on my lots', '/seller/offer']],
    [[] as Role[], ['My offers', '/offers'], null],
  ])('is in the account menu for roles %j', async (roles, mine, seller) => {
    const { user } = await staff(roles, '/');
    const [menu] = await screen.findAllByTestId('account-menu');
    await user.click(menu as HTMLElement);
    const items = (await screen.findAllByRole('menuitem')).map((i) => [
      i.textContent,
      i.getAttribute('href'),
    ]);
    expect(items).toContainEqual(mine);
    if (seller) expect(items).toContainEqual(seller);
    else expect(items.map(([text]) => text)).not.toContain('Offers on my lots');
  });
});
