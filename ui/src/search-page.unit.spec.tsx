import { act, screen, waitFor, within } from '@testing-library/react';
import { type DefaultBundle, emptyDefaultBundle, type SearchFilter } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp } from './test-utils/app.tsx';
import { expectNoAxeViolations } from './test-utils/axe.ts';
import { aLot } from './test-utils/fixtures.ts';

const bundle: DefaultBundle = {
  ...emptyDefaultBundle,
  countries: [{ value: 'France', count: 2 }],
  regions: [{ country: 'France', value: 'Bordeaux', count: 2 }],
  subregions: [{ country: 'France', region: 'Bordeaux', value: 'Margaux', count: 1 }],
  producers: [
    { value: 'Château Margaux', count: 2 },
    { value: 'Opus One', count: 1 },
  ],
  wine_colors: ['Red', 'White'],
  vintages: [2016, 2015],
  bottle_sizes: ['750ml', '1.5L'],
};

const lots = [aLot({ id: 'a', title: 'Alpha' }), aLot({ id: 'b', title: 'Beta' })];

async function browse(path: string) {
  const app = await renderApp(path, {
    api: {
      getDefault: () => bundle,
      productSearch: () => ({ records: lots, totalRecords: 42 }),
    },
  });
  await screen.findByTestId('search-filters');
  /** The filter object of the last search the page asked for. */
  const lastSearch = () => app.api.to('productSearch').at(-1)?.input as SearchFilter;
  return { ...app, lastSearch };
}

const sidebar = () => within(screen.getByRole('complementary', { name: 'Filters' }));

