import { actions } from '@wine/contracts';
import { lotStream } from '@wine/event-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../testing.ts';

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
    expect(events.map((e) => e.type)).toEqual(['LotListed', 'LotUpdated']);
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
});
