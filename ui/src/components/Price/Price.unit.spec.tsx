import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { render } from '../../test-utils/render.tsx';
import { Price } from './Price.tsx';

describe('Price', () => {
  it('shows integer cents as dollars with two decimals', async () => {
    const { container } = await render(
      <p>
        <Price cents={123_400} data-testid="price" />
      </p>,
    );
    expect(screen.getByTestId('price').textContent).toBe('$1,234.00');
    await expectNoAxeViolations(container);
  });

  it('keeps cents that are not whole dollars', async () => {
    await render(<Price cents={1_999} />);
    expect(screen.getByText('$19.99')).toBeTruthy();
  });
});
