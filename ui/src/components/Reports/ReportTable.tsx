import { Table, Text } from '@mantine/core';
import { type ReportName, type ReportPage, reportColumns } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import { columnLabel, formatCell, valueLabel } from './report-view.ts';

export interface ReportTableProps {
  report: ReportName;
  page: ReportPage;
}

/** One page of a report's records, with the totals of the whole report in its footer. */
export function ReportTable({ report, page }: ReportTableProps) {
  const { t } = useTranslation();
  // The ids behind a name stay in the CSV; the table shows the name.
  const columns = reportColumns[report].filter((c) => c.key !== 'buyer_id' && c.key !== 'seller_id');
  if (page.records.length === 0) {
    return (
      <Text c="dimmed" data-testid="report-empty">
        {t('ui.reports.empty')}
      </Text>
    );
  }
  const cellText = (kind: string, text: string) => {
    const key = kind === 'text' ? valueLabel(text) : null;
    return key ? t(key) : text;
  };
  const alignOf = (kind: string) =>
    kind === 'money' || kind === 'number' || kind === 'percent' ? 'right' : 'left';
  return (
    <Table.ScrollContainer minWidth={Math.max(640, columns.length * 90)}>
      <Table striped verticalSpacing="xs" data-testid="report-table">
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key} ta={alignOf(column.kind)}>
                {t(columnLabel(column.key))}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {page.records.map((record) => (
            <Table.Tr key={JSON.stringify(record)} data-testid="report-row">
              {columns.map((column) => (
                <Table.Td key={column.key} ta={alignOf(column.kind)} style={{ whiteSpace: 'nowrap' }}>
                  {cellText(column.kind, formatCell(column, record[column.key]))}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr data-testid="report-totals">
            {columns.map((column, i) =>
              i === 0 ? (
                <Table.Th key={column.key} scope="row">
                  {t('ui.reports.totals')}
                </Table.Th>
              ) : (
                <Table.Td key={column.key} ta={alignOf(column.kind)} fw={600}>
                  {column.total ? formatCell(column, page.totals[column.key] ?? 0) : ''}
                </Table.Td>
              ),
            )}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
