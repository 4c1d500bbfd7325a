import { screen, waitFor, within } from '@testing-library/react';
import type { InputOf } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp } from './test-utils/app.tsx';
import { expectNoAxeViolations } from './test-utils/axe.ts';
import { aLot, aUser } from './test-utils/fixtures.ts';

type Api = NonNullable<Parameters<typeof renderApp>[1]>['api'];

const signedIn = (path: string, api: Api = {}) =>
  renderApp(path, { storedToken: 'tok-1', api: { validateUser: () => aUser(), ...api } });

/** 40 purchases: 30 won at auction, 10 bought now; a page of them for the input asked. */
const purchases = ({ type = 'all', page = 1, limit = 25 }: InputOf<'myPurchases'>) => {
  const all = Array.from({ length: 40 }, (_, i) =>
    aLot({ id: `p-${i + 1}`, title: `Purchase ${i + 1}`, buynow: i >= 30 ? 1 : 0, auction: i < 30 ? 1 : 0 }),
  );
  const mine =
    type === 'all' ? all : all.filter((lot) => (type === 'buynow' ? lot.buynow : lot.auction) === 1);
  return { records: mine.slice((page - 1) * limit, page * limit), totalRecords: mine.length };
};

describe('/purchases/:type (seeds 000 §2.3, issue 38 §6)', () => {
  it("shows the buyer's purchased lots on the listing My Bids and My Watchlist share, with its caption", async () => {
    const { api } = await signedIn('/purchases/all', { myPurchases: purchases });
    expect(await screen.findByRole('heading', { name: 'My Purchases', level: 1 })).toBeTruthy();
    expect(api.to('myPurchases')[0]?.input).toEqual({ type: 'all', page: 1, limit: 25 });
    expect(await screen.findByText('Purchase 1')).toBeTruthy();
    expect(screen.getByTestId('total-records').textContent).toBe('40');
    // seeds 000 §3.2 setDisp: the page it shows of them all.
    expect(screen.getByTestId('set-disp').textContent).toBe('Showing 1-25 of 40');
    expect(screen.getByRole('tab', { name: 'All', selected: true })).toBeTruthy();
    await expectNoAxeViolations(screen.getByRole('main'));
  });

  it('has a tab per way of buying, each its own address, and pages', async () => {
    const { api, user, router } = await signedIn('/purchases/all', { myPurchases: purchases });
    await screen.findByText('Purchase 1');
    await user.click(screen.getByRole('tab', { name: 'Bought now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/purchases/buynow'));
    await waitFor(() =>
      expect(api.to('myPurchases').at(-1)?.input).toEqual({ type: 'buynow', page: 1, limit: 25 }),
    );
    expect(await screen.findByText('Purchase 31')).toBeTruthy();
    expect(screen.queryByTestId('set-disp')).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Won at auction' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/purchases/auction'));
    await screen.findByText('Purchase 1');
    const pages = screen.getByRole('button', { name: '2' });
    await user.click(pages);
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 2 }));
    expect(await screen.findByText('Purchase 26')).toBeTruthy();
    expect(screen.getByTestId('set-disp').textContent).toBe('Showing 26-30 of 30');
  });

  it('lists every purchase for a type it does not know, and says when there is none', async () => {
    const { api } = await signedIn('/purchases/stolen', {
      myPurchases: () => ({ records: [], totalRecords: 0 }),
    });
    expect(await screen.findByText('Nothing bought here yet.')).toBeTruthy();
    expect(api.to('myPurchases')[0]?.input).toEqual({ type: 'all', page: 1, limit: 25 });
    expect(within(screen.getByRole('main')).queryByTestId('set-disp')).toBeNull();
  });
});
