import type { CreateLotInput } from '@wine/contracts';
import type { LotListedData } from '@wine/event-schemas';
import type { z } from 'zod';
import { eventIdFor } from '../core/command-handler.ts';

type Input = z.output<typeof import('@wine/contracts').CreateLotInput>;

/** Maps the wire input to the event's data, filling what the server decides (id, SKU, start). */
export function lotFromInput(input: Input, sellerId: string, now: Date, commandId: string): LotListedData {
  // Derived from the command id, so a retried create finds its own stream instead of listing twice.
  const lotId = input.id ?? eventIdFor(commandId, 'lot', 0);
  return {
    lotId,
    sku: input.sku ?? `SKU-${lotId.slice(0, 8).toUpperCase()}`,
    lotNumber: input.lotNumber,
    auctionId: input.auctionId,
    sellerId,
    title: input.title,
    producer: input.producer,
    vintage: input.vintage,
    country: input.country,
    region: input.region,
    subregion: input.subregion,
    colour: input.colour,
    bottleSize: input.bottleSize,
    scores: input.scores,
    description: input.description,
    images: input.images,
    quantity: input.quantity,
    minimumQuantity: input.minimumQuantity,
    enforceMinimumQuantity: input.enforceMinimumQuantity,
    availability: input.availability,
    auction: input.auction,
    buyNow: input.buyNow,
    openingBid: input.openingBid,
    reserve: input.reserve,
    buyNowPrice: input.buyNowPrice,
    discounts: input.discounts,
    startsAt: new Date(input.startsAt ?? now).toISOString(),
    closesAt: new Date(input.closesAt).toISOString(),
    lowEstimate: input.lowEstimate,
    highEstimate: input.highEstimate,
    reserveConfirmed: input.reserveConfirmed,
    condition: input.condition,
    locationId: input.locationId,
    spanish: input.spanish,
    // Issue 36: written only when set, so a lot listed without them reads as before.
    ...(input.offerRules && { offerRules: input.offerRules }),
    ...(input.privateSale && { privateSale: true }),
    meta: input.meta ?? {
      title: input.title,
      description: input.description.slice(0, 160),
      keywords: [input.producer, input.region, input.country, input.colour].filter(Boolean).join(', '),
    },
  };
}

export type { CreateLotInput };