describe('/search, the browse page', () => {
  it('reads every filter from the URL, asks the API for it and shows it as chips', async () => {
    const { lastSearch } = await browse(
      '/search?country=France&region=Bordeaux&color=Red&vintage=2015&bottlesize=1.5L&priceMin=100&priceMax=500&ratingMin=95&orderby=p.bid_count&order=desc&limit=50',
    );
    expect(screen.getByTestId('total-records').textContent).toBe('42');
    const asked = lastSearch();
    expect(asked).toMatchObject({ limit: 50, orderby: 'p.bid_count', order: 'desc', page: 1 });
    expect(asked.filters).toMatchObject({
      country: { value: ['France'] },
      region: { value: ['Bordeaux'] },
      color: { value: ['Red'] },
      vintage: { value: [2015] },
      bottlesize: { value: ['1.5L'] },
      bprice: { value: ['100-500'], field: 'p.wprice' },
      rating: { value: ['95-'] },
    });
    for (const chip of ['France', 'Bordeaux', 'Red', '2015', '1.5L', 'Price $100-500', 'Rating 95-']) {
      expect(screen.getByRole('button', { name: `Remove filter ${chip}` })).toBeTruthy();
    }
    expect(sidebar().getByRole('checkbox', { name: 'Red' })).toHaveProperty('checked', true);
    expect(sidebar().getByLabelText('Min price')).toHaveProperty('value', '$100');
    await expectNoAxeViolations(screen.getByRole('main'));
  });

  it('keeps the URL it was opened with: paging and sorting at their defaults are not written in', async () => {
    const { router, api } = await browse('/search');
    await screen.findAllByTestId('total-records');
    expect(router.state.location.href).toBe('/search');
    expect(api.to('productSearch')).toHaveLength(1);
  });

  it('puts a chosen filter in the URL, back to page 1, and the back button undoes it', async () => {
    const { user, router, lastSearch } = await browse('/search?page=3');
    await user.click(sidebar().getByRole('checkbox', { name: 'White' }));
    // The first page is the default, which the URL leaves out.
    await waitFor(() => expect(router.state.location.search).toEqual({ color: ['White'] }));
    await waitFor(() => expect(lastSearch().filters?.color).toMatchObject({ value: ['White'] }));

    await user.type(sidebar().getByLabelText('Min price'), '250{Enter}');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ priceMin: 250 }));
    await waitFor(() => expect(lastSearch().filters?.bprice).toMatchObject({ value: ['250-'] }));

    await act(async () => router.history.back());
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('priceMin'));
    expect(router.state.location.search).toMatchObject({ color: ['White'] });
    await act(async () => router.history.back());
    await waitFor(() => expect(router.state.location.search).toMatchObject({ page: 3 }));
    expect(router.state.location.search).not.toHaveProperty('color');
  });

  it('keeps both prices typed as a minimum, Tab, a maximum and Enter (issue 31)', async () => {
    const { user, router, lastSearch } = await browse('/search');
    await user.click(sidebar().getByLabelText('Min price'));
    await user.keyboard('100');
    await user.tab();
    expect(document.activeElement).toBe(sidebar().getByLabelText('Max price'));
    await user.keyboard('500{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ priceMin: 100, priceMax: 500 }));
    await waitFor(() => expect(lastSearch().filters?.bprice).toMatchObject({ value: ['100-500'] }));
    expect(sidebar().getByLabelText('Min price')).toHaveProperty('value', '$100');
    expect(sidebar().getByLabelText('Max price')).toHaveProperty('value', '$500');
    // Leaving the pair applies what was typed; a cleared chip empties the fields.
    await user.click(screen.getByRole('button', { name: 'Remove filter Price $100-500' }));
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('priceMax'));
    expect(sidebar().getByLabelText('Max price')).toHaveProperty('value', '');
  });

  it("offers a collector's filters: buy now or auction, closing today, no reserve, producer (issue 31)", async () => {
    const { user, router, lastSearch } = await browse('/search');
    await user.click(sidebar().getByRole('radio', { name: 'Buy now' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ sale: 'buynow' }));
    await user.click(sidebar().getByRole('checkbox', { name: 'Closing today' }));
    await user.click(sidebar().getByRole('checkbox', { name: 'No reserve' }));
    const producer = sidebar()
      .getAllByLabelText('Producer')
      .find((e) => e.tagName === 'INPUT');
    if (!producer) throw new Error('no producer field');
    await user.click(producer);
    await user.click(await screen.findByRole('option', { name: 'Opus One (1)' }));
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({
        sale: 'buynow',
        closing: 'today',
        reserve: 'none',
        producer: 'Opus One',
      }),
    );
    await waitFor(() => expect(lastSearch().filters?.producer).toBeDefined());
    const { filters } = lastSearch();
    expect(filters).toMatchObject({
      buynow: { value: [1], type: 'in', field: 'p.buynow' },
      noreserve: { value: [1], type: 'in', field: 'p.no_reserve' },
      producer: { value: ['Opus One'], type: 'array', field: 'p.custitem_gvo_producer' },
      closing: { type: 'date:range', field: 'p.date_closed' },
    });
    // Today, from the reader's midnight to the next.
    const [from, to] = String((filters?.closing?.value as string[] | undefined)?.[0]).split('/');
    const midnight = new Date();
    midnight.setHours(0, 0, 0, 0);
    expect(from).toBe(midnight.toISOString());
    expect(Date.parse(to ?? '') - Date.parse(from ?? '')).toBeGreaterThanOrEqual(23 * 3_600_000);
    for (const chip of ['Buy now', 'Producer: Opus One', 'Closing today', 'No reserve']) {
      expect(screen.getByRole('button', { name: `Remove filter ${chip}` })).toBeTruthy();
    }
    await user.click(screen.getByRole('button', { name: 'Remove filter No reserve' }));
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('reserve'));
    expect(sidebar().getByRole('checkbox', { name: 'No reserve' })).toHaveProperty('checked', false);
    await expectNoAxeViolations(screen.getByRole('main'));
  }, 60_000);

  it('searches words typed in the filters, and sorts and pages as chosen', async () => {
    const { user, router, lastSearch } = await browse('/search');
    await user.type(sidebar().getByRole('searchbox', { name: 'Keywords' }), 'margaux{Enter}');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ searchQuery: 'margaux' }));
    await waitFor(() => expect(lastSearch().filters?.searchbar).toMatchObject({ value: 'margaux' }));

    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Price: high to low' }));
    await waitFor(() => expect(lastSearch()).toMatchObject({ orderby: 'p.wprice', order: 'desc' }));
    await user.click(screen.getByRole('combobox', { name: 'Per page' }));
    await user.click(await screen.findByRole('option', { name: '100' }));
    await waitFor(() => expect(lastSearch()).toMatchObject({ limit: 100 }));
  });

  it('removes one chip, or clears every filter but keeps the sort', async () => {
    const { user, router } = await browse('/search?country=France&region=Bordeaux&color=Red&orderby=p.title');
    await user.click(screen.getByRole('button', { name: 'Remove filter France' }));
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('country'));
    expect(router.state.location.search).not.toHaveProperty('region');
    expect(router.state.location.search).toMatchObject({ color: ['Red'] });

    await user.click(screen.getByTestId('clear-filters'));
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('color'));
    expect(router.state.location.search).toMatchObject({ orderby: 'p.title' });
    expect(screen.queryByTestId('clear-filters')).toBeNull();
  });
});
