import { screen } from '@testing-library/react';
import type { PayoutMethod } from '@wine/contracts';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { render } from '../../test-utils/render.tsx';
import { PayoutMethodField } from './PayoutMethodField.tsx';

interface Values {
  payee: string;
  method: PayoutMethod;
}

/** A form with the field among others; Send hands its values on. */
function Form({ method, onSend }: { method: PayoutMethod; onSend: (values: Values) => void }) {
  const { control, handleSubmit } = useForm<Values>({ defaultValues: { payee: 'Sam', method } });
  return (
    <form onSubmit={handleSubmit(onSend)}>
      <PayoutMethodField
        control={control}
        name="method"
        label="How paid"
        methods={{ check: 'By check', bank_transfer: 'By transfer' }}
      />
      <button type="submit">Send</button>
    </form>
  );
}

const chosen = () => (screen.getByRole('radio', { checked: true }) as HTMLInputElement).value;

describe('PayoutMethodField', () => {
  it('names the field and both methods in the words it is given, and starts on the form’s method', async () => {
    await render(<Form method="bank_transfer" onSend={() => {}} />);
    expect(screen.getByText('How paid')).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'How paid' })).toBeTruthy();
    expect(screen.getAllByRole('radio').map((radio) => (radio as HTMLInputElement).value)).toEqual([
      'check',
      'bank_transfer',
    ]);
    expect(screen.getByLabelText('By check')).toBeTruthy();
    expect(chosen()).toBe('bank_transfer');
  });

  it('keeps the method chosen in the form, with its other fields as they were', async () => {
    const onSend = vi.fn();
    const { user } = await render(<Form method="check" onSend={onSend} />);
    expect(chosen()).toBe('check');
    await user.click(screen.getByText('By transfer'));
    expect(chosen()).toBe('bank_transfer');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith({ payee: 'Sam', method: 'bank_transfer' }, expect.anything());
  });
});
