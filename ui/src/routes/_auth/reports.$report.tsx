import { createFileRoute, notFound } from '@tanstack/react-router';
import { isReportName } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Reports } from '../../components/Reports/Reports.tsx';
import { defaultRange, reportLabel } from '../../components/Reports/report-view.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * /reports/:report (finance, admins): ?from=&to= the days of the range, ?asOf= the instant the books
 * are taken at (now when absent), ?page= the page. No loader: nothing is asked before the page knows
 * the user may see it.
 */
export const Route = createFileRoute('/_auth/reports/$report')({
  params: {
    parse: ({ report }) => {
      if (!isReportName(report)) throw notFound();
      return { report };
    },
    stringify: ({ report }) => ({ report }),
  },
  validateSearch: z.object({
    from: day.optional().catch(undefined),
    to: day.optional().catch(undefined),
    asOf: z.iso.datetime().optional().catch(undefined),
    page: z.number().int().min(1).max(10_000).default(1).catch(1),
  }),
  component: ReportPage,
});

function ReportPage() {
  const { t } = useTranslation();
  const { report } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const range = defaultRange();
  useDocumentMeta({ title: pageTitle(`${t('ui.reports.title')}: ${t(reportLabel(report))}`) });
  return (
    <Reports
      report={report}
      from={search.from ?? range.from}
      to={search.to ?? range.to}
      asOf={search.asOf}
      page={search.page}
      onChange={({ report: next, from, to, asOf, page }) =>
        void navigate({ to: '/reports/$report', params: { report: next }, search: { from, to, asOf, page } })
      }
    />
  );
}
