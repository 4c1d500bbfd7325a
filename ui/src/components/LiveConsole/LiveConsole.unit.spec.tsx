import { screen, waitFor, within } from '@testing-library/react';
import type { LiveConsoleView } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '../../test-utils/component.tsx';
import type { Handlers } from '../../test-utils/fake-api.ts';
import { aUser } from '../../test-utils/fixtures.ts';
import { aLiveConsole, aLiveLot } from '../LiveRoom/test-live-room.ts';
import { LiveConsoleScreen } from './LiveConsoleScreen.tsx';

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

async function renderConsole(view: LiveConsoleView = aLiveConsole()) {
  const rendered = await renderWithApi(<LiveConsoleScreen auctionId="a-1" />, {
    api: { liveConsole: () => view, ...taken },
    signedInAs: aUser({ roles: ['auctioneer'] }),
    mantineEnv: 'test',
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
});
