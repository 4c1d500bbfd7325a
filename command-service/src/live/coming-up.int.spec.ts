import { actions } from '@wine/contracts';
import { createLogger } from '@wine/platform';
import { eventually } from '@wine/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logFeed } from '../core/follow-log.ts';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import { comingUpProcess } from './coming-up.ts';

/**
 * Issue 37: "a lot you watch is coming up" through the API and the log: a six-lot live sale, watchers
 * who asked for the mail and one who did not; each call of the room tells the watchers of the lots now
 * within three of the block, once per user and lot, in their language.
 */
let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService();
  await service.service.scheduler.start();
});
afterAll(async () => {
  await service.service.scheduler.stop();
  await service.close();
});

const DAY = 24 * 3600_000;
const PREFS = {
  email_notifications: true,
  sms_notifications: false,
  outbid_alerts: true,
  closing_reminders: true,
  won_notices: true,
  language: 'en' as 'en' | 'es',
};
const mails = (to: string) => service.mailer.outbox?.({ to }) ?? Promise.resolve([]);
const post = <T = unknown>(path: string, body: unknown, token: string) =>
  service.post<T>(path, body, { token });

/** A watcher of `lotIds`, with the coming-up mail asked for (or not) and their language. */
async function watcher(
  email: string,
  lotIds: string[],
  choices: { comingUp: boolean; language?: 'en' | 'es' },
) {
  const user = await service.signUp(email);
  const saved = await post(
    actions.updatePreference.path,
    { ...PREFS, language: choices.language ?? 'en', coming_up_notices: choices.comingUp },
    user.token,
  );
  expect(saved.status).toBe(200);
  for (const lotId of lotIds) {
    expect((await post(actions.addWatchlist.path, { project_id: lotId }, user.token)).status).toBe(200);
  }
  return user;
}

async function liveSale(count: number) {
  const admin = await service.signUp('admin@coming-up.example', ['admin']);
  const clerk = await service.signUp('clerk@coming-up.example', ['auctioneer']);
  const now = service.clock.now().getTime();
  const lots: string[] = [];
  for (let i = 1; i <= count; i++) {
    const lot = await service.listLot({
      auction: true,
      buyNow: false,
      openingBid: 10_000,
      title: `Lot ${i} Barolo`,
      closesAt: new Date(now + 7 * DAY).toISOString(),
    });
    lots.push(lot.lotId);
  }
  const created = await post<{ id: string }>(
    actions.createAuction.path,
    {
      title: 'Piedmont Evening',
      kind: 'live',
      startsAt: new Date(now - 3600_000).toISOString(),
      firstCloseAt: new Date(now + 2 * DAY).toISOString(),
    },
    admin.token,
  );
  const auctionId = created.body.data.responseData.id;
  expect((await post(actions.arrangeAuction.path, { id: auctionId, lotIds: lots }, admin.token)).status).toBe(
    200,
  );
  return { clerk, auctionId, lots };
}

describe('a watched lot coming up in the live room (issue 37)', () => {
  it('mails who asked for it when the lot comes within three of the block, once, in their language; never who did not', async () => {
    const { clerk, auctionId, lots } = await liveSale(6);
    const [l1, l2, l3, l4, l5, l6] = lots as [string, string, string, string, string, string];
    const yan = await watcher('yan@coming-up.example', [l4], { comingUp: false });
    const wes = await watcher('wes@coming-up.example', [l4], { comingUp: true });
    const xia = await watcher('xia@coming-up.example', [l4], { comingUp: true, language: 'es' });
    const zed = await watcher('zed@coming-up.example', [l5], { comingUp: true });
    expect((await post(actions.removeWatchlist.path, { project_id: l5 }, zed.token)).status).toBe(200);
    const vic = await watcher('vic@coming-up.example', [l5, l6], { comingUp: true });

    const call = async (lotId: string, previous: string | null) => {
      if (previous) await post(actions.liveHammer.path, { lot_id: previous, outcome: 'passed' }, clerk.token);
      const called = await post(
        actions.liveCallLot.path,
        { auction_id: auctionId, lot_id: lotId },
        clerk.token,
      );
      expect(called.status).toBe(200);
    };
    await post(actions.liveOpenSale.path, { auction_id: auctionId }, clerk.token);
    // Lot 1 on the block: lots 2, 3 and 4 are coming up.
    await call(l1, null);
    const [toWes] = await eventually(
      () => mails(wes.email),
      (m) => m.length > 0,
    );
    expect(toWes?.subject).toBe('Lot 4 Barolo is coming up in the live room');
    expect(toWes?.text).toContain('Lot 4, Lot 4 Barolo, on your watchlist, is coming up in Piedmont Evening');
    expect(toWes?.text).toContain('the auctioneer is selling lot 1 now');
    expect(toWes?.text).toContain(`http://localhost/liveAuction/${auctionId}`);
    expect(toWes?.text).toContain('http://localhost/account/notifications');
    const [toXia] = await eventually(
      () => mails(xia.email),
      (m) => m.length > 0,
    );
    expect(toXia?.subject).toBe('Lot 4 Barolo sale pronto en la sala en vivo');

    // Lot 2 on the block: lot 5 comes up (Vic; Zed unwatched it); lot 4 is not told again.
    await call(l2, l1);
    const [toVic] = await eventually(
      () => mails(vic.email),
      (m) => m.length > 0,
    );
    expect(toVic?.subject).toBe('Lot 5 Barolo is coming up in the live room');
    // Lot 3 on the block: lot 6 comes up, Vic told of it too (once a lot, not once a sale).
    await call(l3, l2);
    await eventually(
      () => mails(vic.email),
      (m) => m.length === 2,
    );
    expect(await mails(wes.email)).toHaveLength(1);
    expect(await mails(xia.email)).toHaveLength(1);
    expect(await mails(yan.email)).toHaveLength(0);
    expect(await mails(zed.email)).toHaveLength(0);

    // Another instance (or this one after a restart) reading the same log mails nobody again.
    const logger = createLogger('silent');
    const again = comingUpProcess(
      {
        streams: service.service.streams,
        clock: service.clock,
        mailer: service.mailer,
        publicUrl: () => 'http://localhost',
        logger,
      },
      logFeed(service.service.streams.store, logger),
    );
    await again.start();
    await call(l4, l3);
    await again.stop();
    expect(await mails(wes.email)).toHaveLength(1);
    expect(await mails(vic.email)).toHaveLength(2);
  });
});
