import { screen, waitFor, within } from '@testing-library/react';
import { type BidConfirmResult, emptyDefaultBundle, type LotView } from '@wine/contracts';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { clockAt, renderWithApi } from '../../test-utils/component.tsx';
import { Failure, type Handlers } from '../../test-utils/fake-api.ts';
import { aBidResult, aLot, aUser } from '../../test-utils/fixtures.ts';
import { withBidResult } from '../LotDetail/LotDetail.tsx';
import { BidBox } from './BidBox.tsx';

const lot = (over: Partial<LotView> = {}) =>
  aLot({ id: 'lot-7', wprice: 125_000, next_bid: 130_000, date_closed: '2030-01-20T12:00:00.000Z', ...over });

/** The box as the lot page holds it: the page's lot takes the bid's answer (withBidResult). */
function Page({ initial, onBid }: { initial: LotView; onBid: (result: BidConfirmResult) => void }) {
  const [shown, setShown] = useState(initial);
  return (
    <BidBox
      lot={shown}
      onBid={(result) => {
        onBid(result);
        setShown(withBidResult(result));
      }}
    />
  );
}

async function renderBox(
  shown: LotView,
  options: { api?: Handlers; signedIn?: boolean; card?: boolean } = {},
) {
  const onBid = vi.fn();
  const { signedIn = true, card = true } = options;
  const rendered = await renderWithApi(<Page initial={shown} onBid={onBid} />, {
    ...(options.api && { api: options.api }),
    ...(signedIn && { signedInAs: aUser({ card_on_file: card }) }),
    mantineEnv: 'test',
  });
  return { ...rendered, onBid };
}

const placeBid = () => screen.getByRole('button', { name: /Place Bid|Increase (max|hard) bid/ });

async function bidTyped(user: Awaited<ReturnType<typeof renderBox>>['user'], amount: string) {
  await user.type(await screen.findByRole('textbox', { name: 'Or enter an amount' }), amount);
  await user.click(placeBid());
  const dialog = await screen.findByRole('dialog', { name: 'Confirm Bid' });
  return dialog;
}

