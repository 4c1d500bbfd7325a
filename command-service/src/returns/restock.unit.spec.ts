import type { LotEvent } from '@wine/event-schemas';
import { listedLot } from '@wine/platform/testing';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../core/decider-spec.ts';
import { lotDecider } from '../lots/decide.ts';
import { availableAt, evolveLot, initialLot } from '../lots/lot.ts';

const spec = deciderSpec(lotDecider);
const NOW = Date.parse('2026-11-24T10:00:00.000Z');
const lot = listedLot({ lotId: 'lot-a', auction: false, buyNow: true, buyNowPrice: 5_000, quantity: 6 });
/** 3 of the 6 bottles sold by buy now, on invoice B-1. */
const sold: LotEvent[] = [
  { type: 'LotListed', data: lot },
  {
    type: 'StockReserved',
    data: {
      reservationId: 'h1',
      invoiceId: 'B-1',
      buyerId: 'ann',
      qty: 3,
      unitPrice: 5_000,
      expiresAt: '2026-11-24T10:15:00.000Z',
    },
  },
  { type: 'StockSold', data: { reservationId: 'h1', invoiceId: 'B-1', qty: 3 } },
];
const restock = { type: 'RestockReturn', returnId: 'r1', invoiceId: 'B-1', qty: 1 } as const;
const returned: LotEvent = { type: 'StockReturned', data: { returnId: 'r1', invoiceId: 'B-1', qty: 1 } };

describe('a received return on the lot (issue 31)', () => {
  it('puts the good bottles back on the stock, so they can be sold again', () => {
    spec(sold).when(restock).then([returned]);
    const before = sold.reduce(evolveLot, initialLot());
    const after = [...sold, returned].reduce(evolveLot, initialLot());
    if (before.status === 'empty' || after.status === 'empty') throw new Error('no lot');
    expect([availableAt(before, NOW), availableAt(after, NOW)]).toEqual([3, 4]);
  });

  it('restocks a return once, however often it is asked', () => {
    spec([...sold, returned])
      .when(restock)
      .then([]);
  });

  it('puts nothing back when no bottle came back good', () => {
    spec(sold)
      .when({ ...restock, qty: 0 })
      .then([]);
  });
});
