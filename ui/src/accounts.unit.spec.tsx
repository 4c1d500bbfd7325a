import { screen, waitFor, within } from '@testing-library/react';
import type { LoginResult, OutboxMessage } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { alertsAtom } from './state/alerts.ts';
import { sessionAtom, TOKEN_KEY } from './state/session.ts';
import { renderApp } from './test-utils/app.tsx';
import { expectNoAxeViolations } from './test-utils/axe.ts';
import { Failure, withMessage } from './test-utils/fake-api.ts';
import { aCard, aLot, aUser } from './test-utils/fixtures.ts';

const signedIn = (overrides = {}): LoginResult => ({
  token: 'tok-new',
  id: 'user-1',
  user: aUser(overrides),
});

const alertTexts = () => screen.queryAllByTestId('alert').map((a) => a.textContent);

describe('signing in', () => {
  it('returns to the product of ?pid= after login, signed in with the name in the header', async () => {
    const { user, router, api } = await renderApp('/login?pid=lot-9', {
      api: { login: () => signedIn(), productLot: () => aLot({ id: 'lot-9' }) },
    });
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'Ada@Example.com');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/productview/lot-9'));
    expect(api.to('login')[0]?.input).toEqual({ email: 'ada@example.com', password: 'correct horse' });
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe('tok-new');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect((await screen.findAllByTestId('account-menu'))[0]?.textContent).toContain('Ada Lovelace');
  });

  it('goes to the referer, keeps the token with "Remember me", and shows a bad login', async () => {
    let attempts = 0;
    const { user, router } = await renderApp('/login?referer=%2Fsearch', {
      api: {
        login: () => {
          attempts += 1;
          if (attempts === 1) throw new Failure('Invalid email or password', 400);
          return signedIn();
        },
      },
    });
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(alertTexts()).toContain('Invalid email or password'));
    expect(router.state.location.pathname).toBe('/login');

    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok-new');
  });

  it('links to password recovery and registration', async () => {
    await renderApp('/login');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/forgot_password',
    );
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/registration',
    );
    await expectNoAxeViolations(screen.getByRole('main'));
  });
});

describe('registration', () => {
  it('shows the contract messages: Required!, Invalid email format, Minimum 8 characters, Passwords not match', async () => {
    const { user, api } = await renderApp('/registration');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findAllByText('Required!')).toHaveLength(4); // first and last name, e-mail, terms

    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'not-an-email');
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.type(screen.getByLabelText(/^Confirm password/), 'different');
    await user.type(screen.getByLabelText(/Phone/), '12345');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Invalid email format')).toBeTruthy();
    expect(screen.getByText('Minimum 8 characters')).toBeTruthy();
    expect(screen.getByText('Passwords not match')).toBeTruthy();
    expect(screen.getByText('Enter a 10 digit phone number')).toBeTruthy();
    expect(api.to('register')).toHaveLength(0);
  });

  it('rates the password as it is typed', async () => {
    const { user } = await renderApp('/registration');
    const password = screen.getByLabelText(/^Password/);
    await user.type(password, 'password');
    expect((await screen.findByTestId('password-strength')).textContent).toBe('Weak');
    await user.clear(password);
    await user.type(password, 'Tr4vel-Claret-Quokka-1987!');
    await waitFor(() => expect(screen.getByTestId('password-strength').textContent).toBe('Strong'));
    expect(screen.getByTestId('password-strength').dataset.score).toBe('4');
    await expectNoAxeViolations(screen.getByRole('main'));
  });

  it('asks for the 6-digit code from the e-mail, which finishes the registration and signs the user in', async () => {
    const { user, api, router, store } = await renderApp('/registration', {
      api: {
        register: () => ({ email: 'ada@example.com', session: null }),
        sendEmailVerifyCode: () => withMessage('Verification code sent', null),
        verifyEmailVerifyCode: () => signedIn(),
      },
    });
    await user.type(screen.getByLabelText(/First name/), 'Ada');
    await user.type(screen.getByLabelText(/Last name/), 'Lovelace');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ada@example.com');
    await user.type(screen.getByLabelText(/Phone/), '(312) 555-0199');
    await user.type(screen.getByLabelText(/^Password/), 'Tr4vel-Claret-Quokka-1987!');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Tr4vel-Claret-Quokka-1987!');
    await user.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const dialog = await screen.findByRole('dialog', { name: 'Verify your e-mail' });
    expect(api.to('register')[0]?.input).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      country_code: '+1',
      phone: '3125550199',
      password: 'Tr4vel-Claret-Quokka-1987!',
      confirm_password: 'Tr4vel-Claret-Quokka-1987!',
      terms: true,
      newsletter: false,
    });
    expect(within(dialog).getByText('ada@example.com')).toBeTruthy();
    expect(store.get(sessionAtom).status).toBe('anonymous');
    await user.click(within(dialog).getByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(alertTexts()).toContain('Verification code sent'));
    expect(api.to('sendEmailVerifyCode')[0]).toMatchObject({ input: { email: 'ada@example.com' } });
    expect(api.to('sendEmailVerifyCode')[0]?.authorization).toBeUndefined();

    await user.type(within(dialog).getAllByRole('textbox')[0] as HTMLElement, '123456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.to('verifyEmailVerifyCode')[0]?.input).toEqual({ code: '123456', email: 'ada@example.com' });
    expect(store.get(sessionAtom)).toMatchObject({ status: 'authenticated', token: 'tok-new' });
    await waitFor(() => expect(alertTexts()).toContain('E-mail verified'));
  });
});

