import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { render } from '../../test-utils/render.tsx';
import {
  CartSkeleton,
  CheckoutSkeleton,
  DefaultSkeleton,
  ProductGridSkeleton,
  ProductListSkeleton,
  ProductViewSkeleton,
  SignupSkeleton,
  SKELETON_FADE_MS,
  TableSkeleton,
} from './Skeletons.tsx';

describe('loading skeletons (seeds 001 §2, §9)', () => {
  it('draws the table as 7 columns and 5 rows under a header row', async () => {
    await render(<TableSkeleton label="Loading cards" />);
    const rows = screen.getByTestId('table-skeleton').querySelectorAll('[data-skeleton-row]');
    expect(rows).toHaveLength(6);
    for (const row of rows) expect(row.querySelectorAll('[data-skeleton-cell]')).toHaveLength(7);
  });

  it('draws the sign-up form as 12 inputs', async () => {
    await render(<SignupSkeleton label="Loading the form" />);
    expect(screen.getByTestId('signup-skeleton').querySelectorAll('[data-skeleton-input]')).toHaveLength(12);
  });

  it('announces what loads, fades in, and passes axe, for every kind', async () => {
    const { container } = await render(
      <>
        <ProductGridSkeleton label="Loading wines" />
        <ProductListSkeleton label="Loading the list" />
        <CartSkeleton label="Loading your cart" />
        <CheckoutSkeleton label="Loading checkout" />
        <ProductViewSkeleton label="Loading the wine" />
        <TableSkeleton label="Loading the table" />
        <SignupSkeleton label="Loading the form" />
        <DefaultSkeleton label="Loading" />
      </>,
    );
    const statuses = screen.getAllByRole('status');
    expect(statuses.map((s) => s.getAttribute('aria-label'))).toEqual([
      'Loading wines',
      'Loading the list',
      'Loading your cart',
      'Loading checkout',
      'Loading the wine',
      'Loading the table',
      'Loading the form',
      'Loading',
    ]);
    // seeds 001 §9 "Skeleton fade 600 ms": every kind fades in over SKELETON_FADE_MS.
    expect(SKELETON_FADE_MS).toBe(600);
    for (const status of statuses) {
      expect(status.className).toMatch(/fade/);
      expect(status.style.animationDuration).toBe('600ms');
    }
    expect(screen.getByText('Loading your cart')).toBeTruthy();
    await expectNoAxeViolations(container);
  });
});
