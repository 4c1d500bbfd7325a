import { type ActionName, actions } from '@wine/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

/**
 * Every action of the contracts as an attacker calls it (STYLE.md "Security is part of done"): who may call
 * it is checked before its body is read, a broken, huge or hostile body is a 4xx in the envelope with its
 * code, and nothing is written. New actions are covered by being declared.
 */
let market: TestMarketplace;
let bidder: TestUser;
beforeAll(async () => {
  market = await startMarketplace();
  bidder = await market.bidder({ firstName: 'Mallory' });
});
afterAll(async () => {
  await market?.stop();
});

const all = Object.entries(actions) as [ActionName, (typeof actions)[ActionName]][];
const open = (auth: unknown) => auth === 'public' || auth === 'viewer';
const signedIn = all.filter(([, a]) => !open(a.auth));
const staff = all.filter(([, a]) => !open(a.auth) && a.auth !== 'user');

/** Calls each action, collecting [name, HTTP status, envelope code] and failing on anything written. */
async function answers(list: typeof all, body: string, headers: Record<string, string> = {}) {
  const head = await market.eventStore.headPosition();
  const out: [string, number, unknown][] = [];
  for (const [name, action] of list) {
    const { http, body: envelope } = await market.post(action.path, body, headers);
    out.push([name, http, (envelope as { data?: { code?: unknown } }).data?.code]);
  }
  expect(await market.writtenSince(head)).toEqual([]);
  return out;
}

describe('every declared action, called by an attacker', () => {
  it('refuses a caller without a session before reading the body', async () => {
    const refused = await answers(signedIn, '{"not json');
    expect(refused.filter(([, http]) => http !== 403)).toEqual([]);
  });

  it('refuses a bidder calling a staff or seller action before reading the body', async () => {
    const refused = await answers(staff, '{"not json', bidder.auth);
    expect(refused.filter(([, http]) => http !== 403)).toEqual([]);
  });

  it('answers a broken body with a coded 400, never a 5xx', async () => {
    const list = all.filter(([, a]) => open(a.auth) || a.auth === 'user');
    const answered = await answers(list, '{"not json', bidder.auth);
    expect(answered.filter(([, http, code]) => http !== 400 || typeof code !== 'string')).toEqual([]);
  });

  it('answers a body over the limit with 413, never a 5xx', async () => {
    // The consignment form takes photos: its limit is 9 MB, every other action's 1 MB.
    const photos = (name: ActionName) => name === 'sellYourWine';
    const list = all.filter(([name, a]) => (open(a.auth) || a.auth === 'user') && !photos(name));
    const body = (mb: number) => JSON.stringify({ padding: 'x'.repeat(mb * 1024 * 1024) });
    const answered = await answers(list, body(2), bidder.auth);
    expect(answered.filter(([, http]) => http !== 413)).toEqual([]);
    const consignment = await answers([['sellYourWine', actions.sellYourWine]], body(10));
    expect(consignment.map(([, http]) => http)).toEqual([413]);
  });

  it('answers hostile shapes (an array, a string, a number, a deep nest, a prototype key) with a 4xx, writing nothing', async () => {
    const list = all.filter(([, a]) => open(a.auth) || a.auth === 'user');
    const deep = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
    // (A JSON null is no body: an action without input, such as logout, takes it.)
    for (const body of ['[]', '"text"', '42', deep, '{"constructor":{"prototype":{"isAdmin":true}}}']) {
      const answered = await answers(list, body, bidder.auth);
      expect(answered.filter(([, http]) => http < 400 || http >= 500).map(([n, h]) => `${n} ${h}`)).toEqual(
        [],
      );
    }
  });
});
