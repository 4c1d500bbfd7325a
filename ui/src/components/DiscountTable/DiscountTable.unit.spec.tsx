import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { render } from '../../test-utils/render.tsx';
import { DiscountTable } from './DiscountTable.tsx';

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((tr) =>
      within(tr)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    );

describe('DiscountTable', () => {
  it("writes ranges as 'n - m' up to the next row and 'n & up' for the last", async () => {
    const { container } = await render(
      <DiscountTable
        rows={[
          { id: 'b', quantity: 6, bprice: 9_000 },
          { id: 'a', quantity: 1, bprice: 10_000 },
          { id: 'c', quantity: 12, bprice: 8_500 },
        ]}
      />,
    );
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Quantity', 'Price']);
    expect(rowsOf(table)).toEqual([
      ['1 - 5', '$100.00'],
      ['6 - 11', '$90.00'],
      ['12 & up', '$85.00'],
    ]);
    await expectNoAxeViolations(container);
  });

  it('starts at one bottle at the unit price when the first discount starts higher', async () => {
    await render(<DiscountTable rows={[{ id: 'a', quantity: 6, bprice: 9_000 }]} unitPrice={10_000} />);
    expect(rowsOf(screen.getByRole('table'))).toEqual([
      ['1 - 5', '$100.00'],
      ['6 & up', '$90.00'],
    ]);
  });

  it('renders nothing without discounts', async () => {
    await render(<DiscountTable rows={[]} unitPrice={10_000} />);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
