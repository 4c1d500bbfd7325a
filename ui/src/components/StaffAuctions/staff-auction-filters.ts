/** The statuses the staff's auction list narrows by (apart from its component, as staff-lot-filters.ts). */
export const staffAuctionFilterStatuses = ['all', 'upcoming', 'open', 'closed'] as const;
export type StaffAuctionFilterStatus = (typeof staffAuctionFilterStatuses)[number];
