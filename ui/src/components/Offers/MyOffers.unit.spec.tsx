import { act, screen, waitFor, within } from '@testing-library/react';
import type { InputOf, OfferView } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test-utils/app.tsx';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { clockAt } from '../../test-utils/component.tsx';
import { Failure, withMessage } from '../../test-utils/fake-api.ts';
import { aUser } from '../../test-utils/fixtures.ts';
import { anOffer, pageOf } from './test-offers.ts';

type Api = NonNullable<Parameters<typeof renderApp>[1]>['api'];

/** One offer of each standing the buyer acts on, and one that ended. */
const offers: OfferView[] = [
  anOffer({ id: 'countered' }),
  anOffer({ id: 'last-round', counters: 3, product_id: 'lot-8', title: '2010 Pétrus' }),
  anOffer({ id: 'second', kind: 'second_chance', product_id: 'lot-9', title: '1990 Krug', counters: 0 }),
  anOffer({ id: 'open', status: 'open', turn: 'seller', product_id: 'lot-10', title: '2005 Latour' }),
  anOffer({
    id: 'to-pay',
    status: 'accepted',
    turn: null,
    invoice_id: 'inv-9',
    product_id: 'lot-11',
    title: '2000 Lafite',
  }),
  anOffer({
    id: 'paid',
    status: 'accepted',
    turn: null,
    invoice_id: 'inv-8',
    paid: true,
    product_id: 'lot-12',
    title: '1982 Mouton',
  }),
  anOffer({
    id: 'ended',
    status: 'declined',
    turn: null,
    reason: 'price_too_low',
    product_id: 'lot-13',
    title: '1996 Haut-Brion',
  }),
];

const answered = (offer_id: string, status: OfferView['status']) =>
  withMessage('ok', { offer_id, status, invoice_id: null });

