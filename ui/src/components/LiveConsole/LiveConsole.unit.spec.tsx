import { act, screen, waitFor, within } from '@testing-library/react';
import type { LiveConsoleView } from '@wine/contracts';
import { createStore } from 'jotai';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { serverClockAtom } from '../../state/clock.ts';
import { clockAt, renderWithApi } from '../../test-utils/component.tsx';
import type { Handlers } from '../../test-utils/fake-api.ts';
import { aUser } from '../../test-utils/fixtures.ts';
import { LIVE_FALLBACK_POLL_MS } from '../LiveRoom/live-room.ts';
import { aLiveConsole, aLiveLot, aLiveRoom } from '../LiveRoom/test-live-room.ts';
import { liveSocket } from '../LiveRoom/test-live-socket.ts';
import { LiveConsoleScreen } from './LiveConsoleScreen.tsx';
import { soldWarningOf } from './sold-warning.ts';

const standing = { lot_id: 'lot-12', ask: 140_000, price: 130_000, leading: false };

/** Every console action answered as the server does when it takes it. */
const taken: Handlers = {
  liveOpenSale: () => null,
  liveCallLot: () => standing,
  livePause: () => null,
  liveResume: () => null,
  liveMessage: () => null,
  liveCloseSale: () => null,
  liveAsk: () => standing,
  liveFloorBid: () => standing,
  liveFairWarning: () => null,
  liveHammer: () => null,
  liveUndo: () => null,
};

async function renderConsole(
  view: LiveConsoleView | (() => LiveConsoleView) = aLiveConsole(),
  store = createStore(),
) {
  const rendered = await renderWithApi(<LiveConsoleScreen auctionId="a-1" />, {
    api: { liveConsole: typeof view === 'function' ? view : () => view, ...taken },
    signedInAs: aUser({ roles: ['auctioneer'] }),
    mantineEnv: 'test',
    store,
  });
  await screen.findByTestId('console-current-lot');
  return rendered;
}

const sentTo = (api: Awaited<ReturnType<typeof renderConsole>>['api'], name: keyof typeof taken) =>
  api.to(name).map((r) => r.input);

