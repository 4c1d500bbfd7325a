import type { LotChangedNotice, LotDocument } from '@wine/contracts';
import type { Bus } from '@wine/platform';
import { listedLot } from '@wine/platform/testing';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder } from '../core/testing.ts';
import { PRICES_REALISED, pricesRealisedProjection } from '../prices-realised/project.ts';
import { openLotChanges } from './notify.ts';
import { LOTS, listedLotDocument, lotsProjection } from './project.ts';
import { lotView } from './view.ts';
import { canSee, seenBy, visibleTo } from './visibility.ts';

const now = new Date('2026-11-22T13:00:00.000Z');
const privateLot = (lotId: string) =>
  listedLot({
    lotId,
    sellerId: 'sally',
    auction: false,
    auctionId: null,
    buyNow: true,
    buyNowPrice: 50_000,
    privateSale: true,
    offerRules: { autoAccept: 45_000, autoDecline: 20_000 },
  });

/** A private sale with a guest invited (ivy, then ian), one link mailed and joined by jo. */
function privateSaleEvents(lotId: string) {
  const record = eventRecorder();
  const admin = { actor: { kind: 'admin' as const, id: 'ada' } };
  return [
    record(`lot-${lotId}`, 'LotListed', privateLot(lotId), admin),
    record(`lot-${lotId}`, 'PrivateSaleInvited', { userIds: ['ivy', 'ian'] }, admin),
    record(`lot-${lotId}`, 'PrivateSaleLinkSent', { invitationId: 'inv-1' }, admin),
    record(
      `lot-${lotId}`,
      'PrivateSaleJoined',
      { userId: 'jo', invitationId: 'inv-1' },
      {
        actor: { kind: 'user', id: 'jo' },
      },
    ),
  ];
}

const lotOf = async (events: ReturnType<typeof privateSaleEvents>, batchSize = 1) => {
  const docs = await applyEvents([lotsProjection], events, undefined, batchSize);
  return (await docs.collection<LotDocument>(LOTS).findOne({ _id: 'ps' })) as LotDocument;
};

describe('lots projection: private sales (issue 36 §5)', () => {
  it('marks a lot listed as a private sale, with no guests yet; a public lot is marked 0 and has no guest fields', () => {
    expect(listedLotDocument(privateLot('ps'), '1')).toMatchObject({
      private_sale: 1,
      guests: [],
      guest_list: [],
      links_sent: 0,
    });
    const open = listedLotDocument(listedLot({ lotId: 'pub' }), '1');
    expect(open.private_sale).toBe(0);
    expect(open).not.toHaveProperty('guests');
    expect(open).not.toHaveProperty('guest_list');
  });

  it('keeps the offer rules out of the lots read model', () => {
    expect(JSON.stringify(listedLotDocument(privateLot('ps'), '1'))).not.toContain('45000');
  });

  it('records the invited and the joined buyers as guests, how and when each came, and the links mailed', async () => {
    const events = privateSaleEvents('ps');
    const lot = await lotOf(events);
    expect(lot.guests).toEqual(['ivy', 'ian', 'jo']);
    expect(lot.guest_list).toEqual([
      { user_id: 'ivy', joined_by: 'invite', at: events[1]?.metadata.occurredAt },
      { user_id: 'ian', joined_by: 'invite', at: events[1]?.metadata.occurredAt },
      { user_id: 'jo', joined_by: 'link', at: events[3]?.metadata.occurredAt },
    ]);
    expect(lot.links_sent).toBe(1);
  });

  it('is idempotent: the same events applied again (a redelivery) change nothing, in one batch or one by one', async () => {
    const events = privateSaleEvents('ps');
    const once = await lotOf(events);
    const twice = await lotOf([...events, ...events]);
    const batched = await lotOf([...events, ...events], 8);
    expect(twice).toEqual(once);
    expect(batched).toEqual(once);
  });

  it('shows the lot with the private-sale flag, and never its guests, how many links went out, nor its offer rules', async () => {
    const lot = await lotOf(privateSaleEvents('ps'));
    const view = lotView(lot, now, null);
    expect(view.private_sale).toBe(1);
    for (const field of ['guests', 'guest_list', 'links_sent', 'seller_id'])
      expect(view).not.toHaveProperty(field);
    const json = JSON.stringify(lotView(lot, now, 'ivy'));
    for (const id of ['ivy', 'ian', 'jo', 'inv-1', 'sally']) expect(json).not.toContain(id);
  });

  it('shows a public lot with the flag at 0', () => {
    const view = lotView(listedLotDocument(listedLot({ lotId: 'pub' }), '1'), now, null);
    expect(view.private_sale).toBe(0);
  });
});

