import { screen, within } from '@testing-library/react';
import type { AuctionDetail } from '@wine/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { aLot, anAuction } from '../../test-utils/fixtures.ts';
import { render } from '../../test-utils/render.tsx';
import { LiveAuction, LiveAuctionNotFound } from './LiveAuction.tsx';
import { auctionLotsFilter, belongsToAuction } from './live-auction.ts';

const auction = (over: Partial<AuctionDetail> = {}) => anAuction({ countries: ['France', 'Italy'], ...over });
const page = (lots: ReturnType<typeof aLot>[], totalRecords = lots.length, onPage = vi.fn()) => ({
  lots,
  totalRecords,
  page: 1,
  onPage,
});

describe('LiveAuction', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2030-01-10T12:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('shows what the auction says of itself: its title, kind, description and buyer’s premium', async () => {
    await render(
      <LiveAuction
        auction={auction({
          title: 'Fine & Rare Wines',
          kind: 'timed',
          description: 'Mature Bordeaux from Chicago-area cellars.',
          premium_text: 'A buyer’s premium of 20% is added to the hammer price.',
        })}
        open={page([aLot({ id: 'o1', title: 'Open one' })])}
        closed={page([])}
      />,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Fine & Rare Wines');
    expect(screen.getByTestId('auction-kind').textContent).toBe('Timed auction');
    expect(screen.getByTestId('auction-description').textContent).toBe(
      'Mature Bordeaux from Chicago-area cellars.',
    );
    expect(screen.getByTestId('auction-premium').textContent).toContain('20% is added to the hammer price');
  });

  it('names the auction, says when its lots close, counts down to the next close, open lots first', async () => {
    const { container } = await render(
      <LiveAuction
        auction={auction()}
        open={page([aLot({ id: 'o1', title: 'Open one' }), aLot({ id: 'o2', title: 'Open two' })])}
        closed={page([aLot({ id: 'c1', title: 'Closed one', market_status: 'sold' })])}
      />,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Auction a-7');
    expect(screen.getByRole('link', { name: '← All auctions' }).getAttribute('href')).toBe('/auction');
    expect(screen.getByTestId('auction-counts').textContent).toBe('2 of 3 lots open');
    const next = screen.getByTestId('auction-next-close');
    expect(next.textContent).toContain('Next lot closes:');
    expect(within(next).getByRole('timer').textContent).toBe('0d 1h 0m 0s');
    const sections = screen.getAllByRole('region');
    expect(sections.map((s) => s.getAttribute('aria-labelledby'))).toEqual(['open-lots', 'closed-lots']);
    const openList = screen.getByRole('list', { name: 'Open lots of auction a-7' });
    expect(
      within(openList)
        .getAllByRole('article')
        .map((a) => a.getAttribute('data-lot-id')),
    ).toEqual(['o1', 'o2']);
    expect(screen.getByRole('list', { name: 'Closed lots of auction a-7' })).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('says every lot has closed, with no closed section when there are none and no open lot', async () => {
    await render(
      <LiveAuction
        auction={auction({ open_count: 0, next_close: null })}
        open={page([])}
        closed={page([])}
      />,
    );
    expect(screen.getByTestId('auction-next-close').textContent).toBe(
      'Every lot of this auction has closed.',
    );
    expect(screen.getByTestId('no-lots').textContent).toBe('No lot of this auction is open for bidding now.');
    expect(screen.queryByTestId('closed-lots')).toBeNull();
  });

  it('pages the open lots by 25 with its own labelled page navigation', async () => {
    const onPage = vi.fn();
    const lots = Array.from({ length: 25 }, (_, i) => aLot({ id: `o${i}`, title: `Lot ${i}` }));
    const { user, container } = await render(
      <LiveAuction
        auction={auction()}
        open={page(lots, 30, onPage)}
        closed={page([aLot({ id: 'c1' })], 1)}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Pages of open lots' });
    vi.useRealTimers();
    await user.click(within(nav).getByRole('button', { name: '2' }));
    expect(onPage).toHaveBeenCalledWith(2);
    expect(screen.queryByRole('navigation', { name: 'Pages of closed lots' })).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('shows a clear not-found page for an unknown auction, with the way back to the auctions', async () => {
    const { container } = await render(<LiveAuctionNotFound auctionid="nope" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Auction not found');
    expect(screen.getByText(/There is no auction nope\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all auctions' }).getAttribute('href')).toBe('/auction');
    await expectNoAxeViolations(container);
  });
});

describe('an auction’s lots for the search API', () => {
  it('asks for the open lots closing soonest and the closed ones latest first, by auction id', () => {
    expect(auctionLotsFilter('a-7', 'open', 2)).toEqual({
      limit: 25,
      page: 2,
      orderby: 'p.date_closed',
      order: 'asc',
      filters: {
        auctionid: { value: ['a-7'], type: 'array', field: 'p.auctionid' },
        market_status: { value: ['open'], type: 'array', field: 'p.market_status' },
      },
    });
    const closed = auctionLotsFilter('a-7', 'closed', 1);
    expect(closed.order).toBe('desc');
    expect(closed.filters?.market_status).toEqual({
      value: ['open'],
      type: 'notin',
      field: 'p.market_status',
    });
  });

  it('takes a newly listed open lot of this auction as belonging here, not a bid or another auction', () => {
    const belongs = belongsToAuction('a-7');
    const lot = aLot({ auctionid: 'a-7' });
    expect(belongs({ type: 'lotChanged', event: 'LotListed', lot } as never)).toBe(true);
    expect(belongs({ type: 'lotChanged', event: 'BidPlaced', lot } as never)).toBe(false);
    expect(
      belongs({ type: 'lotChanged', event: 'LotListed', lot: { ...lot, auctionid: 'a-8' } } as never),
    ).toBe(false);
  });
});
