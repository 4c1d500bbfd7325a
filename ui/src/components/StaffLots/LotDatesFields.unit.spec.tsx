import { screen, waitFor, within } from '@testing-library/react';
import type { InputOf } from '@wine/contracts';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { render } from '../../test-utils/render.tsx';
import { ApproveLotDialog } from './ApproveLotDialog.tsx';
import { LotDatesFields, type LotDatesValues } from './LotDatesFields.tsx';
import { toLocalInput } from './lot-form.ts';

/** A form of the dates; Check sets the errors a resolver would. */
function Form() {
  const { register, setError, formState } = useForm<LotDatesValues>({
    defaultValues: { startsAt: '2031-01-10T09:00', closesAt: '' },
  });
  const check = () => {
    setError('startsAt', { message: 'must be an ISO date-time' });
    setError('closesAt', { message: 'closesAt must be after startsAt' });
  };
  return (
    <form>
      <LotDatesFields register={register} errors={formState.errors} />
      <button type="button" onClick={check}>
        Check
      </button>
    </form>
  );
}

const field = (name: RegExp) => screen.getByLabelText(name) as HTMLInputElement;

describe('LotDatesFields', () => {
  it('asks the opening, focused first and optional, then the close, required, as local date-times', async () => {
    await render(<Form />);
    const [opens, closes] = [field(/Opens/), field(/Closes/)];
    expect([opens.type, closes.type]).toEqual(['datetime-local', 'datetime-local']);
    expect(opens.value).toBe('2031-01-10T09:00');
    expect(opens.required).toBe(false);
    expect(opens.hasAttribute('data-autofocus')).toBe(true);
    expect(closes.required).toBe(true);
    expect(closes.hasAttribute('data-autofocus')).toBe(false);
  });

  it('shows each date’s error under it', async () => {
    const { user } = await render(<Form />);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('must be an ISO date-time')).toBeTruthy();
    expect(screen.getByText('closesAt must be after startsAt')).toBeTruthy();
    expect(field(/Opens/).getAttribute('aria-invalid')).toBe('true');
    expect(field(/Closes/).getAttribute('aria-invalid')).toBe('true');
  });
});

describe('ApproveLotDialog', () => {
  const startsAt = '2031-01-10T09:00:00.000Z';
  const closesAt = '2031-01-17T09:00:00.000Z';
  const open = async () => {
    const onSubmit = vi.fn(async (_: InputOf<'approveLot'>) => {});
    const view = await render(
      <ApproveLotDialog
        id="l-1"
        title="2010 Château Latour"
        startsAt={startsAt}
        closesAt={closesAt}
        onClose={() => {}}
        onSubmit={onSubmit}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Approve “2010 Château Latour”' });
    return { ...view, dialog, onSubmit };
  };

  it('starts from the seller’s dates and sends only those the admin changed', async () => {
    const { user, dialog, onSubmit } = await open();
    const closes = within(dialog).getByLabelText(/Closes/) as HTMLInputElement;
    expect((within(dialog).getByLabelText(/Opens/) as HTMLInputElement).value).toBe(toLocalInput(startsAt));
    expect(closes.value).toBe(toLocalInput(closesAt));
    await user.clear(closes);
    await user.type(closes, '2031-02-01T18:00');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      id: 'l-1',
      closesAt: new Date('2031-02-01T18:00').toISOString(),
    });
  });

  it('refuses a new close before a new opening, under the close', async () => {
    const { user, dialog, onSubmit } = await open();
    const [opens, closes] = [within(dialog).getByLabelText(/Opens/), within(dialog).getByLabelText(/Closes/)];
    await user.clear(opens);
    await user.type(opens, '2031-01-20T09:00');
    await user.clear(closes);
    await user.type(closes, '2031-01-15T18:00');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('closesAt must be after startsAt')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
