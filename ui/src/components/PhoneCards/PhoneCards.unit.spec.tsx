import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test-utils/app.tsx';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { aTransaction, aUser } from '../../test-utils/fixtures.ts';
import { PHONE_QUERY } from './PhoneCards.tsx';

const desktopMatchMedia = window.matchMedia;

/** A 390 px wide screen: the phone query matches, as in Chromium at that width. */
function phoneWidth() {
  window.matchMedia = (query: string) =>
    ({
      ...desktopMatchMedia(query),
      matches: query === PHONE_QUERY,
      media: query,
    }) as MediaQueryList;
}

const transactionsPage = () =>
  renderApp('/transactions', {
    storedToken: 'tok-1',
    api: {
      validateUser: () => aUser(),
      alltransactions: () => ({
        records: [aTransaction({ id: 'tx-1', invoice_number: '2030-000042' })],
        totalRecords: 1,
      }),
      getCards: () => ({ data: [], has_more: false }),
      getCreditHistory: () => ({ records: [], totalRecords: 0, setDisp: '', balance: 0 }),
    },
  });

describe('tables on a phone (issue 31: cut off at 390 px with no sign that they scrolled)', () => {
  afterEach(() => {
    window.matchMedia = desktopMatchMedia;
  });

  describe('at 390 px', () => {
    beforeEach(phoneWidth);

    it('shows each payment of /transactions as a card, each value named by its column', async () => {
      await transactionsPage();
      const table = await screen.findByTestId('transactions');
      expect(table.closest('[data-phone-cards]')?.getAttribute('data-phone-cards')).toBe('cards');
      const row = within(table).getByTestId('transaction-row');
      const cells = [...row.querySelectorAll('td')].map((td) => [td.dataset.label, td.textContent]);
      expect(cells).toEqual([
        ['Date', expect.any(String)],
        ['Invoice', '2030-000042'],
        ['Type', 'Payment'],
        ['Method', 'Card'],
        ['Card', 'Visa •••• 4242'],
        ['Amount', '$191.25'],
        ['Status', 'Succeeded'],
      ]);
      await expectNoAxeViolations(screen.getByRole('main'));
    }, 30_000);
  });

  it('keeps a table that scrolls sideways on a wider screen', async () => {
    await transactionsPage();
    const table = await screen.findByTestId('transactions');
    expect(table.closest('[data-phone-cards]')?.getAttribute('data-phone-cards')).toBe('table');
  }, 30_000);
});