describe('registration left for later', () => {
  it('tells the user the code and the link still finish the registration, and signs nobody in', async () => {
    const { user, store } = await renderApp('/registration', {
      api: { register: () => ({ email: 'ada@example.com', session: null }) },
    });
    await user.type(screen.getByLabelText(/First name/), 'Ada');
    await user.type(screen.getByLabelText(/Last name/), 'Lovelace');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Tr4vel-Claret-Quokka-1987!');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Tr4vel-Claret-Quokka-1987!');
    await user.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify your e-mail' });
    await user.click(within(dialog).getByRole('button', { name: 'Later' }));
    await waitFor(() =>
      expect(alertTexts()).toContain(
        'We sent a 6-digit code to your e-mail: enter it to finish creating your account',
      ),
    );
    expect(store.get(sessionAtom).status).toBe('anonymous');
  });
});

describe('protected routes', () => {
  it('send a visitor home with the requested location as referer', async () => {
    const { router, user } = await renderApp('/account/profile');
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toEqual({ referer: '/account/profile' });
    const notice = await screen.findByTestId('sign-in-notice');
    await user.click(within(notice).getByRole('link', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ referer: '/account/profile' });
  });

  it('show the profile to a user with a stored token', async () => {
    const { api } = await renderApp('/account/profile', {
      storedToken: 'tok-1',
      api: {
        validateUser: () => aUser({ phone: '3125550199', card_on_file: true }),
        getCards: () => ({ data: [aCard()], has_more: false }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeTruthy();
    expect(screen.getByTestId('profile-email').textContent).toBe('ada@example.com');
    expect(screen.getByTestId('email-status').textContent).toBe('Unverified');
    expect(screen.getByTestId('profile-phone').textContent).toBe('+1 (312) 555-0199');
    expect(screen.getByRole('heading', { name: 'Payment cards' })).toBeTruthy();
    expect((await screen.findByTestId('card-label')).textContent).toBe('Visa •••• ending in 4242');
    expect(api.to('validateUser')[0]?.authorization).toBe('Bearer tok-1');
    await expectNoAxeViolations(screen.getByRole('main'));
  });

  it('update the profile', async () => {
    const { api, user } = await renderApp('/account/profile', {
      storedToken: 'tok-1',
      api: {
        validateUser: () => aUser(),
        updateProfile: (input) =>
          aUser({ first_name: input.first_name ?? 'Ada', phone: input.phone ?? null }),
      },
    });
    const first = await screen.findByRole('textbox', { name: /First name/ });
    await user.clear(first);
    await user.type(first, 'Augusta');
    await user.type(screen.getByRole('textbox', { name: /Phone/ }), '312 555 0199');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('heading', { name: 'Augusta Lovelace' })).toBeTruthy();
    expect(api.to('updateProfile')[0]?.input).toEqual({
      first_name: 'Augusta',
      last_name: 'Lovelace',
      phone: '3125550199',
    });
  });

  it('go to /login when the session turns out to be gone (403)', async () => {
    const { router, user } = await renderApp('/account/profile', {
      storedToken: 'tok-1',
      api: {
        validateUser: () => aUser(),
        updateProfile: () => {
          throw new Failure('Session expired. Login again', 403);
        },
      },
    });
    await user.type(await screen.findByRole('textbox', { name: /Last name/ }), '-King');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    await waitFor(() => expect(alertTexts()).toContain('Session expired. Login again'));
  });
});

describe('the header account menu', () => {
  it('offers My Bids, My offers, My Wines, My Watchlist, Won lots, Invoices, Returns, Transactions, Investing, My Account and Logout', async () => {
    const { user, api } = await renderApp('/', {
      storedToken: 'tok-1',
      api: { validateUser: () => aUser(), logout: () => null },
    });
    const [menu] = await screen.findAllByTestId('account-menu');
    await user.click(menu as HTMLElement);
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => [i.textContent, i.getAttribute('href')])).toEqual([
      ['My Bids', '/auctions/all'],
      ['My offers', '/offers'],
      ['My Wines', '/myWines/purchased'],
      ['My Watchlist', '/watchlist/watchlist'],
      ['Won lots', '/cart'],
      ['Invoices', '/invoices/unpaid'],
      ['Returns', '/returns'],
      ['Transactions', '/transactions'],
      ['Investing', '/account/investing'],
      ['My Account', '/account/profile'],
      ['Logout', null],
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(alertTexts()).toContain('Logged out successfully'));
    expect(api.to('logout')[0]?.authorization).toBe('Bearer tok-1');
    expect(screen.getAllByRole('link', { name: 'Sign In' }).length).toBeGreaterThan(0);
  });

  it('shows the same menu in the mobile drawer', async () => {
    const { user } = await renderApp('/', { storedToken: 'tok-1', api: { validateUser: () => aUser() } });
    await screen.findAllByTestId('account-menu');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByText('Ada Lovelace')).toBeTruthy();
    for (const name of [
      'My Bids',
      'My Wines',
      'My Watchlist',
      'Won lots',
      'Invoices',
      'Transactions',
      'Investing',
      'My Account',
    ]) {
      expect(within(drawer).getByRole('link', { name })).toBeTruthy();
    }
    expect(within(drawer).getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(within(drawer).queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it("logs out a user with force_logout: 'Session expired. Login again'", async () => {
    await renderApp('/', {
      storedToken: 'tok-1',
      api: { validateUser: () => aUser({ force_logout: 1 }), logout: () => null },
    });
    await waitFor(() => expect(alertTexts()).toContain('Session expired. Login again'));
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Sign In' }).length).toBeGreaterThan(0);
  });
});

describe('the welcome popup', () => {
  it('tells about the new card processor; Continue sends popup_message 0 and opens My Account', async () => {
    let popup: 0 | 1 = 1;
    const { user, api, router } = await renderApp('/', {
      storedToken: 'tok-1',
      api: {
        validateUser: () => aUser({ popup_message: popup }),
        updateProfile: (input) => {
          popup = input.popup_message ?? popup;
          return aUser({ popup_message: popup });
        },
      },
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('effective 1/16/2025');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/profile'));
    expect(api.to('updateProfile').map((r) => r.input)).toEqual([{ popup_message: 0 }]);
    await waitFor(() => expect(screen.queryByTestId('welcome-popup')).toBeNull());
  });
});

describe('password recovery and e-mail links', () => {
  it("shows the server's answer to a reset request", async () => {
    const { user, api } = await renderApp('/forgot_password', {
      api: {
        forgotPassword: () => withMessage('If that e-mail has an account, a reset link is on its way', null),
      },
    });
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByTestId('forgot-answer')).textContent).toBe(
      'If that e-mail has an account, a reset link is on its way',
    );
    expect(api.to('forgotPassword')[0]?.input).toEqual({ email: 'nobody@example.com' });
  });

  it('resets the password and sends the user to /login with the message', async () => {
    const token = 'a'.repeat(32);
    const { user, api, router } = await renderApp(`/reset_password/${token}`, {
      api: { resetPassword: () => withMessage('Password changed. Login with your new password', null) },
    });
    await user.type(screen.getByLabelText(/^New password/), 'Tr4vel-Claret-Quokka-1987!');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Tr4vel-Claret-Quokka-1987');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Passwords not match')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Confirm password/), '!');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.to('resetPassword')[0]?.input).toEqual({
      token,
      password: 'Tr4vel-Claret-Quokka-1987!',
      confirm_password: 'Tr4vel-Claret-Quokka-1987!',
    });
    await waitFor(() => expect(alertTexts()).toContain('Password changed. Login with your new password'));
  });

  it('verifies the e-mail of a link once, or says the link is invalid', async () => {
    const token = 'b'.repeat(32);
    const { api } = await renderApp(`/verify_email/${token}`, { api: { verifyEmail: () => null } });
    expect((await screen.findByTestId('verify-email-result')).textContent).toBe('E-mail verified');
    expect(api.to('verifyEmail')).toEqual([expect.objectContaining({ input: { token } })]);
  });

  it("says 'Invalid or expired link' for a spent link", async () => {
    await renderApp(`/verify_email/${'c'.repeat(32)}`, {
      api: {
        verifyEmail: () => {
          throw new Failure('Invalid or expired link', 400, { field: 'token' });
        },
      },
    });
    expect((await screen.findByTestId('verify-email-result')).textContent).toBe('Invalid or expired link');
  });
});

describe('the developer outbox', () => {
  it('lists the kept e-mails newest first, and again on Refresh', async () => {
    let extra: OutboxMessage[] = [];
    const { user } = await renderApp('/dev/outbox', {
      api: {
        devOutbox: () => ({
          records: [
            ...extra,
            {
              id: '1',
              to: 'a@example.com',
              subject: 'Older',
              text: 'Code 111111',
              sentAt: '2030-01-01T10:00:00.000Z',
            },
            {
              id: '2',
              to: 'b@example.com',
              subject: 'Newer',
              text: 'Line 1\nLine 2',
              sentAt: '2030-01-02T10:00:00.000Z',
            },
          ],
        }),
      },
    });
    const messages = await screen.findAllByTestId('outbox-message');
    expect(messages.map((m) => within(m).getByText(/Older|Newer/).textContent)).toEqual(['Newer', 'Older']);
    expect(messages[0]?.querySelector('pre')?.textContent).toBe('Line 1\nLine 2');
    expect(within(messages[0] as HTMLElement).getByText('To: b@example.com')).toBeTruthy();

    extra = [
      { id: '3', to: 'c@example.com', subject: 'Newest', text: 'Hi', sentAt: '2030-01-03T10:00:00.000Z' },
    ];
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getAllByTestId('outbox-message')).toHaveLength(3));
    expect(
      within(screen.getAllByTestId('outbox-message')[0] as HTMLElement).getByText('Newest'),
    ).toBeTruthy();
  });

  it('says plainly that the outbox only exists when running embedded', async () => {
    await renderApp('/dev/outbox');
    expect((await screen.findByTestId('outbox-absent')).textContent).toMatch(
      /only exists when the product runs embedded/,
    );
  });
});

