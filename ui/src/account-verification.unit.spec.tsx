import { screen, waitFor, within } from '@testing-library/react';
import type { UserRecord } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { kycStatusLabel } from './components/IdentityCheck/IdentityCheck.tsx';
import { renderApp } from './test-utils/app.tsx';
import { expectNoAxeViolations } from './test-utils/axe.ts';
import { Failure, type Handlers, withMessage } from './test-utils/fake-api.ts';
import { aUser } from './test-utils/fixtures.ts';

const alertTexts = () => screen.queryAllByTestId('alert').map((a) => a.textContent);

/** The text the field's aria-describedby points at (Mantine's error and description). */
const descriptionOf = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

/** /account/verification for a signed-in user; the owners list is empty unless a test says otherwise. */
const renderVerification = (user: Partial<UserRecord> = {}, api: Handlers = {}) =>
  renderApp('/account/verification', {
    storedToken: 'tok-1',
    api: { validateUser: () => aUser(user), getCompanyOwners: () => ({ records: [] }), ...api },
  });

const section = (name: string) => screen.getByRole('region', { name });

describe('the Identity & limits page', () => {
  it('shows the identity check, the bid limit with a pending request, and the company owners', async () => {
    await renderVerification(
      { kyc_status: 'review', bid_limit: 2_500_000, bid_limit_requested: 5_000_000 },
      {
        getCompanyOwners: () => ({
          records: [
            {
              id: 'o-1',
              name: 'Ada Lovelace',
              title: 'CEO',
              email: 'ada@example.com',
              ownership_percent: 60,
            },
          ],
        }),
      },
    );
    expect(await screen.findByRole('heading', { name: 'Identity & limits', level: 1 })).toBeTruthy();
    expect(screen.getByTestId('kyc-status').textContent).toBe('Under review');
    expect(screen.getByTestId('bid-limit-current').textContent).toBe('$25,000.00');
    expect(screen.getByTestId('bid-limit-requested').textContent).toBe(
      'Requested: $50,000.00, waiting for approval',
    );
    expect((await screen.findByTestId('owner-name')).textContent).toBe('Ada Lovelace');
    expect(screen.getByTestId('owners-total').textContent).toBe('60%');
    expect(
      within(screen.getByRole('navigation', { name: 'Account settings' }))
        .getByRole('link', { name: 'Identity & limits' })
        .getAttribute('aria-current'),
    ).toBe('page');
    await expectNoAxeViolations(screen.getByRole('main'));
  });

  it('says the identity check status in words', () => {
    expect((['none', 'approved', 'review', 'rejected'] as const).map(kycStatusLabel)).toEqual([
      'Not checked',
      'Approved',
      'Under review',
      'Not approved',
    ]);
  });
});

