import { screen, waitFor, within } from '@testing-library/react';
import { emptyDefaultBundle } from '@wine/contracts';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApi } from '../../api/client.ts';
import { sessionAtom } from '../../state/session.ts';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { fakeApi } from '../../test-utils/fake-api.ts';
import { aUser } from '../../test-utils/fixtures.ts';
import { render } from '../../test-utils/render.tsx';
import { WelcomePopup } from './WelcomePopup.tsx';

let restore = () => {};
afterEach(() => restore());

describe('WelcomePopup', () => {
  it('stays hidden for a user without popup_message', async () => {
    const store = createStore();
    store.set(sessionAtom, { status: 'authenticated', token: 't', user: aUser({ popup_message: 0 }) });
    await render(<WelcomePopup />, { store });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends popup_message 0 on Continue, then goes to account/profile', async () => {
    const api = fakeApi({ updateProfile: () => aUser({ popup_message: 0 }) });
    restore = configureApi({ fetch: api.fetch, getToken: () => 't' });
    const store = createStore();
    store.set(sessionAtom, { status: 'authenticated', token: 't', user: aUser({ popup_message: 1 }) });
    const { user, router } = await render(<WelcomePopup />, { store });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toMatch(/card payment processor, effective 1\/16\/2025/);
    expect(dialog.textContent).toMatch(/cards stored on your account were deleted/);
    await expectNoAxeViolations(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/profile'));
    expect(api.to('updateProfile')).toEqual([
      { action: 'updateProfile', input: { popup_message: 0 }, authorization: 'Bearer t' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the text the merchant wrote in the settings, a paragraph per blank line, in the reader’s language', async () => {
    const configuration = {
      ...emptyDefaultBundle.configuration,
      welcome_text: { en: 'Our new cellar is open.\n\nPlease add your card again.', es: '' },
    };
    const api = fakeApi({ getDefault: () => ({ ...emptyDefaultBundle, configuration }) });
    restore = configureApi({ fetch: api.fetch, getToken: () => 't' });
    const store = createStore();
    store.set(sessionAtom, { status: 'authenticated', token: 't', user: aUser({ popup_message: 1 }) });
    await render(<WelcomePopup />, { store });
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByText('Our new cellar is open.')).toBeTruthy());
    expect(within(dialog).getByText('Please add your card again.')).toBeTruthy();
    expect(dialog.textContent).not.toMatch(/effective 1\/16\/2025/);
  });
});