describe('BidBox (seeds 000 §4.2 / §4.3)', () => {
  clockAt('2030-01-09T12:00:00.000Z');

  it('offers the next valid bid first, then the amounts the increments give', async () => {
    const { user } = await renderBox(lot());
    expect(screen.getByTestId('next-bid').textContent).toBe('$1,300.00');
    expect(screen.getByTestId('current-bid').textContent).toBe('$1,250.00');
    expect(screen.getByTestId('bid-count').textContent).toContain('3 bids');
    const amount = screen.getByRole('textbox', { name: 'Or enter an amount' });
    expect(amount.getAttribute('placeholder')).toBe('$1,300.00');
    await user.click(screen.getByTestId('bid-select'));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options.slice(0, 3)).toEqual(['$1,300.00', '$1,400.00', '$1,500.00']);
    expect(options).toHaveLength(10);
  });

  it('refuses an amount below the next bid with the form’s message, and sends nothing', async () => {
    const { user, api } = await renderBox(lot(), { api: { bidConfirm: () => aBidResult() } });
    await user.click(placeBid());
    expect(screen.getByTestId('bid-error').textContent).toBe('Select bid amount');
    await user.type(screen.getByRole('textbox', { name: 'Or enter an amount' }), '1,299.99');
    await user.click(placeBid());
    expect(screen.getByRole('alert').textContent).toBe('Min. Bid $1,300.00');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.to('bidConfirm')).toHaveLength(0);
  });

  it('bids the amount in integer cents and shows the winning answer', async () => {
    const { user, api, onBid, alerts } = await renderBox(lot(), {
      api: { bidConfirm: () => aBidResult({ bidtopstatus: 'winner' }) },
    });
    const dialog = await bidTyped(user, '1,350.50');
    expect(within(dialog).getByTestId('confirm-amount').textContent).toBe('$1,350.50');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onBid).toHaveBeenCalledTimes(1));
    expect(api.to('bidConfirm')[0]?.input).toEqual({ id: 'lot-7', wsprice: 135_050, bidding_type: 'proxy' });
    expect(onBid).toHaveBeenCalledWith(aBidResult({ bidtopstatus: 'winner' }));
    expect(alerts()).toEqual([{ msg: 'Bid placed successfully', type: 'success' }]);
    await waitFor(() =>
      expect(screen.getByTestId('bid-status').textContent).toBe('You are winning this lot.'),
    );
    expect(screen.getByTestId('next-bid').textContent).toBe('$1,400.00');
    expect(screen.getByTestId('bid-count').textContent).toContain('4 bids');
    // The leader raises a maximum; the form is cleared for it.
    expect(screen.getByRole('button', { name: 'Increase max bid' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Or enter an amount' }) as HTMLInputElement).value).toBe('');
  });

  it('shows an outbid answer differently: the outbid standing, and Place Bid again', async () => {
    const { user, onBid } = await renderBox(lot(), {
      api: { bidConfirm: () => aBidResult({ bidtopstatus: 'outbid', wprice: 140_000, next_bid: 150_000 }) },
    });
    await user.click(within(await bidTyped(user, '1300')).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onBid).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByTestId('bid-status').textContent).toBe('you have been outbid.'));
    expect(screen.getByTestId('current-bid').textContent).toBe('$1,400.00');
    expect(screen.getByRole('button', { name: 'Place Bid' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Increase max bid' })).toBeNull();
  });

  it('places a hard bid where the market has no proxy bidding', async () => {
    const { user, api } = await renderBox(lot(), {
      api: {
        getDefault: () => ({ ...emptyDefaultBundle, proxy_bidding_settings: 0 }),
        bidConfirm: () => aBidResult(),
      },
    });
    await screen.findByText('Your bid');
    const dialog = await bidTyped(user, '1300');
    expect(dialog.textContent).toContain('Place a bid of $1,300.00 on 2015 Château Margaux?');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.to('bidConfirm')).toHaveLength(1));
    expect(api.to('bidConfirm')[0]?.input).toEqual({ id: 'lot-7', wsprice: 130_000, bidding_type: 'hard' });
  });

  it('tells the server’s refusal in an error alert and leaves the standing as it was', async () => {
    const { user, onBid, alerts } = await renderBox(lot(), {
      api: {
        bidConfirm: () => {
          throw new Failure('Min. Bid $1,400.00', 400, { field: 'wsprice' }, 'MIN_BID');
        },
      },
    });
    await user.click(within(await bidTyped(user, '1300')).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(alerts()).toEqual([{ msg: 'Min. Bid $1,400.00', type: 'error' }]));
    expect(onBid).not.toHaveBeenCalled();
    expect(screen.queryByTestId('bid-status')).toBeNull();
  });

  it('asks a signed-out visitor to sign in, back to this lot, and offers no form', async () => {
    await renderBox(lot(), { signedIn: false });
    const login = screen.getByRole('link', { name: 'Login to Bid' });
    expect(login.getAttribute('href')).toBe('/login?pid=lot-7');
    expect(screen.queryByTestId('place-bid')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Or enter an amount' })).toBeNull();
  });

  it('sends a bidder without a card to add one before any bid', async () => {
    const { user, api, alerts, router } = await renderBox(lot(), { card: false });
    await user.type(screen.getByRole('textbox', { name: 'Or enter an amount' }), '1300');
    await user.click(placeBid());
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/profile'));
    expect(alerts()).toEqual([{ msg: 'Please add a card to place bid', type: 'error' }]);
    expect(api.to('bidConfirm')).toHaveLength(0);
  });

  it('offers no bidding on the bidder’s own lot, nor once the lot has closed', async () => {
    const own = await renderBox(lot({ own_lot: 1 }));
    expect(screen.getByTestId('own-lot')).toBeTruthy();
    expect(screen.queryByTestId('place-bid')).toBeNull();
    own.unmount();
    await renderBox(lot({ date_closed: '2030-01-09T11:59:59.000Z' }));
    expect(screen.getByTestId('current-bid').textContent).toBe('$1,250.00');
    expect(screen.queryByTestId('next-bid')).toBeNull();
    expect(screen.queryByTestId('place-bid')).toBeNull();
  });

  it("shows the merchant's own premium note where the settings give one, else the standard note", async () => {
    const configuration = {
      ...emptyDefaultBundle.configuration,
      premium_text: { en: 'A 20% premium is added; members pay 18%.', es: '' },
    };
    await renderBox(lot(), { api: { getDefault: () => ({ ...emptyDefaultBundle, configuration }) } });
    await waitFor(() =>
      expect(screen.getByTestId('premium-note').textContent).toBe('A 20% premium is added; members pay 18%.'),
    );
  });
});
