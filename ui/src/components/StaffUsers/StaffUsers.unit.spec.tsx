import { screen, waitFor, within } from '@testing-library/react';
import type { StaffUserDetail, StaffUserRow } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../state/session.ts';
import { renderApp } from '../../test-utils/app.tsx';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { type ApiRequest, Failure } from '../../test-utils/fake-api.ts';
import { aUser } from '../../test-utils/fixtures.ts';

type Api = NonNullable<Parameters<typeof renderApp>[1]>['api'];

/** Signed in as Ada, an admin whose id is `ada`. */
const admin = (path: string, api: Api = {}) =>
  renderApp(path, {
    storedToken: 'tok-1',
    api: {
      validateUser: () => aUser({ id: 'ada', roles: ['admin'], isAdmin: true }),
      staffUsers: () => ({ records: [], totalRecords: 0 }),
      // Issue 35 §4: a seller's page lists their consignment agreements.
      viewPandaDoc: () => ({ records: [], totalRecords: 0 }),
      ...api,
    },
  });

function aRow(overrides: Partial<StaffUserRow> = {}): StaffUserRow {
  return {
    id: 'sam',
    firstName: 'Sam',
    lastName: 'Cellar',
    email: 'sam@example.com',
    phone: '+13125550100',
    status: 'active',
    roles: ['seller'],
    emailVerified: true,
    createdAt: '2026-11-02T00:00:00.000Z',
    lastLoginAt: null,
    bidLimitRequested: null,
    ...overrides,
  };
}

function aDetail(overrides: Partial<StaffUserDetail> = {}): StaffUserDetail {
  return {
    ...aRow(),
    countryCode: 'US',
    phoneVerified: false,
    kycStatus: 'approved',
    bidLimit: 500_000,
    bidLimitRequested: 1_000_000,
    cardsOnFile: 2,
    newsletter: true,
    passwordChangedAt: null,
    forceLogoutAt: null,
    cards: [{ brand: 'visa', last4: '4242' }],
    owners: [],
    walletBalance: 2_500,
    invoices: [
      {
        id: 'inv-1',
        number: '2026-000007',
        status: 'unpaid',
        total: 52_920,
        due: 52_920,
        createdAt: '2026-11-20T15:00:00.000Z',
      },
    ],
    bids: [{ lotId: 'lot-9', title: '2010 Ch. Montrose', amount: 40_000, at: '2026-11-19T15:00:00.000Z' }],
    ...overrides,
  };
}

