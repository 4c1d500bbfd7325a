import { screen, waitFor, within } from '@testing-library/react';
import { invoiceAmounts, type ReturnableInvoice } from '@wine/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { render } from '../../test-utils/render.tsx';
import { type ReturnRequest, ReturnRequestDialog } from './ReturnRequestDialog.tsx';

/** A 3-bottle auction lot: $300 hammer + 20% premium + 10.25% tax = $396.90, paid. */
const line = { product_id: 'lot-1', title: '2015 Château Margaux', qty: 3 };
const amounts = invoiceAmounts(30_000, 20, 1025);
const paid: ReturnableInvoice = {
  lines: [{ lotId: 'lot-1', qty: 3, amount: 30_000 }],
  amounts,
  paid: amounts.total,
  returns: [],
};

async function open(
  onSubmit = vi.fn(async (_: ReturnRequest) => {}),
  returnable: ReturnableInvoice = paid,
  max = 3,
) {
  const onClose = vi.fn();
  const view = await render(
    <ReturnRequestDialog
      invoiceId="inv-1"
      line={line}
      max={max}
      returnable={returnable}
      onClose={onClose}
      onSubmit={onSubmit}
    />,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Request a return: 2015 Château Margaux' });
  return { ...view, dialog, onSubmit, onClose };
}

describe('the return request dialog', () => {
  it('asks how many of the lot’s 3 bottles, showing the refund they bring as it changes', async () => {
    expect(amounts.total).toBe(39_690);
    const { user, dialog, onSubmit, onClose } = await open();
    const qty = within(dialog).getByRole('textbox', { name: /Bottles to return/ });
    expect((qty as HTMLInputElement).value).toBe('1');
    expect(within(dialog).getByText('Up to 3 of this line’s 3 bottles')).toBeTruthy();
    // A third of $396.90.
    expect(within(dialog).getByTestId('return-amount').textContent).toBe(
      'Refund for 1 of 3 bottles: $132.30',
    );
    await user.clear(qty);
    await user.type(qty, '3');
    expect(within(dialog).getByTestId('return-amount').textContent).toBe(
      'Refund for 3 of 3 bottles: $396.90',
    );
    await user.clear(qty);
    await user.type(qty, '2');
    expect(within(dialog).getByTestId('return-amount').textContent).toBe(
      'Refund for 2 of 3 bottles: $264.60',
    );
    await user.type(
      within(dialog).getByRole('textbox', { name: /Reason/ }),
      'Corked, smells of wet cardboard',
    );
    await expectNoAxeViolations(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Request the return' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSubmit.mock.calls).toEqual([
      [{ invoice_id: 'inv-1', product_id: 'lot-1', qty: 2, reason: 'Corked, smells of wet cardboard' }],
    ]);
  });

  it('rounds each share down and gives the last bottle what is left, never more than was paid', async () => {
    // $100 for 3 bottles, no premium, $10.25 tax: $110.25; a bottle $36.75, the last two after one $73.50.
    const odd: ReturnableInvoice = {
      lines: [{ lotId: 'lot-1', qty: 3, amount: 10_000 }],
      amounts: invoiceAmounts(10_000, 0, 1025),
      paid: 11_025,
      returns: [{ lotId: 'lot-1', qty: 1, amount: 3_675 }],
    };
    const { user, dialog } = await open(undefined, odd, 2);
    const qty = within(dialog).getByRole('textbox', { name: /Bottles to return/ });
    await user.clear(qty);
    await user.type(qty, '2');
    expect(within(dialog).getByTestId('return-amount').textContent).toBe('Refund for 2 of 3 bottles: $73.50');
  });

  it('says what is wrong before sending: more bottles than are left, no reason, not a number', async () => {
    const { user, dialog, onSubmit } = await open(undefined, paid, 2);
    const qty = within(dialog).getByRole('textbox', { name: /Bottles to return/ });
    await user.clear(qty);
    await user.type(qty, '3');
    expect(within(dialog).queryByTestId('return-amount')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Request the return' }));
    expect(await within(dialog).findByText('Quantity to return: 1 to 2')).toBeTruthy();
    expect(within(dialog).getByText('Say why you return it')).toBeTruthy();
    await user.clear(qty);
    await user.type(qty, 'two');
    await user.click(within(dialog).getByRole('button', { name: 'Request the return' }));
    expect(await within(dialog).findByText('Quantity: a whole number from 1')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps the server’s refusal in the dialog (seeds 001 §8 "Return request failure")', async () => {
    const refused = new ApiError(
      'Returns close 30 days after the invoice is paid',
      409,
      null,
      'RETURN_WINDOW_CLOSED',
    );
    const onSubmit = vi.fn(async () => {
      throw refused;
    });
    const { user, dialog, onClose } = await open(onSubmit);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Corked');
    await user.click(within(dialog).getByRole('button', { name: 'Request the return' }));
    expect((await within(dialog).findByTestId('dialog-failure')).textContent).toBe(
      'Returns close 30 days after the invoice is paid',
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
