/**
 * The newsletter list's status filter, apart from the screen: the route checks its search with it, and
 * a route's search check loads with the app, so it must not bring the screen's code along (issue 11).
 */
export const contactStatuses = ['subscribed', 'pending', 'unsubscribed', 'all'] as const;
export type ContactStatusFilter = (typeof contactStatuses)[number];