describe('/admin/users: the staff list of people', () => {
  it('lists the users with their status and roles, each linked to their page', async () => {
    const { api } = await admin('/admin/users', {
      staffUsers: () => ({
        records: [
          aRow(),
          aRow({ id: 'bea', firstName: 'Bea', lastName: 'Bidder', status: 'deactivate', roles: [] }),
        ],
        totalRecords: 2,
      }),
    });
    const rows = await screen.findAllByTestId('staff-user-row');
    expect(rows).toHaveLength(2);
    const sam = within(rows[0] as HTMLElement);
    expect(sam.getByRole('link', { name: 'Open Sam Cellar' }).getAttribute('href')).toBe('/admin/users/sam');
    expect(sam.getByText('sam@example.com')).toBeTruthy();
    expect(sam.getByTestId('user-status').textContent).toBe('Active');
    expect(sam.getByText('Seller')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByTestId('user-status').textContent).toBe('Deactivated');
    expect(screen.getByText('Users: 2')).toBeTruthy();
    expect(api.to('staffUsers')[0]?.input).toEqual({ status: 'all', role: 'all', page: 1, limit: 25 });
    await expectNoAxeViolations(screen.getByRole('main'));
  });

  it('invites someone to register: their e-mail and name, checked before sending', async () => {
    const { api, user } = await admin('/admin/users', { inviteUser: () => null });
    await user.click(await screen.findByTestId('invite-open'));
    const dialog = await screen.findByRole('dialog', { name: 'Invite someone to register' });
    await user.click(within(dialog).getByRole('button', { name: 'Send the invitation' }));
    expect(api.to('inviteUser')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'newcomer@example.com');
    await user.type(within(dialog).getByRole('textbox', { name: /First name/ }), 'Nina');
    await user.type(within(dialog).getByRole('textbox', { name: /Last name/ }), 'Newcomer');
    await user.click(within(dialog).getByRole('button', { name: 'Send the invitation' }));
    await waitFor(() =>
      expect(api.to('inviteUser')[0]?.input).toEqual({
        email: 'newcomer@example.com',
        first_name: 'Nina',
        last_name: 'Newcomer',
      }),
    );
    expect(await screen.findByText('Invitation sent to newcomer@example.com')).toBeTruthy();
  });

  it('narrows by text (once typing stops), status and role, and keeps them in the URL', async () => {
    const { api, user, router } = await admin('/admin/users', {
      staffUsers: () => ({ records: [aRow()], totalRecords: 1 }),
    });
    await screen.findAllByTestId('staff-user-row');
    await user.click(screen.getByRole('textbox', { name: 'Search' }));
    await user.paste('cellar');
    await waitFor(() => expect(api.to('staffUsers').at(-1)?.input).toMatchObject({ text: 'cellar' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Deactivated' }));
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'No staff role' }));
    await waitFor(() =>
      expect(api.to('staffUsers').at(-1)?.input).toEqual({
        text: 'cellar',
        status: 'deactivate',
        role: 'none',
        page: 1,
        limit: 25,
      }),
    );
    expect(router.state.location.search).toEqual({ q: 'cellar', status: 'deactivate', role: 'none' });
  });

  it('asks for the filters and the page the URL names, and a page picked joins the URL', async () => {
    const { api, user, router } = await admin('/admin/users?q=sam&status=active&role=admin&page=2', {
      staffUsers: () => ({ records: [aRow()], totalRecords: 60 }),
    });
    await screen.findAllByTestId('staff-user-row');
    expect(api.to('staffUsers')[0]?.input).toEqual({
      text: 'sam',
      status: 'active',
      role: 'admin',
      page: 2,
      limit: 25,
    });
    expect((screen.getByRole('textbox', { name: 'Search' }) as HTMLInputElement).value).toBe('sam');
    await user.click(within(screen.getByTestId('pagination')).getByRole('button', { name: '3' }));
    await waitFor(() => expect(api.to('staffUsers').at(-1)?.input).toMatchObject({ page: 3 }));
    expect(router.state.location.search).toEqual({ q: 'sam', status: 'active', role: 'admin', page: 3 });
  });

  it('shows a table skeleton until the list comes', async () => {
    let answer: (page: { records: StaffUserRow[]; totalRecords: number }) => void = () => undefined;
    await admin('/admin/users', {
      staffUsers: () => new Promise((resolve) => (answer = resolve)),
    });
    expect(await screen.findByTestId('staff-users-skeleton')).toBeTruthy();
    answer({ records: [aRow()], totalRecords: 1 });
    await screen.findAllByTestId('staff-user-row');
    expect(screen.queryByTestId('staff-users-skeleton')).toBeNull();
  });

  it('says when no user matches', async () => {
    await admin('/admin/users?q=nobody');
    expect((await screen.findByTestId('staff-users-empty')).textContent).toBe('No user matches.');
  });
});

