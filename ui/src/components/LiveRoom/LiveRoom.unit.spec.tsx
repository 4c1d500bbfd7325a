import { act, screen, waitFor, within } from '@testing-library/react';
import type { LiveRoomView } from '@wine/contracts';
import type { createStore } from 'jotai';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { renderWithApi } from '../../test-utils/component.tsx';
import { Failure, type Handlers } from '../../test-utils/fake-api.ts';
import { aUser } from '../../test-utils/fixtures.ts';
import { LiveRoomScreen } from './LiveRoomScreen.tsx';
import { LIVE_FALLBACK_POLL_MS } from './live-room.ts';
import { aLiveLot, aLiveRoom } from './test-live-room.ts';
import { liveSocket } from './test-live-socket.ts';

function renderRoom(
  room: () => LiveRoomView,
  options: { api?: Handlers; signedIn?: boolean; store?: ReturnType<typeof createStore> } = {},
) {
  const { signedIn = true } = options;
  return renderWithApi(<LiveRoomScreen auctionId="a-1" notLive={<p>The timed auction</p>} />, {
    api: { liveRoom: room, ...options.api },
    ...(signedIn && { signedInAs: aUser() }),
    ...(options.store && { store: options.store }),
    mantineEnv: 'test',
  });
}

/** Intervals (the room's polling) run when the test says; everything else in real time. */
function intervalsByHand() {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  onTestFinished(() => {
    vi.useRealTimers();
  });
  return (ms: number) => act(() => vi.advanceTimersByTime(ms));
}

const status = () => screen.getByTestId('live-bid-status').textContent;

