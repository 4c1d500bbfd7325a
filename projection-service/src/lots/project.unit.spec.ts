import { type LotDocument, LotView } from '@wine/contracts';
import type { LotListedData, RecordedEvent } from '@wine/event-schemas';
import { listedLot, recordedEvent } from '@wine/platform/testing';
import { describe, expect, it } from 'vitest';
import { lotsProjection } from './project.ts';
import { lotView, readView } from './view.ts';

const lot: LotListedData = listedLot({
  lotId: 'p-1',
  lotNumber: '12',
  auctionId: 'A-1',
  sellerId: 'house',
  scores: { wa: '100', js: '97-99', jr: '19.5' },
  description: 'A great Pauillac.',
  images: [{ type: 1, fileName: 'bottle-red.svg' }],
  quantity: 6,
  buyNow: true,
  openingBid: 300_000,
  reserve: 400_000,
  buyNowPrice: 90_000,
  discounts: [
    { quantity: 1, price: 90_000 },
    { quantity: 6, price: 85_000 },
  ],
  startsAt: '2026-11-20T00:00:00.000Z',
  closesAt: '2026-11-30T01:00:00.000Z',
  meta: { title: 't', description: 'd', keywords: 'k' },
});

const recorded = (data: LotListedData, position = '00000000000000000007'): RecordedEvent =>
  recordedEvent(
    { type: 'LotListed', version: 2, data, streamName: `lot-${data.lotId}`, position },
    { actor: { kind: 'admin', id: 'a' }, occurredAt: '2026-11-20T00:00:00.000Z' },
  );

describe('lots projection: LotListed', () => {
  const [op] = lotsProjection.project(recorded(lot));
  const doc = (
    op!.operation as unknown as { updateOne: { update: { $setOnInsert: Record<string, unknown> } } }
  ).updateOne.update.$setOnInsert;

  it('inserts the lot only when absent, so a replay changes nothing', () => {
    expect(op?.operation).toMatchObject({ updateOne: { filter: { _id: 'p-1' }, upsert: true } });
  });

  it('opens the lot with the opening bid as price and next bid, and the seeds field names', () => {
    expect(doc).toMatchObject({
      market_status: 'open',
      wprice: 300_000,
      next_bid: 300_000,
      bid_count: 0,
      cbidtext: 'Current Bid',
      auction: 1,
      buynow: 1,
      bprice: 90_000,
      custitem_gvo_wa: '100',
      custitem_gvo_ratingtextjsscore: '97-99',
      custitem3: '19.5',
      custitemctsubregion: 'Pauillac',
      discount_buynow_records: [
        { id: 'p-1-1', quantity: 1, bprice: 90_000 },
        { id: 'p-1-2', quantity: 6, bprice: 85_000 },
      ],
      _position: '00000000000000000007',
    });
  });

  it('never puts the hidden reserve in the read model', () => {
    expect(JSON.stringify(doc)).not.toContain('400000');
  });

  it('shows the estimates, the condition record and the Spanish text, and none on an older listing', () => {
    const condition = {
      fillLevel: 'ts',
      label: 'lightly_soiled',
      capsule: 'intact',
      packing: 'owc',
      notes: '',
    } as const;
    const [withRecord] = lotsProjection.project(
      recorded({
        ...lot,
        lowEstimate: 350_000,
        highEstimate: 500_000,
        reserveConfirmed: true,
        condition,
        locationId: 1,
        spanish: { title: 'Latour 2010, Pauillac', description: 'Un gran Pauillac.' },
      }),
    );
    const view = lotView(
      (withRecord!.operation as unknown as { updateOne: { update: { $setOnInsert: never } } }).updateOne
        .update.$setOnInsert,
      new Date('2026-11-25T00:00:00.000Z'),
      null,
    );
    expect(view).toMatchObject({
      low_estimate: 350_000,
      high_estimate: 500_000,
      condition,
      location_id: 1,
      title_es: 'Latour 2010, Pauillac',
      desc_proc_es: 'Un gran Pauillac.',
    });
    expect(JSON.stringify(view)).not.toContain('reserve');
    expect(doc).toMatchObject({ low_estimate: null, high_estimate: null, condition: null, title_es: '' });
  });
});

