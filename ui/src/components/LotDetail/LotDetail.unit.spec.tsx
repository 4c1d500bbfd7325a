import { screen, waitFor, within } from '@testing-library/react';
import type { LotView } from '@wine/contracts';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, loadLanguage } from '../../i18n/index.ts';
import { formatDate } from '../../lib/format.ts';
import { clockAt, renderWithApi } from '../../test-utils/component.tsx';
import type { Handlers } from '../../test-utils/fake-api.ts';
import { aBidResult, aLot, aUser } from '../../test-utils/fixtures.ts';
import { LotDetail } from './LotDetail.tsx';

/** The detail as the lot page holds it: the page's copy of the lot takes the user's own changes. */
function Page({ initial, similar = [] }: { initial: LotView; similar?: LotView[] }) {
  const [shown, setShown] = useState(initial);
  return <LotDetail lot={shown} similar={similar} onChange={(update) => setShown(update)} />;
}

async function renderDetail(shown: LotView, options: { api?: Handlers; similar?: LotView[] } = {}) {
  return renderWithApi(<Page initial={shown} {...(options.similar && { similar: options.similar })} />, {
    api: { getFollowers: () => ({ records: [], totalRecords: 0 }), ...options.api },
    signedInAs: aUser({ card_on_file: true }),
    mantineEnv: 'test',
  });
}

const auctionLot = (over: Partial<LotView> = {}) =>
  aLot({ id: 'lot-7', date_closed: '2030-01-10T12:00:00.000Z', ...over });

describe('LotDetail (seeds 000 §2.7)', () => {
  clockAt('2030-01-09T12:00:00.000Z');

  it('shows an open auction lot: its facts, price, time left and the bid box, no buy now', async () => {
    await renderDetail(auctionLot());
    expect(screen.getByTestId('lot-title').textContent).toBe('2015 Château Margaux');
    expect(screen.getByTestId('lot-sku').textContent).toBe('SKU-1001');
    expect(screen.getByTestId('lot-number').textContent).toBe('42');
    expect(screen.getByTestId('lot-colour').textContent).toBe('Red');
    expect(screen.getByTestId('lot-region').textContent).toBe('Bordeaux');
    expect(screen.getByTestId('lot-bottle-size').textContent).toBe('750ml');
    const box = screen.getByTestId('auction-box');
    expect(within(box).getByText('Current Bid')).toBeTruthy();
    expect(within(box).getByTestId('current-bid').textContent).toBe('$1,250.00');
    expect(within(box).getByTestId('countdown').textContent).toBe('Time Left 1d 0h 0m 0s');
    expect(within(box).getByRole('button', { name: 'Place Bid' })).toBeTruthy();
    expect(screen.queryByTestId('buy-now-box')).toBeNull();
    expect(await screen.findByTestId('lot-description')).toBeTruthy();
  });

  it('shows the bidder’s standing, and takes a bid’s answer into the lot shown', async () => {
    const { user } = await renderDetail(auctionLot({ bidtopstatus: 'outbid', bid_or_not: 1 }), {
      api: {
        bidConfirm: () => aBidResult({ date_closed: '2030-01-10T12:00:00.000Z' }),
      },
    });
    expect(screen.getByTestId('bid-status').textContent).toBe('you have been outbid.');
    await user.type(screen.getByRole('textbox', { name: 'Or enter an amount' }), '1300');
    await user.click(screen.getByRole('button', { name: 'Place Bid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Bid' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(screen.getByTestId('bid-status').textContent).toBe('You are winning this lot.'),
    );
    expect(screen.getByTestId('current-bid').textContent).toBe('$1,300.00');
    expect(screen.getByTestId('bid-count').textContent).toContain('4 bids');
  });

  it('shows a buy-now lot with the buy-now box and no bid box', async () => {
    await renderDetail(auctionLot({ auction: 0, buynow: 1, bprice: 9_000 }));
    expect(screen.getByTestId('buy-now-price').textContent).toBe('$90.00');
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeTruthy();
    expect(screen.queryByTestId('auction-box')).toBeNull();
    expect(screen.queryByTestId('lot-number')).toBeNull();
  });

  it('shows a closed lot’s result: the sold price, the close date and the bidder’s win, and no bidding', async () => {
    const closedAt = '2030-01-08T12:00:00.000Z';
    await renderDetail(
      auctionLot({
        market_status: 'sold',
        cbidtext: 'Sold Price',
        wprice: 210_000,
        bidtopstatus: 'won',
        bid_or_not: 2,
        date_closed: closedAt,
      }),
    );
    const box = screen.getByTestId('auction-box');
    expect(within(box).getByText('Sold Price')).toBeTruthy();
    expect(within(box).getByTestId('current-bid').textContent).toBe('$2,100.00');
    expect(within(box).getByTestId('countdown').textContent).toBe(`Closed On ${formatDate(closedAt)}`);
    expect(within(box).getByTestId('bid-status').textContent).toBe('Congratulations you have won this item');
    expect(within(box).queryByTestId('next-bid')).toBeNull();
    expect(within(box).queryByRole('button', { name: 'Place Bid' })).toBeNull();
  });

  it('lists the similar lots', async () => {
    await renderDetail(auctionLot(), {
      similar: [aLot({ id: 'lot-8', title: '2016 Opus One' }), aLot({ id: 'lot-9', title: '2010 Latour' })],
    });
    const similar = screen.getByTestId('similar-lots');
    expect(within(similar).getByText('2016 Opus One')).toBeTruthy();
    expect(within(similar).getByText('2010 Latour')).toBeTruthy();
  });
});

describe('LotDetail: estimate, condition record and Spanish text (issue 33)', () => {
  clockAt('2030-01-09T12:00:00.000Z');
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });
  const recorded = auctionLot({
    low_estimate: 80_000,
    high_estimate: 120_000,
    condition: {
      fillLevel: 'ts',
      label: 'lightly_soiled',
      capsule: 'intact',
      packing: 'owc',
      notes: 'Two bottles bin-soiled.',
    },
    title_es: 'Château Margaux 2015',
    desc_proc_es: 'Un gran Margaux.',
  });

  it('shows the estimate and the condition record in the trade’s words', async () => {
    await renderDetail(recorded);
    expect(screen.getByTestId('lot-estimate').textContent).toBe('$800.00 – $1,200.00');
    const condition = screen.getByRole('region', { name: 'Condition' });
    expect([...condition.querySelectorAll('dt, dd')].map((n) => n.textContent)).toEqual([
      'Fill level',
      'Top shoulder (ts)',
      'Label',
      'Lightly soiled',
      'Capsule',
      'Intact',
      'Packing',
      'Original wooden case',
      'Notes',
      'Two bottles bin-soiled.',
    ]);
  });

  it('shows no estimate or record for a lot without them, and the Spanish title to a Spanish reader', async () => {
    await renderDetail(auctionLot());
    expect(screen.queryByTestId('lot-estimate')).toBeNull();
    expect(screen.queryByTestId('lot-condition')).toBeNull();
    await loadLanguage('es');
    await i18n.changeLanguage('es');
    await renderDetail(recorded);
    expect(screen.getAllByTestId('lot-title').at(-1)?.textContent).toBe('Château Margaux 2015');
    expect(screen.getByRole('region', { name: 'Estado' })).toBeTruthy();
    expect(await screen.findByText('Un gran Margaux.')).toBeTruthy();
  });
});
