import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGE_KEY } from './i18n/index.ts';
import { renderApp } from './test-utils/app.tsx';
import { expectNoAxeViolations } from './test-utils/axe.ts';
import { Failure, withMessage } from './test-utils/fake-api.ts';
import { aUser } from './test-utils/fixtures.ts';

const alertTexts = () => screen.queryAllByTestId('alert').map((a) => a.textContent);
const switchNamed = (name: string) => screen.getByRole('switch', { name }) as HTMLInputElement;

afterEach(() => localStorage.removeItem(LANGUAGE_KEY));

describe('notification choices (issue 31)', () => {
  it('shows the won-lot switch and the language, saves them, and shows them again from the saved record', async () => {
    const saved = { ...aUser().preferences, language: 'es' as const, outbid_alerts: false };
    const { user, api } = await renderApp('/account/notifications', {
      storedToken: 'tok-1',
      api: {
        validateUser: () => aUser({ preferences: saved }),
        updatePreference: (input) => withMessage('Preferences saved', aUser({ preferences: input })),
      },
    });
    await screen.findByRole('heading', { name: 'Notifications', level: 1 });
    expect(switchNamed('Outbid alerts').checked).toBe(false);
    expect(switchNamed('Won lots').checked).toBe(true);
    const language = screen.getByRole('combobox', {
      name: 'Language of e-mails and texts',
    }) as HTMLSelectElement;
    expect(language.value).toBe('es');
    await expectNoAxeViolations(screen.getByRole('main'));

    await user.click(switchNamed('Won lots'));
    await user.click(switchNamed('Outbid alerts'));
    await user.selectOptions(language, 'en');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(alertTexts()).toContain('Preferences saved'));
    expect(api.to('updatePreference').map((r) => r.input)).toEqual([
      { ...saved, outbid_alerts: true, won_notices: false, language: 'en' },
    ]);
    expect(switchNamed('Won lots').checked).toBe(false);
    expect(
      (screen.getByRole('combobox', { name: 'Language of e-mails and texts' }) as HTMLSelectElement).value,
    ).toBe('en');
  });

  it('says texts need a verified phone, with the way to My Account', async () => {
    const { user } = await renderApp('/account/notifications', {
      storedToken: 'tok-1',
      api: { validateUser: () => aUser() },
    });
    await screen.findByRole('heading', { name: 'Notifications', level: 1 });
    expect(screen.queryByTestId('sms-needs-phone')).toBeNull();
    await user.click(switchNamed('Text message (SMS) notifications'));
    const hint = await screen.findByTestId('sms-needs-phone');
    expect(hint.textContent).toContain('Texts need a verified phone');
    expect(screen.getByRole('link', { name: 'your profile' }).getAttribute('href')).toBe('/account/profile');
  });
});

describe('the unsubscribe page (issue 31)', () => {
  it('asks first, then turns the kind off without a sign-in and says so', async () => {
    const { user, api } = await renderApp('/unsubscribe?u=u-1&k=outbid&t=abcDEF123_-', {
      api: { unsubscribe: (input) => withMessage('Preferences saved', { kind: input.k }) },
    });
    await screen.findByRole('heading', { name: 'Unsubscribe', level: 1 });
    expect(screen.getByText('Stop outbid alerts?')).toBeTruthy();
    expect(api.to('unsubscribe')).toHaveLength(0);
    await expectNoAxeViolations(screen.getByRole('main'));
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    const done = await screen.findByTestId('unsubscribe-done');
    expect(done.textContent).toBe('You will no longer get outbid alerts.');
    expect(api.to('unsubscribe').map((r) => r.input)).toEqual([{ u: 'u-1', k: 'outbid', t: 'abcDEF123_-' }]);
    expect(screen.getByRole('link', { name: 'Notifications' }).getAttribute('href')).toBe(
      '/account/notifications',
    );
  });

  it('says a refused link is not valid (by its code), and a link without its parts too', async () => {
    const { user } = await renderApp('/unsubscribe?u=u-1&k=closing&t=forged', {
      api: {
        unsubscribe: () => {
          throw new Failure(
            'This unsubscribe link is not valid',
            400,
            { field: 'token' },
            'UNSUBSCRIBE_LINK_INVALID',
          );
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByTestId('unsubscribe-invalid')).textContent).toContain(
      'This unsubscribe link is not valid',
    );
  });

  it('reads in Spanish', async () => {
    localStorage.setItem(LANGUAGE_KEY, 'es');
    await renderApp('/unsubscribe?u=u-1&k=won&t=abc');
    await screen.findByRole('heading', { name: 'Darse de baja', level: 1 });
    expect(screen.getByText('¿Dejar de recibir los correos de lotes ganados?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Darme de baja' })).toBeTruthy();
  });

  it('says a link missing its signature is not valid, asking nothing', async () => {
    await renderApp('/unsubscribe?u=u-1&k=won');
    expect((await screen.findByTestId('unsubscribe-invalid')).textContent).toContain('not valid');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });
});