describe("/admin/users/:id: a user's page", () => {
  it('shows the profile, checks, limits and the number of cards, never more of a card', async () => {
    await admin('/admin/users/sam', { staffUser: () => aDetail() });
    expect(await screen.findByRole('heading', { name: 'Sam Cellar', level: 1 })).toBeTruthy();
    expect(screen.getByTestId('user-email').textContent).toBe('sam@example.com (verified)');
    expect(screen.getByTestId('user-bid-limit').textContent).toBe('$5,000.00 · Raise asked for: $10,000.00');
    expect(screen.getByText('Approved')).toBeTruthy();
    expect((screen.getByTestId('role-seller') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId('role-finance') as HTMLInputElement).checked).toBe(false);
    // Issue 34: their money and bidding: cards by last four, the wallet, the latest invoices and bids.
    const activity = screen.getByTestId('user-activity');
    expect(activity.textContent).toContain('VISA ending 4242');
    expect(screen.getByTestId('user-wallet').textContent).toBe('$25.00');
    expect(
      within(activity)
        .getByRole('link', { name: /Invoice 2026-000007 · \$529\.20/ })
        .getAttribute('href'),
    ).toBe('/invoice/inv-1');
    expect(
      within(activity).getByRole('link', { name: '$400.00 on 2010 Ch. Montrose' }).getAttribute('href'),
    ).toBe('/productview/lot-9');
    await expectNoAxeViolations(screen.getByRole('main'));
  });

  it("opens the user's history from the log: each event with who acted, and what it changed", async () => {
    const row = (revision: number, type: string, actor: { kind: 'user' | 'admin'; id: string }) => ({
      revision,
      position: String(revision),
      eventId: `e${revision}`,
      occurredAt: '2026-11-20T15:00:00.000Z',
      type,
      actor: { ...actor, actingAs: null },
      commandId: `c${revision}`,
      correlationId: `c${revision}`,
      causationId: `c${revision}`,
      data: {},
      state: {},
      changes:
        type === 'UserStatusChanged' ? [{ path: 'status', before: 'active', after: 'deactivate' }] : [],
    });
    const { api, user } = await admin('/admin/users/sam', {
      staffUser: () => aDetail(),
      userHistory: () => ({
        id: 'sam',
        streamName: 'user-sam',
        totalRecords: 2,
        from: 0,
        next: null,
        rows: [
          row(0, 'UserRegistered', { kind: 'user', id: 'sam' }),
          row(1, 'UserStatusChanged', { kind: 'admin', id: 'ada' }),
        ],
        asOf: { at: null, revision: 1, occurredAt: null, state: {} },
      }),
    });
    const history = await screen.findByTestId('user-history');
    // Nothing is asked for until the admin opens it.
    expect(api.to('userHistory')).toHaveLength(0);
    await user.click(within(history).getByRole('button', { name: 'Show the history' }));
    const rows = await within(history).findAllByTestId('history-row');
    expect(rows.map((r) => r.getAttribute('data-type'))).toEqual(['UserRegistered', 'UserStatusChanged']);
    expect(api.to('userHistory')[0]?.input).toEqual({ id: 'sam', from: 0, limit: 50 });
    await user.click(within(rows[1] as HTMLElement).getByTestId('history-toggle'));
    expect(within(history).getByTestId('history-changes').textContent).toContain('deactivate');
    await expectNoAxeViolations(history);
  });

  it('grants and revokes a role, each sent at once', async () => {
    const { api, user } = await admin('/admin/users/sam', {
      staffUser: () => aDetail(),
      grantRole: () => null,
      revokeRole: () => null,
    });
    await user.click(await screen.findByTestId('role-finance'));
    await waitFor(() => expect(api.to('grantRole')[0]?.input).toEqual({ id: 'sam', role: 'finance' }));
    await user.click(screen.getByTestId('role-seller'));
    await waitFor(() => expect(api.to('revokeRole')[0]?.input).toEqual({ id: 'sam', role: 'seller' }));
  });

  it('asks before it deactivates, and then sends the change', async () => {
    const { api, user } = await admin('/admin/users/sam', {
      staffUser: () => aDetail(),
      changeUserStatus: () => null,
    });
    await user.click(await screen.findByTestId('user-status-change'));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Sam Cellar?' });
    expect(dialog.textContent).toContain('signed out everywhere');
    expect(api.to('changeUserStatus')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(api.to('changeUserStatus')[0]?.input).toEqual({ id: 'sam', status: 'deactivate' }),
    );
  });

  it('activates a deactivated account after asking', async () => {
    const { api, user } = await admin('/admin/users/sam', {
      staffUser: () => aDetail({ status: 'deactivate' }),
      changeUserStatus: () => null,
    });
    await user.click(await screen.findByTestId('user-status-change'));
    const dialog = await screen.findByRole('dialog', { name: 'Activate Sam Cellar?' });
    await user.click(within(dialog).getByRole('button', { name: 'Activate' }));
    await waitFor(() =>
      expect(api.to('changeUserStatus')[0]?.input).toEqual({ id: 'sam', status: 'active' }),
    );
    expect(await screen.findByText('Sam Cellar activated')).toBeTruthy();
  });

  it('acts as the user after asking: this tab keeps their token and opens the shop as they see it', async () => {
    const { api, user, router } = await admin('/admin/users/sam', {
      validateUser: (_input: unknown, request: ApiRequest) =>
        request.authorization === 'Bearer tok-sam'
          ? aUser({ id: 'sam', first_name: 'Sam', last_name: 'Cellar' })
          : aUser({ id: 'ada', roles: ['admin'], isAdmin: true }),
      staffUser: () => aDetail(),
      switchUser: () => ({ token: 'tok-sam', id: 'sam', user: aUser({ id: 'sam' }) }),
    });
    await user.click(await screen.findByTestId('user-switch'));
    const dialog = await screen.findByRole('dialog', { name: 'Act as Sam Cellar?' });
    expect(api.to('switchUser')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Act as this user' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.to('switchUser')[0]?.input).toEqual({ id: 'sam' });
    // For this tab only: the admin's remembered token stays for their other tabs.
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe('tok-sam');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok-1');
    expect((await screen.findAllByTestId('account-menu'))[0]?.textContent).toContain('Sam Cellar');
    // Issue 34: a banner says whose account this tab acts in, and leads back to the admin's own.
    const banner = await screen.findByTestId('switched-banner');
    expect(banner.textContent).toContain('You are acting as Sam Cellar');
    await user.click(within(banner).getByRole('button', { name: 'Back to Ada Lovelace' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users/sam'));
    expect(screen.queryByTestId('switched-banner')).toBeNull();
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    expect((await screen.findAllByTestId('account-menu'))[0]?.textContent).toContain('Ada Lovelace');
  });

  it('records an identity checked by hand, with what was checked', async () => {
    const { api, user } = await admin('/admin/users/sam', {
      staffUser: () => aDetail({ kycStatus: 'review' }),
      updateUserAccountVerified: () => ({ message: 'Identity recorded as verified', responseData: null }),
    });
    const card = await screen.findByTestId('identity-check');
    const verify = within(card).getByRole('button', { name: 'Verified' });
    expect(verify.hasAttribute('disabled')).toBe(true);
    await user.type(within(card).getByRole('textbox'), 'Illinois driver licence D123-4567');
    await user.click(verify);
    await waitFor(() =>
      expect(api.to('updateUserAccountVerified')[0]?.input).toEqual({
        id: 'sam',
        verified: true,
        reference: 'Illinois driver licence D123-4567',
      }),
    );
    expect(await screen.findByText('Identity recorded as verified')).toBeTruthy();
  });

  it('answers a bid-limit request: approved at another amount, or refused with a reason', async () => {
    const { api, user } = await admin('/admin/users/sam', {
      staffUser: () => aDetail({ bidLimit: 500_000, bidLimitRequested: 1_000_000 }),
      approveBidLimitRequest: () => null,
      refuseBidLimitRequest: () => null,
    });
    const card = await screen.findByTestId('bid-limit-request');
    expect(card.textContent).toContain('asks for a bid limit of $10,000.00 (now $5,000.00)');
    const refuse = within(card).getByRole('button', { name: 'Refuse' });
    expect(refuse.hasAttribute('disabled')).toBe(true);
    const amount = within(card).getByRole('textbox', { name: 'Limit to approve ($)' });
    await user.clear(amount);
    await user.type(amount, '7500');
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(api.to('approveBidLimitRequest')[0]?.input).toEqual({ id: 'sam', amount: 750_000 }),
    );
    expect(await screen.findByText('Bid limit of $7,500.00 approved for Sam Cellar')).toBeTruthy();
    await user.type(within(card).getByRole('textbox', { name: 'Why it is refused' }), 'Unpaid invoices');
    await user.click(refuse);
    await waitFor(() =>
      expect(api.to('refuseBidLimitRequest')[0]?.input).toEqual({ id: 'sam', reason: 'Unpaid invoices' }),
    );
  });

  it('says so in the dialog when the switched session is not accepted, and stays', async () => {
    const { user, router } = await admin('/admin/users/sam', {
      validateUser: (_input: unknown, request: ApiRequest) => {
        if (request.authorization === 'Bearer tok-sam')
          throw new Failure('Session expired. Login again', 403);
        return aUser({ id: 'ada', roles: ['admin'], isAdmin: true });
      },
      staffUser: () => aDetail(),
      switchUser: () => ({ token: 'tok-sam', id: 'sam', user: aUser({ id: 'sam' }) }),
    });
    await user.click(await screen.findByTestId('user-switch'));
    const dialog = await screen.findByRole('dialog', { name: 'Act as Sam Cellar?' });
    await user.click(within(dialog).getByRole('button', { name: 'Act as this user' }));
    expect(await within(dialog).findByText(/The session of Sam Cellar could not be opened/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/users/sam');
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('shows what the server says when it refuses', async () => {
    const { user } = await admin('/admin/users/sam', {
      staffUser: () => aDetail(),
      forceLogout: () => {
        throw new Failure(
          'You cannot change your own account from the staff area; ask another admin',
          403,
          null,
          'OWN_ACCOUNT',
        );
      },
    });
    await user.click(await screen.findByTestId('user-force-logout'));
    const dialog = await screen.findByRole('dialog', { name: 'End every session of Sam Cellar?' });
    await user.click(within(dialog).getByRole('button', { name: 'End their sessions' }));
    expect(
      await within(dialog).findByText(
        'You cannot change your own account from the staff area; ask another admin',
      ),
    ).toBeTruthy();
  });

  it("offers nothing to change on the admin's own page", async () => {
    await admin('/admin/users/ada', {
      staffUser: () => aDetail({ id: 'ada', firstName: 'Ada', lastName: 'Admin' }),
    });
    expect((await screen.findByTestId('own-account')).textContent).toContain('another admin changes');
    expect(screen.queryByTestId('role-admin')).toBeNull();
    expect(screen.queryByTestId('user-status-change')).toBeNull();
    expect(screen.queryByTestId('user-force-logout')).toBeNull();
    expect(screen.queryByTestId('user-switch')).toBeNull();
    // The profile is still shown.
    expect(screen.getByRole('heading', { name: 'Ada Admin', level: 1 })).toBeTruthy();
  });
});
