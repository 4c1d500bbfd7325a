import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../api/client.ts';
import { sessionAtom } from '../../state/session.ts';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { fakeApi, type Handlers, withMessage } from '../../test-utils/fake-api.ts';
import { aLot, aUser } from '../../test-utils/fixtures.ts';
import { render } from '../../test-utils/render.tsx';
import { WatchlistToggle } from './WatchlistToggle.tsx';

let restore = () => {};
afterEach(() => {
  restore();
  notifications.clean();
});

async function renderToggle(handlers: Handlers, watchlistid: 0 | 1 = 0) {
  const api = fakeApi(handlers);
  restore = configureApi({ fetch: api.fetch, getToken: () => 't' });
  const store = createStore();
  store.set(sessionAtom, { status: 'authenticated', token: 't', user: aUser() });
  const onChange = vi.fn();
  const lot = aLot({ id: 'lot-7', watchlistid, custitem_gvo_producer: 'Opus One' });
  const rendered = await render(<WatchlistToggle lot={lot} onChange={onChange} />, { store });
  return { ...rendered, api, onChange };
}

const page = (totalRecords: number) => ({ records: [], totalRecords });
const added = () => withMessage('Added to watchlist', { watchlistid: 1 as const });

describe('WatchlistToggle (seeds 000 §4.7)', () => {
  it('on the first add also counts a view and follows the producer with rating 5', async () => {
    const { user, api, onChange, container } = await renderToggle({
      myWatchlist: () => page(0),
      addWatchlist: added,
      increaseProductViewCount: () => ({ counted: true }),
      addFollower: (input) => ({ follows: input.follows, rating: input.rating ?? 5 }),
    });
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Add to Watchlist' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(1));
    await waitFor(() => expect(api.to('addFollower')).toHaveLength(1));
    expect(api.to('addFollower')[0]?.input).toEqual({ follows: 'Opus One', rating: 5 });
    expect(api.to('increaseProductViewCount').map((r) => r.input)).toEqual([{ id: 'lot-7' }]);
  });

  it('adds only the lot when the user already watches others, and removes when on', async () => {
    const { user, api, onChange } = await renderToggle({
      myWatchlist: () => page(3),
      addWatchlist: added,
      removeWatchlist: () => withMessage('Removed from watchlist', { watchlistid: 0 as const }),
    });
    await user.click(screen.getByRole('button', { name: 'Add to Watchlist' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(1));
    expect(api.to('addFollower')).toEqual([]);
    expect(api.to('increaseProductViewCount')).toEqual([]);
  });
});
