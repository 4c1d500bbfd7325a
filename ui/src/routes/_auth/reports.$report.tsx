import { createFileRoute, notFound } from '@tanstack/react-router';
import { isReportName } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { Reports } from '../../components/Reports/Reports.tsx';
import { defaultRange, reportLabel } from '../../components/Reports/report-view.ts';
import { instantParam, lazySearch, pageParam } from '../../lib/search-param.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

const day = z.catch(z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))), undefined);

const validateSearch = lazySearch(() =>
  z.object({
    from: day,
    to: day,
    asOf: instantParam(),
    page: pageParam(),
  }),
);

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
  validateSearch,
  search: { middlewares: validateSearch.middlewares },
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
