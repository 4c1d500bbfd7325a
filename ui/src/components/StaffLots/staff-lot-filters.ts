/**
 * The statuses the staff's lot list narrows by, kept apart from the list's component: the route checks
 * its search with them, and a route's search check is in the first bundle a visitor loads.
 */
export const staffLotFilterStatuses = [
  'all',
  'submitted',
  'open',
  'upcoming',
  'withdrawn',
  'sold',
  'unsold',
  'draft',
  'returned',
] as const;
export type StaffLotFilterStatus = (typeof staffLotFilterStatuses)[number];
