import type { LotViewEvent } from '@wine/event-schemas';
import type { Decider } from '../core/decider.ts';
import { derivedId } from '../core/derived-id.ts';

/**
 * seeds 000 §4.7 / §7 increaseProductViewCount, on the lot's own views stream (`lotviews-<lotId>`):
 * the lot's stream, which auditors replay for bids and sales, stays free of page views.
 */
export type LotViewCommand = { type: 'RecordView'; lotId: string; by: 'user' | 'visitor' };
export interface LotViews {
  views: number;
}

export const lotViewsDecider: Decider<LotViewCommand, LotViewEvent, LotViews> = {
  decide: (command) => [{ type: 'LotViewed', data: { lotId: command.lotId, by: command.by } }],
  evolve: (state, event) => (event.type === 'LotViewed' ? { views: state.views + 1 } : state),
  initialState: () => ({ views: 0 }),
};

/**
 * One view per viewer (the user, or a visitor's address), lot and clock hour: the command id of the
 * view, so a repeat within the hour is the same command and writes nothing. Keyed with a server secret,
 * so the id in the log does not give the viewer's address back.
 */
export const viewCommandId = (key: string, lotId: string, viewer: string, now: Date) =>
  derivedId('view', key, lotId, viewer, now.toISOString().slice(0, 13));
