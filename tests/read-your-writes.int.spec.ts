import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  AFTER_POSITION_HEADER,
  actions,
  LOG_POSITION_HEADER,
  type OutputOf,
  READ_AFTER_WAIT_MS,
} from '@wine/contracts';
import { padPosition } from '@wine/event-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotInput, startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

/**
 * Read-your-writes (contracts read-your-writes.ts): a command answers where its write landed in the
 * log, and a read that names that position is answered once the read models have projected it, not
 * with the state before the caller's own change. The runner is paused here, as a loaded machine
 * delays it.
 */
describe('read-your-writes', () => {
  let market: TestMarketplace;
  let buyer: TestUser;
  let lotIds: string[];

  beforeAll(async () => {
    market = await startMarketplace();
    buyer = await market.bidder({ card: false });
    lotIds = [];
    for (let i = 0; i < 4; i++) {
      const lot = lotInput({ auction: false, buyNow: true, buyNowPrice: 5_000, openingBid: 0 });
      lotIds.push((await market.ok<{ id: string }>(actions.createLot.path, lot, market.admin)).id);
    }
    await market.caughtUp();
  }, 120_000);
  afterAll(() => market?.stop());

  const send = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${market.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...buyer.auth, ...headers },
      body: JSON.stringify(body),
    });
  const watch = (lotId: string, headers: Record<string, string> = {}) =>
    send(actions.addWatchlist.path, { project_id: lotId }, headers);
  const watched = async (headers: Record<string, string> = {}) => {
    const response = await send(actions.myWatchlist.path, {}, headers);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { responseData: OutputOf<'myWatchlist'> } };
    return body.data.responseData.records.map((r) => r.id);
  };
  /** Holds the projections until `release` is called, as a busy machine does. */
  const paused = () => market.runner.pause();

  it('answers the write’s log position, and a read naming it waits for the read models to show it', async () => {
    const release = await paused();
    let released = false;
    try {
      const answer = await watch(lotIds[0] as string);
      expect(answer.status).toBe(200);
      const position = answer.headers.get(LOG_POSITION_HEADER) as string;
      expect(position).toMatch(/^\d{20}$/);
      expect(position > market.runner.position()).toBe(true);

      // Without the position the read answers at once, from the read model as it is.
      expect(await watched()).not.toContain(lotIds[0]);
      // With it, the read is held until the projections have caught up with the write.
      const reading = watched({ [AFTER_POSITION_HEADER]: position });
      const early = await Promise.race([reading.then(() => 'answered'), sleep(300).then(() => 'waiting')]);
      expect(early).toBe('waiting');
      release();
      released = true;
      expect(await reading).toContain(lotIds[0]);
    } finally {
      if (!released) release();
    }
  });

  it('answers the earlier position to a retry of the same x-command-id, which writes nothing', async () => {
    const commandId = randomUUID();
    const first = await watch(lotIds[1] as string, { 'x-command-id': commandId });
    const head = await market.eventStore.headPosition();
    const again = await watch(lotIds[1] as string, { 'x-command-id': commandId });
    expect(again.status).toBe(200);
    expect(again.headers.get(LOG_POSITION_HEADER)).toBe(first.headers.get(LOG_POSITION_HEADER));
    expect(await market.eventStore.headPosition()).toBe(head);
  });

  it('answers a read at once when the answer wrote nothing (a refusal names no position)', async () => {
    const refused = await watch('no-such-lot');
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.headers.get(LOG_POSITION_HEADER)).toBeNull();
  });

  it('gives up waiting after the bound, and never waits for a position the log has not reached', async () => {
    const release = await paused();
    try {
      const answer = await watch(lotIds[2] as string);
      const position = answer.headers.get(LOG_POSITION_HEADER) as string;
      // A made-up position beyond the head, or a header that is no position: answered at once.
      for (const made of [padPosition(10n ** 18n), 'DROP TABLE', '1'.repeat(5_000)]) {
        const started = performance.now();
        expect(await watched({ [AFTER_POSITION_HEADER]: made })).not.toContain(lotIds[2]);
        expect(performance.now() - started).toBeLessThan(READ_AFTER_WAIT_MS / 2);
      }
      // A real position the projections do not reach in time: answered after the bound, as it is.
      const started = performance.now();
      expect(await watched({ [AFTER_POSITION_HEADER]: position })).not.toContain(lotIds[2]);
      expect(performance.now() - started).toBeGreaterThanOrEqual(READ_AFTER_WAIT_MS - 50);
    } finally {
      release();
    }
    await market.caughtUp();
    expect(await watched()).toContain(lotIds[2]);
  });
});
