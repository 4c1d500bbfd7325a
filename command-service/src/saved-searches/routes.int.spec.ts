import { actions, MAX_SAVED_SEARCHES } from '@wine/contracts';
import { userStream } from '@wine/event-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import { userDecider } from '../users/decide.ts';

let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService();
});
afterAll(() => service.close());

const reds = {
  filters: {
    market_status: { value: ['open'], type: 'array', field: 'p.market_status' },
    color: { value: ['Red'], type: 'array', field: 'p.custitem_gvo_color' },
  },
};
const searchesOf = async (userId: string) =>
  (await service.service.streams.load(userStream(userId), userDecider)).savedSearches;

describe('saved search routes (seeds 000 §2.1 /saved_search)', () => {
  it('saves a search (once for a retried request), switches its mail and deletes it', async () => {
    const ann = await service.signUp('ann@searches.example');
    const body = { name: ' Reds ', search: reds, notify: true };
    const saved = await service.post<{ id: string }>(actions.saveSearch.path, body, {
      token: ann.token,
      commandId: 'save-reds-0001',
    });
    expect(saved.status).toBe(200);
    const { id } = saved.body.data.responseData;
    const again = await service.post<{ id: string }>(actions.saveSearch.path, body, {
      token: ann.token,
      commandId: 'save-reds-0001',
    });
    expect(again.body.data.responseData.id).toBe(id);
    expect(await searchesOf(ann.id)).toEqual([
      { searchId: id, name: 'Reds', filters: reds.filters, notify: true },
    ]);
    const off = await service.post(
      actions.savedSearchNotify.path,
      { id, notify: false },
      { token: ann.token },
    );
    expect(off.body.data.responseData).toEqual({ id, notify: false });
    const gone = await service.post(actions.deleteSavedSearch.path, { id }, { token: ann.token });
    expect(gone.status).toBe(200);
    expect(await searchesOf(ann.id)).toEqual([]);
  });

  it("cannot delete or switch another user's search: it is not found", async () => {
    const bob = await service.signUp('bob@searches.example');
    const eve = await service.signUp('eve@searches.example');
    const saved = await service.post<{ id: string }>(
      actions.saveSearch.path,
      { name: 'Bob reds', search: reds },
      { token: bob.token },
    );
    const { id } = saved.body.data.responseData;
    const stolen = await service.post(actions.deleteSavedSearch.path, { id }, { token: eve.token });
    expect(stolen.status).toBe(404);
    expect(stolen.body.data.code).toBe('SAVED_SEARCH_NOT_FOUND');
    const switched = await service.post(
      actions.savedSearchNotify.path,
      { id, notify: true },
      { token: eve.token },
    );
    expect(switched.status).toBe(404);
    expect(await searchesOf(bob.id)).toHaveLength(1);
  });

  it('refuses a visitor, a bad name, a filter off the whitelist, an empty search and a search too many', async () => {
    const visitor = await service.post(actions.saveSearch.path, { name: 'x', search: reds });
    expect(visitor.status).toBe(403);
    const cat = await service.signUp('cat@searches.example');
    for (const [body, field] of [
      [{ name: '', search: reds }, 'name'],
      [{ name: 'n'.repeat(61), search: reds }, 'name'],
      [
        { name: 'evil', search: { filters: { $where: { value: '1', type: 'in', field: 'p.id' } } } },
        'search',
      ],
      [
        {
          name: 'evil',
          search: { filters: { color: { value: ['Red'], type: 'like', field: 'p.password' } } },
        },
        'search',
      ],
      [{ name: 'everything', search: { filters: {} } }, 'search'],
    ] as const) {
      const bad = await service.post(actions.saveSearch.path, body, { token: cat.token });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.data.code).toBe('VALIDATION');
      expect(String(bad.body.data.responseData.field)).toMatch(new RegExp(`^${field}`));
    }
    for (let i = 0; i < MAX_SAVED_SEARCHES; i++) {
      const ok = await service.post(
        actions.saveSearch.path,
        { name: `s${i}`, search: reds },
        { token: cat.token },
      );
      expect(ok.status).toBe(200);
    }
    const full = await service.post(
      actions.saveSearch.path,
      { name: 'one more', search: reds },
      { token: cat.token },
    );
    expect(full.status).toBe(400);
    expect(full.body.data.code).toBe('SAVED_SEARCHES_FULL');
    expect(await searchesOf(cat.id)).toHaveLength(MAX_SAVED_SEARCHES);
  });
});
