import { screen, waitFor } from '@testing-library/react';
import type { InviteDetails, RegisterResult } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { sessionAtom } from './state/session.ts';
import { renderApp } from './test-utils/app.tsx';
import { expectNoAxeViolations } from './test-utils/axe.ts';
import { Failure } from './test-utils/fake-api.ts';
import { aUser } from './test-utils/fixtures.ts';

const TOKEN = 'inv_0123456789abcdefghij';
const PASSWORD = 'Tr4vel-Claret-Quokka-1987!';
const details: InviteDetails = { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' };
const registered = (): RegisterResult => ({
  email: details.email,
  session: { token: 'tok-new', id: 'user-1', user: aUser({ ...details, email_verified: true }) },
});
const alertTexts = () => screen.queryAllByTestId('alert').map((a) => a.textContent);
const emailInput = () => screen.getByRole('textbox', { name: 'E-mail' }) as HTMLInputElement;

describe('/invite: registering from an invitation link', () => {
  it('prefills the form with the invited names and a read-only e-mail', async () => {
    const { api, user } = await renderApp(`/invite?token=${TOKEN}`, {
      api: { getInviteDetails: () => details, registrationFields: () => ({ fields: [] }) },
    });
    expect(api.to('getInviteDetails')[0]?.input).toEqual({ token: TOKEN });
    expect(screen.getByRole('heading', { level: 1, name: 'You are invited, Ada' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'You are invited, Ada' })).toBeTruthy();
    expect((screen.getByLabelText(/First name/) as HTMLInputElement).value).toBe('Ada');
    expect((screen.getByLabelText(/Last name/) as HTMLInputElement).value).toBe('Lovelace');
    expect(emailInput().value).toBe('ada@example.com');
    expect(emailInput().readOnly).toBe(true);
    await user.type(emailInput(), 'x');
    expect(emailInput().value).toBe('ada@example.com');
    await expectNoAxeViolations(screen.getByRole('main'));
  });

  it('sends invite_token with the registration and signs in without the verify dialog', async () => {
    const { api, user, router, store } = await renderApp(`/invite?token=${TOKEN}`, {
      api: {
        getInviteDetails: () => details,
        registrationFields: () => ({ fields: [] }),
        register: () => registered(),
      },
    });
    await user.type(screen.getByLabelText(/^Password/), PASSWORD);
    await user.type(screen.getByLabelText(/^Confirm password/), PASSWORD);
    await user.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(alertTexts()).toContain('Welcome to Fine Wine Auction'));
    expect(api.to('register')[0]?.input).toEqual({
      ...details,
      country_code: '+1',
      password: PASSWORD,
      confirm_password: PASSWORD,
      terms: true,
      newsletter: false,
      invite_token: TOKEN,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(store.get(sessionAtom)).toMatchObject({ status: 'authenticated', token: 'tok-new' });
    expect(screen.queryByRole('dialog', { name: 'Verify your e-mail' })).toBeNull();
  });

  it('says the link is not valid when the server refuses the token, with a link to /registration', async () => {
    await renderApp(`/invite?token=${TOKEN}`, {
      api: {
        getInviteDetails: () => {
          throw new Failure('Invalid or expired link', 400);
        },
        registrationFields: () => ({ fields: [] }),
      },
    });
    expect(screen.getByRole('alert').textContent).toBe('This invitation link is not valid or has expired');
    expect(screen.getByRole('link', { name: 'create an account' }).getAttribute('href')).toBe(
      '/registration',
    );
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
    await expectNoAxeViolations(screen.getByRole('main'));
  });

  it('says the same without a token, asking nothing', async () => {
    const { api } = await renderApp('/invite', { api: { getInviteDetails: () => details } });
    expect(screen.getByRole('alert').textContent).toBe('This invitation link is not valid or has expired');
    expect(api.to('getInviteDetails')).toHaveLength(0);
  });
});