describe('the auctioneer’s console (issue 37)', () => {
  it('shows the lot, its ask in dollars, the standing bid and its leader', async () => {
    await renderConsole();
    expect((screen.getByRole('textbox', { name: /Ask \(dollars\)/ }) as HTMLInputElement).value).toBe(
      '1300.00',
    );
    expect(screen.getByTestId('console-price').textContent).toBe('$1,200.00');
    expect(screen.getByTestId('console-leader').textContent).toBe('Internet: Ada');
  });

  it('takes a floor or phone bid by paddle at the ask', async () => {
    const { user, api } = await renderConsole();
    await user.type(screen.getByRole('textbox', { name: 'Paddle' }), '101');
    await user.click(screen.getByTestId('console-floor-bid'));
    await waitFor(() =>
      expect(sentTo(api, 'liveFloorBid')).toEqual([
        { lot_id: 'lot-12', ask: 130_000, paddle: '101', source: 'floor' },
      ]),
    );
    await user.type(screen.getByRole('textbox', { name: 'Paddle' }), '7');
    await user.click(screen.getByText('Phone'));
    await user.click(screen.getByTestId('console-floor-bid'));
    await waitFor(() =>
      expect(sentTo(api, 'liveFloorBid')[1]).toEqual({
        lot_id: 'lot-12',
        ask: 130_000,
        paddle: '7',
        source: 'phone',
      }),
    );
  });

  it('gives fair warning, sells, passes and calls the next lot chosen', async () => {
    const { user, api } = await renderConsole();
    await user.click(screen.getByTestId('console-fair-warning'));
    await waitFor(() => expect(sentTo(api, 'liveFairWarning')).toEqual([{ lot_id: 'lot-12' }]));
    await user.click(screen.getByTestId('console-sold'));
    await waitFor(() => expect(sentTo(api, 'liveHammer')).toEqual([{ lot_id: 'lot-12', outcome: 'sold' }]));
    await user.click(screen.getByTestId('console-pass'));
    await waitFor(() =>
      expect(sentTo(api, 'liveHammer')[1]).toEqual({ lot_id: 'lot-12', outcome: 'passed' }),
    );
    await user.click(screen.getByTestId('console-call-lot'));
    await waitFor(() =>
      expect(sentTo(api, 'liveCallLot')).toEqual([{ auction_id: 'a-1', lot_id: 'lot-13' }]),
    );
  });

  it('undoes with a reason, pauses and speaks to the room', async () => {
    const { user, api } = await renderConsole();
    await user.click(screen.getByTestId('console-undo'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Wrong paddle');
    await user.click(within(dialog).getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(sentTo(api, 'liveUndo')).toEqual([{ lot_id: 'lot-12', reason: 'Wrong paddle' }]),
    );
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(sentTo(api, 'livePause')).toEqual([{ auction_id: 'a-1', reason: '' }]));
    await user.type(
      screen.getByRole('textbox', { name: 'Message to the room' }),
      'Last lot before the break{Enter}',
    );
    await waitFor(() =>
      expect(sentTo(api, 'liveMessage')).toEqual([{ auction_id: 'a-1', text: 'Last lot before the break' }]),
    );
  });

  it('opens a sale not yet open', async () => {
    const { user, api } = await renderConsole(aLiveConsole({ status: 'not_open' }));
    await user.click(screen.getByRole('button', { name: 'Open sale' }));
    await waitFor(() => expect(sentTo(api, 'liveOpenSale')).toEqual([{ auction_id: 'a-1' }]));
  });

  it('closes the sale only once the close is confirmed', async () => {
    const { user, api } = await renderConsole();
    await user.click(screen.getByRole('button', { name: 'Close sale' }));
    expect(sentTo(api, 'liveCloseSale')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Confirm: close the sale' }));
    await waitFor(() => expect(sentTo(api, 'liveCloseSale')).toEqual([{ auction_id: 'a-1' }]));
  });

  it('sends the ask typed in dollars as cents on Enter, and refuses words', async () => {
    const { user, api } = await renderConsole();
    const ask = screen.getByRole('textbox', { name: /Ask \(dollars\)/ });
    await user.clear(ask);
    await user.type(ask, 'lots{Enter}');
    expect(await screen.findByText('Enter an amount in dollars, like 1,250')).toBeTruthy();
    expect(sentTo(api, 'liveAsk')).toEqual([]);
    await user.clear(ask);
    await user.type(ask, '1,250.50{Enter}');
    await waitFor(() => expect(sentTo(api, 'liveAsk')).toEqual([{ lot_id: 'lot-12', ask: 125_050 }]));
  });

  it('answers its keys (W fair warning, S sold, A the ask) but not while typing', async () => {
    const { user, api } = await renderConsole();
    expect(screen.getByTestId('console-sold').getAttribute('aria-keyshortcuts')).toBe('S');
    await user.keyboard('w');
    await waitFor(() => expect(sentTo(api, 'liveFairWarning')).toEqual([{ lot_id: 'lot-12' }]));
    await user.type(screen.getByRole('textbox', { name: 'Message to the room' }), 'so');
    expect(sentTo(api, 'liveHammer')).toEqual([]);
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('s');
    await waitFor(() => expect(sentTo(api, 'liveHammer')).toEqual([{ lot_id: 'lot-12', outcome: 'sold' }]));
    await user.keyboard('a');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Ask \(dollars\)/ }));
  });

  it("shows the absentee's maximum from the clerk's book, and a leader named by source without a paddle", async () => {
    await renderConsole(
      aLiveConsole({
        leader: { source: 'absentee', paddle: null, first_name: 'Abe' },
        absentee: { first_name: 'Abe', max: 140_000, spent: false },
      }),
    );
    expect(screen.getByTestId('console-leader').textContent).toBe('Absentee (Abe)');
    expect(screen.getByTestId('console-absentee').textContent).toBe('Abe, up to $1,400.00');
  });

  it('marks a spent absentee maximum, and names a floor leader by paddle', async () => {
    await renderConsole(
      aLiveConsole({
        leader: { source: 'floor', paddle: '101', first_name: 'Flo' },
        absentee: { first_name: 'Abe', max: 140_000, spent: true },
      }),
    );
    expect(screen.getByTestId('console-leader').textContent).toBe('Floor paddle 101 (Flo)');
    expect(screen.getByTestId('console-absentee').textContent).toBe('Abe, up to $1,400.00 (spent)');
  });

  it('lists the bids missed after the hammer, and keeps the lot’s buttons off once it is hammered', async () => {
    await renderConsole(
      aLiveConsole({
        current_lot: aLiveLot({ hammer: { outcome: 'sold', amount: 120_000 } }),
        missed: [{ first_name: 'Grace', ask: 130_000, at: '2030-01-10T12:00:01.000Z' }],
        missed_count: 1,
      }),
    );
    expect(screen.getByTestId('console-missed').textContent).toContain('Missed: Grace at $1,300.00');
    expect((screen.getByTestId('console-sold') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('console-undo') as HTMLButtonElement).disabled).toBe(false);
  });

  it('reads the console again on each frame of the room, and not on the clock while connected', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const live = liveSocket();
    let price = 120_000;
    const { api } = await renderConsole(() => aLiveConsole({ current_lot: aLiveLot({ price }) }), live.store);
    live.open();
    expect(live.sent()).toContainEqual({ type: 'subscribe', channels: ['live:a-1'] });
    const reads = api.to('liveConsole').length;
    price = 130_000;
    live.receive({
      type: 'liveRoom',
      position: '00000000000000000061',
      room: aLiveRoom({ my_paddle: null, current_lot: aLiveLot({ price }) }),
    });
    await waitFor(() => expect(screen.getByTestId('console-price').textContent).toBe('$1,300.00'));
    expect(api.to('liveConsole').length).toBe(reads + 1);
    act(() => vi.advanceTimersByTime(3 * LIVE_FALLBACK_POLL_MS));
    expect(api.to('liveConsole').length).toBe(reads + 1);
  });
});