describe('lotView', () => {
  const listedDocument = (data = lot) => {
    const [op] = lotsProjection.project(recorded(data));
    return (op!.operation as unknown as { updateOne: { update: { $setOnInsert: never } } }).updateOne.update
      .$setOnInsert;
  };

  it('marks a lot before its start as future_active, against the server clock', () => {
    const doc = listedDocument();
    expect(lotView(doc, new Date('2026-11-19T00:00:00Z'), null).future_active).toBe(true);
    expect(lotView(doc, new Date('2026-11-21T00:00:00Z'), null).future_active).toBe(false);
    expect(lotView(doc, new Date('2026-11-21T00:00:00Z'), null)).not.toHaveProperty('_position');
  });

  it("keeps the seller's user id in the read model but never shows it, telling only the seller the lot is theirs", () => {
    const doc = listedDocument({ ...lot, sellerId: 'user-5e11e7' });
    expect(doc).toHaveProperty('seller_id', 'user-5e11e7');
    const now = new Date('2026-11-21T00:00:00Z');
    for (const viewer of [null, 'someone-else', 'user-5e11e7']) {
      expect(lotView(doc, now, viewer)).not.toHaveProperty('seller_id');
      expect(JSON.stringify({ ...lotView(doc, now, viewer) })).not.toContain('user-5e11e7');
    }
    expect(lotView(doc, now, null).own_lot).toBe(0);
    expect(lotView(doc, now, 'someone-else').own_lot).toBe(0);
    expect(lotView(doc, now, 'user-5e11e7').own_lot).toBe(1);
  });

  it('makes one frozen view per version of a stored lot for all but its seller, again when future_active turns', () => {
    const doc = listedDocument({ ...lot, sellerId: 'user-5e11e7' });
    const before = new Date('2026-11-19T00:00:00Z');
    const visitor = readView(doc, before, null);
    expect(visitor).toEqual(lotView(doc, before, null));
    expect(Object.isFrozen(visitor)).toBe(true);
    expect(readView(doc, before, 'someone-else')).toBe(visitor);
    expect(readView(doc, new Date('2026-11-19T12:00:00Z'), null)).toBe(visitor);
    const after = new Date('2026-11-21T00:00:00Z');
    const started = readView(doc, after, null);
    expect(started).not.toBe(visitor);
    expect(started.future_active).toBe(false);
    // The seller's own view is made for them, never shared.
    const own = readView(doc, after, 'user-5e11e7');
    expect(own.own_lot).toBe(1);
    expect(readView(doc, after, null).own_lot).toBe(0);
    // Another version of the lot (a write puts a new document in its place) gets its own view.
    const next = { ...(doc as LotDocument), wprice: 500_000 };
    expect(readView(next, after, null).wprice).toBe(500_000);
    expect(readView(doc, after, null)).toBe(started);
  });

  it('copies only the fields the contract declares: holds, positions and strays stay in the read model', () => {
    const doc = {
      ...(listedDocument() as LotDocument),
      reserved: 2,
      reservations: [{ id: 'r-1', qty: 2, expires_at: '2026-11-21T00:10:00Z' }],
      internal_note: 'never shown',
    };
    const view = lotView(doc, new Date('2026-11-21T00:00:00Z'), null);
    // Every field the contract declares, and nothing else.
    expect(Object.keys(view).sort()).toEqual(Object.keys(LotView.shape).sort());
    for (const hidden of ['_id', '_position', 'seller_id', 'reserved', 'reservations', 'internal_note'])
      expect(view).not.toHaveProperty(hidden);
    expect(view).toMatchObject({ id: 'p-1', custitem_gvo_wa: '100', custitem3: '19.5', watchlistid: 0 });
  });
});
