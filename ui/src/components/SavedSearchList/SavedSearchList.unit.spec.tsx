import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import type { SavedSearchRecord } from '@wine/contracts';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApi } from '../../api/client.ts';
import { sessionAtom } from '../../state/session.ts';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { fakeApi, type Handlers, withMessage } from '../../test-utils/fake-api.ts';
import { aUser } from '../../test-utils/fixtures.ts';
import { render } from '../../test-utils/render.tsx';
import { AlertToasts } from '../AlertToasts/AlertToasts.tsx';
import { SavedSearchList } from './SavedSearchList.tsx';

let restore = () => {};
afterEach(() => {
  restore();
  notifications.clean();
});

const reds: SavedSearchRecord = {
  id: 'S-1',
  name: 'French reds',
  filters: {
    market_status: { value: ['open'], type: 'array', field: 'p.market_status' },
    country: { value: ['France'], type: 'array', field: 'p.custitem_gvo_country' },
    color: { value: ['Red', 'Rosé'], type: 'array', field: 'p.custitem_gvo_color' },
    bprice: { value: ['100-500'], type: 'array:mfield:range', field: 'p.wprice' },
  },
  notify: false,
  created_at: '2026-11-22T12:00:00.000Z',
};

async function renderList(records: SavedSearchRecord[], handlers: Handlers = {}) {
  const api = fakeApi(handlers);
  restore = configureApi({ fetch: api.fetch, getToken: () => 't' });
  const store = createStore();
  store.set(sessionAtom, { status: 'authenticated', token: 't', user: aUser() });
  const rendered = await render(
    <>
      <AlertToasts />
      <SavedSearchList records={records} />
    </>,
    { store, withNotifications: true },
  );
  return { ...rendered, api };
}

describe('SavedSearchList (seeds 000 §2.1 /saved_search)', () => {
  it('shows each search by name with its filters, and runs it on the browse page', async () => {
    const { container } = await renderList([reds]);
    const card = screen.getByRole('article', { name: 'French reds' });
    expect(within(card).getByTestId('saved-search-summary').textContent).toBe(
      'Country: France · Colour: Red, Rosé · Price: 100-500',
    );
    const run = within(card).getByRole('link', { name: 'Run French reds' });
    const href = decodeURIComponent(run.getAttribute('href') ?? '');
    expect(href.startsWith('/search?')).toBe(true);
    expect(href).toContain('country=France');
    expect(href).toContain('color=["Red","Rosé"]');
    expect(href).toContain('priceMin=100');
    expect(href).toContain('priceMax=500');
    await expectNoAxeViolations(container);
  });

  it('switches the new-lot mail', async () => {
    const { user, api } = await renderList([reds], {
      savedSearchNotify: (input) => withMessage('We will e-mail you when a new lot matches', input),
    });
    await user.click(screen.getByRole('switch', { name: 'E-mail me about new lots for French reds' }));
    await waitFor(() => expect(api.to('savedSearchNotify')).toHaveLength(1));
    expect(api.to('savedSearchNotify')[0]?.input).toEqual({ id: 'S-1', notify: true });
    expect(await screen.findByText('We will e-mail you when a new lot matches')).toBeTruthy();
  });

  it('deletes a search only once the user confirms', async () => {
    const { user, api } = await renderList([reds], {
      deleteSavedSearch: (input) => withMessage('Saved search deleted', input),
    });
    await user.click(screen.getByRole('button', { name: 'Delete French reds' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete the saved search "French reds"?')).toBeTruthy();
    expect(api.to('deleteSavedSearch')).toEqual([]);
    await user.click(within(dialog).getByTestId('confirm-delete-search'));
    await waitFor(() => expect(api.to('deleteSavedSearch').map((r) => r.input)).toEqual([{ id: 'S-1' }]));
  });

  it('has an empty state that leads to the browse page', async () => {
    await renderList([]);
    expect(screen.getByRole('link', { name: 'Browse wines' }).getAttribute('href')).toBe('/search');
  });
});