describe('the identity check', () => {
  const fillKyc = async (user: Awaited<ReturnType<typeof renderVerification>>['user'], born: string) => {
    const form = section('Identity check');
    await user.type(within(form).getByLabelText(/Date of birth/), born);
    await user.type(within(form).getByRole('textbox', { name: /Street address/ }), '1 Wacker Dr');
    await user.type(within(form).getByRole('textbox', { name: /City/ }), 'Chicago');
    await user.type(within(form).getByRole('textbox', { name: /State/ }), 'IL');
    await user.type(within(form).getByRole('textbox', { name: /ZIP code/ }), '60601');
    await user.click(within(form).getByRole('button', { name: 'Check my identity' }));
  };

  it('sends the date of birth and the address, then shows the outcome', async () => {
    const { user, api } = await renderVerification(
      {},
      { runKycCheck: () => aUser({ kyc_status: 'approved' }) },
    );
    expect((await screen.findByTestId('kyc-status')).textContent).toBe('Not checked');
    await fillKyc(user, '1980-02-29');

    await waitFor(() => expect(screen.getByTestId('kyc-status').textContent).toBe('Approved'));
    expect(api.to('runKycCheck')).toEqual([
      expect.objectContaining({
        input: {
          date_of_birth: '1980-02-29',
          address1: '1 Wacker Dr',
          city: 'Chicago',
          state: 'IL',
          zip: '60601',
          country: 'US',
        },
        authorization: 'Bearer tok-1',
      }),
    ]);
    await waitFor(() => expect(alertTexts()).toContain('Identity check: Approved'));
    // Approved: there is nothing more to send.
    expect(screen.queryByRole('button', { name: 'Check my identity' })).toBeNull();
  });

  it('shows the under-21 refusal under the date of birth', async () => {
    const { user, api } = await renderVerification(
      {},
      {
        runKycCheck: () => {
          throw new Failure('You must be 21 or older to bid or buy wine', 400, { field: 'date_of_birth' });
        },
      },
    );
    await screen.findByTestId('kyc-status');
    await fillKyc(user, '2010-01-01');

    const born = within(section('Identity check')).getByLabelText(/Date of birth/);
    await waitFor(() => expect(descriptionOf(born)).toContain('You must be 21 or older to bid or buy wine'));
    expect(born.getAttribute('aria-invalid')).toBe('true');
    expect(api.to('runKycCheck')).toHaveLength(1);
    expect(screen.getByTestId('kyc-status').textContent).toBe('Not checked');
  });

  it('checks the fields with the contract before sending anything', async () => {
    const { user, api } = await renderVerification();
    const form = await screen.findByTestId('identity-check');
    await user.type(within(form).getByRole('textbox', { name: /ZIP code/ }), '606');
    await user.click(within(form).getByRole('button', { name: 'Check my identity' }));
    expect(await within(form).findByText('Enter a 5 digit ZIP code')).toBeTruthy();
    expect(within(form).getByText('Enter a date as YYYY-MM-DD')).toBeTruthy();
    expect(within(form).getAllByText('Required!')).toHaveLength(3); // street, city, state
    expect(api.to('runKycCheck')).toHaveLength(0);
  });
});

describe('the bid limit', () => {
  it('asks for a higher limit in dollars, sends whole cents and shows the pending request', async () => {
    const { user, api } = await renderVerification(
      {},
      {
        requestBidLimit: ({ amount }) =>
          withMessage('Bid limit request sent', aUser({ bid_limit_requested: amount })),
      },
    );
    expect((await screen.findByTestId('bid-limit-current')).textContent).toBe('No limit approved yet');
    expect(screen.queryByTestId('bid-limit-requested')).toBeNull();
    const amount = within(section('Bid limit')).getByRole('textbox', { name: /Ask for a higher limit/ });
    await user.type(amount, '$12,500.50');
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    await waitFor(() =>
      expect(screen.getByTestId('bid-limit-requested').textContent).toBe(
        'Requested: $12,500.50, waiting for approval',
      ),
    );
    expect(api.to('requestBidLimit').map((r) => r.input)).toEqual([{ amount: 1_250_050 }]);
    await waitFor(() => expect(alertTexts()).toContain('Bid limit request sent'));
    expect(
      (
        within(section('Bid limit')).getByRole('textbox', {
          name: /Ask for a higher limit/,
        }) as HTMLInputElement
      ).value,
    ).toBe('');
  });

  it('says what is wrong with the amount, and shows the server refusing a lower one under it', async () => {
    const { user, api } = await renderVerification(
      { bid_limit: 2_500_000 },
      {
        requestBidLimit: () => {
          throw new Failure('Ask for more than your current bid limit', 400, { field: 'amount' });
        },
      },
    );
    expect((await screen.findByTestId('bid-limit-current')).textContent).toBe('$25,000.00');
    const amount = within(section('Bid limit')).getByRole('textbox', { name: /Ask for a higher limit/ });
    await user.type(amount, 'lots');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(descriptionOf(amount)).toContain('Enter an amount in dollars, like 25,000'));
    await user.clear(amount);
    await user.type(amount, '0.50');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(descriptionOf(amount)).toContain('Ask for at least $1.00'));
    expect(api.to('requestBidLimit')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '10000');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(descriptionOf(amount)).toContain('Ask for more than your current bid limit'));
    expect(api.to('requestBidLimit').map((r) => r.input)).toEqual([{ amount: 1_000_000 }]);
  });
});
