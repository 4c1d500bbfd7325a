import { screen, waitFor, within } from '@testing-library/react';
import type { StaffContact, StaffContactsInput } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test-utils/app.tsx';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { aUser } from '../../test-utils/fixtures.ts';

const contact = (overrides: Partial<StaffContact>): StaffContact => ({
  email: 'reader@example.com',
  source: 'footer',
  language: 'es',
  kind: 'Subscriber',
  status: 'subscribed',
  subscribed: true,
  added_at: '2026-11-20T15:00:00.000Z',
  confirmed_at: '2026-11-20T15:10:00.000Z',
  unsubscribed_at: null,
  unsubscribed_by: null,
  sent_on: { service: 'sandbox', at: '2026-11-20T15:10:01.000Z', user_type: null, tag: 'Subscriber' },
  send_failed: null,
  ...overrides,
});

const admin = () => aUser({ id: 'ada', roles: ['admin'], isAdmin: true });

describe('/admin/newsletter', () => {
  it('lists the subscribed addresses with what went to the marketing service, and takes one off after asking', async () => {
    let off = false;
    const { api, user } = await renderApp('/admin/newsletter', {
      storedToken: 'tok-1',
      api: {
        validateUser: admin,
        staffContacts: () => ({
          records: off ? [] : [contact({})],
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
    expect(row.textContent).toContain('ES · confirmed');
    expect(within(row).getByTestId('newsletter-status').textContent).toBe('Subscribed');
    expect(within(row).getByTestId('newsletter-sent-on').textContent).toMatch(
      /^Sandbox: would have been sent to the marketing service .+ \(tag Subscriber\)$/,
    );
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

  it('shows pending sign-ups under their own status, a failed delivery, and who took an address off', async () => {
    const byStatus: Record<string, StaffContact[]> = {
      pending: [
        contact({
          email: 'waiting@example.com',
          status: 'pending',
          subscribed: false,
          confirmed_at: null,
          sent_on: null,
        }),
      ],
      all: [
        contact({
          email: 'failing@example.com',
          language: 'en',
          sent_on: null,
          send_failed: {
            at: '2026-11-20T15:11:00.000Z',
            attempt: 2,
            reason: 'zoho-campaigns HTTP_503: down',
          },
        }),
        contact({
          email: 'left@example.com',
          status: 'unsubscribed',
          subscribed: false,
          unsubscribed_at: '2026-11-21T09:00:00.000Z',
          unsubscribed_by: 'contact',
        }),
      ],
    };
    const { api, user } = await renderApp('/admin/newsletter?status=pending', {
      storedToken: 'tok-1',
      api: {
        validateUser: admin,
        staffContacts: (input: StaffContactsInput) => {
          const records = byStatus[input.status ?? 'subscribed'] ?? [];
          return { records, totalRecords: records.length };
        },
      },
    });
    const waiting = await screen.findByTestId('newsletter-contact');
    expect(within(waiting).getByTestId('newsletter-status').textContent).toBe('Pending');
    expect(waiting.textContent).toContain('not confirmed yet');
    expect(within(waiting).queryByTestId('newsletter-sent-on')).toBeNull();
    expect(within(waiting).getByRole('button', { name: 'Take off the list' })).toBeTruthy();
    expect(api.to('staffContacts')[0]?.input).toMatchObject({ status: 'pending' });

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'All' }));
    await waitFor(() => expect(screen.getAllByTestId('newsletter-contact')).toHaveLength(2));
    const [failing, left] = screen.getAllByTestId('newsletter-contact');
    expect(within(failing as HTMLElement).getByTestId('newsletter-sent-on').textContent).toMatch(
      /^Not sent yet, tried again later: zoho-campaigns HTTP_503: down \(attempt 2, .+\)$/,
    );
    expect(within(left as HTMLElement).getByTestId('newsletter-status').textContent).toBe('Off the list');
    expect(left?.textContent).toContain('Unsubscribed by its own link');
    expect(within(left as HTMLElement).queryByRole('button', { name: 'Take off the list' })).toBeNull();
  });
});
