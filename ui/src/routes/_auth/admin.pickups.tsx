import { createFileRoute } from '@tanstack/react-router';
import { defaultMoneySettings, localTime } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { StaffPickups } from '../../components/StaffPickups/StaffPickups.tsx';
import { lazySearch } from '../../lib/search-param.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';
import { useServerNow } from '../../state/clock.ts';

const validateSearch = lazySearch(() =>
  z.object({
    date: z.catch(z.optional(z.iso.date()), undefined),
    days: z.catch(z._default(z.union([z.literal(1), z.literal(7)]), 1), 1),
  }),
);

/** /admin/pickups (admins, finance): ?date=YYYY-MM-DD (today at the shop when absent) and ?days=1|7. */
export const Route = createFileRoute('/_auth/admin/pickups')({
  validateSearch,
  search: { middlewares: validateSearch.middlewares },
  component: StaffPickupsPage,
});

function StaffPickupsPage() {
  const { t } = useTranslation();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const now = useServerNow();
  useDocumentMeta({ title: pageTitle(t('ui.pickups.title')) });
  // The shop's today, by the server's clock in the pickup location's zone.
  const today = localTime(new Date(now), defaultMoneySettings.appointmentTimeZone).date;
  return (
    <StaffPickups
      view={{ date: search.date ?? today, days: search.days }}
      onChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
