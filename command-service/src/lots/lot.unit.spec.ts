import { CreateLotInput } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../core/decider-spec.ts';
import { lotDecider } from './decide.ts';
import { lotFromInput } from './list-lot.ts';

const now = new Date('2026-11-22T12:00:00.000Z');
const input = CreateLotInput.parse({
  id: 'lot-spec-1',
  title: '2015 Château Margaux',
  producer: 'Château Margaux',
  vintage: 2015,
  country: 'France',
  region: 'Bordeaux',
  subregion: 'Margaux',
  colour: 'Red',
  quantity: 6,
  auction: true,
  buyNow: false,
  openingBid: 50_000,
  closesAt: '2026-11-29T18:00:00.000Z',
});
const listed = lotFromInput(input, 'house', now, 'cmd-1');
const spec = deciderSpec(lotDecider);

describe('lot decider: ListLot', () => {
  it('lists a new lot', () => {
    spec([])
      .when({ type: 'ListLot', data: listed, by: { kind: 'admin' }, now })
      .then([{ type: 'LotListed', data: listed }]);
  });

  it('refuses to list a lot id twice', () => {
    spec([{ type: 'LotListed', data: listed }])
      .when({ type: 'ListLot', data: listed, by: { kind: 'admin' }, now })
      .thenThrows({ code: 'LOT_ALREADY_LISTED' });
  });

  it('refuses a close that is not in the future (server clock)', () => {
    spec([])
      .when({ type: 'ListLot', data: { ...listed, closesAt: now.toISOString() }, by: { kind: 'admin' }, now })
      .thenThrows({ code: 'CLOSE_IN_PAST' });
  });
});

describe('lotFromInput', () => {
  it('starts the lot at the server time when no start is given and derives SKU and meta tags', () => {
    expect(listed.startsAt).toBe(now.toISOString());
    expect(listed.sku).toBe('SKU-LOT-SPEC');
    expect(listed.meta.keywords).toBe('Château Margaux, Bordeaux, France, Red');
  });

  it('derives the lot id from the command id, so a retried create targets the same stream', () => {
    const { id: _omit, ...withoutId } = input;
    const a = lotFromInput(withoutId, 'house', now, 'cmd-42');
    const b = lotFromInput(withoutId, 'house', now, 'cmd-42');
    const c = lotFromInput(withoutId, 'house', now, 'cmd-43');
    expect(a.lotId).toBe(b.lotId);
    expect(a.lotId).not.toBe(c.lotId);
  });
});
