import { screen, waitFor, within } from '@testing-library/react';
import type { PricesRealisedInput, RealisedPrice } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test-utils/app.tsx';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';

const sold = (id: string, over: Partial<RealisedPrice> = {}): RealisedPrice => ({
  id,
  title: `2010 Château Latour ${id}`,
  producer: 'Château Latour',
  vintage: 2010,
  country: 'France',
  region: 'Bordeaux',
  bottle_size: '750ml',
  qty: 1,
  hammer_price: 150_000,
  bid_count: 12,
  closed_at: '2026-11-20T18:00:00.000Z',
  auctionid: 'a-1',
  image: null,
  ...over,
});

/** /prices-realised over a fake API holding 30 sold lots (two pages of 25). */
function pricesPage(path = '/prices-realised') {
  const all = Array.from({ length: 30 }, (_, i) => sold(`l${i + 1}`, { hammer_price: 100_000 + i * 100 }));
  return renderApp(path, {
    api: {
      pricesRealised: ({ q, page = 1, limit = 25 }: PricesRealisedInput) => {
        const found = q ? all.filter((r) => r.title.includes(q)) : all;
        return { records: found.slice((page - 1) * limit, page * limit), totalRecords: found.length };
      },
    },
  });
}

describe('/prices-realised', () => {
  it('lists the lots sold with their hammer prices, and pages them', async () => {
    const { api, user, router } = await pricesPage();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Prices realised');
    const list = screen.getByRole('list', { name: 'Lots sold at auction' });
    const cards = within(list).getAllByTestId('realised-price');
    expect(cards).toHaveLength(25);
    expect(within(cards[0] as HTMLElement).getByTestId('hammer-price').textContent).toBe('$1,000.00');
    expect(screen.getByTestId('realised-count').textContent).toBe('30 lots sold');
    expect(
      within(cards[0] as HTMLElement)
        .getByRole('link', { name: '2010 Château Latour l1' })
        .getAttribute('href'),
    ).toBe('/productview/l1');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Pages of prices realised' })).getByRole('button', {
        name: '2',
      }),
    );
    await waitFor(() => expect(router.state.location.search).toMatchObject({ page: 2 }));
    await waitFor(() => expect(screen.getAllByTestId('realised-price')).toHaveLength(5));
    expect(api.to('pricesRealised').at(-1)?.input).toMatchObject({ page: 2, limit: 25 });
    expect(document.title).toContain('Prices realised');
    await expectNoAxeViolations(screen.getByRole('main'));
  }, 60_000);

  it('searches words, producer and vintage from the URL, back to the first page', async () => {
    const { api, user, router } = await pricesPage('/prices-realised?page=2');
    const form = await screen.findByRole('search', { name: 'Prices realised' });
    await user.type(within(form).getByRole('searchbox', { name: 'Wine, producer, region' }), 'l12');
    await user.type(within(form).getByRole('textbox', { name: 'Producer' }), 'Château Latour');
    await user.type(within(form).getByRole('textbox', { name: 'Vintage' }), '2010');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ q: 'l12', producer: 'Château Latour', vintage: 2010 }),
    );
    await waitFor(() => expect(screen.getAllByTestId('realised-price')).toHaveLength(1));
    expect(api.to('pricesRealised').at(-1)?.input).toEqual({
      q: 'l12',
      producer: 'Château Latour',
      vintage: 2010,
      page: 1,
      limit: 25,
    });
    expect(screen.getByTestId('realised-count').textContent).toBe('1 lot sold');
  }, 60_000);

  it('says when nothing sold matches, and refuses a vintage that is not a year', async () => {
    const { api, user } = await pricesPage('/prices-realised?q=nothing');
    expect((await screen.findByTestId('realised-empty')).textContent).toBe(
      'No lot sold at auction matches your search.',
    );
    const form = screen.getByRole('search', { name: 'Prices realised' });
    const before = api.to('pricesRealised').length;
    await user.type(within(form).getByRole('textbox', { name: 'Vintage' }), '10');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(await within(form).findByText('A vintage is a year, like 2010')).toBeTruthy();
    expect(api.to('pricesRealised')).toHaveLength(before);
  }, 60_000);
});
