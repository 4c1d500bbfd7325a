import { Stack, Table } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';

export interface ContentTableProps<R> {
  records: readonly R[];
  keyOf: (record: R) => string | number;
  /** The columns' headings, in order; `cells` answers one cell a heading. */
  columns: readonly ReactNode[];
  cells: (record: R) => readonly ReactNode[];
  /** A record on a phone: the same facts as a card. */
  card: (record: R) => ReactNode;
  minWidth: number;
  testId: string;
  rowTestId: string;
}

/** The content screens' lists: a card a record on a phone, a table from a tablet up. */
export function ContentTable<R>({
  records,
  keyOf,
  columns,
  cells,
  card,
  minWidth,
  testId,
  rowTestId,
}: ContentTableProps<R>) {
  return (
    <>
      <Stack gap="sm" hiddenFrom="sm">
        {records.map((record) => (
          <Fragment key={keyOf(record)}>{card(record)}</Fragment>
        ))}
      </Stack>
      <Table.ScrollContainer minWidth={minWidth} visibleFrom="sm">
        <Table striped verticalSpacing="sm" data-testid={testId}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed, in their order
                <Table.Th key={i}>{column}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {records.map((record) => (
              <Table.Tr key={keyOf(record)} data-testid={rowTestId}>
                {cells(record).map((cell, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: one cell a column, in the columns' order
                  <Table.Td key={i}>{cell}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