/** /offers for a signed-in buyer, with the offers above and the temporary cart (the one to pay). */
function buyer(api: Api = {}) {
  return renderApp('/offers', {
    storedToken: 'tok-1',
    api: {
      validateUser: () => aUser({ card_on_file: true }),
      myOffers: () => pageOf(offers),
      tempCart: () => pageOf(offers.filter((o) => o.id === 'to-pay')),
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
const linksOf = (id: string) =>
  within(cardOf(id))
    .queryAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);

describe('/offers (issue 36)', () => {
  clockAt('2030-01-09T12:00:00.000Z');

  it('shows each offer with its terms and offers what its state allows, each link to a page', async () => {
    const { api } = await buyer();
    await screen.findAllByTestId('offer-card');
    expect(api.to('myOffers')[0]?.input).toEqual({ status: 'all', page: 1, limit: 25 });

    const first = cardOf('countered');
    expect(within(first).getByTestId('offer-status').textContent).toBe('Countered');
    expect(within(first).getByText('Your answer is awaited')).toBeTruthy();
    expect(within(first).getByTestId('offer-qty').textContent).toBe('6');
    expect(within(first).getByTestId('offer-price').textContent).toBe('$80.00');
    expect(within(first).getByTestId('offer-offered').textContent).toBe('$70.00');
    expect(within(first).getByTestId('offer-asking').textContent).toBe('$90.00');
    expect(within(first).getByTestId('offer-total').textContent).toBe('$480.00');
    expect(within(first).getByRole('timer').textContent).toBe('1d 0h 0m 0s');
    expect(within(first).getByTestId('offer-counters').textContent).toBe('1 of 3');
    expect(linksOf('countered')).toEqual([['2015 Château Margaux', '/productview/lot-7']]);

    expect(buttonsOf('countered')).toEqual(['Accept', 'Decline', 'Counter']);
    // No counter-offer left, or a second chance: accept or decline only.
    expect(buttonsOf('last-round')).toEqual(['Accept', 'Decline']);
    expect(buttonsOf('second')).toEqual(['Accept', 'Decline']);
    expect(within(cardOf('second')).getByText('Second chance')).toBeTruthy();
    // Waiting for the seller: the buyer may withdraw it.
    expect(within(cardOf('open')).getByText('Waiting for the seller')).toBeTruthy();
    expect(buttonsOf('open')).toEqual(['Withdraw']);
    // Accepted: paid at the checkout of its invoice, then read on it.
    expect(buttonsOf('to-pay')).toEqual([]);
    expect(linksOf('to-pay')).toContainEqual(['Pay now', '/checkout/offer/inv-9']);
    expect(linksOf('paid')).toContainEqual(['View invoice', '/invoice/inv-8']);
    // Ended: nothing to do, and why it ended.
    expect(buttonsOf('ended')).toEqual([]);
    expect(linksOf('ended')).toEqual([['1996 Haut-Brion', '/productview/lot-13']]);
    expect(within(cardOf('ended')).getByTestId('offer-reason').textContent).toBe(
      'Reason: the price is too low',
    );
    expect(within(cardOf('ended')).queryByRole('timer')).toBeNull();

    // The temporary cart on top: the accepted offer to pay.
    const cart = screen.getByTestId('temp-cart');
    expect(
      within(cart)
        .getAllByTestId('temp-cart-line')
        .map((l) => l.dataset.invoiceId),
    ).toEqual(['inv-9']);
    expect(within(cart).getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(
      '/checkout/offer/inv-9',
    );
    await expectNoAxeViolations(screen.getByRole('main'));
  });

  it('shows the history when asked', async () => {
    const { user } = await buyer();
    await screen.findAllByTestId('offer-card');
    const toggle = within(cardOf('countered')).getByRole('button', { name: 'History (2)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const steps = within(cardOf('countered')).getAllByTestId('offer-step');
    expect(steps.map((s) => s.firstElementChild?.textContent)).toEqual([
      'Offer made · 6 × $70.00',
      'Counter-offer · 6 × $80.00',
    ]);
    expect(steps[0]?.textContent).toContain('by you');
    expect(steps[1]?.textContent).toContain('by the seller');
  });

  it('filters by status', async () => {
    const { user, api } = await buyer();
    await screen.findAllByTestId('offer-card');
    await user.click(screen.getByRole('radio', { name: 'Countered' }));
    await waitFor(() =>
      expect(api.to('myOffers').at(-1)?.input).toEqual({ status: 'countered', page: 1, limit: 25 }),
    );
  });

  it('accepts a counter-offer (a second chance by bidConfirmTemp), after confirming', async () => {
    const { user, api } = await buyer({
      acceptOfferTemp: ({ offer_id }) => answered(offer_id, 'accepted'),
      bidConfirmTemp: ({ offer_id }) => answered(offer_id, 'accepted'),
    });
    await screen.findAllByTestId('offer-card');
    await user.click(
      within(cardOf('countered')).getByRole('button', { name: 'Accept the offer on 2015 Château Margaux' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Accept the offer on 2015 Château Margaux' });
    expect(dialog.textContent).toContain('Buy 6 × 2015 Château Margaux at $80.00 a bottle, $480.00 in all?');
    await user.click(within(dialog).getByTestId('confirm-accept'));
    await waitFor(() =>
      expect(api.to('acceptOfferTemp').map((r) => r.input)).toEqual([
        { product_id: 'lot-7', offer_id: 'countered' },
      ]),
    );
    expect(await screen.findByText('Offer accepted: pay the invoice to complete the purchase')).toBeTruthy();
    // The lists load again.
    await waitFor(() => expect(api.to('myOffers').length).toBeGreaterThanOrEqual(2));

    await user.click(within(cardOf('second')).getByRole('button', { name: 'Accept the offer on 1990 Krug' }));
    await user.click(await screen.findByTestId('confirm-accept'));
    await waitFor(() =>
      expect(api.to('bidConfirmTemp').map((r) => r.input)).toEqual([
        { product_id: 'lot-9', offer_id: 'second' },
      ]),
    );
  });

  it('declines a counter-offer, and a second chance by cancelttwbidTemp', async () => {
    const { user, api } = await buyer({
      answerOfferTemp: ({ offer_id }) => answered(offer_id, 'declined'),
      cancelttwbidTemp: ({ offer_id }) => answered(offer_id, 'declined'),
    });
    await screen.findAllByTestId('offer-card');
    await user.click(
      within(cardOf('countered')).getByRole('button', { name: 'Decline the offer on 2015 Château Margaux' }),
    );
    await user.click(await screen.findByTestId('confirm-decline'));
    await waitFor(() =>
      expect(api.to('answerOfferTemp').map((r) => r.input)).toEqual([
        { product_id: 'lot-7', offer_id: 'countered', status: 'decline' },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(
      within(cardOf('second')).getByRole('button', { name: 'Decline the offer on 1990 Krug' }),
    );
    await user.click(await screen.findByTestId('confirm-decline'));
    await waitFor(() =>
      expect(api.to('cancelttwbidTemp').map((r) => r.input)).toEqual([
        { product_id: 'lot-9', offer_id: 'second' },
      ]),
    );
    expect(api.to('answerOfferTemp')).toHaveLength(1);
  });

  it('counters with a price in cents and bottles, refusing a price in fractions of a cent', async () => {
    const { user, api } = await buyer({ answerOfferTemp: ({ offer_id }) => answered(offer_id, 'open') });
    await screen.findAllByTestId('offer-card');
    await user.click(
      within(cardOf('countered')).getByRole('button', { name: 'Counter-offer on 2015 Château Margaux' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Counter-offer on 2015 Château Margaux' });
    expect(within(dialog).getByTestId('counters-left').textContent).toBe(
      'Counter-offers left after this one: 1',
    );
    const price = within(dialog).getByRole('textbox', { name: /Your price a bottle/ }) as HTMLInputElement;
    const qty = within(dialog).getByRole('textbox', { name: /Bottles/ }) as HTMLInputElement;
    expect([price.value, qty.value]).toEqual(['80.00', '6']);
    await user.clear(price);
    await user.type(price, '74.999');
    await user.click(within(dialog).getByRole('button', { name: 'Send counter-offer' }));
    expect(
      await within(dialog).findByText('Enter a price of at least $0.01 a bottle, in whole cents'),
    ).toBeTruthy();
    expect(api.to('answerOfferTemp')).toHaveLength(0);

    await user.clear(price);
    await user.type(price, '75');
    await user.clear(qty);
    await user.type(qty, '4');
    await user.click(within(dialog).getByRole('button', { name: 'Send counter-offer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to('answerOfferTemp').map((r) => r.input)).toEqual([
      { product_id: 'lot-7', offer_id: 'countered', status: 'counter', price: 7_500, qty: 4 },
    ]);
  });

  it('withdraws an offer the seller has not answered, keeping a refusal in the dialog', async () => {
    let refuse = true;
    const inputs: InputOf<'answerOfferTemp'>[] = [];
    const { user } = await buyer({
      answerOfferTemp: (input) => {
        inputs.push(input);
        if (refuse)
          throw new Failure('This offer is no longer open', 409, { field: 'offer_id' }, 'OFFER_CLOSED');
        return answered(input.offer_id, 'withdrawn');
      },
    });
    await screen.findAllByTestId('offer-card');
    await user.click(
      within(cardOf('open')).getByRole('button', { name: 'Withdraw the offer on 2005 Latour' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw the offer on 2005 Latour' });
    await user.click(within(dialog).getByTestId('confirm-withdraw'));
    expect(await within(dialog).findByText('This offer is no longer open')).toBeTruthy();
    refuse = false;
    await user.click(within(dialog).getByTestId('confirm-withdraw'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(inputs.at(-1)).toEqual({ product_id: 'lot-10', offer_id: 'open', status: 'withdraw' });
  });

  it('loads the offers again when the socket says an offer changed', async () => {
    const { api, openSocket } = await buyer();
    await screen.findAllByTestId('offer-card');
    const socket = await openSocket();
    // What the socket's opening asks again has been asked.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    const before = api.to('myOffers').length;
    await act(async () =>
      socket.receive({
        type: 'offerChanged',
        position: '0000000000000042',
        offer_id: 'open',
        lot_id: 'lot-10',
      }),
    );
    await waitFor(() => expect(api.to('myOffers').length).toBeGreaterThan(before));
    expect(api.to('tempCart').length).toBeGreaterThanOrEqual(2);
  });
});
