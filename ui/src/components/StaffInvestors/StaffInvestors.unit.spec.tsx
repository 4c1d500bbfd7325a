import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { renderWithApi } from '../../test-utils/component.tsx';
import { aUser } from '../../test-utils/fixtures.ts';
import { StaffInvestors } from './StaffInvestors.tsx';

describe('/admin/investors (issue 35 §3)', () => {
  it("lists each investor's owners with their identity checks, accreditation, bank and orders", async () => {
    const { container } = await renderWithApi(<StaffInvestors />, {
      signedInAs: aUser({ roles: ['admin'] }),
      api: {
        adminInvestors: () => ({
          records: [
            {
              user_id: 'u-1',
              kind: 'entity',
              name: 'Cellar Family Trust',
              owners: [
                { name: 'Ada Owner', kyc: 'approved' },
                { name: 'Dee Disapprove', kyc: 'disapproved' },
              ],
              accreditation: 'accredited',
              bank_last4: '6789',
              orders: 2,
              ordered: 5_000,
              onboarded_at: '2026-11-29T10:00:00.000Z',
            },
          ],
          totalRecords: 1,
        }),
      },
    });
    const row = await screen.findByTestId('investor');
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 6)).toEqual([
      'Cellar Family Trust',
      'Entity',
      'Ada Owner: approvedDee Disapprove: disapproved',
      'Accredited',
      '•••• 6789',
      '2 for $50.00',
    ]);
    expect(within(row).getByRole('link', { name: 'Cellar Family Trust' }).getAttribute('href')).toBe(
      '/admin/users/u-1',
    );
    await expectNoAxeViolations(container);
  });
});
