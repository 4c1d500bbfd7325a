import { screen, waitFor, within } from '@testing-library/react';
import type { PrivateSaleGuests, StaffLotDetail } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/format.ts';
import { renderApp } from '../../test-utils/app.tsx';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { Failure, withMessage } from '../../test-utils/fake-api.ts';
import { aLot, aUser } from '../../test-utils/fixtures.ts';
import { parseEmails } from './private-sale.ts';

type Api = NonNullable<Parameters<typeof renderApp>[1]>['api'];

const TOKEN = 'ps_0123456789abcdefghijKLMN';
const alertTexts = () => screen.queryAllByTestId('alert').map((a) => a.textContent);

/** A private sale as the admin's lot page loads it: a fixed-price lot for invited buyers. */
function aPrivateLot(): StaffLotDetail {
  const person = (id: string, name: string) => ({ id, name });
  return {
    id: 'ps-1',
    status: 'open',
    seller: person('house', 'Fine Wine Auction'),
    bidCount: 0,
    sold: 0,
    changedAt: '2030-01-01T12:00:00.000Z',
    changedBy: person('ada', 'Ada Admin'),
    withdrawnReason: null,
    relistedAs: null,
    fields: {
      sku: 'PS-1',
      lotNumber: null,
      auctionId: null,
      title: '1990 Pétrus',
      producer: 'Pétrus',
      vintage: 1990,
      country: 'France',
      region: 'Bordeaux',
      subregion: 'Pomerol',
      colour: 'Red',
      bottleSize: '750ml',
      scores: {},
      description: '',
      images: [],
      quantity: 6,
      minimumQuantity: 1,
      enforceMinimumQuantity: false,
      availability: null,
      auction: false,
      buyNow: true,
      openingBid: 0,
      reserve: null,
      buyNowPrice: 450_000,
      discounts: [],
      startsAt: '2030-01-01T12:00:00.000Z',
      closesAt: '2030-03-01T12:00:00.000Z',
      meta: { title: '', description: '', keywords: '' },
      privateSale: true,
    },
  };
}

const twoGuests: PrivateSaleGuests = {
  records: [
    {
      user_id: 'u-bob',
      name: 'Bob Buyer',
      email: 'bob@example.com',
      joined_by: 'invite',
      at: '2030-01-02T10:00:00.000Z',
    },
    { user_id: 'u-cy', name: '', email: 'cy@example.com', joined_by: 'link', at: '2030-01-03T10:00:00.000Z' },
  ],
  totalRecords: 2,
  links_sent: 3,
};

const admin = (api: Api = {}) =>
  renderApp('/admin/lots/ps-1', {
    storedToken: 'tok-1',
    api: {
      validateUser: () => aUser({ roles: ['admin'], isAdmin: true }),
      staffLot: () => aPrivateLot(),
      privateSaleGuests: () => twoGuests,
      ...api,
    },
  });

describe('the invitation form’s addresses', () => {
  it('takes them one a line or comma-separated, once each, in lower case, and names the others', () => {
    expect(
      parseEmails(' Bob@Example.com\ncy@example.com, bob@example.com;\n\nnot-an-address  dee@x.io'),
    ).toEqual({
      emails: ['bob@example.com', 'cy@example.com', 'dee@x.io'],
      invalid: ['not-an-address'],
    });
    expect(parseEmails('  \n ')).toEqual({ emails: [], invalid: [] });
  });
});

describe('/admin/lots/:id of a private sale (issue 36 §5)', () => {
  it('shows the lot as a private sale, its guests and the links mailed, and links to its offers and history', async () => {
    const { api } = await admin();
    const card = await screen.findByTestId('private-sale-card');
    expect(screen.getByTestId('lot-private-sale').textContent).toBe('Private sale');
    // Private-ness is chosen when the lot is listed: no switch to change it here.
    expect(screen.queryByTestId('private-sale-switch')).toBeNull();
    const rows = await within(card).findAllByTestId('private-sale-guest');
    const shown = (row: HTMLElement) =>
      ['guest-name', 'guest-email', 'guest-since'].map((id) => within(row).getByTestId(id).textContent);
    expect(rows.map(shown)).toEqual([
      ['Bob Buyer', 'bob@example.com', `since ${formatDateTime('2030-01-02T10:00:00.000Z')}`],
      // A guest the users read model does not know yet: named by their id.
      ['u-cy', 'cy@example.com', `since ${formatDateTime('2030-01-03T10:00:00.000Z')}`],
    ]);
    expect(rows.map((row) => within(row).getByText(/Invited|Opened a link/).textContent)).toEqual([
      'Invited',
      'Opened a link',
    ]);
    expect(within(card).getByRole('list', { name: 'Guests of the private sale' })).toBeTruthy();
    expect(within(card).getByTestId('private-sale-links').textContent).toBe(
      'Links mailed to addresses without an account: 3',
    );
    expect(api.to('privateSaleGuests').map((r) => r.input)).toEqual([{ id: 'ps-1' }]);
    expect(screen.getByRole('link', { name: 'Offers on this lot' }).getAttribute('href')).toBe(
      '/admin/offers',
    );
    expect(screen.getByRole('link', { name: 'History' }).getAttribute('href')).toBe('/audit/lot/ps-1');
    await expectNoAxeViolations(card);
  });

  it('checks the addresses before sending, then says how many were invited and mailed', async () => {
    const { api, user } = await admin({
      invitePrivateSale: ({ emails }) =>
        withMessage('Invitations sent', { invited: 1, links: (emails?.length ?? 0) - 1 }),
    });
    const form = await screen.findByRole('form', { name: 'Invite buyers' });
    const field = within(form).getByRole('textbox', { name: /E-mail addresses/ });
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(await within(form).findByText('Name at least one buyer or address to invite')).toBeTruthy();
    await user.click(field);
    await user.paste('bob@example.com\nnot an address, new@example.com');
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(await within(form).findByText('Not e-mail addresses: not, an, address')).toBeTruthy();
    expect(api.to('invitePrivateSale')).toHaveLength(0);

    await user.clear(field);
    await user.paste('Bob@example.com\nnew@example.com, other@example.com');
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect((await within(form).findByTestId('invite-result')).textContent).toBe(
      'Buyers invited: 1. Links mailed: 2.',
    );
    expect(api.to('invitePrivateSale').map((r) => r.input)).toEqual([
      { id: 'ps-1', user_ids: [], emails: ['bob@example.com', 'new@example.com', 'other@example.com'] },
    ]);
    expect((field as HTMLTextAreaElement).value).toBe('');
    // The guests load again, with whoever the invitation added.
    await waitFor(() => expect(api.to('privateSaleGuests')).toHaveLength(2));
  });

  it('shows the server’s refusal of an invitation', async () => {
    const { user } = await admin({
      invitePrivateSale: () => {
        throw new Failure('This lot is not a private sale', 409, { field: 'id' }, 'NOT_PRIVATE_SALE');
      },
    });
    const form = await screen.findByRole('form', { name: 'Invite buyers' });
    await user.click(within(form).getByRole('textbox', { name: /E-mail addresses/ }));
    await user.paste('bob@example.com');
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect((await within(form).findByTestId('invite-failure')).textContent).toBe(
      'This lot is not a private sale',
    );
  });
});

