import { type LoginResult, type LotView, subjects } from '@wine/contracts';
import { lotStream, START } from '@wine/event-schemas';
import { verifyChain } from '@wine/event-schemas/hash-chain';
import { createLogger } from '@wine/platform';
import { eventually } from '@wine/platform/testing';
import { lotsProjection, rebuildProjection } from '@wine/projection-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { lotInput, startMarketplace, type TestMarketplace } from './support/marketplace.ts';
import { openSocket, type TestSocket } from './support/socket.ts';

/** The server answers a `subscribe` once the subscription is in place (a condition, not a sleep). */
async function subscribed(client: TestSocket) {
  await eventually(
    () => client.messages.some((m) => m.type === 'subscribed'),
    Boolean,
    'subscription in place',
  );
}

let market: TestMarketplace;
beforeAll(async () => {
  market = await startMarketplace();
});
afterAll(async () => {
  await market?.stop();
});

type Page = { records: LotView[]; totalRecords: number };

describe('first start', () => {
  it('seeds the demo catalogue of 300 lots and serves it through /api/product/search', async () => {
    const { http, body } = await market.post<Page>('/api/product/search', { limit: 25, page: 1 });
    expect(http).toBe(200);
    expect(body.status).toBe('success');
    if (body.status !== 'success') return;
    expect(body.data.responseData.totalRecords).toBe(300);
    expect(body.data.responseData.records).toHaveLength(25);
    const closes = body.data.responseData.records.map((r) => r.date_closed);
    expect([...closes].sort()).toEqual(closes);
  });

  it('filters by whitelisted names (country and colour) and counts the matches', async () => {
    const { body } = await market.post<Page>('/api/product/search', {
      limit: 100,
      filters: {
        country: { value: ['Italy'], type: 'array', field: 'p.custitem_gvo_country' },
        color: { value: ['Red'], type: 'array', field: 'p.custitem_gvo_color' },
      },
    });
    if (body.status !== 'success') throw new Error(body.data.message);
    const { records, totalRecords } = body.data.responseData;
    expect(totalRecords).toBeGreaterThan(10);
    expect(records.every((r) => r.custitem_gvo_country === 'Italy' && r.custitem_gvo_color === 'Red')).toBe(
      true,
    );
  });

  it('answers getDefault with the countries, regions and sizes of the catalogue', async () => {
    const { body } = await market.post<{ countries: { value: string }[]; bottle_sizes: string[] }>(
      '/api/common/getDefault',
      {},
    );
    if (body.status !== 'success') throw new Error(body.data.message);
    expect(body.data.responseData.countries.map((c) => c.value)).toContain('France');
    expect(body.data.responseData.bottle_sizes[0]).toBe('375ml');
  });
});

describe('bad input writes nothing and is answered in the envelope', () => {
  const head = () => market.eventStore.headPosition();

  it('refuses a filter name that is not whitelisted, naming it', async () => {
    const { http, body } = await market.post('/api/product/search', {
      filters: { reserve: { value: ['1'], type: 'in', field: 'p.reserve' } },
    });
    expect(http).toBe(400);
    expect(body).toMatchObject({ status: 'error', data: { responseType: 400 } });
    expect(body.data.message).toBe("filters.reserve: unknown filter 'reserve'");
  });

  it('answers a body that is not JSON with a 400, not a 500', async () => {
    const { http, body } = await market.post('/api/product/search', '{"limit":', {});
    expect(http).toBe(400);
    expect(body.status).toBe('error');
    expect(body.data.message).toBe('The request body is not valid JSON');
  });

  it('refuses to list a lot without an admin session, before reading the body, and writes nothing', async () => {
    const bidder = await market.bidder({ card: false });
    const before = await head();
    // No session: 403, not a 400 listing the fields (the body is never read).
    const anonymous = await market.post('/api/admin/product/create', {});
    expect(anonymous.http).toBe(403);
    expect(anonymous.body).toMatchObject({
      status: 'error',
      data: { responseType: 403, message: 'Session expired. Login again' },
    });
    // The retired admin key opens nothing.
    const key = await market.post('/api/admin/product/create', lotInput(), {
      'x-admin-key': 'embedded-admin-key',
    });
    expect(key.http).toBe(403);
    // A signed-in user without the role.
    for (const body of [{}, lotInput(), '{"not json']) {
      const refused = await market.post('/api/admin/product/create', body, bidder.auth);
      expect(refused).toMatchObject({ http: 403, body: { data: { message: 'Only an admin can do this' } } });
    }
    expect(await market.writtenSince(before)).toEqual([]);
  });

  it.each([
    ['title', { title: '' }, 'title: Required!'],
    ['openingBid', { openingBid: 100.5 }, 'openingBid: must be whole cents'],
    ['openingBid', { openingBid: -5 }, 'openingBid: Too small: expected number to be >=0'],
    ['quantity', { quantity: '6' }, 'quantity: Invalid input: expected number, received string'],
    ['closesAt', { closesAt: 'tomorrow' }, 'closesAt: must be an ISO date-time'],
  ])('names the field at fault (%s) and writes nothing', async (_field, patch, message) => {
    const before = await head();
    const { http, body } = await market.post(
      '/api/admin/product/create',
      { ...lotInput(), ...patch },
      market.admin,
    );
    expect(http).toBe(400);
    expect(body.data.message).toBe(message);
    expect(await market.writtenSince(before)).toEqual([]);
  });

  it('refuses unknown fields', async () => {
    const { http, body } = await market.post(
      '/api/admin/product/create',
      { ...lotInput(), reserveMet: true },
      market.admin,
    );
    expect(http).toBe(400);
    expect(body.data.message).toContain('reserveMet');
  });

  it('refuses a close in the past by the server clock', async () => {
    const before = await head();
    const { http, body } = await market.post(
      '/api/admin/product/create',
      lotInput({ closesAt: new Date(Date.now() - 60_000).toISOString() }),
      market.admin,
    );
    expect(http).toBe(400);
    expect(body.data.message).toBe('closesAt must be in the future');
    expect(await market.writtenSince(before)).toEqual([]);
  });

  it('answers an unknown lot with 404 in the envelope', async () => {
    const { http, body } = await market.post('/api/product/lot', { id: 'no-such-lot' });
    expect(http).toBe(404);
    expect(body).toMatchObject({ status: 'error', data: { message: 'Lot not found' } });
  });
});

