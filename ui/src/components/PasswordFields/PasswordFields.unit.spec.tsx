import { screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import type { PasswordScore } from '../../lib/password-strength.ts';
import { render } from '../../test-utils/render.tsx';
import { NameFields, type NameValues } from '../NameFields/NameFields.tsx';
import { PasswordFields, type PasswordFieldsProps, type PasswordValues } from './PasswordFields.tsx';

type Values = NameValues & PasswordValues;

/** A form of both blocks; Check sets the errors a resolver would. */
function Form({
  onScore,
  label,
}: {
  onScore: (score: PasswordScore) => void;
  label?: PasswordFieldsProps['label'];
}) {
  const { register, watch, setError, formState } = useForm<Values>({
    defaultValues: { first_name: 'Ada', last_name: '', password: '', confirm_password: '' },
  });
  const check = () => {
    setError('last_name', { message: 'Required!' });
    setError('confirm_password', { message: 'Passwords do not match' });
  };
  return (
    <form>
      <NameFields register={register} errors={formState.errors} />
      <PasswordFields
        register={register}
        errors={formState.errors}
        password={watch('password')}
        onScore={onScore}
        {...(label && { label })}
      />
      <button type="button" onClick={check}>
        Check
      </button>
    </form>
  );
}

describe('NameFields and PasswordFields', () => {
  it('register the names and the passwords in the form, as required fields', async () => {
    await render(<Form onScore={() => {}} />);
    const first = screen.getByRole('textbox', { name: /First name/ }) as HTMLInputElement;
    expect(first.value).toBe('Ada');
    expect(first.required).toBe(true);
    expect((screen.getByRole('textbox', { name: /Last name/ }) as HTMLInputElement).required).toBe(true);
    expect(screen.getByLabelText(/New password/).getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByLabelText(/Confirm password/).getAttribute('autocomplete')).toBe('new-password');
  });

  it('calls the password Password on registration', async () => {
    await render(<Form onScore={() => {}} label="password" />);
    expect(screen.queryByLabelText(/New password/)).toBeNull();
    expect(screen.getByLabelText(/^Password/)).toBeTruthy();
  });

  it('rates the password as it is typed and tells the form the score', async () => {
    const onScore = vi.fn();
    const { user } = await render(<Form onScore={onScore} />);
    await user.type(screen.getByLabelText(/New password/), 'Tr4vel-Claret-Quokka-1987!');
    expect((await screen.findByTestId('password-strength')).textContent).toBe('Strong');
    await waitFor(() => expect(onScore).toHaveBeenLastCalledWith(4));
  });

  it('shows each field’s error under it', async () => {
    const { user } = await render(<Form onScore={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Required!')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
  });
});
