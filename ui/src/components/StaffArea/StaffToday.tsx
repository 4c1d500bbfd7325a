import { Card, SimpleGrid, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { StaffToday as Today } from '@wine/contracts';
import type { actionPaths } from '@wine/contracts/action-paths';
import { useTranslation } from 'react-i18next';
import { staffTodayQuery } from '../../api/queries.ts';
import { formatDate } from '../../lib/format.ts';
import { mayCall, type StaffUser } from '../../lib/may-call.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import { QueryState } from '../QueryState/QueryState.tsx';

type Count = Exclude<keyof Today, 'date'>;

/** Each count, the list it opens and the action that list asks for (shown only to who may open it). */
const items = [
  { key: 'closingToday', label: 'ui.staff.today.closingToday', action: 'staffLots' },
  { key: 'pastDue', label: 'ui.staff.today.pastDue', action: 'staffInvoices' },
  { key: 'returnsToDecide', label: 'ui.staff.today.returnsToDecide', action: 'decideReturn' },
  { key: 'listingsToReview', label: 'ui.staff.today.listingsToReview', action: 'staffLots' },
  { key: 'bidLimitRequests', label: 'ui.staff.today.bidLimitRequests', action: 'staffUsers' },
  { key: 'pickupsToday', label: 'ui.staff.today.pickupsToday', action: 'appointmentDashboard' },
] as const satisfies readonly { key: Count; label: `ui.${string}`; action: keyof typeof actionPaths }[];

/** The link of one count: the list it counts, narrowed to it. */
function CountLink({ item, count }: { item: (typeof items)[number]; count: number }) {
  const { t } = useTranslation();
  const label = t('ui.staff.today.open', { what: t(item.label), count });
  // What is waiting stands out; a nothing is there, quieter.
  const common = {
    fw: count ? 700 : 400,
    c: count ? undefined : 'dimmed',
    'data-testid': `today-${item.key}`,
  };
  switch (item.key) {
    case 'closingToday':
      return (
        <AnchorLink to="/admin/lots" search={{ status: 'open' }} {...common}>
          {label}
        </AnchorLink>
      );
    case 'listingsToReview':
      return (
        <AnchorLink to="/admin/lots" search={{ status: 'submitted' }} {...common}>
          {label}
        </AnchorLink>
      );
    case 'pastDue':
      return (
        <AnchorLink to="/admin/money" {...common}>
          {label}
        </AnchorLink>
      );
    case 'returnsToDecide':
      return (
        <AnchorLink to="/admin/returns" {...common}>
          {label}
        </AnchorLink>
      );
    case 'bidLimitRequests':
      return (
        <AnchorLink to="/admin/users" search={{ requests: true }} {...common}>
          {label}
        </AnchorLink>
      );
    case 'pickupsToday':
      return (
        <AnchorLink to="/admin/pickups" {...common}>
          {label}
        </AnchorLink>
      );
  }
}

/**
 * Issue 34 "The day's work": on the staff home, what waits today (lots closing, invoices past due,
 * returns to decide, listings to review, bid-limit requests, pickups), each a link to its list, for
 * the lists the user's roles open.
 */
export function StaffToday({ user }: { user: StaffUser }) {
  const { t } = useTranslation();
  const shown = items.filter((item) => mayCall(user, item.action));
  const today = useQuery({ ...staffTodayQuery(), enabled: mayCall(user, 'staffToday') && shown.length > 0 });
  if (!mayCall(user, 'staffToday') || shown.length === 0) return null;
  return (
    <QueryState query={today} label={t('ui.staff.today.loading')} error="alert">
      {(data) => (
        <Card withBorder component="section" aria-labelledby="staff-today" mb="lg" data-testid="staff-today">
          <Title order={2} fz="lg" id="staff-today" mb="sm">
            {t('ui.staff.today.title', { date: formatDate(`${data.date}T12:00:00Z`) })}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs">
            {shown.map((item) => (
              <CountLink key={item.key} item={item} count={data[item.key]} />
            ))}
          </SimpleGrid>
        </Card>
      )}
    </QueryState>
  );
}
