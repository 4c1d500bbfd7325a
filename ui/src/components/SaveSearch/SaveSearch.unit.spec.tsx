import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApi } from '../../api/client.ts';
import { browseSearchSchema } from '../../lib/search.ts';
import { sessionAtom } from '../../state/session.ts';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { fakeApi, type Handlers, withMessage } from '../../test-utils/fake-api.ts';
import { aUser } from '../../test-utils/fixtures.ts';
import { render } from '../../test-utils/render.tsx';
import { AlertToasts } from '../AlertToasts/AlertToasts.tsx';
import { SaveSearch } from './SaveSearch.tsx';

let restore = () => {};
afterEach(() => {
  restore();
  notifications.clean();
});

async function renderSave(params: Record<string, unknown>, handlers: Handlers = {}, signedIn = true) {
  const api = fakeApi(handlers);
  restore = configureApi({ fetch: api.fetch, getToken: () => (signedIn ? 't' : null) });
  const store = createStore();
  if (signedIn) store.set(sessionAtom, { status: 'authenticated', token: 't', user: aUser() });
  const search = browseSearchSchema.read(params);
  const rendered = await render(
    <>
      <AlertToasts />
      <SaveSearch search={search} />
    </>,
    { store, withNotifications: true },
  );
  return { ...rendered, api };
}

describe('SaveSearch (seeds 000 §2.1 saved searches)', () => {
  it("saves the browse page's filters under a name, with the new-lot mail", async () => {
    const { user, api } = await renderSave(
      { country: 'France', color: ['Red'] },
      { saveSearch: () => withMessage('Search saved', { id: 'S-1' }) },
    );
    await user.click(screen.getByRole('button', { name: 'Save search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    await expectNoAxeViolations(dialog);
    const name = within(dialog).getByLabelText('Name');
    expect((name as HTMLInputElement).value).toBe('Country: France · Colour: Red');
    await user.clear(name);
    await user.type(name, 'French reds');
    expect(within(dialog).getByLabelText('E-mail me when a new lot matches')).toHaveProperty('checked', true);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to('saveSearch').map((r) => r.input)).toEqual([
      {
        name: 'French reds',
        notify: true,
        search: {
          filters: {
            market_status: { value: ['open'], type: 'array', field: 'p.market_status' },
            country: { value: ['France'], type: 'array', field: 'p.custitem_gvo_country' },
            color: { value: ['Red'], type: 'array', field: 'p.custitem_gvo_color' },
          },
        },
      },
    ]);
    expect(await screen.findByText('Search saved')).toBeTruthy();
  });

  it('needs a name of at most 60 characters, and sends nothing without one', async () => {
    const { user, api } = await renderSave({ searchQuery: 'barolo' });
    await user.click(screen.getByRole('button', { name: 'Save search' }));
    const dialog = await screen.findByRole('dialog');
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/required/i)).toBeTruthy();
    expect(api.to('saveSearch')).toEqual([]);
  });

  it('cannot save a search without filters, and asks a visitor to sign in', async () => {
    await renderSave({});
    expect(screen.getByRole('button', { name: 'Save search' })).toHaveProperty('disabled', true);
    restore();
    document.body.innerHTML = '';
    await renderSave({ country: 'Italy' }, {}, false);
    expect(screen.getByRole('link', { name: 'Sign in to save searches' }).getAttribute('href')).toBe(
      '/login',
    );
  });
});
