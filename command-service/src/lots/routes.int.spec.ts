import { actions } from '@wine/contracts';
import { lotStream } from '@wine/event-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventIdFor } from '../core/command-handler.ts';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import { lotDecider } from './decide.ts';

let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService();
});
afterAll(() => service.close());

const newLot = (title: string) => ({
  title,
  producer: 'Château Margaux',
  country: 'France',
  colour: 'Red',
  quantity: 6,
  auction: true,
  buyNow: false,
  openingBid: 50_000,
  closesAt: new Date(service.clock.now().getTime() + 7 * 24 * 3600_000).toISOString(),
});

describe('lot routes', () => {
  it('lets an admin list a lot on the house’s behalf', async () => {
    const admin = await service.signUp('admin@lots.example', ['admin']);
    const answer = await service.post<{ id: string; position: string }>(
      actions.createLot.path,
      newLot('2015 Château Margaux'),
      { token: admin.token },
    );
    expect(answer.status).toBe(200);
    const { id, position } = answer.body.data.responseData;
    expect(position).not.toBe('');
    const [listed] = await service.service.streams.store.readStream(lotStream(id));
    expect(listed).toMatchObject({
      type: 'LotListed',
      data: { sellerId: 'house', title: '2015 Château Margaux' },
      metadata: { actor: { kind: 'admin', id: admin.id } },
    });
  });

  it('refuses a visitor with 403 before the body is read (a broken body is never parsed)', async () => {
    const answer = await service.app.inject({
      method: 'POST',
      url: actions.createLot.path,
      headers: { 'content-type': 'application/json' },
      payload: '{"title": ',
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().data.code).toBe('SESSION_INVALID');
  });

  it('refuses a signed-in user who is not an admin, before the body is read', async () => {
    const user = await service.signUp('plain@lots.example');
    const answer = await service.app.inject({
      method: 'POST',
      url: actions.createLot.path,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      payload: '{"title": ',
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().data.code).toBe('ROLE_REQUIRED');
  });

  it('lets a seller change their own lots only (NOT_YOUR_LOT), writing nothing for another’s', async () => {
    const ann = await service.signUp('ann@sellers.example', ['seller']);
    const bob = await service.signUp('bob@sellers.example', ['seller']);
    const created = await service.post<{ id: string }>(
      actions.sellerCreateLot.path,
      newLot('Ann’s Pauillac'),
      {
        token: ann.token,
      },
    );
    expect(created.status).toBe(200);
    const { id } = created.body.data.responseData;

    const refused = await service.post(
      actions.sellerUpdateLot.path,
      { id, title: 'Bob’s now' },
      { token: bob.token },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.data.code).toBe('NOT_YOUR_LOT');
    expect(refused.body.data.responseData).toMatchObject({ field: 'id' });

    const changed = await service.post<{ changed: string[] }>(
      actions.sellerUpdateLot.path,
      { id, title: 'Ann’s Pauillac 2016' },
      { token: ann.token },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.data.responseData.changed).toEqual(['title']);
    const events = await service.service.streams.store.readStream(lotStream(id));
    // Issue 33: a seller's new listing is a draft (the house approves it), changed by LotUpdated.
    expect(events.map((e) => e.type)).toEqual(['LotDrafted', 'LotUpdated']);
  });

  it('lets only an admin keep a reserve above the low estimate, and says which field is at fault', async () => {
    const admin = await service.signUp('admin@estimates.example', ['admin']);
    const seller = await service.signUp('cat@sellers.example', ['seller']);
    const estimated = {
      ...newLot('1990 Pétrus'),
      reserve: 90_000,
      lowEstimate: 80_000,
      highEstimate: 120_000,
      condition: { fillLevel: 'in', packing: 'owc' },
      spanish: { title: 'Pétrus 1990' },
    };
    const unconfirmed = await service.post(actions.createLot.path, estimated, { token: admin.token });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.data.responseData).toMatchObject({ field: 'reserve' });
    const bySeller = await service.post(
      actions.sellerCreateLot.path,
      { ...estimated, reserveConfirmed: true },
      { token: seller.token },
    );
    expect(bySeller.status).toBe(403);
    expect(bySeller.body.data.code).toBe('RESERVE_CONFIRM_ADMIN');
    const confirmed = await service.post<{ id: string }>(
      actions.createLot.path,
      { ...estimated, reserveConfirmed: true },
      { token: admin.token },
    );
    expect(confirmed.status).toBe(200);
    const [listed] = await service.service.streams.store.readStream(
      lotStream(confirmed.body.data.responseData.id),
    );
    expect(listed?.data).toMatchObject({
      reserve: 90_000,
      lowEstimate: 80_000,
      reserveConfirmed: true,
      condition: { fillLevel: 'in', label: null, capsule: null, packing: 'owc', notes: '' },
      spanish: { title: 'Pétrus 1990', description: '' },
    });
  });

  it('relists a withdrawn lot once as a new lot, a retry and a crash between its two writes included', async () => {
    const admin = await service.signUp('admin@relist.example', ['admin']);
    const listed = await service.post<{ id: string }>(
      actions.createLot.path,
      { ...newLot('1996 Krug'), lowEstimate: 60_000, highEstimate: 90_000 },
      { token: admin.token },
    );
    const oldId = listed.body.data.responseData.id;
    await service.post(
      actions.withdrawLot.path,
      { id: oldId, reason: 'Consignor asked' },
      { token: admin.token },
    );
    const closesAt = new Date(service.clock.now().getTime() + 14 * 24 * 3600_000).toISOString();
    const commandId = '7b0c3a52-6a0f-4c1e-9a51-1f1f4ac0e001';
    const first = await service.post<{ id: string }>(
      actions.relistLot.path,
      { id: oldId, closesAt },
      { token: admin.token, commandId },
    );
    expect(first.status).toBe(200);
    const newId = first.body.data.responseData.id;
    const again = await service.post<{ id: string }>(
      actions.relistLot.path,
      { id: oldId, closesAt },
      { token: admin.token, commandId },
    );
    expect(again.body.data.responseData.id).toBe(newId);
    const [relisted] = await service.service.streams.store.readStream(lotStream(newId));
    expect(relisted?.data).toMatchObject({
      title: '1996 Krug',
      lowEstimate: 60_000,
      quantity: 6,
      lotNumber: null,
      auctionId: null,
      closesAt,
      relistedFrom: oldId,
    });
    expect(await service.service.streams.store.readStream(lotStream(newId))).toHaveLength(1);
    const other = await service.post(actions.relistLot.path, { id: oldId, closesAt }, { token: admin.token });
    expect(other.status).toBe(409);
    expect(other.body.data.code).toBe('LOT_ALREADY_RELISTED');

    // A crash after the old lot named the new one: the retry lists the new lot.
    const crashed = await service.post<{ id: string }>(actions.createLot.path, newLot('2002 Dom Pérignon'), {
      token: admin.token,
    });
    const crashedId = crashed.body.data.responseData.id;
    await service.post(
      actions.withdrawLot.path,
      { id: crashedId, reason: 'Recheck' },
      { token: admin.token },
    );
    const retryId = '7b0c3a52-6a0f-4c1e-9a51-1f1f4ac0e002';
    const wouldBe = eventIdFor(retryId, 'relist', 0);
    await service.service.streams.handle(
      lotStream(crashedId),
      lotDecider,
      { type: 'RelistLot', newLotId: wouldBe, closesAt, by: { kind: 'admin' }, now: service.clock.now() },
      {
        commandId: retryId,
        correlationId: retryId,
        actor: { kind: 'admin', id: admin.id },
        now: service.clock.now(),
      },
    );
    expect(await service.service.streams.store.readStream(lotStream(wouldBe))).toHaveLength(0);
    const retried = await service.post<{ id: string }>(
      actions.relistLot.path,
      { id: crashedId, closesAt },
      { token: admin.token, commandId: retryId },
    );
    expect(retried.body.data.responseData.id).toBe(wouldBe);
    expect(await service.service.streams.store.readStream(lotStream(wouldBe))).toHaveLength(1);
  });

  it('refuses relisting an open lot, and a seller’s call to the admin’s relist', async () => {
    const admin = await service.signUp('admin2@relist.example', ['admin']);
    const seller = await service.signUp('dan@sellers.example', ['seller']);
    const open = await service.post<{ id: string }>(actions.createLot.path, newLot('2004 Salon'), {
      token: admin.token,
    });
    const closesAt = new Date(service.clock.now().getTime() + 14 * 24 * 3600_000).toISOString();
    const id = open.body.data.responseData.id;
    const refused = await service.post(actions.relistLot.path, { id, closesAt }, { token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body.data.code).toBe('LOT_NOT_RELISTABLE');
    const bySeller = await service.post(actions.relistLot.path, { id, closesAt }, { token: seller.token });
    expect(bySeller.status).toBe(403);
    expect(await service.service.streams.store.readStream(lotStream(id))).toHaveLength(1);
  });
});
