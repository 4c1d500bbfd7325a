import type { ScheduledLot } from '@wine/event-schemas';

/** DOMAIN.md "Lots and auctions": 10 lots a minute unless the auction says otherwise. */
export const DEFAULT_LOTS_PER_MINUTE = 10;

/** The close of the lot at `position` (0-based, catalogue order): `lotsPerMinute` lots share each minute. */
export const staggeredClose = (firstCloseAt: string, lotsPerMinute: number, position: number): string =>
  new Date(Date.parse(firstCloseAt) + Math.floor(position / lotsPerMinute) * 60_000).toISOString();

/**
 * An auction's lots in catalogue order, numbered from 1 and closing staggered from its first close: the
 * timeline the staff see before saving and the one the auction's decider records.
 */
export const staggeredSchedule = (
  timing: { firstCloseAt: string; lotsPerMinute: number },
  lotIds: readonly string[],
): ScheduledLot[] =>
  lotIds.map((lotId, i) => ({
    lotId,
    lotNumber: String(i + 1),
    closesAt: staggeredClose(timing.firstCloseAt, timing.lotsPerMinute, i),
  }));