describe('/private-sale?token=: the invitation link (issue 36 §5)', () => {
  it('asks a visitor to sign in or register and come back to the link, spending nothing', async () => {
    const { api } = await renderApp(`/private-sale?token=${TOKEN}`);
    expect((await screen.findByTestId('private-sale-sign-in')).textContent).toContain('Keep this link');
    const back = `?referer=${encodeURIComponent(`/private-sale?token=${TOKEN}`)}`;
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(`/login${back}`);
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      `/registration${back}`,
    );
    expect(screen.queryByRole('button', { name: 'Open the private sale' })).toBeNull();
    expect(api.to('joinPrivateSale')).toHaveLength(0);
    await expectNoAxeViolations(screen.getByRole('main'));
  });

  it('joins only on the button, once, and opens the lot with its private-sale badge', async () => {
    const { api, user, router } = await renderApp(`/private-sale?token=${TOKEN}`, {
      storedToken: 'tok-1',
      api: {
        validateUser: () => aUser({ id: 'user-1' }),
        joinPrivateSale: () => withMessage('You are invited to this private sale', { product_id: 'ps-1' }),
        productLot: ({ id }) => aLot({ id, title: '1990 Pétrus', private_sale: 1 }),
        similarProducts: () => ({ records: [], totalRecords: 0 }),
      },
    });
    const open = await screen.findByRole('button', { name: 'Open the private sale' });
    // Loading the page (or a link preview) spends nothing.
    expect(api.to('joinPrivateSale')).toHaveLength(0);
    await user.dblClick(open);
    await waitFor(() => expect(router.state.location.pathname).toBe('/productview/ps-1'));
    expect(api.to('joinPrivateSale').map((r) => r.input)).toEqual([{ token: TOKEN }]);
    await waitFor(() => expect(alertTexts()).toContain('You are invited to this private sale'));
    const badge = await screen.findByTestId('lot-private-sale');
    expect(badge.textContent).toBe('Private saleOffered privately to invited buyers');
  });

  it('says when the link was already used, and offers no second try', async () => {
    const { api, user, router } = await renderApp(`/private-sale?token=${TOKEN}`, {
      storedToken: 'tok-1',
      api: {
        validateUser: () => aUser({ id: 'user-1' }),
        joinPrivateSale: () => {
          throw new Failure(
            'This invitation link was already used or has expired',
            410,
            { field: 'token' },
            'PRIVATE_SALE_LINK_USED',
          );
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Open the private sale' }));
    expect((await screen.findByTestId('private-sale-failure')).textContent).toBe(
      'This invitation link was already used or has expired',
    );
    expect(screen.queryByTestId('private-sale-open')).toBeNull();
    expect(router.state.location.pathname).toBe('/private-sale');
    expect(api.to('joinPrivateSale')).toHaveLength(1);
  });

  it('says a link without its token is incomplete', async () => {
    await renderApp('/private-sale');
    expect((await screen.findByTestId('private-sale-no-token')).textContent).toBe(
      'This link is incomplete: open the link from your e-mail again.',
    );
  });
});

describe('the lot page of a lot that is not private', () => {
  it('shows no private-sale badge', async () => {
    await renderApp('/productview/lot-1', {
      api: {
        productLot: ({ id }) => aLot({ id, private_sale: 0 }),
        similarProducts: () => ({ records: [], totalRecords: 0 }),
      },
    });
    await screen.findByTestId('lot-title');
    expect(screen.queryByTestId('lot-private-sale')).toBeNull();
  });
});