describe('listing a lot', () => {
  it('appends LotListed with a verifiable hash chain, and the read model serves it', async () => {
    const input = lotInput({ title: '1996 Krug Clos du Mesnil', colour: 'Sparkling' });
    const { http, body } = await market.post<{ id: string; position: string }>(
      '/api/admin/product/create',
      input,
      market.admin,
    );
    expect(http).toBe(200);
    if (body.status !== 'success') throw new Error(body.data.message);
    await market.runner.waitFor(body.data.responseData.position);
    const lot = await market.post<LotView>('/api/product/lot', { id: input.id });
    expect(lot.body).toMatchObject({
      status: 'success',
      data: { responseData: { id: input.id, title: input.title, wprice: 25_000, market_status: 'open' } },
    });
    const events = await market.eventStore.readStream(lotStream(input.id as string));
    expect(events.map((e) => e.type)).toEqual(['LotListed']);
    expect(events[0]?.metadata).toMatchObject({ actor: { kind: 'admin' }, prevHash: '' });
    expect(verifyChain(events)).toBeNull();
  });

  it('is idempotent: the same command id twice lists the lot once', async () => {
    const { id: _id, ...input } = lotInput();
    const headers = { ...market.admin, 'x-command-id': `cmd-${Date.now()}-idempotent` };
    const first = await market.post<{ id: string }>('/api/admin/product/create', input, headers);
    const second = await market.post<{ id: string }>('/api/admin/product/create', input, headers);
    if (first.body.status !== 'success' || second.body.status !== 'success') throw new Error('create failed');
    expect(second.body.data.responseData.id).toBe(first.body.data.responseData.id);
    const events = await market.eventStore.readStream(lotStream(first.body.data.responseData.id));
    expect(events).toHaveLength(1);
  });

  it('refuses the same lot id twice with a 409', async () => {
    const input = lotInput();
    await market.post('/api/admin/product/create', input, market.admin);
    const { http, body } = await market.post('/api/admin/product/create', input, market.admin);
    expect(http).toBe(409);
    expect(body.data.message).toBe(`Lot ${input.id} already exists`);
  });
});

