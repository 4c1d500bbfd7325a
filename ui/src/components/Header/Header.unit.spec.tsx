import { screen, within } from '@testing-library/react';
import { emptyDefaultBundle } from '@wine/contracts';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { actionKey } from '../../api/queries.ts';
import { i18n } from '../../i18n/index.ts';
import { sessionAtom } from '../../state/session.ts';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { testQueryClient } from '../../test-utils/query-client.ts';
import { render } from '../../test-utils/render.tsx';
import { Header } from './Header.tsx';

/** The header with the bundle already loaded: the merchant renamed the first header page. */
async function renderHeader() {
  const store = createStore();
  store.set(sessionAtom, { status: 'anonymous' });
  const queryClient = testQueryClient();
  queryClient.setQueryData(actionKey('getDefault', {}), {
    ...emptyDefaultBundle,
    configuration: {
      header_pages: [
        { id: 'header_first_page', label: 'Our Cellar' },
        { id: 'more_third_tab', label: 'Press', label_es: 'Prensa' },
      ],
    },
  });
  return render(<Header />, { store, queryClient, mantineEnv: 'test' });
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('Header', () => {
  it('offers Home, Browse Wines, Auctions and Sell Your Wine as links in the main menu', async () => {
    await renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Sell Your Wine' }).getAttribute('href')).toBe(
      '/sellingwine',
    );
    expect(within(nav).getByRole('link', { name: 'Auctions' }).getAttribute('href')).toBe('/auction');
  });

  it('lists the configured pages under their configured labels in the More dropdown, then the fixed pages', async () => {
    const { user } = await renderHeader();
    // The desktop dropdowns load after the first paint.
    await user.click(await screen.findByTestId('more-menu'));
    const items = screen
      .getAllByRole('menuitem')
      .map((item) => [item.textContent, item.getAttribute('href')]);
    expect(items).toEqual([
      ['Our Cellar', '/header_first_page'],
      ['Press', '/more_third_tab'],
      ['Prices realised', '/prices-realised'],
      ['About Us', '/aboutus'],
      ['How It Works', '/howitworks'],
      ['FAQ', '/faq'],
      ['Delivery, Collection & Storage', '/delivery'],
      ['Help', '/help'],
      ['Contact Us', '/contact-us'],
    ]);
  });

  it('labels a configured page with its Spanish title for a Spanish reader, the English one if it has none', async () => {
    await i18n.changeLanguage('es');
    const { user } = await renderHeader();
    await user.click(await screen.findByTestId('more-menu'));
    const items = screen
      .getAllByRole('menuitem')
      .map((item) => [item.textContent, item.getAttribute('href')]);
    expect(items.slice(0, 2)).toEqual([
      ['Our Cellar', '/header_first_page'],
      ['Prensa', '/more_third_tab'],
    ]);
  });

  it('opens the menu drawer with saved searches, Login, Register and the MORE pages', async () => {
    const { user } = await renderHeader();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    // The drawer loads when first opened.
    const drawer = await screen.findByRole('navigation', { name: 'Mobile' });
    for (const name of ['My saved searches', 'Login', 'Register', 'Our Cellar', 'Sell Your Wine']) {
      expect(within(drawer).getByRole('link', { name })).toBeTruthy();
    }
    expect(within(drawer).getByRole('link', { name: 'My saved searches' }).getAttribute('href')).toBe(
      '/saved_search',
    );
    // The drawer's own markup (Mantine's drawer header is a second <header> only outside a browser).
    await expectNoAxeViolations(drawer);
  });

  it('loads no desktop dropdown on a phone, and its menu drawer when first opened', async () => {
    // A phone: every "narrower than" query of the header matches.
    const wide = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...wide(query), matches: query.includes('max-width') });
    try {
      const { user } = await renderHeader();
      await user.click(screen.getByRole('button', { name: 'Open menu' }));
      expect(await screen.findByRole('navigation', { name: 'Mobile' })).toBeTruthy();
      expect(screen.queryByTestId('more-menu')).toBeNull();
      expect(screen.queryByTestId('language-menu')).toBeNull();
      expect(screen.queryByTestId('header-search')).toBeNull();
      // The main menu's plain links are there (the page shows them from 1024px).
      const nav = screen.getByRole('navigation', { name: 'Main' });
      expect(within(nav).getByRole('link', { name: 'Browse Wines' })).toBeTruthy();
    } finally {
      window.matchMedia = wide;
    }
  });

  it('has no accessibility violations with the drawers closed', async () => {
    const { container } = await renderHeader();
    await expectNoAxeViolations(container);
  });
});
