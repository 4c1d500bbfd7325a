/**
 * The enquiries list's filters, apart from the screen: the route checks its search with them, and a
 * route's search check loads with the app, so it must not bring the screen's code along (issue 11).
 */
export const enquiryKinds = ['all', 'contact', 'consignment'] as const;
export const enquiryStatuses = ['all', 'open', 'answered'] as const;
