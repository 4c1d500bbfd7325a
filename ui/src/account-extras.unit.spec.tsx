import { screen, waitFor, within } from '@testing-library/react';
import type { DecryptedProfile, LoginResult } from '@wine/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGE_KEY } from './i18n/index.ts';
import { TOKEN_KEY } from './state/session.ts';
import { renderApp } from './test-utils/app.tsx';
import { expectNoAxeViolations } from './test-utils/axe.ts';
import { Failure, withMessage } from './test-utils/fake-api.ts';
import { aUser } from './test-utils/fixtures.ts';

const alertTexts = () => screen.queryAllByTestId('alert').map((a) => a.textContent);
const sent =
  'If this number belongs to an account with a verified phone, a sign-in code is on its way by text message';
const session = (token = 'tok-phone'): LoginResult => ({ token, id: 'user-1', user: aUser() });
const details = {
  date_of_birth: '1980-05-17',
  nationality: 'ES',
  id_type: 'passport',
  id_last4: 'X123',
} as const;
const decrypted: DecryptedProfile = { phone: null, country_code: '+1', address: null, kyc: details };

afterEach(() => localStorage.removeItem(LANGUAGE_KEY));

describe('sign-in with a phone code (issue 38 §3)', () => {
  it('texts a code to the number, and the code signs in to where the user was going', async () => {
    const { user, router, api } = await renderApp('/login?referer=%2Fsearch', {
      api: {
        sendPhoneLoginCode: () => withMessage(sent, null),
        verifyPhoneLoginCode: () => session(),
      },
    });
    await user.click(screen.getByRole('button', { name: 'Sign in with a phone code' }));
    expect(await screen.findByRole('heading', { name: 'Sign in with a phone code', level: 1 })).toBeTruthy();
    await expectNoAxeViolations(screen.getByRole('main'));
    await user.type(screen.getByRole('textbox', { name: /^Phone/ }), '(312) 555-0100');
    await user.click(screen.getByRole('button', { name: 'Text me a code' }));
    await waitFor(() => expect(alertTexts()).toContain(sent));
    expect(api.to('sendPhoneLoginCode').map((r) => r.input)).toEqual([
      { phone: '3125550100', country_code: '+1' },
    ]);
    expect(screen.getByTestId('phone-login-sent').textContent).toBe(
      'Enter the 6-digit code we texted to +1 (312) 555-0100.',
    );
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.type(
      within(screen.getByTestId('phone-login-code')).getAllByRole('textbox')[0] as HTMLElement,
      '123456',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(api.to('verifyPhoneLoginCode').map((r) => r.input)).toEqual([
      { phone: '3125550100', country_code: '+1', code: '123456' },
    ]);
    // A public action: no token goes with it.
    expect(api.to('verifyPhoneLoginCode')[0]?.authorization).toBeUndefined();
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok-phone');
  });

  it('says why a code is refused and stays on the code, then goes back to the password form', async () => {
    const { user, router } = await renderApp('/login', {
      api: {
        sendPhoneLoginCode: () => withMessage(sent, null),
        verifyPhoneLoginCode: () => {
          throw new Failure('Invalid or expired code', 400, { field: 'code' }, 'CODE_INVALID');
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Sign in with a phone code' }));
    await user.type(screen.getByRole('textbox', { name: /^Phone/ }), '3125550100');
    await user.click(screen.getByRole('button', { name: 'Text me a code' }));
    const pins = await screen.findByTestId('phone-login-code');
    await user.type(within(pins).getAllByRole('textbox')[0] as HTMLElement, '999999');
    expect((await screen.findByTestId('phone-login-error')).textContent).toBe('Invalid or expired code');
    expect(router.state.location.pathname).toBe('/login');
    await user.click(screen.getByRole('button', { name: 'Sign in with e-mail and password' }));
    expect(screen.getByRole('heading', { name: 'Sign in', level: 1 })).toBeTruthy();
  });

  it('checks the number before asking the server', async () => {
    const { user, api } = await renderApp('/login');
    await user.click(screen.getByRole('button', { name: 'Sign in with a phone code' }));
    await user.type(screen.getByRole('textbox', { name: /^Phone/ }), '555');
    await user.click(screen.getByRole('button', { name: 'Text me a code' }));
    expect(await screen.findByText('Enter a 10 digit phone number')).toBeTruthy();
    expect(api.to('sendPhoneLoginCode')).toEqual([]);
  });
});

describe('the profile’s phone, checked as it is typed (checkValidation)', () => {
  it('says the number typed is the user’s own verified one, and what happens to another', async () => {
    const { user, api } = await renderApp('/account/profile', {
      storedToken: 'tok-1',
      api: {
        validateUser: () => aUser({ phone: '3125550100', phone_verified: true }),
        getCards: () => ({ data: [], has_more: false }),
        checkValidation: (input) =>
          input.phone === '3125550100'
            ? { field: 'phone', value: '3125550100', status: 'yours', verified: true }
            : { field: 'phone', value: input.phone ?? '', status: 'may_use', verified: false },
      },
    });
    const phone = await screen.findByRole('textbox', { name: 'Phone' });
    expect(await screen.findByText('This is your verified number.', {}, { timeout: 3000 })).toBeTruthy();
    await user.clear(phone);
    await user.type(phone, '3125550199');
    expect(
      await screen.findByText('We will text a code to this number to verify it.', {}, { timeout: 3000 }),
    ).toBeTruthy();
    // Once the user stopped typing, not at every key.
    expect(api.to('checkValidation').map((r) => r.input)).toEqual([
      { phone: '3125550100', country_code: '+1' },
      { phone: '3125550199', country_code: '+1' },
    ]);
    expect(api.to('checkValidation')[0]?.authorization).toBe('Bearer tok-1');
  });
});

describe('the identity details on the profile (updateProfileKYC, decryptProfile)', () => {
  const profileApi = {
    validateUser: () => aUser({ kyc_profile_saved: true }),
    getCards: () => ({ data: [], has_more: false }),
    getAllCountries: () => ({
      records: [
        { id: 'ES', name: 'Spain' },
        { id: 'US', name: 'United States' },
      ],
    }),
  };

  it('keeps them hidden until shown, and shows them from decryptProfile', async () => {
    const { user, api } = await renderApp('/account/profile', {
      storedToken: 'tok-1',
      api: { ...profileApi, decryptProfile: () => decrypted },
    });
    const card = await screen.findByTestId('protected-details');
    expect(within(card).getByTestId('protected-birth').textContent).toBe('Hidden');
    expect(within(card).getByTestId('protected-document').textContent).toBe('Hidden');
    await expectNoAxeViolations(screen.getByRole('main'));
    await user.click(within(card).getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(within(card).getByTestId('protected-birth').textContent).toBe('1980-05-17'));
    expect(within(card).getByTestId('protected-nationality').textContent).toBe('Spain');
    expect(within(card).getByTestId('protected-document').textContent).toBe('Passport ending X123');
    expect(api.to('decryptProfile')).toHaveLength(1);
    await user.click(within(card).getByRole('button', { name: 'Hide' }));
    expect(within(card).getByTestId('protected-birth').textContent).toBe('Hidden');
  });

  it('asks an older session for the password, signs in again, then shows them', async () => {
    let fresh = false;
    const { user, api } = await renderApp('/account/profile', {
      storedToken: 'tok-old',
      api: {
        ...profileApi,
        decryptProfile: () => {
          if (!fresh) {
            throw new Failure(
              'For your safety, confirm your password to see these details',
              401,
              null,
              'SESSION_NOT_FRESH',
            );
          }
          return decrypted;
        },
        login: () => {
          fresh = true;
          return session('tok-fresh');
        },
      },
    });
    const card = await screen.findByTestId('protected-details');
    await user.click(within(card).getByRole('button', { name: 'Show' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.type(within(dialog).getByLabelText(/^Password/), 'correct horse');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(within(card).getByTestId('protected-birth').textContent).toBe('1980-05-17'));
    expect(api.to('login').map((r) => r.input)).toEqual([
      { email: 'ada@example.com', password: 'correct horse' },
    ]);
    // The second decryptProfile went with the fresh session's token.
    expect(api.to('decryptProfile').map((r) => r.authorization)).toEqual([
      'Bearer tok-old',
      'Bearer tok-fresh',
    ]);
  });

  it('saves the details from its dialog, checked with the contract’s schema', async () => {
    const { user, api } = await renderApp('/account/profile', {
      storedToken: 'tok-1',
      api: {
        ...profileApi,
        validateUser: () => aUser(),
        updateProfileKYC: () => withMessage('Identity details saved', aUser({ kyc_profile_saved: true })),
      },
    });
    const card = await screen.findByTestId('protected-details');
    expect(within(card).getByTestId('protected-birth').textContent).toBe('Not given');
    await user.click(within(card).getByRole('button', { name: 'Add identity details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your identity details' });
    await user.type(within(dialog).getByLabelText(/^Date of birth/), '1980-05-17');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Nationality/ }), 'ES');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Identity document' }), 'passport');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Give the document type and the last 4 characters together'),
    ).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: /^Last 4 characters/ }), 'x123');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(alertTexts()).toContain('Identity details saved'));
    expect(api.to('updateProfileKYC').map((r) => r.input)).toEqual([details]);
    expect(within(card).getByTestId('protected-birth').textContent).toBe('Hidden');
  });
});

