import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { render } from '../../test-utils/render.tsx';
import { Footer } from './Footer.tsx';

describe('Footer', () => {
  it('shows the tagline, the links and this year in the copyright line', async () => {
    const { container } = await render(<Footer />);
    expect(screen.getByText('FINE WINE WITH IMPECCABLE PROVENANCE')).toBeTruthy();
    for (const name of [
      'Terms & Conditions',
      'Delivery Collection & Storage',
      'Contact Us',
      'Privacy & Accessibility',
    ]) {
      expect(screen.getByRole('link', { name })).toBeTruthy();
    }
    expect(screen.getByTestId('copyright').textContent).toContain(String(new Date().getFullYear()));
    await expectNoAxeViolations(container);
  });

  it("asks for the newsletter e-mail: 'Required', then 'Invalid email format'", async () => {
    const { user } = await render(<Footer />);
    const field = screen.getByRole('textbox', { name: 'E-mail for the newsletter' });
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    await user.type(field, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Invalid email format')).toBeTruthy();
  });

  it('does not pretend to subscribe a valid address', async () => {
    const { user } = await render(<Footer />);
    const field = screen.getByRole('textbox', { name: 'E-mail for the newsletter' }) as HTMLInputElement;
    await user.type(field, 'collector@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/opens soon/);
    expect(field.value).toBe('collector@example.com');
    expect(screen.queryByText(/success/i)).toBeNull();
  });
});
