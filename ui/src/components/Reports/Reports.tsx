import { Alert, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportName } from '@wine/contracts';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../api/client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { currentUserAtom } from '../../state/session.ts';
import { LedgerCheckPanel } from '../LedgerCheck/LedgerCheck.tsx';
import { canCheckLedger } from '../LedgerCheck/ledger-check.ts';
import { Pager } from '../Pager/Pager.tsx';
import { canHandleMoney } from '../StaffMoney/staff-roles.ts';
import { CsvDownload } from './CsvDownload.tsx';
import { ReportFilters, type ReportView } from './ReportFilters.tsx';
import { ReportTable } from './ReportTable.tsx';
import { reportLabel } from './report-view.ts';
import { WeeklyChart } from './WeeklyChart.tsx';

export const REPORT_PAGE_SIZE = 50;

export interface ReportsProps extends ReportView {
  page: number;
  onChange: (view: ReportView & { page: number }) => void;
}

/** The field a refusal is about, by its code (never its wording): the range's end, or the instant. */
function fieldErrors(error: unknown): { to?: string; asOf?: string } {
  if (!(error instanceof ApiError)) return {};
  const field = (error.responseData as { field?: string } | null)?.field;
  if (error.code === 'REPORT_RANGE') return { to: error.message };
  if (error.code === 'REPORT_AS_OF' || (error.code === 'VALIDATION' && field === 'asOf')) {
    return { asOf: error.message };
  }
  return {};
}

/** Inside the page's check: finance and admins only. */
function ReportBody({ report, from, to, asOf, page, onChange }: ReportsProps) {
  const { t } = useTranslation();
  const input = { from, to, page, limit: REPORT_PAGE_SIZE, ...(asOf && { asOf }) };
  const result = useQuery({
    queryKey: [report, input],
    queryFn: ({ signal }) => call(report, input, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const errors = fieldErrors(result.error);
  const view = { report, from, to, asOf };
  return (
    <Stack gap="lg">
      <ReportFilters
        key={`${report}-${from}-${to}-${asOf ?? ''}`}
        {...view}
        errors={errors}
        onShow={(next) => onChange({ ...next, page: 1 })}
      />
      {result.error && !errors.to && !errors.asOf ? (
        <Alert color="red" data-testid="report-error">
          {result.error.message}
        </Alert>
      ) : null}
      {result.data ? (
        <Stack gap="sm">
          <Group justify="space-between" align="center" wrap="wrap">
            <Text size="sm" c="dimmed" data-testid="report-as-of">
              {t('ui.reports.takenAsOf', { at: formatDateTime(result.data.asOf) })}
              {result.data.setDisp && ` · ${result.data.setDisp}`}
            </Text>
            <CsvDownload
              input={{ report, from, to, ...(asOf && { asOf }) }}
              expected={result.data.totalRecords}
            />
          </Group>
          <ReportTable report={report} page={result.data} />
          <Pager
            page={page}
            pageSize={REPORT_PAGE_SIZE}
            totalRecords={result.data.totalRecords}
            onPage={(next) => onChange({ ...view, page: next })}
          />
        </Stack>
      ) : result.isPending ? (
        <Loader aria-label={t('ui.reports.loading')} />
      ) : null}
      {errors.to || errors.asOf ? null : <WeeklyChart from={from} to={to} asOf={asOf} />}
    </Stack>
  );
}

/**
 * /reports/:report (seeds 001 §3, §7 "Reports"): finance picks a report, a range and optionally the
 * instant the books are taken at; the table with its totals, a CSV download with its progress, and
 * sales and premium by week. Anyone else is told who may see it (the server refuses them anyway).
 */
export function Reports(props: ReportsProps) {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  return (
    <Container size="xl" py="xl">
      <Title order={1} mb="lg">
        {t('ui.reports.title')}: {t(reportLabel(props.report as ReportName))}
      </Title>
      {user && canHandleMoney(user) ? (
        <Stack gap="lg">
          <ReportBody {...props} />
          {/* Issue 35 §1: the payments report's money checked against the ledger it came from. */}
          {props.report === 'getPayments' && canCheckLedger(user) && <LedgerCheckPanel />}
        </Stack>
      ) : (
        <Alert color="gray" data-testid="staff-only">
          {t('role.finance')}
        </Alert>
      )}
    </Container>
  );
}