describe('resetting the notification choices (resetUserProfile)', () => {
  it('asks first, then shows the defaults the server answers', async () => {
    const quiet = { ...aUser().preferences, outbid_alerts: false, language: 'es' as const };
    const { user, api } = await renderApp('/account/notifications', {
      storedToken: 'tok-1',
      api: {
        validateUser: () => aUser({ preferences: quiet }),
        resetUserProfile: () =>
          withMessage(
            'Notification choices are back to the defaults',
            aUser({ preferences: { ...quiet, outbid_alerts: true, coming_up_notices: false } }),
          ),
      },
    });
    const outbid = () => screen.getByRole('switch', { name: 'Outbid alerts' }) as HTMLInputElement;
    await screen.findByRole('heading', { name: 'Notifications', level: 1 });
    expect(outbid().checked).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your notification choices?' });
    expect(dialog.textContent).toContain('Your language stays as it is.');
    expect(api.to('resetUserProfile')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(alertTexts()).toContain('Notification choices are back to the defaults'));
    expect(api.to('resetUserProfile').map((r) => r.input)).toEqual([{}]);
    await waitFor(() => expect(outbid().checked).toBe(true));
  });

  it('reads in Spanish', async () => {
    localStorage.setItem(LANGUAGE_KEY, 'es');
    await renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Entrar con un código por teléfono' })).toBeTruthy();
  });
});
