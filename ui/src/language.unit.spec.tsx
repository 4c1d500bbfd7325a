import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { defaultLanguage, i18n } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp } from './test-utils/app.tsx';
import { Failure } from './test-utils/fake-api.ts';

const alertTexts = () => screen.queryAllByTestId('alert').map((a) => a.textContent);

/** The header's desktop switch: the current language, then the other one from its menu. */
async function switchTo(user: Awaited<ReturnType<typeof renderApp>>['user'], from: string, to: string) {
  // The desktop menus load after the first paint.
  await user.click(await screen.findByRole('button', { name: from }));
  await user.click(await screen.findByRole('menuitem', { name: to }));
}

describe('the language switch', () => {
  it('turns the header, the form messages and the server’s answers to Spanish', async () => {
    const { api, user } = await renderApp('/login', {
      api: {
        // The server answers in the language asked for (platform: Accept-Language).
        login: () => {
          throw new Failure('Correo o contraseña no válidos', 400, null, 'BAD_LOGIN');
        },
      },
    });
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Home' }));
    expect(document.documentElement.lang).toBe('en');
    expect(api.requests.map(api.languageOf)).toContain('en');

    await switchTo(user, 'Language: English', 'Español');

    const nav = await screen.findByRole('navigation', { name: 'Principal' });
    expect(within(nav).getByRole('link', { name: 'Inicio' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Explorar vinos' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Subastas' })).toBeTruthy();
    expect(screen.getByText('VINOS FINOS DE PROCEDENCIA IMPECABLE', { selector: 'header *' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Idioma: Español' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Iniciar sesión');
    expect(document.documentElement.lang).toBe('es');
    expect(document.title).toBe('Iniciar sesión | Fine Wine Auction');
    expect(localStorage.getItem('language')).toBe('es');

    // The login form's messages come from the shared schema, in the language of the page.
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect((await screen.findAllByText('¡Obligatorio!')).length).toBeGreaterThan(0);
    expect(screen.queryByText('Required!')).toBeNull();

    // Every call asks for the chosen language.
    await user.type(screen.getByRole('textbox', { name: 'Correo electrónico' }), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Contraseña/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await waitFor(() => expect(alertTexts()).toContain('Correo o contraseña no válidos'));
    const [login] = api.to('login');
    expect(login && api.languageOf(login)).toBe('es');
  });

  it('keeps the choice after a reload', async () => {
    const first = await renderApp('/');
    await switchTo(first.user, 'Language: English', 'Español');
    await screen.findByRole('navigation', { name: 'Principal' });

    // A reload: the page starts again in the default language, then restores the one chosen.
    cleanup();
    await i18n.changeLanguage(defaultLanguage);
    const { api } = await renderApp('/');

    expect(await screen.findByRole('navigation', { name: 'Principal' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Cierran pronto' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Términos y condiciones' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('es');
    // The first calls of the page already ask for Spanish.
    expect(api.requests.length).toBeGreaterThan(0);
    expect(new Set(api.requests.map(api.languageOf))).toEqual(new Set(['es']));
  });

  it('is in the mobile menu too', async () => {
    const { user } = await renderApp('/');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    // The drawer loads when first opened.
    const choice = await screen.findByRole('radiogroup', { name: 'Language' });
    await user.click(within(choice).getByRole('radio', { name: 'Español' }));

    expect(await screen.findByRole('navigation', { name: 'Móvil' })).toBeTruthy();
    expect(
      within(screen.getByRole('radiogroup', { name: 'Idioma' })).getByRole('radio', { name: 'Español' }),
    ).toHaveProperty('checked', true);
    expect(localStorage.getItem('language')).toBe('es');

    await user.click(
      within(screen.getByRole('radiogroup', { name: 'Idioma' })).getByRole('radio', { name: 'English' }),
    );
    expect(await screen.findByRole('navigation', { name: 'Mobile' })).toBeTruthy();
    expect(localStorage.getItem('language')).toBe('en');
  });
});