describe('who sees a private sale', () => {
  const lot = { private_sale: 1 as const, guests: ['ivy'], seller_id: 'sally' };
  const open = { private_sale: 0 as const, seller_id: 'sally' };
  const older = { seller_id: 'sally' };

  it('lets its guests and its seller see it, and no one else (a visitor neither)', () => {
    expect(canSee(lot, 'ivy')).toBe(true);
    expect(canSee(lot, 'sally')).toBe(true);
    expect(canSee(lot, 'bob')).toBe(false);
    expect(canSee(lot, null)).toBe(false);
  });

  it('lets anyone see a public lot, one projected before the flag was kept included', () => {
    for (const viewer of [null, 'bob']) {
      expect(canSee(open, viewer)).toBe(true);
      expect(canSee(older, viewer)).toBe(true);
    }
  });

  it('narrows a filter to the lots the viewer may see', () => {
    expect(visibleTo(null)).toEqual({ private_sale: { $ne: 1 } });
    expect(seenBy({}, null)).toEqual({ private_sale: { $ne: 1 } });
    expect(seenBy({ market_status: 'open' }, null)).toEqual({
      market_status: 'open',
      private_sale: { $ne: 1 },
    });
    expect(seenBy({ market_status: 'open' }, 'ivy')).toEqual({
      $and: [
        { market_status: 'open' },
        { $or: [{ private_sale: { $ne: 1 } }, { guests: 'ivy' }, { seller_id: 'ivy' }] },
      ],
    });
  });
});

describe('lot notices of a private sale', () => {
  it('are never published on the lots subjects (which every socket watching lots receives); a public lot’s are', async () => {
    const record = eventRecorder();
    const events = [
      record('lot-ps', 'LotListed', privateLot('ps')),
      record('lot-ps', 'PrivateSaleInvited', { userIds: ['ivy'] }),
      record('lot-pub', 'LotListed', listedLot({ lotId: 'pub' })),
    ];
    const docs = await applyEvents([lotsProjection], events);
    const published: { subject: string; notice: LotChangedNotice }[] = [];
    const bus = {
      publish: async (subject: string, data: unknown) => {
        published.push({ subject, notice: data as LotChangedNotice });
        return { seq: published.length, duplicate: false };
      },
    } as unknown as Bus;
    const changes = openLotChanges();
    changes.add(events);
    await changes.publish(bus, docs, now);
    expect(published.map((p) => p.subject)).toEqual(['market.lot.pub.changed']);
    expect(published[0]?.notice.lot.private_sale).toBe(0);
  });
});

describe('prices realised of a private sale', () => {
  it('keeps no document of it, so its close is never shown', async () => {
    const record = eventRecorder();
    const docs = await applyEvents(
      [pricesRealisedProjection],
      [
        record('lot-ps', 'LotListed', privateLot('ps')),
        record('lot-ps', 'LotClosed', {
          outcome: 'sold',
          winnerId: 'ivy',
          hammerPrice: 50_000,
          losers: [],
          bidCount: 0,
          reserveMet: true,
          closesAt: '2026-11-27T18:00:00.000Z',
          quantity: 1,
          endedBy: 'close',
        }),
        record('lot-pub', 'LotListed', listedLot({ lotId: 'pub' })),
      ],
    );
    const ids = (await docs.collection(PRICES_REALISED).find({})).map((d) => d._id);
    expect(ids).toEqual(['pub']);
  });
});
