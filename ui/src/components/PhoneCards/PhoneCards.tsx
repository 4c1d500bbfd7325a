import { Table } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import classes from './PhoneCards.module.css';

/** Mantine's `xs` breakpoint (36em, 576 px): a phone held upright, 390 px among them. */
export const PHONE_QUERY = '(max-width: 36em)';

export interface PhoneCardsProps {
  /** The table's least width on a wider screen, scrolled sideways below it. */
  minWidth: number;
  children: ReactNode;
}

/**
 * A table (its one child) that is a list of cards on a phone, each row a card and each cell a line
 * named by its column, and a table that scrolls sideways on a wider screen (issue 31: a phone cut
 * the tables off with no sign that they scrolled). The cells' names come from the head, so a table
 * keeps its one markup.
 */
export function PhoneCards({ minWidth, children }: PhoneCardsProps) {
  const phone = useMediaQuery(PHONE_QUERY);
  const ref = useRef<HTMLDivElement>(null);
  // After every render: the rows shown may have changed (a page, a refetch).
  useLayoutEffect(() => {
    const table = ref.current?.querySelector('table');
    if (!table) return;
    const names = [...table.querySelectorAll('thead th')].map((th) => th.textContent ?? '');
    for (const row of table.querySelectorAll('tbody tr')) {
      [...row.children].forEach((cell, i) => {
        const name = names[i] ?? '';
        if (cell.getAttribute('data-label') !== name) cell.setAttribute('data-label', name);
      });
    }
  });
  return (
    <div ref={ref} data-phone-cards={phone ? 'cards' : 'table'}>
      {phone ? (
        <div className={classes.cards}>{children}</div>
      ) : (
        <Table.ScrollContainer minWidth={minWidth}>{children}</Table.ScrollContainer>
      )}
    </div>
  );
}
