import { LotListedV2 } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import { demoCatalogue } from './catalogue.ts';

const now = new Date('2026-11-22T12:00:00.000Z');
const lots = demoCatalogue(now).map((l) => l.lot);

describe('demo catalogue', () => {
  it('lists 300 valid lots with distinct ids, the same on every start', () => {
    expect(lots).toHaveLength(300);
    for (const lot of lots) expect(() => LotListedV2.parse(lot)).not.toThrow();
    expect(new Set(lots.map((l) => l.lotId)).size).toBe(300);
    expect(demoCatalogue(now)).toEqual(demoCatalogue(now));
  });

  it('mixes auction-only, buy-now-only and both, across many producers, regions and colours', () => {
    expect(lots.filter((l) => l.auction && !l.buyNow).length).toBeGreaterThan(100);
    expect(lots.filter((l) => !l.auction && l.buyNow).length).toBeGreaterThan(30);
    expect(lots.filter((l) => l.auction && l.buyNow).length).toBeGreaterThan(60);
    expect(new Set(lots.map((l) => l.producer)).size).toBeGreaterThan(40);
    expect(new Set(lots.map((l) => l.country)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(lots.map((l) => l.colour)).size).toBe(6);
  });

  it('closes the lots of one auction ten a minute in catalogue order, all in the future', () => {
    const first = lots.filter((l) => l.auctionId === 'A-2026-1');
    const perMinute = new Map<string, number>();
    for (const lot of first) perMinute.set(lot.closesAt, (perMinute.get(lot.closesAt) ?? 0) + 1);
    expect(Math.max(...perMinute.values())).toBe(10);
    const closes = first.map((l) => Date.parse(l.closesAt));
    expect([...closes].sort((a, b) => a - b)).toEqual(closes);
    for (const lot of lots) expect(Date.parse(lot.closesAt)).toBeGreaterThan(now.getTime());
  });

  it('prices buy-now lots with quantity discounts that fall as quantity rises', () => {
    for (const lot of lots.filter((l) => l.buyNow)) {
      const prices = lot.discounts.map((d) => d.price);
      expect(prices).toEqual([...prices].sort((a, b) => b - a));
      expect(lot.buyNowPrice).toBe(prices[0]);
    }
  });
});
