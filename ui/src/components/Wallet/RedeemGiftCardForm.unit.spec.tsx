import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test-utils/app.tsx';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { Failure, withMessage } from '../../test-utils/fake-api.ts';
import { aCard, aUser } from '../../test-utils/fixtures.ts';

/** /transactions for a buyer with $50.00 of credit; 'GIFT-2500' is a fresh $25.00 card, 'USED-1' a redeemed one. */
const transactionsPage = () => {
  let balance = 5_000;
  const redeemed = new Set(['USED-1']);
  return renderApp('/transactions', {
    storedToken: 'tok-1',
    api: {
      validateUser: () => aUser(),
      alltransactions: () => ({ records: [], totalRecords: 0 }),
      getCards: () => ({ data: [aCard()], has_more: false }),
      getCreditHistory: () => ({ records: [], totalRecords: 0, setDisp: '', balance }),
      addGiftCardWalletBalance: ({ code }) => {
        if (redeemed.has(code)) {
          throw new Failure(
            'This gift card was already redeemed',
            409,
            { field: 'code' },
            'GIFT_CARD_REDEEMED',
          );
        }
        if (code !== 'GIFT-2500') {
          throw new Failure('This gift card code is not valid', 404, { field: 'code' }, 'GIFT_CARD_UNKNOWN');
        }
        balance += 2_500;
        redeemed.add(code);
        return withMessage('Gift card added to your wallet: $25.00', { balance });
      },
    },
  });
};

describe('redeeming a gift card in the wallet', () => {
  it('shows GIFT_CARD_REDEEMED at the code, then redeems a good code and refreshes the balance', async () => {
    const { api, user } = await transactionsPage();
    expect((await screen.findByTestId('wallet-balance')).textContent).toBe('$50.00');
    const form = screen.getByRole('form', { name: 'Redeem a gift card' });
    const code = within(form).getByRole('textbox', { name: 'Gift card code' });
    expect(screen.getByTestId('giftcard-code')).toBe(code);

    await user.type(code, 'USED-1');
    await user.click(screen.getByTestId('giftcard-redeem'));
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    const described = document.getElementById(code.getAttribute('aria-describedby')?.split(' ')[0] ?? '');
    expect(described?.textContent).toBe('This gift card was already redeemed');
    expect(screen.getByTestId('wallet-balance').textContent).toBe('$50.00');
    await expectNoAxeViolations(form);

    await user.clear(code);
    await user.type(code, 'GIFT-2500');
    expect(code.getAttribute('aria-invalid')).not.toBe('true');
    await user.click(within(form).getByRole('button', { name: 'Redeem' }));
    expect((await within(form).findByRole('status')).textContent).toBe(
      'Gift card added to your wallet: $25.00',
    );
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('$75.00'));
    expect((code as HTMLInputElement).value).toBe('');
    expect(api.to('addGiftCardWalletBalance').map((r) => r.input)).toEqual([
      { code: 'USED-1' },
      { code: 'GIFT-2500' },
    ]);
  });

  it('says so when the buyer enters again a card they redeemed, adding nothing (issue 31)', async () => {
    const { user } = await transactionsPage();
    const form = await screen.findByRole('form', { name: 'Redeem a gift card' });
    const code = within(form).getByRole('textbox', { name: 'Gift card code' });
    await user.type(code, 'GIFT-2500');
    await user.click(within(form).getByRole('button', { name: 'Redeem' }));
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('$75.00'));
    await user.type(code, 'GIFT-2500');
    await user.click(within(form).getByRole('button', { name: 'Redeem' }));
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText('This gift card was already redeemed')).toBeTruthy();
    expect(within(form).queryByRole('status')).toBeNull();
    expect(screen.getByTestId('wallet-balance').textContent).toBe('$75.00');
  });

  it('asks for a code before asking the server', async () => {
    const { api, user } = await transactionsPage();
    await user.click(await screen.findByTestId('giftcard-redeem'));
    expect(await screen.findByText('Required!')).toBeTruthy();
    expect(api.to('addGiftCardWalletBalance')).toHaveLength(0);
  });
});
