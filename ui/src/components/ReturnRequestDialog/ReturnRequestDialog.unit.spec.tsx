import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { render } from '../../test-utils/render.tsx';
import { type ReturnRequest, ReturnRequestDialog } from './ReturnRequestDialog.tsx';

const line = { product_id: 'lot-1', title: '2015 Château Margaux', qty: 6 };

async function open(kind: 'auction' | 'buynow', onSubmit = vi.fn(async (_: ReturnRequest) => {})) {
  const onClose = vi.fn();
  const view = await render(
    <ReturnRequestDialog
      invoiceId="inv-1"
      line={line}
      kind={kind}
      max={4}
      onClose={onClose}
      onSubmit={onSubmit}
    />,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Request a return: 2015 Château Margaux' });
  return { ...view, dialog, onSubmit, onClose };
}

describe('the return request dialog', () => {
  it('asks how many bottles of a buy-now line and why, and sends the action’s input', async () => {
    const { user, dialog, onSubmit, onClose } = await open('buynow');
    const qty = within(dialog).getByRole('textbox', { name: /Quantity to return/ });
    expect((qty as HTMLInputElement).value).toBe('4');
    expect(within(dialog).getByText('Up to 4')).toBeTruthy();
    await user.clear(qty);
    await user.type(qty, '2');
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

  it('says what is wrong before sending: more bottles than are left, no reason, not a number', async () => {
    const { user, dialog, onSubmit } = await open('buynow');
    const qty = within(dialog).getByRole('textbox', { name: /Quantity to return/ });
    await user.clear(qty);
    await user.type(qty, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Request the return' }));
    expect(await within(dialog).findByText('Quantity to return: 1 to 4')).toBeTruthy();
    expect(within(dialog).getByText('Say why you return it')).toBeTruthy();
    await user.clear(qty);
    await user.type(qty, 'two');
    await user.click(within(dialog).getByRole('button', { name: 'Request the return' }));
    expect(await within(dialog).findByText('Quantity: a whole number from 1')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('returns an auction lot whole: no quantity to choose', async () => {
    const { user, dialog, onSubmit } = await open('auction');
    expect(within(dialog).queryByRole('textbox', { name: /Quantity/ })).toBeNull();
    expect(within(dialog).getByText('A lot won at auction is returned whole: all 6 bottles.')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Wrong vintage delivered');
    await user.click(within(dialog).getByRole('button', { name: 'Request the return' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      invoice_id: 'inv-1',
      product_id: 'lot-1',
      qty: null,
      reason: 'Wrong vintage delivered',
    });
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
    const { user, dialog, onClose } = await open('auction', onSubmit);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Corked');
    await user.click(within(dialog).getByRole('button', { name: 'Request the return' }));
    expect((await within(dialog).findByTestId('dialog-failure')).textContent).toBe(
      'Returns close 30 days after the invoice is paid',
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