describe('the live room (issue 37)', () => {
  it('shows the lot on the block, its ask and standing bid, the bids, the lots to come, results and messages', async () => {
    await renderRoom(() => aLiveRoom());
    const lot = await screen.findByTestId('live-current-lot');
    expect(within(lot).getByText('2010 Château Latour')).toBeTruthy();
    expect(screen.getByTestId('live-lot-number').textContent).toBe('Lot 12');
    expect(screen.getByTestId('live-ask').textContent).toBe('$1,300.00');
    expect(screen.getByTestId('live-price').textContent).toBe('$1,200.00');
    const bids = within(screen.getByTestId('live-bids-list')).getAllByRole('listitem');
    expect(bids.map((b) => b.textContent)).toEqual(['Internet$1,200.00', 'Floor, paddle 101$1,100.00']);
    expect(screen.getByTestId('live-next-list').textContent).toContain('2000 Margaux');
    expect(screen.getByTestId('live-results-list').textContent).toContain('Sold $4,000.00');
    expect(screen.getByTestId('live-messages-list').textContent).toContain('Lot 12 is a magnum');
    expect(screen.getByTestId('live-paddle').textContent).toBe('Your paddle: 205');
  });

  it('shows fair warning', async () => {
    await renderRoom(() => aLiveRoom({ current_lot: aLiveLot({ fair_warning: true }) }));
    expect((await screen.findByTestId('live-fair-warning')).textContent).toBe('Fair warning!');
  });

  it('tells a leading bidder they lead, with no button to bid against themselves', async () => {
    await renderRoom(() =>
      aLiveRoom({
        current_lot: aLiveLot({
          standing: 'leading',
          bids: [
            { amount: 120_000, source: 'internet', paddle: null, mine: true, at: '2026-11-28T19:00:30.000Z' },
          ],
        }),
      }),
    );
    await screen.findByTestId('live-current-lot');
    expect(status()).toBe('You lead at $1,200.00');
    expect(screen.queryByTestId('live-bid')).toBeNull();
    expect(within(screen.getByTestId('live-bids-list')).getByText('You')).toBeTruthy();
  });

  it('tells an outbid bidder, sends the ask shown and reads the room again at once', async () => {
    const { user, api } = await renderRoom(
      () => aLiveRoom({ current_lot: aLiveLot({ standing: 'outbid' }) }),
      {
        api: { liveBid: () => ({ lot_id: 'lot-12', ask: 140_000, price: 130_000, leading: true }) },
      },
    );
    await screen.findByTestId('live-current-lot');
    expect(status()).toBe('You were outbid');
    const reads = api.to('liveRoom').length;
    await user.click(screen.getByRole('button', { name: 'Bid $1,300.00' }));
    await waitFor(() =>
      expect(api.to('liveBid').map((r) => r.input)).toEqual([{ lot_id: 'lot-12', ask: 130_000 }]),
    );
    await waitFor(() => expect(api.to('liveRoom').length).toBeGreaterThan(reads));
  });

  it('tells the bidder the lot was sold to them', async () => {
    await renderRoom(() =>
      aLiveRoom({ current_lot: aLiveLot({ standing: 'won', hammer: { outcome: 'sold', amount: 120_000 } }) }),
    );
    await screen.findByTestId('live-current-lot');
    expect(status()).toBe('Sold to you at $1,200.00');
    expect(screen.queryByTestId('live-bid')).toBeNull();
  });

  it.each([
    [
      'lost',
      aLiveLot({ standing: 'lost', hammer: { outcome: 'sold', amount: 120_000 } }),
      'Sold to another bidder',
    ],
    ['passed', aLiveLot({ hammer: { outcome: 'passed', amount: null } }), 'The lot passed'],
  ])('tells the bidder a lot %s', async (_name, lot, text) => {
    await renderRoom(() => aLiveRoom({ current_lot: lot }));
    await screen.findByTestId('live-current-lot');
    expect(status()).toBe(text);
  });

  it('says the server’s refusal when the ask moved, and offers the new ask', async () => {
    let ask = 130_000;
    const { user } = await renderRoom(() => aLiveRoom({ current_lot: aLiveLot({ ask }) }), {
      api: {
        liveBid: () => {
          ask = 140_000;
          throw new Failure('The ask moved to $1,400.00: bid again at the new ask', 409, null, 'ASK_MOVED');
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Bid $1,300.00' }));
    expect((await screen.findByTestId('live-bid-refused')).textContent).toContain(
      'The ask moved to $1,400.00: bid again at the new ask',
    );
    expect(await screen.findByRole('button', { name: 'Bid $1,400.00' })).toBeTruthy();
  });

  it('registers a bidder for the sale first, then shows their paddle and the bid button', async () => {
    let paddle: string | null = null;
    const { user, api } = await renderRoom(() => aLiveRoom({ my_paddle: paddle }), {
      api: {
        liveRegister: () => {
          paddle = '206';
          return { paddle: '206' };
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Register for the sale' }));
    expect(api.to('liveRegister').map((r) => r.input)).toEqual([{ auction_id: 'a-1' }]);
    expect((await screen.findByTestId('live-paddle')).textContent).toBe('Your paddle: 206');
    expect(await screen.findByRole('button', { name: 'Bid $1,300.00' })).toBeTruthy();
  });

  it('sends a visitor to sign in', async () => {
    await renderRoom(() => aLiveRoom({ my_paddle: null }), { signedIn: false });
    expect((await screen.findByRole('link', { name: 'Sign in to bid' })).getAttribute('href')).toBe('/login');
  });

  it('says the connection is lost when the room stops answering, keeping the last room shown', async () => {
    const live = liveSocket();
    let fail = false;
    await renderRoom(
      () => {
        if (fail) throw new Failure('Service unavailable', 503);
        fail = true;
        return aLiveRoom();
      },
      { store: live.store },
    );
    await screen.findByTestId('live-current-lot');
    live.open();
    // The channel took hold: the room is read again, and that read fails.
    live.receive({ type: 'subscribed', channels: ['live:a-1'] });
    await waitFor(() => expect(status()).toBe('Connection lost: reconnecting…'));
    expect(screen.getByTestId('live-ask').textContent).toBe('$1,300.00');
    expect(screen.queryByTestId('live-bid')).toBeNull();
  });

  it('follows the room on the socket: each frame replaces it, the paddle kept, and no read while connected', async () => {
    const tick = intervalsByHand();
    const live = liveSocket();
    const { api } = await renderRoom(() => aLiveRoom(), { store: live.store });
    await screen.findByTestId('live-current-lot');
    live.open();
    expect(live.sent()).toContainEqual({ type: 'subscribe', channels: ['live:a-1'] });
    const reads = api.to('liveRoom').length;
    live.receive({ type: 'subscribed', channels: ['live:a-1'] });
    await waitFor(() => expect(api.to('liveRoom').length).toBe(reads + 1));
    // Someone else bid: the frame is the room as a visitor sees it but for this bidder's own standing.
    live.receive({
      type: 'liveRoom',
      position: '00000000000000000042',
      room: aLiveRoom({
        my_paddle: null,
        current_lot: aLiveLot({ ask: 150_000, price: 140_000, standing: 'outbid' }),
      }),
    });
    await waitFor(() => expect(screen.getByTestId('live-ask').textContent).toBe('$1,500.00'));
    expect(screen.getByTestId('live-price').textContent).toBe('$1,400.00');
    expect(status()).toBe('You were outbid');
    expect(screen.getByTestId('live-paddle').textContent).toBe('Your paddle: 205');
    tick(3 * LIVE_FALLBACK_POLL_MS);
    expect(api.to('liveRoom').length).toBe(reads + 1);
  });

  it('reads the room every 5 seconds while the socket is down, saying the connection is lost until it is back', async () => {
    const tick = intervalsByHand();
    const live = liveSocket();
    let ask = 130_000;
    const { api } = await renderRoom(() => aLiveRoom({ current_lot: aLiveLot({ ask }) }), {
      store: live.store,
    });
    await screen.findByTestId('live-current-lot');
    live.open();
    live.drop();
    await waitFor(() => expect(status()).toBe('Connection lost: reconnecting…'));
    expect(screen.queryByTestId('live-bid')).toBeNull();
    const reads = api.to('liveRoom').length;
    ask = 140_000;
    tick(LIVE_FALLBACK_POLL_MS);
    await waitFor(() => expect(api.to('liveRoom').length).toBe(reads + 1));
    expect(await screen.findByText('$1,400.00')).toBeTruthy();
    // Back: the bid box again, and no more reads on the clock.
    await waitFor(() => expect(live.sockets()).toBe(2));
    live.open();
    expect(await screen.findByRole('button', { name: 'Bid $1,400.00' })).toBeTruthy();
    // Nothing to resume from: the room is read again once.
    await waitFor(() => expect(api.to('liveRoom').length).toBe(reads + 2));
    const back = api.to('liveRoom').length;
    tick(3 * LIVE_FALLBACK_POLL_MS);
    expect(api.to('liveRoom').length).toBe(back);
  });

  it('tells the bidder a lot of the sale on their watchlist comes up soon', async () => {
    const live = liveSocket();
    const { alerts } = await renderRoom(() => aLiveRoom(), { store: live.store });
    await screen.findByTestId('live-current-lot');
    live.open();
    const comingUp = { type: 'liveComingUp', position: '00000000000000000050', lots_before: 3 } as const;
    live.receive({ ...comingUp, auction_id: 'a-1', lot_id: 'lot-14' });
    live.receive({ ...comingUp, position: '00000000000000000051', auction_id: 'a-1', lot_id: 'lot-99' });
    // Another sale's lot is that sale's news.
    live.receive({ ...comingUp, position: '00000000000000000052', auction_id: 'a-2', lot_id: 'lot-7' });
    expect(alerts()).toEqual([
      { msg: 'Lot 14 · 1996 Lafite, on your watchlist, comes up in 3 lots.', type: 'info' },
      { msg: 'A lot on your watchlist comes up in 3 lots.', type: 'info' },
    ]);
  });

  it('keeps the timed auction’s page for an auction that is not a live sale', async () => {
    await renderRoom(() => {
      throw new Failure('This auction is not a live sale', 409, null, 'NOT_LIVE_SALE');
    });
    expect(await screen.findByText('The timed auction')).toBeTruthy();
  });
});
