/**
 * Where a lot stands for the staff (issue 33): open for bids or buy now, not started yet, withdrawn,
 * or closed sold or unsold. Apart from the schemas so the list's route reads it without zod (issue 11).
 */
export const staffLotStatuses = [
  'open',
  'upcoming',
  'withdrawn',
  'sold',
  'unsold',
  'draft',
  'submitted',
  'returned',
] as const;
export type StaffLotStatus = (typeof staffLotStatuses)[number];
