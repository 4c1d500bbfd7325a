import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test-utils/app.tsx';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { aUser } from '../../test-utils/fixtures.ts';
import { aReturn } from '../../test-utils/returns.ts';

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .slice(1)
    .map((cell) => cell.textContent);

describe('/returns', () => {
  it("lists the caller's returns and how each ended, page by page", async () => {
    const { api, user, router } = await renderApp('/returns', {
      storedToken: 'tok-1',
      api: {
        validateUser: () => aUser(),
        allreturns: ({ page }) => ({
          records: [
            aReturn({ id: `r-${page}` }),
            aReturn({
              id: 'r-9',
              invoice_id: 'inv-7',
              status: 'refused',
              note: 'The capsule was cut',
              qty: 1,
            }),
            aReturn({
              id: 'r-8',
              status: 'refunded',
              refund_to: 'wallet',
              amount: 5_513,
              refunded_amount: 5_513,
              refunded_wallet: 5_513,
            }),
          ],
          totalRecords: 45,
        }),
      },
    });
    const rows = await screen.findAllByTestId('return-row');
    expect(rows.map((r) => r.dataset.returnId)).toEqual(['r-1', 'r-9', 'r-8']);
    // The date is the browser's local time: only the columns after it are compared.
    expect(cellsOf(rows[1] as HTMLElement)).toEqual([
      'inv-7',
      '2015 Château MargauxCorked',
      '1',
      '$463.05',
      'Refused',
      'The capsule was cut',
    ]);
    expect(cellsOf(rows[2] as HTMLElement).slice(-2)).toEqual([
      'Refunded',
      '$55.13 refunded · To the wallet',
    ]);
    expect(
      within(rows[1] as HTMLElement)
        .getByRole('link', { name: 'inv-7' })
        .getAttribute('href'),
    ).toBe('/invoice/inv-7');
    await expectNoAxeViolations(screen.getByRole('main'));
    await user.click(screen.getByRole('button', { name: 'next page' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 2 }));
    expect(api.to('allreturns').at(-1)?.input).toEqual({ page: 2, limit: 20 });
  });

  it('says so when there are none', async () => {
    await renderApp('/returns', {
      storedToken: 'tok-1',
      api: { validateUser: () => aUser(), allreturns: () => ({ records: [], totalRecords: 0 }) },
    });
    expect((await screen.findByTestId('returns-empty')).textContent).toBe('No returns yet.');
  });
});
