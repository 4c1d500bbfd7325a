import { act, screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serverClockAtom } from '../../state/clock.ts';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { render } from '../../test-utils/render.tsx';
import { Countdown } from './Countdown.tsx';

const LOCAL_NOW = Date.parse('2030-01-01T00:00:00.000Z');
const at = (ms: number) => new Date(LOCAL_NOW + ms).toISOString();
const SEC = 1000;
const HOUR = 3600 * SEC;
const DAY = 24 * HOUR;

/** Renders with the server clock `offset` ms ahead of the (frozen) local clock. */
async function renderAt(offset: number, lot: Parameters<typeof Countdown>[0]['lot']) {
  const store = createStore();
  store.set(serverClockAtom, offset);
  const view = await render(<Countdown lot={lot} />, { store });
  return { ...view, text: () => screen.getByTestId('countdown').textContent };
}

describe('Countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(LOCAL_NOW);
  });
  afterEach(() => vi.useRealTimers());

  it("reads 'Time Left' in days, hours, minutes and seconds against the server clock", async () => {
    const lot = {
      market_status: 'open' as const,
      date_added: at(-DAY),
      date_closed: at(DAY + 2 * HOUR + 3 * 60 * SEC + 4 * SEC),
    };
    const { text, container } = await renderAt(0, lot);
    expect(text()).toBe('Time Left 1d 2h 3m 4s');
    await expectNoAxeViolations(container);
  });

  it('uses the server offset, not the local clock', async () => {
    const lot = { market_status: 'open' as const, date_added: at(-DAY), date_closed: at(DAY) };
    const { text } = await renderAt(HOUR, lot);
    expect(text()).toBe('Time Left 0d 23h 0m 0s');
  });

  it('ticks every second', async () => {
    const lot = { market_status: 'open' as const, date_added: at(-DAY), date_closed: at(10 * SEC) };
    const { text } = await renderAt(0, lot);
    expect(text()).toBe('Time Left 0d 0h 0m 10s');
    await act(async () => {
      vi.advanceTimersByTime(3 * SEC);
    });
    expect(text()).toBe('Time Left 0d 0h 0m 7s');
  });

  it("reads 'Starts in' before the lot opens", async () => {
    const lot = { market_status: 'open' as const, date_added: at(5 * 60 * SEC), date_closed: at(DAY) };
    const { text } = await renderAt(0, lot);
    expect(text()).toBe('Starts in 0d 0h 5m 0s');
  });

  it('shows the plain end date with two days or more left', async () => {
    const closes = new Date(2030, 0, 5, 17, 0).toISOString();
    const { text } = await renderAt(0, { market_status: 'open', date_added: at(-DAY), date_closed: closes });
    expect(text()).toBe('Auction Ends 01-05-2030 5:00 pm');
  });

  it("reads 'Auction Closed' at zero", async () => {
    const lot = { market_status: 'open' as const, date_added: at(-DAY), date_closed: at(-SEC) };
    const { text } = await renderAt(0, lot);
    expect(text()).toBe('Auction Closed');
  });

  it("reads 'Closed On {date}' for a lot no longer open", async () => {
    const closed = new Date(2029, 11, 24, 9, 0).toISOString();
    const { text } = await renderAt(0, {
      market_status: 'sold',
      date_added: at(-9 * DAY),
      date_closed: closed,
    });
    expect(text()).toBe('Closed On 12-24-2029');
  });
});
