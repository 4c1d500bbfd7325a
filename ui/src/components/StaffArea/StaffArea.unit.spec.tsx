import { screen, within } from '@testing-library/react';
import type { Role } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test-utils/app.tsx';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { aUser } from '../../test-utils/fixtures.ts';

const as = (roles: Role[], path = '/admin') =>
  renderApp(path, {
    storedToken: 'tok-1',
    api: {
      validateUser: () => aUser({ roles, isAdmin: roles.includes('admin') }),
      staffLots: () => ({ records: [], totalRecords: 0 }),
      auctions: () => ({ records: [], totalRecords: 0 }),
      staffToday: () => today,
    },
  });

const today = {
  date: '2026-11-30',
  closingToday: 4,
  pastDue: 2,
  returnsToDecide: 0,
  listingsToReview: 1,
  bidLimitRequests: 3,
  pickupsToday: 5,
};

/** The staff area's sections each role opens (the server's roles for each section's action). */
const sectionsByRole: [Role[], string[]][] = [
  [
    ['admin'],
    [
      'lots',
      'auctions',
      'users',
      'content',
      'enquiries',
      'investors',
      'newsletter',
      'pickups',
      'offers',
      'money',
      'returns',
      'reports',
      'audit',
      'ops',
      'settings',
      'referenceData',
    ],
  ],
  [['finance'], ['investors', 'pickups', 'money', 'returns', 'reports']],
  [['auditor'], ['audit']],
  [['auctioneer'], ['live']],
  [['support'], ['ops']],
  [
    ['finance', 'support'],
    ['investors', 'pickups', 'money', 'returns', 'reports', 'ops'],
  ],
];

describe('the staff area', () => {
  it.each(sectionsByRole)(
    'with roles %j opens the sections %j, as cards and in its menu',
    async (roles, keys) => {
      await as(roles);
      const cards = await screen.findAllByTestId(/^staff-section-/);
      expect(cards.map((card) => card.dataset.testid?.replace('staff-section-', ''))).toEqual(keys);
      const nav = screen.getAllByRole('navigation', { name: 'Staff sections' })[0] as HTMLElement;
      const links = within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href'));
      const paths = {
        lots: '/admin/lots',
        auctions: '/admin/auctions',
        users: '/admin/users',
        content: '/admin/pages',
        enquiries: '/admin/enquiries',
        investors: '/admin/investors',
        newsletter: '/admin/newsletter',
        pickups: '/admin/pickups',
        offers: '/admin/offers',
        live: '/admin/live',
        money: '/admin/money',
        returns: '/admin/returns',
        reports: '/reports',
        audit: '/audit',
        ops: '/ops',
        settings: '/admin/settings',
        referenceData: '/admin/reference-data',
      };
      expect(links).toEqual(['/admin', ...keys.map((key) => paths[key as keyof typeof paths])]);
    },
  );

  it('lists what waits today, each linked to its list, as far as the roles open the lists', async () => {
    await as(['admin']);
    const box = await screen.findByTestId('staff-today');
    const link = (key: string) => within(box).getByTestId(`today-${key}`);
    expect(link('closingToday').textContent).toBe('Lots closing today: 4');
    expect(link('closingToday').getAttribute('href')).toBe('/admin/lots?status=open');
    expect(link('listingsToReview').getAttribute('href')).toBe('/admin/lots?status=submitted');
    expect(link('bidLimitRequests').getAttribute('href')).toBe('/admin/users?requests=true');
    expect(link('pastDue').getAttribute('href')).toBe('/admin/money');
    expect(link('pickupsToday').textContent).toBe('Pickups today: 5');
    await expectNoAxeViolations(screen.getByRole('main'));
  });

  it("shows finance only the day's counts of the lists finance opens", async () => {
    await as(['finance']);
    const box = await screen.findByTestId('staff-today');
    expect(
      within(box)
        .getAllByRole('link')
        .map((a) => a.dataset.testid),
    ).toEqual(['today-pastDue', 'today-returnsToDecide', 'today-pickupsToday']);
  });

  it.each([[[] as Role[]], [['seller'] as Role[]]])(
    'tells a user with roles %j it is for staff',
    async (roles) => {
      await as(roles);
      expect((await screen.findByTestId('staff-only')).textContent).toContain('for the merchant’s staff');
      expect(screen.queryByRole('navigation', { name: 'Staff sections' })).toBeNull();
    },
  );

  it.each([
    [['admin'] as Role[], '/admin'],
    [['auditor'] as Role[], '/admin'],
    [['support'] as Role[], '/admin'],
    [['seller'] as Role[], null],
    [[] as Role[], null],
  ])('is in the account menu for roles %j: %s', async (roles, href) => {
    const { user } = await as(roles, '/');
    const [menu] = await screen.findAllByTestId('account-menu');
    await user.click(menu as HTMLElement);
    const items = await screen.findAllByRole('menuitem');
    expect(items.find((item) => item.textContent === 'Staff area')?.getAttribute('href') ?? null).toBe(href);
    // The staff pages are in the staff area, not one by one in the menu.
    expect(items.map((item) => item.textContent)).not.toContain('Money (staff)');
  });

  it('marks the section shown as the current page, and has no serious axe violation', async () => {
    await as(['admin'], '/admin/lots');
    await screen.findByTestId('staff-lots-empty');
    const nav = screen.getAllByRole('navigation', { name: 'Staff sections' })[0] as HTMLElement;
    expect(within(nav).getByRole('link', { current: 'page' }).getAttribute('href')).toBe('/admin/lots');
    await expectNoAxeViolations(document.body);
  });
});
