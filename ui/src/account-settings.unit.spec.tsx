import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from './state/session.ts';
import { renderApp } from './test-utils/app.tsx';
import { expectNoAxeViolations } from './test-utils/axe.ts';
import { Failure, withMessage } from './test-utils/fake-api.ts';
import { aUser } from './test-utils/fixtures.ts';

const alertTexts = () => screen.queryAllByTestId('alert').map((a) => a.textContent);

const NEW_PASSWORD = 'Tr4vel-Claret-Quokka-1987!';

/** The text the field's aria-describedby points at (Mantine's error and description). */
const descriptionOf = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('the account settings nav', () => {
  it('links My Account, Change password, Notifications, Address book and Identity & limits, marking the current page', async () => {
    const { user, router } = await renderApp('/account/profile', {
      storedToken: 'tok-1',
      api: { validateUser: () => aUser() },
    });
    const nav = await screen.findByRole('navigation', { name: 'Account settings' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['My Account', '/account/profile'],
      ['Change password', '/account/change'],
      ['Notifications', '/account/notifications'],
      // Issue 31: the address book.
      ['Address book', '/account/addresses'],
      ['Identity & limits', '/account/verification'],
    ]);
    expect(within(nav).getByRole('link', { name: 'My Account' }).getAttribute('aria-current')).toBe('page');

    await user.click(within(nav).getByRole('link', { name: 'Notifications' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/notifications'));
    expect(
      within(screen.getByRole('navigation', { name: 'Account settings' }))
        .getByRole('link', { name: 'Notifications' })
        .getAttribute('aria-current'),
    ).toBe('page');
  });

  it.each(['/account/change', '/account/notifications', '/account/verification'])(
    'sends a visitor to %s home with the page as referer',
    async (path) => {
      const { router } = await renderApp(path);
      expect(router.state.location.pathname).toBe('/');
      expect(router.state.location.search).toEqual({ referer: path });
    },
  );
});

describe('changing the password', () => {
  it('sends the three fields, clears the form and carries on with the new token where the old one was', async () => {
    const { user, api } = await renderApp('/account/change', {
      storedToken: 'tok-1',
      api: {
        validateUser: () => aUser(),
        changePassword: () =>
          withMessage('Password changed', { token: 'tok-2', id: 'user-1', user: aUser() }),
        updatePreference: (input) => withMessage('Preferences saved', aUser({ preferences: input })),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Change password', level: 1 })).toBeTruthy();
    await expectNoAxeViolations(screen.getByRole('main'));

    await user.type(screen.getByLabelText(/^Current password/), 'old secret 1');
    await user.type(screen.getByLabelText(/^New password/), NEW_PASSWORD);
    expect(await screen.findByTestId('password-strength')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Confirm password/), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(alertTexts()).toContain('Password changed'));
    expect(api.to('changePassword')).toEqual([
      expect.objectContaining({
        input: { current_password: 'old secret 1', password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
        authorization: 'Bearer tok-1',
      }),
    ]);
    // "Remember me" kept the old token in local storage: the new one goes there too.
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok-2');
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    for (const label of [/^Current password/, /^New password/, /^Confirm password/]) {
      expect((screen.getByLabelText(label) as HTMLInputElement).value).toBe('');
    }
    expect(screen.queryByTestId('password-strength')).toBeNull();

    // Still signed in, and the next action carries the new token.
    await user.click(screen.getByRole('link', { name: 'Notifications' }));
    await user.click(await screen.findByRole('switch', { name: 'Closing reminders' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('updatePreference')).toHaveLength(1));
    expect(api.to('updatePreference')[0]?.authorization).toBe('Bearer tok-2');
  });

  it('keeps a session-only token in session storage', async () => {
    sessionStorage.setItem(TOKEN_KEY, 'tok-1');
    const { user } = await renderApp('/account/change', {
      api: {
        validateUser: () => aUser(),
        changePassword: () =>
          withMessage('Password changed', { token: 'tok-2', id: 'user-1', user: aUser() }),
      },
    });
    await user.type(await screen.findByLabelText(/^Current password/), 'old secret 1');
    await user.type(screen.getByLabelText(/^New password/), NEW_PASSWORD);
    await user.type(screen.getByLabelText(/^Confirm password/), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(alertTexts()).toContain('Password changed'));
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe('tok-2');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('shows a wrong current password under the field and keeps the session as it was', async () => {
    const { user, api } = await renderApp('/account/change', {
      storedToken: 'tok-1',
      api: {
        validateUser: () => aUser(),
        changePassword: () => {
          throw new Failure('Current password is not correct', 400, { field: 'current_password' });
        },
      },
    });
    const current = await screen.findByLabelText(/^Current password/);
    await user.type(current, 'not it');
    await user.type(screen.getByLabelText(/^New password/), NEW_PASSWORD);
    await user.type(screen.getByLabelText(/^Confirm password/), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(descriptionOf(current)).toContain('Current password is not correct'));
    expect(api.to('changePassword')).toHaveLength(1);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok-1');
    expect(screen.getByRole('heading', { name: 'Change password', level: 1 })).toBeTruthy();
  });

  it('checks the fields before asking the server', async () => {
    const { user, api } = await renderApp('/account/change', {
      storedToken: 'tok-1',
      api: { validateUser: () => aUser() },
    });
    await user.type(await screen.findByLabelText(/^New password/), 'short');
    await user.type(screen.getByLabelText(/^Confirm password/), 'shorter');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Minimum 8 characters')).toBeTruthy();
    expect(screen.getByText('Required!')).toBeTruthy();
    expect(screen.getByText('Passwords not match')).toBeTruthy();
    expect(api.to('changePassword')).toHaveLength(0);
  });
});

describe('notification preferences', () => {
  it('shows the current preferences, sends them all on Save and says Preferences saved', async () => {
    const { user, api } = await renderApp('/account/notifications', {
      storedToken: 'tok-1',
      api: {
        validateUser: () => aUser(),
        updatePreference: (input) => withMessage('Preferences saved', aUser({ preferences: input })),
      },
    });
    const switchNamed = (name: string) => screen.getByRole('switch', { name }) as HTMLInputElement;
    await screen.findByRole('heading', { name: 'Notifications', level: 1 });
    expect(
      ['E-mail notifications', 'Text message (SMS) notifications', 'Outbid alerts', 'Closing reminders'].map(
        (name) => switchNamed(name).checked,
      ),
    ).toEqual([true, false, true, true]);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    await expectNoAxeViolations(screen.getByRole('main'));

    await user.click(switchNamed('Text message (SMS) notifications'));
    await user.click(switchNamed('Closing reminders'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(alertTexts()).toContain('Preferences saved'));
    const sent = {
      email_notifications: true,
      sms_notifications: true,
      outbid_alerts: true,
      closing_reminders: false,
      won_notices: true,
      language: 'en',
    };
    expect(api.to('updatePreference').map((r) => r.input)).toEqual([sent]);
    expect(switchNamed('Text message (SMS) notifications').checked).toBe(true);
    expect(switchNamed('Closing reminders').checked).toBe(false);
    // The saved record is the session's: the form starts again from it, and so does the next visit.
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('link', { name: 'My Account' }));
    await screen.findByRole('heading', { name: 'My Account', level: 1 });
    await user.click(screen.getByRole('link', { name: 'Notifications' }));
    expect(
      ((await screen.findByRole('switch', { name: 'Closing reminders' })) as HTMLInputElement).checked,
    ).toBe(false);
    expect(switchNamed('Text message (SMS) notifications').checked).toBe(true);
    expect(api.to('validateUser')).toHaveLength(1);
  });
});

describe('verifying the phone', () => {
  const phone = '3125550199';

  it('texts a code to the number on file and marks the phone Verified once the code is right', async () => {
    let attempts = 0;
    const { user, api } = await renderApp('/account/profile', {
      storedToken: 'tok-1',
      api: {
        validateUser: () => aUser({ phone }),
        getCards: () => ({ data: [], has_more: false }),
        sendPhoneVerifyCode: () => withMessage('Verification code sent by text message', null),
        verifyPhoneVerifyCode: () => {
          attempts += 1;
          if (attempts === 1) throw new Failure('Invalid or expired code', 400, { field: 'code' });
          return withMessage('Phone verified', aUser({ phone, phone_verified: true }));
        },
      },
    });
    expect((await screen.findByTestId('phone-status')).textContent).toBe('Unverified');
    await user.click(screen.getByRole('button', { name: 'Verify phone' }));

    const dialog = await screen.findByRole('dialog', { name: 'Verify your phone' });
    expect(dialog.textContent).toContain('We sent a 6-digit code by text message to +1 (312) 555-0199');
    await waitFor(() => expect(alertTexts()).toContain('Verification code sent by text message'));
    expect(api.to('sendPhoneVerifyCode')).toEqual([
      expect.objectContaining({ input: {}, authorization: 'Bearer tok-1' }),
    ]);
    await expectNoAxeViolations(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(api.to('sendPhoneVerifyCode')).toHaveLength(2));

    await user.type(within(dialog).getAllByRole('textbox')[0] as HTMLElement, '111111');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Invalid or expired code');
    await user.type(within(dialog).getAllByRole('textbox')[0] as HTMLElement, '123456');

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to('verifyPhoneVerifyCode').map((r) => r.input)).toEqual([
      { code: '111111' },
      { code: '123456' },
    ]);
    expect(screen.getByTestId('phone-status').textContent).toBe('Verified');
    expect(screen.queryByRole('button', { name: 'Verify phone' })).toBeNull();
    await waitFor(() => expect(alertTexts()).toContain('Phone verified'));
    // The e-mail stays as it was: only the phone was verified.
    expect(screen.getByTestId('email-status').textContent).toBe('Unverified');
  });

  it('offers no phone verification without a number on file, and none for a verified one', async () => {
    await renderApp('/account/profile', {
      storedToken: 'tok-1',
      api: { validateUser: () => aUser(), getCards: () => ({ data: [], has_more: false }) },
    });
    expect((await screen.findByTestId('profile-phone')).textContent).toBe('No phone number on file');
    expect(screen.queryByTestId('phone-status')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Verify phone' })).toBeNull();
  });

  it('shows a verified phone as Verified', async () => {
    await renderApp('/account/profile', {
      storedToken: 'tok-1',
      api: {
        validateUser: () => aUser({ phone, phone_verified: true }),
        getCards: () => ({ data: [], has_more: false }),
      },
    });
    expect((await screen.findByTestId('phone-status')).textContent).toBe('Verified');
    expect(screen.queryByRole('button', { name: 'Verify phone' })).toBeNull();
  });
});