describe('switching user', () => {
  const grace = aUser({ id: 'user-7', first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com' });
  /** validateUser as the server answers it: each token is one user's session, an unknown one a 403. */
  const sessions: Record<string, ReturnType<typeof aUser>> = {
    'Bearer tok-1': aUser(),
    'Bearer tok-7': grace,
  };
  const validateUser = (_input: unknown, request: { authorization: string | undefined }) => {
    const user = sessions[request.authorization ?? ''];
    if (!user) throw new Failure('Session expired. Login again', 403);
    return user;
  };

  it("replaces the session with the link's token, kept for this tab only, and names the user", async () => {
    const { api, user, router } = await renderApp('/switch?token=tok-7', {
      storedToken: 'tok-1',
      api: { validateUser, getCards: () => ({ data: [], has_more: false }) },
    });
    expect((await screen.findByTestId('switch-result')).textContent).toBe('Signed in as Grace Hopper');
    expect(api.to('validateUser').map((r) => r.authorization)).toEqual(['Bearer tok-7']);
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe('tok-7');
    // Issue 34: the stored session stays for the browser's other tabs, and this tab can go back to it.
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok-1');
    expect((await screen.findAllByTestId('account-menu'))[0]?.textContent).toContain('Grace Hopper');
    expect(
      within(await screen.findByTestId('switched-banner')).getByRole('button', {
        name: 'Back to your own account',
      }),
    ).toBeTruthy();
    await expectNoAxeViolations(screen.getByRole('main'));

    await user.click(screen.getByRole('link', { name: 'Go to the home page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await router.navigate({ to: '/account/profile' });
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeTruthy();
    await waitFor(() => expect(api.to('getCards')).toHaveLength(1));
    expect(api.to('getCards')[0]?.authorization).toBe('Bearer tok-7');
  });

  it("says 'This switch link is not valid' for a bad token and keeps the session as it was", async () => {
    const { router, store } = await renderApp('/switch?token=tok-spent', {
      storedToken: 'tok-1',
      api: { validateUser },
    });
    const result = await screen.findByTestId('switch-result');
    expect(result.textContent).toBe('This switch link is not valid');
    expect(result.getAttribute('role')).toBe('alert');
    // The 403 was about the link, not this session: no logout, no trip to /login.
    expect(router.state.location.pathname).toBe('/switch');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok-1');
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    expect((await screen.findAllByTestId('account-menu'))[0]?.textContent).toContain('Ada Lovelace');
    // No alert was queued (the toast container loads with the first: the queue is what to ask).
    expect(store.get(alertsAtom).map((alert) => alert.msg)).not.toContain('Session expired. Login again');
  });

  it('says the link is not valid without a token, asking nothing of the server', async () => {
    const { api } = await renderApp('/switch');
    expect((await screen.findByTestId('switch-result')).textContent).toBe('This switch link is not valid');
    expect(api.to('validateUser')).toHaveLength(0);
  });
});
