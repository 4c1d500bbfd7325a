import type { StaffSection } from './staff-sections.ts';

/**
 * Each section's name and what it is for, in the staff area's own texts (loaded with its pages, not
 * with the storefront's header, which needs only whether a user is staff).
 */
export const staffSectionTexts = {
  lots: { label: 'ui.staff.section.lots', hint: 'ui.staff.section.lotsHint' },
  auctions: { label: 'ui.staff.section.auctions', hint: 'ui.staff.section.auctionsHint' },
  users: { label: 'ui.staff.section.users', hint: 'ui.staff.section.usersHint' },
  content: { label: 'ui.content.section', hint: 'ui.content.sectionHint' },
  enquiries: { label: 'ui.staff.enquiries.section', hint: 'ui.staff.enquiries.sectionHint' },
  investors: { label: 'ui.staff.investors.section', hint: 'ui.staff.investors.sectionHint' },
  newsletter: { label: 'ui.staff.newsletter.section', hint: 'ui.staff.newsletter.sectionHint' },
  pickups: { label: 'ui.pickups.section', hint: 'ui.pickups.sectionHint' },
  offers: { label: 'ui.offers.section', hint: 'ui.offers.sectionHint' },
  live: { label: 'ui.liveRoom.console.section', hint: 'ui.liveRoom.console.sectionHint' },
  money: { label: 'ui.staff.section.money', hint: 'ui.staff.section.moneyHint' },
  returns: { label: 'ui.staff.section.returns', hint: 'ui.staff.section.returnsHint' },
  reports: { label: 'ui.staff.section.reports', hint: 'ui.staff.section.reportsHint' },
  audit: { label: 'ui.staff.section.audit', hint: 'ui.staff.section.auditHint' },
  ops: { label: 'ui.staff.section.ops', hint: 'ui.staff.section.opsHint' },
  settings: { label: 'ui.houseSettings.section', hint: 'ui.houseSettings.sectionHint' },
  referenceData: { label: 'ui.referenceData.section', hint: 'ui.referenceData.sectionHint' },
} as const satisfies Record<StaffSection['key'], { label: `ui.${string}`; hint: `ui.${string}` }>;
