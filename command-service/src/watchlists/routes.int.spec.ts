import { actions } from '@wine/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../testing.ts';

let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService();
});
afterAll(() => service.close());

describe('watchlist routes', () => {
  it('adds a listed lot and removes it again', async () => {
    const ann = await service.signUp('ann@watch.example');
    const lot = await service.listLot();
    const added = await service.post(
      actions.addWatchlist.path,
      { project_id: lot.lotId },
      { token: ann.token },
    );
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({
      message: 'Added to watchlist',
      responseData: { watchlistid: 1 },
    });
    const removed = await service.post(
      actions.removeWatchlist.path,
      { project_id: lot.lotId },
      { token: ann.token },
    );
    expect(removed.body.data).toMatchObject({
      message: 'Removed from watchlist',
      responseData: { watchlistid: 0 },
    });
  });

  it('refuses a lot that does not exist (LOT_NOT_FOUND)', async () => {
    const bob = await service.signUp('bob@watch.example');
    const answer = await service.post(
      actions.addWatchlist.path,
      { project_id: 'no-such-lot' },
      { token: bob.token },
    );
    expect(answer.status).toBe(404);
    expect(answer.body.data.code).toBe('LOT_NOT_FOUND');
  });

  it('refuses a visitor (403) and names the field of a bad body', async () => {
    const visitor = await service.post(actions.addWatchlist.path, { project_id: 'lot-1' });
    expect(visitor.status).toBe(403);
    expect(visitor.body.data.code).toBe('SESSION_INVALID');
    const cat = await service.signUp('cat@watch.example');
    const bad = await service.post(actions.addWatchlist.path, { project_id: 7 }, { token: cat.token });
    expect(bad.status).toBe(400);
    expect(bad.body.data.code).toBe('VALIDATION');
    expect(bad.body.data.responseData).toMatchObject({ field: 'project_id' });
  });
});
