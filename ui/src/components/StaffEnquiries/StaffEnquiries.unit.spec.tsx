import { screen, waitFor, within } from '@testing-library/react';
import type { StaffEnquiry } from '@wine/contracts';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser.ts';
import { renderApp } from '../../test-utils/app.tsx';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { aUser } from '../../test-utils/fixtures.ts';

const vera: StaffEnquiry = {
  id: 'enq-1',
  kind: 'contact',
  name: 'Vera Visitor',
  email: 'vera@example.com',
  phone: null,
  about: 'Private tasting',
  message: 'Do you host private tastings?',
  received_at: '2026-11-28T15:00:00.000Z',
  answers: [],
};

const admin = (api: NonNullable<Parameters<typeof renderApp>[1]>['api'] = {}, path = '/admin/enquiries') =>
  renderApp(path, {
    storedToken: 'tok-1',
    api: {
      validateUser: () => aUser({ id: 'ada', roles: ['admin'], isAdmin: true }),
      staffEnquiries: () => ({ records: [vera], totalRecords: 1 }),
      ...api,
    },
  });

describe('/admin/enquiries', () => {
  it('lists the enquiries and answers one by e-mail from a dialog', async () => {
    const { api, user } = await admin({
      answerEnquiry: () => ({ message: 'The answer is sent to vera@example.com', responseData: null }),
    });
    const card = await screen.findByTestId('staff-enquiry');
    expect(card.textContent).toContain('Private tasting');
    expect(card.textContent).toContain('Do you host private tastings?');
    expect(api.to('staffEnquiries')[0]?.input).toEqual({ kind: 'all', status: 'all', page: 1, limit: 25 });
    await expectNoAxeViolations(screen.getByRole('main'));
    await user.click(within(card).getByRole('button', { name: 'Answer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Answer Vera Visitor' });
    const send = within(dialog).getByRole('button', { name: 'Send' });
    expect(send.hasAttribute('disabled')).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: /Your answer/ }), 'Thursdays at 6 pm.');
    await user.click(send);
    await waitFor(() =>
      expect(api.to('answerEnquiry')[0]?.input).toEqual({ id: 'enq-1', message: 'Thursdays at 6 pm.' }),
    );
    expect(await screen.findByText('The answer is sent to vera@example.com')).toBeTruthy();
  });

  it('narrows by kind and status in the URL, and exports what it shows as CSV', async () => {
    const saved = vi.spyOn(browser, 'saveBlob').mockImplementation(() => {});
    const { api, user } = await admin(
      { exportEnquiries: () => ({ filename: 'enquiries-contact-open.csv', records: 'received_at\n' }) },
      '/admin/enquiries?kind=contact&status=open',
    );
    await screen.findByTestId('staff-enquiry');
    expect(api.to('staffEnquiries')[0]?.input).toMatchObject({ kind: 'contact', status: 'open' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(api.to('exportEnquiries')[0]?.input).toEqual({ kind: 'contact', status: 'open' });
    expect(saved.mock.calls[0]?.[1]).toBe('enquiries-contact-open.csv');
    saved.mockRestore();
  });
});