describe('the clerk’s warning before Sold (issue 37)', () => {
  // The page's own clock is days off; the server's (from the socket) is what counts.
  clockAt('2026-12-01T10:00:00.000Z');
  /** A store whose server clock reads the bid's time (19:00:30, an internet bid) plus `ms`. */
  const serverAt = (ms: number) => {
    const store = createStore();
    store.set(serverClockAtom, Date.parse('2026-11-28T19:00:30.000Z') + ms - Date.now());
    return store;
  };
  const warning = () => screen.queryByTestId('console-sold-warning');

  it('asks first when an internet bid arrived in the last 3 seconds, and sells on the second press of S', async () => {
    const { user, api } = await renderConsole(aLiveConsole(), serverAt(1_500));
    await user.click(screen.getByTestId('console-sold'));
    expect(warning()?.textContent).toContain('An internet bid arrived 1 second ago. Sell anyway?');
    expect(sentTo(api, 'liveHammer')).toEqual([]);
    await user.keyboard('s');
    await waitFor(() => expect(sentTo(api, 'liveHammer')).toEqual([{ lot_id: 'lot-12', outcome: 'sold' }]));
    expect(warning()).toBeNull();
  });

  it('sells on Enter once warned (the key S, then Enter)', async () => {
    const { user, api } = await renderConsole(aLiveConsole(), serverAt(2_200));
    await user.keyboard('s');
    expect(warning()?.textContent).toContain('An internet bid arrived 2 seconds ago. Sell anyway?');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sell anyway' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sentTo(api, 'liveHammer')).toEqual([{ lot_id: 'lot-12', outcome: 'sold' }]));
  });

  it('sells nothing when the clerk cancels', async () => {
    const { user, api } = await renderConsole(aLiveConsole(), serverAt(0));
    await user.click(screen.getByTestId('console-sold'));
    expect(warning()?.textContent).toContain('An internet bid arrived just now. Sell anyway?');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(warning()).toBeNull();
    expect(sentTo(api, 'liveHammer')).toEqual([]);
  });

  it.each([
    ['an internet bid 3 seconds old', aLiveConsole(), 3_000],
    [
      'a floor bid just taken',
      aLiveConsole({
        current_lot: aLiveLot({
          bids: [
            { amount: 120_000, source: 'floor', paddle: '101', mine: false, at: '2026-11-28T19:00:30.000Z' },
          ],
        }),
      }),
      0,
    ],
  ])('sells at once after %s', async (_name, view, ms) => {
    const { user, api } = await renderConsole(view, serverAt(ms));
    await user.click(screen.getByTestId('console-sold'));
    await waitFor(() => expect(sentTo(api, 'liveHammer')).toEqual([{ lot_id: 'lot-12', outcome: 'sold' }]));
    expect(warning()).toBeNull();
  });

  it('warns of the latest bid only, by the server’s time, a bid stamped ahead of it as just arrived', () => {
    const lot = aLiveLot();
    const at = Date.parse('2026-11-28T19:00:30.000Z');
    expect(soldWarningOf(lot, at + 2_999)).toEqual({ at: '2026-11-28T19:00:30.000Z', seconds: 2 });
    expect(soldWarningOf(lot, at + 3_000)).toBeNull();
    expect(soldWarningOf(lot, at - 400)).toEqual({ at: '2026-11-28T19:00:30.000Z', seconds: 0 });
    const internetThenFloor = aLiveLot({ bids: [...lot.bids].reverse() });
    expect(soldWarningOf(internetThenFloor, at)).toBeNull();
    expect(soldWarningOf(null, at)).toBeNull();
  });
});
