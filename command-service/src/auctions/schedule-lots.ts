import { type AuctionEvent, auctionStream, lotStream } from '@wine/event-schemas';
import { followUp } from '../core/command-context.ts';
import type { CommandContext, Streams } from '../core/command-handler.ts';
import { lotDecider } from '../lots/decide.ts';
import { auctionDecider } from './decide.ts';

/**
 * The lots' own streams follow the auction's arrangement: lots given a new place are scheduled (their
 * number, the auction's opening, their staggered close), lots left out are let go. Each lot's command id
 * is the request's with the lot's id, so a retry after a crash schedules each lot once.
 */
export async function scheduleArrangedLots(
  streams: Streams,
  auctionId: string,
  events: readonly AuctionEvent[],
  ctx: CommandContext,
): Promise<{ scheduled: number; removed: number }> {
  const state = await streams.load(auctionStream(auctionId), auctionDecider);
  if (state.status === 'empty') return { scheduled: 0, removed: 0 };
  let scheduled = 0;
  let removed = 0;
  for (const event of events) {
    if (event.type !== 'AuctionLotsArranged') continue;
    const planned = new Map(event.data.lots.map((l) => [l.lotId, l]));
    for (const lotId of event.data.changed) {
      const place = planned.get(lotId);
      if (!place) continue;
      const result = await streams.handle(
        lotStream(lotId),
        lotDecider,
        {
          type: 'ScheduleLot',
          lotId,
          auctionId,
          lotNumber: place.lotNumber,
          startsAt: state.fields.startsAt,
          closesAt: place.closesAt,
          live: state.fields.kind === 'live',
          now: ctx.now,
        },
        { ...ctx, ...followUp(ctx, `lot-${lotId}`) },
      );
      scheduled += result.events.length > 0 ? 1 : 0;
    }
    for (const lotId of event.data.removed) {
      const lot = await streams.load(lotStream(lotId), lotDecider);
      if (lot.status === 'empty') continue;
      const result = await streams.handle(
        lotStream(lotId),
        lotDecider,
        {
          type: 'ScheduleLot',
          lotId,
          auctionId: null,
          from: auctionId,
          lotNumber: null,
          startsAt: lot.lot.startsAt,
          closesAt: lot.lot.closesAt,
          now: ctx.now,
        },
        { ...ctx, ...followUp(ctx, `lot-${lotId}`) },
      );
      removed += result.events.length > 0 ? 1 : 0;
    }
  }
  return { scheduled, removed };
}
