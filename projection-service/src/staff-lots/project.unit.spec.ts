import { closedUnsold, listedLot } from '@wine/platform/testing';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder } from '../core/testing.ts';
import { STAFF_LOTS, type StaffLotDocument, staffLotsProjection } from './project.ts';

const admin = { actor: { kind: 'admin' as const, id: 'ada' } };
const system = { actor: { kind: 'system' as const, id: 'system' } };

async function staffLot(events: Parameters<typeof applyEvents>[1], twice = false) {
  const docs = await applyEvents([staffLotsProjection], events);
  if (twice) await applyEvents([staffLotsProjection], events, docs);
  return docs.collection<StaffLotDocument>(STAFF_LOTS).findOne({ _id: 'lot-1' });
}

describe('the staff copy of a lot', () => {
  it('keeps every listed field, the reserve among them, the seller and who listed it', async () => {
    const record = eventRecorder();
    const listed = record('lot-lot-1', 'LotListed', listedLot({ reserve: 25_000 }), admin);
    const doc = await staffLot([listed]);
    expect(doc).toMatchObject({
      _id: 'lot-1',
      title: '2010 Château Latour',
      reserve: 25_000,
      seller_id: 'seller',
      status: 'open',
      withdrawn_reason: null,
      changed_at: listed.metadata.occurredAt,
      changed_by: 'ada',
    });
    expect(doc).not.toHaveProperty('lotId');
  });

  it('applies a change to the changed fields only, naming who made it', async () => {
    const record = eventRecorder();
    const events = [
      record('lot-lot-1', 'LotListed', listedLot({ reserve: 25_000 }), admin),
      record(
        'lot-lot-1',
        'LotUpdated',
        { title: 'Latour 2010', reserve: null, changed: ['title', 'reserve'] },
        { actor: { kind: 'user', id: 'sid-seller' } },
      ),
    ];
    const doc = await staffLot(events);
    expect(doc).toMatchObject({ title: 'Latour 2010', reserve: null, producer: 'Château Latour' });
    expect(doc?.changed_by).toBe('sid-seller');
    expect(doc?.changed_at).toBe(events[1]?.metadata.occurredAt);
    expect(doc).not.toHaveProperty('changed');
  });

  it('records a withdrawal with its reason, and a close with its outcome', async () => {
    const record = eventRecorder();
    const withdrawn = await staffLot([
      record('lot-lot-1', 'LotListed', listedLot(), admin),
      record('lot-lot-1', 'LotWithdrawn', { reason: 'Cork failure' }, admin),
    ]);
    expect(withdrawn).toMatchObject({ status: 'withdrawn', withdrawn_reason: 'Cork failure' });
    const again = eventRecorder();
    const closed = await staffLot([
      again('lot-lot-1', 'LotListed', listedLot(), admin),
      again('lot-lot-1', 'LotClosed', closedUnsold(), system),
    ]);
    expect(closed).toMatchObject({ status: 'unsold', changed_by: 'system' });
  });

  it('names the lot that offers a withdrawn one again', async () => {
    const record = eventRecorder();
    const doc = await staffLot([
      record('lot-lot-1', 'LotListed', listedLot(), admin),
      record('lot-lot-1', 'LotWithdrawn', { reason: 'Cork failure' }, admin),
      record('lot-lot-1', 'LotRelisted', { newLotId: 'lot-2', quantity: 1 }, admin),
    ]);
    expect(doc).toMatchObject({ status: 'withdrawn', relisted_as: 'lot-2', changed_by: 'ada' });
  });

  it('ends as the log ends when the events are applied twice', async () => {
    const record = eventRecorder();
    const events = [
      record('lot-lot-1', 'LotListed', listedLot({ title: 'First' }), admin),
      record('lot-lot-1', 'LotUpdated', { title: 'Second', changed: ['title'] }, admin),
      record('lot-lot-1', 'LotWithdrawn', { reason: 'Damaged label' }, admin),
    ];
    const doc = await staffLot(events, true);
    expect(doc).toMatchObject({ title: 'Second', status: 'withdrawn', _position: events[2]?.position });
  });

  it('follows a seller’s draft through its review to the live lot, the terms kept, replayed to the same', async () => {
    const record = eventRecorder();
    const seller = { actor: { kind: 'user' as const, id: 'seller' } };
    const terms = { commissionPercent: 10, lotFee: 500, payoutDays: 30 };
    const later = '2026-12-24T18:00:00.000Z';
    const steps = [
      record('lot-lot-1', 'LotDrafted', listedLot({ reserve: 25_000 }), seller),
      record('lot-lot-1', 'LotSubmitted', {}, seller),
      record('lot-lot-1', 'LotReturned', { note: 'Add the fill level' }, admin),
    ];
    expect(await staffLot(steps)).toMatchObject({ status: 'returned', review_note: 'Add the fill level' });
    const all = [
      ...steps,
      record('lot-lot-1', 'LotSubmitted', {}, seller),
      record('lot-lot-1', 'LotApproved', { terms }, admin),
      record('lot-lot-1', 'LotListed', listedLot({ reserve: 25_000, closesAt: later }), admin),
    ];
    const live = await staffLot(all, true);
    expect(live).toMatchObject({
      status: 'open',
      review_note: null,
      terms,
      closesAt: later,
      reserve: 25_000,
      changed_by: 'ada',
    });
  });
});
