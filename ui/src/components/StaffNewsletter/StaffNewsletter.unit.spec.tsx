import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test-utils/app.tsx';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { aUser } from '../../test-utils/fixtures.ts';

describe('/admin/newsletter', () => {
  it('lists the subscribed addresses and takes one off the list after asking', async () => {
    let off = false;
    const { api, user } = await renderApp('/admin/newsletter', {
      storedToken: 'tok-1',
      api: {
        validateUser: () => aUser({ id: 'ada', roles: ['admin'], isAdmin: true }),
        staffContacts: () => ({
          records: off
            ? []
            : [
                {
                  email: 'reader@example.com',
                  source: 'footer',
                  language: 'es',
                  subscribed: true,
                  added_at: '2026-11-20T15:00:00.000Z',
                  unsubscribed_at: null,
                },
              ],
          totalRecords: off ? 0 : 1,
        }),
        unsubscribeContact: () => {
          off = true;
          return { message: 'reader@example.com is off the newsletter list', responseData: null };
        },
      },
    });
    const row = await screen.findByTestId('newsletter-contact');
    expect(row.textContent).toContain('reader@example.com');
    expect(row.textContent).toContain('ES · signed up');
    expect(api.to('staffContacts')[0]?.input).toEqual({ status: 'subscribed', page: 1, limit: 25 });
    await expectNoAxeViolations(screen.getByRole('main'));
    await user.click(within(row).getByRole('button', { name: 'Take off the list' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Take reader@example.com off the newsletter list?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Take off the list' }));
    await waitFor(() =>
      expect(api.to('unsubscribeContact')[0]?.input).toEqual({ email: 'reader@example.com' }),
    );
    expect(await screen.findByText('No address here.')).toBeTruthy();
  });
});