describe('realtime', () => {
  const open = openSocket;

  it('sends the server clock and relays a committed lot change to subscribers only', async () => {
    const watcher = await open(market.url);
    const bystander = await open(market.url);
    watcher.socket.send(JSON.stringify({ type: 'subscribe', channels: ['lots'] }));
    bystander.socket.send(JSON.stringify({ type: 'subscribe', channels: ['lot:someone-else'] }));
    await subscribed(watcher);
    await subscribed(bystander);
    expect(watcher.messages.find((m) => m.type === 'subscribed')).toEqual({
      type: 'subscribed',
      channels: ['lots'],
    });
    await eventually(() => watcher.messages.some((m) => m.type === 'servertime'), Boolean, 'servertime');
    const dTime = watcher.messages.find((m) => m.type === 'servertime')?.dTime as string;
    expect(Math.abs(Date.parse(dTime) - Date.now())).toBeLessThan(5_000);

    const input = lotInput({ title: '2005 Realtime Test Pomerol' });
    await market.post('/api/admin/product/create', input, market.admin);
    await eventually(() => watcher.messages.some((m) => m.type === 'lotChanged'), Boolean, 'lotChanged');
    const change = watcher.messages.find((m) => m.type === 'lotChanged') as { lot: LotView; event: string };
    expect(change.event).toBe('LotListed');
    expect(change.lot).toMatchObject({ id: input.id, title: input.title });
    expect(bystander.messages.some((m) => m.type === 'lotChanged')).toBe(false);
    watcher.socket.close();
    bystander.socket.close();
  });

  it('replays the changes a client missed while disconnected, after the last position it saw', async () => {
    const first = await open(market.url);
    first.socket.send(JSON.stringify({ type: 'subscribe', channels: ['lots'] }));
    await subscribed(first);
    await market.post('/api/admin/product/create', lotInput(), market.admin);
    await eventually(() => first.messages.some((m) => m.type === 'lotChanged'), Boolean, 'first change');
    const seen = first.messages.filter((m) => m.type === 'lotChanged').at(-1)?.position as string;
    first.socket.close();

    const missed = [lotInput(), lotInput()];
    for (const lot of missed) await market.post('/api/admin/product/create', lot, market.admin);
    await market.caughtUp();

    const again = await open(market.url);
    again.socket.send(JSON.stringify({ type: 'subscribe', channels: ['lots'] }));
    again.socket.send(JSON.stringify({ type: 'resume', after: seen }));
    await eventually(
      () => again.messages.filter((m) => m.type === 'lotChanged').length >= 2,
      Boolean,
      'replayed changes',
    );
    const replayed = again.messages.filter((m) => m.type === 'lotChanged') as { lot: LotView }[];
    expect(replayed.map((m) => m.lot.id)).toEqual(missed.map((l) => l.id));
    again.socket.close();
  });

  it('publishes on the bus only after the read model holds the change', async () => {
    const input = lotInput();
    const seen: boolean[] = [];
    const sub = await market.bus.subscribe(subjects.lotChanged(input.id as string), async () => {
      seen.push((await market.docs.collection('lots').findOne({ _id: input.id as string })) !== null);
    });
    await market.post('/api/admin/product/create', input, market.admin);
    await eventually(() => seen.length > 0, Boolean, 'bus notice');
    expect(seen).toEqual([true]);
    await sub.close();
  });

  it('answers a malformed socket message with an error message, not a dropped connection', async () => {
    const client = await open(market.url);
    client.socket.send('{"type":"subscribe","channels":["lot:../../etc"]}');
    await eventually(() => client.messages.some((m) => m.type === 'error'), Boolean, 'error message');
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    client.socket.close();
  });
});

describe('the first admin of the demo', () => {
  it('is made on the first start with the catalogue, signs in with the password told once, and is told no more', async () => {
    const first = market.firstAdmin;
    if (!first) throw new Error('the first start made no admin');
    expect(first.email).toBe('admin@example.com');
    const session = await market.ok<LoginResult>('/api/user/login', {
      email: first.email,
      password: first.password,
    });
    expect(session.user).toMatchObject({ roles: ['admin'], isAdmin: true, email_verified: true });
    const events = JSON.stringify(await market.eventStore.readAll({ after: START, raw: true }));
    expect(events).not.toContain(first.password);
  });
});

describe('read models are disposable', () => {
  const allLots = () => market.docs.collection('lots').find({}, { sort: { _id: 1 } });

  it('a blue/green rebuild produces exactly the documents of the live projection', async () => {
    await market.caughtUp();
    const live = await allLots();
    const result = await rebuildProjection({
      eventStore: market.eventStore,
      docs: market.docs,
      projection: lotsProjection,
      clock: { now: () => new Date() },
      logger: createLogger('silent'),
      runner: market.runner,
    });
    expect(result.events).toBeGreaterThanOrEqual(300);
    expect(await allLots()).toEqual(live);
    expect(await market.docs.listCollections()).not.toContain('lots__rebuild');
    const indexes = (await market.docs.collection('lots').listIndexes()).map((i) => i.name);
    expect(indexes).toEqual(expect.arrayContaining(['date_closed', 'status_close', 'country_region']));
  });

  it('a restart rebuilds the embedded read store from the log with the same documents', async () => {
    await market.caughtUp();
    const before = await allLots();
    await market.stop({ keepData: true });
    market = await startMarketplace({ dataDir: market.dataDir });
    expect(await allLots()).toEqual(before);
    // Not a first start: no new admin, no password told again.
    expect(market.firstAdmin).toBeNull();
    const { body } = await market.post<Page>('/api/product/search', {});
    if (body.status !== 'success') throw new Error(body.data.message);
    expect(body.data.responseData.totalRecords).toBe(before.length);
  });
});
