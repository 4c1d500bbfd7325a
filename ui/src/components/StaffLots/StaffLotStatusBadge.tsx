import { Badge } from '@mantine/core';
import type { StaffLotStatus } from '@wine/contracts';
import { useTranslation } from 'react-i18next';

/** Each status's name in the lists' filters and badges (a seller's listing: draft, with the house, sent back). */
export const staffLotStatusLabel = {
  all: 'ui.staff.lots.status_all',
  open: 'ui.staff.lots.status_open',
  upcoming: 'ui.staff.lots.status_upcoming',
  withdrawn: 'ui.staff.lots.status_withdrawn',
  sold: 'ui.staff.lots.status_sold',
  unsold: 'ui.staff.lots.status_unsold',
  draft: 'ui.staff.lots.status_draft',
  submitted: 'ui.staff.lots.status_submitted',
  returned: 'ui.staff.lots.status_returned',
} as const satisfies Record<StaffLotStatus | 'all', `ui.${string}`>;

const statusColour: Record<StaffLotStatus, string> = {
  open: 'green',
  upcoming: 'blue',
  withdrawn: 'gray',
  sold: 'wine',
  unsold: 'orange',
  draft: 'gray',
  submitted: 'violet',
  returned: 'orange',
};

/** Where a lot stands, as a badge: the staff's lists and editor, and the seller's listings. */
export function StaffLotStatusBadge({ status }: { status: StaffLotStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={statusColour[status]} variant="light" data-testid="staff-lot-status">
      {t(staffLotStatusLabel[status])}
    </Badge>
  );
}
