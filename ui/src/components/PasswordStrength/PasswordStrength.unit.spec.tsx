import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { render } from '../../test-utils/render.tsx';
import { PasswordStrength } from './PasswordStrength.tsx';

describe('PasswordStrength', () => {
  it('shows nothing for an empty password', async () => {
    await render(<PasswordStrength password="" />);
    expect(screen.queryByTestId('password-strength')).toBeNull();
  });

  it.each([
    ['password', 'Weak'],
    ['Tr4vel-Claret-Quokka-1987!', 'Strong'],
  ])('rates %s as %s and reports the score to the form', async (password, label) => {
    const onScore = vi.fn();
    const { container } = await render(<PasswordStrength password={password} onScore={onScore} />);
    expect((await screen.findByTestId('password-strength')).textContent).toBe(label);
    await waitFor(() => expect(onScore).toHaveBeenCalled());
    expect(String(onScore.mock.calls.at(-1)?.[0])).toBe(
      screen.getByTestId('password-strength').dataset.score,
    );
    await expectNoAxeViolations(container);
  });
});
