import { actions } from '@wine/contracts';
import { lotViewsStream, userStream } from '@wine/event-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import { userDecider } from '../users/decide.ts';
import { lotViewsDecider } from './lot-views.ts';

let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService();
});
afterAll(() => service.close());

const follows = async (userId: string) =>
  (await service.service.streams.load(userStream(userId), userDecider)).follows;

describe('producer routes (seeds 000 §7 addFollower)', () => {
  it('follows with rating 5 by default, re-rates, and unfollows', async () => {
    const ann = await service.signUp('ann@producers.example');
    const first = await service.post(
      actions.addFollower.path,
      { follows: ' Opus One ' },
      { token: ann.token },
    );
    expect(first.status).toBe(200);
    expect(first.body.data.responseData).toEqual({ follows: 'Opus One', rating: 5 });
    await service.post(actions.addFollower.path, { follows: 'Opus One', rating: 2 }, { token: ann.token });
    expect(await follows(ann.id)).toEqual([{ producer: 'Opus One', rating: 2 }]);
    const gone = await service.post(
      actions.removeFollower.path,
      { follows: 'Opus One' },
      { token: ann.token },
    );
    expect(gone.status).toBe(200);
    expect(await follows(ann.id)).toEqual([]);
  });

  it('refuses a visitor before reading the body, and a bad rating or producer by its field', async () => {
    const visitor = await service.post(actions.addFollower.path, { follows: 'Opus One', rating: 5 });
    expect(visitor.status).toBe(403);
    expect(visitor.body.data.code).toBe('SESSION_INVALID');
    const bob = await service.signUp('bob@producers.example');
    for (const [body, field] of [
      [{ follows: 'Opus One', rating: 6 }, 'rating'],
      [{ follows: 'Opus One', rating: 0 }, 'rating'],
      [{ follows: 'Opus One', rating: 4.5 }, 'rating'],
      [{ follows: '   ', rating: 5 }, 'follows'],
      [{ follows: 'x'.repeat(201), rating: 5 }, 'follows'],
    ] as const) {
      const bad = await service.post(actions.addFollower.path, body, { token: bob.token });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.data.code).toBe('VALIDATION');
      expect(bad.body.data.responseData).toMatchObject({ field });
    }
    const extra = await service.post(
      actions.addFollower.path,
      { follows: 'Opus One', rating: 5, user_id: 'someone-else' },
      { token: bob.token },
    );
    expect(extra.status).toBe(400);
    expect(await follows(bob.id)).toEqual([]);
  });
});

describe('increaseProductViewCount (seeds 000 §7)', () => {
  const views = async (lotId: string) =>
    (await service.service.streams.load(lotViewsStream(lotId), lotViewsDecider)).views;

  it('counts a visitor and a user once per lot and hour each', async () => {
    const lot = await service.listLot();
    const cat = await service.signUp('cat@producers.example');
    const path = actions.increaseProductViewCount.path;
    const visitor = await service.post(path, { id: lot.lotId });
    expect(visitor.status).toBe(200);
    expect(visitor.body.data.responseData).toEqual({ counted: true });
    expect((await service.post(path, { id: lot.lotId })).body.data.responseData).toEqual({ counted: false });
    expect(
      (await service.post(path, { id: lot.lotId }, { token: cat.token })).body.data.responseData,
    ).toEqual({
      counted: true,
    });
    expect(
      (await service.post(path, { id: lot.lotId }, { token: cat.token })).body.data.responseData,
    ).toEqual({
      counted: false,
    });
    expect(await views(lot.lotId)).toBe(2);
    service.clock.advance(3600_000);
    await service.post(path, { id: lot.lotId });
    expect(await views(lot.lotId)).toBe(3);
  });

  it('refuses an unknown lot (writing no views stream) and a bad token', async () => {
    const path = actions.increaseProductViewCount.path;
    const unknown = await service.post(path, { id: 'no-such-lot' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.data.code).toBe('LOT_NOT_FOUND');
    expect(await views('no-such-lot')).toBe(0);
    const forged = await service.post(path, { id: 'no-such-lot' }, { token: 'forged' });
    expect(forged.status).toBe(403);
  });
});
