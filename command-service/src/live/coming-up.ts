import { tIn } from '@wine/contracts';
import { type RecordedEvent, userStream } from '@wine/event-schemas';
import type { Clock, Logger, Mailer } from '@wine/platform';
import type { Streams } from '../core/command-handler.ts';
import { derivedId } from '../core/derived-id.ts';
import type { LogFeed, LogFollower } from '../core/follow-log.ts';
import { userDecider } from '../users/decide.ts';

export interface ComingUpDeps {
  streams: Streams;
  clock: Clock;
  mailer: Mailer;
  /** The UI's origin, for the links. */
  publicUrl: () => string;
  logger: Logger;
}

/** How many lots ahead of the block a watcher is told: time to open the room before the lot is called. */
export const COMING_UP_LOTS = 3;

/**
 * The lots within `ahead` of the block: the sale's lots in catalogue order that the room has not called
 * yet (the auctioneer may call them in any order), the nearest first. Pure.
 */
export function comingUp(catalogue: readonly string[], called: ReadonlySet<string>, ahead = COMING_UP_LOTS) {
  return catalogue.filter((lotId) => !called.has(lotId)).slice(0, ahead);
}

interface Sale {
  title: string;
  live: boolean;
  /** Lot ids in catalogue order, and each one's number. */
  lots: string[];
  numbers: Map<string, string>;
  called: Set<string>;
  closed: boolean;
}

interface Notice {
  userId: string;
  lotId: string;
  auctionId: string;
  /** The lot on the block when it was seen coming up. */
  currentLotId: string;
}

const keyOf = (userId: string, lotId: string) => `${userId}\u0000${lotId}`;

/**
 * Issue 37: "a lot you watch is coming up", a process on the log. Each time the room calls a lot, the
 * watchers of the lots now within COMING_UP_LOTS of the block (in the catalogue's uncalled order) who
 * asked for it (the `coming_up` switch, off by default) are mailed in their language, once per user and
 * lot: the notification process's record (NotificationSent on the user's stream, with a command id
 * derived from user, kind, lot and sale) is written before the mail and only the writer mails, so any
 * number of instances and a restart mail once. What the log holds is read at start; a notice not yet
 * written down is sent then, while its lot is still to be called.
 */
export function comingUpProcess(deps: ComingUpDeps, feed: LogFeed): LogFollower {
  const { streams, clock, logger } = deps;
  const sales = new Map<string, Sale>();
  const titles = new Map<string, string>();
  /** Lots sold, passed, withdrawn or closed with their sale: nothing is coming up any more. */
  const ended = new Set<string>();
  const watchers = new Map<string, Set<string>>();
  const told = new Set<string>();
  /** Notices on their way (a second call before the first is sent does not send it twice). */
  const sending = new Set<string>();
  /** Notices seen while reading the log up to its head, by user and lot. */
  const waiting = new Map<string, Notice>();
  let live = false;
  let chain: Promise<void> = Promise.resolve();

  function onAuction(auctionId: string, event: RecordedEvent) {
    if (event.type === 'AuctionCreated') {
      const { title, kind } = event.data as { title: string; kind: string };
      sales.set(auctionId, {
        title,
        live: kind === 'live',
        lots: [],
        numbers: new Map(),
        called: new Set(),
        closed: false,
      });
      return;
    }
    const sale = sales.get(auctionId);
    if (!sale) return;
    const data = event.data as Record<string, unknown>;
    switch (event.type) {
      case 'AuctionUpdated':
        if (typeof data.title === 'string') sale.title = data.title;
        if (typeof data.kind === 'string') sale.live = data.kind === 'live';
        break;
      case 'AuctionLotsArranged': {
        const lots = data.lots as { lotId: string; lotNumber: string }[];
        sale.lots = lots.map((l) => l.lotId);
        sale.numbers = new Map(lots.map((l) => [l.lotId, l.lotNumber]));
        break;
      }
      case 'LiveLotCalled': {
        const lotId = data.lotId as string;
        sale.called.add(lotId);
        if (sale.live && !sale.closed) called(auctionId, sale, lotId);
        break;
      }
      case 'LiveSaleClosed':
        sale.closed = true;
        break;
    }
  }

  /** The room called `currentLotId`: the watchers of the lots now coming up are told. */
  function called(auctionId: string, sale: Sale, currentLotId: string) {
    for (const lotId of comingUp(sale.lots, sale.called)) {
      if (ended.has(lotId)) continue;
      for (const userId of watchers.get(lotId) ?? []) {
        const key = keyOf(userId, lotId);
        if (told.has(key) || sending.has(key) || waiting.has(key)) continue;
        const notice = { userId, lotId, auctionId, currentLotId };
        if (live) enqueue(notice);
        else waiting.set(key, notice);
      }
    }
  }

  function onLot(lotId: string, event: RecordedEvent) {
    const data = event.data as { title?: unknown };
    if (event.type === 'LotListed' || event.type === 'LotUpdated') {
      if (typeof data.title === 'string') titles.set(lotId, data.title);
    } else if (event.type === 'LotClosed' || event.type === 'LotWithdrawn') ended.add(lotId);
  }

  function onUser(userId: string, event: RecordedEvent) {
    const data = event.data as { lotId: string; kind?: string };
    if (event.type === 'LotWatched') {
      const lot = watchers.get(data.lotId) ?? new Set<string>();
      lot.add(userId);
      watchers.set(data.lotId, lot);
    } else if (event.type === 'LotUnwatched') watchers.get(data.lotId)?.delete(userId);
    else if (event.type === 'NotificationSent' && data.kind === 'coming_up') {
      told.add(keyOf(userId, data.lotId));
      waiting.delete(keyOf(userId, data.lotId));
    }
  }

  function follow(event: RecordedEvent) {
    const name = event.streamName;
    if (name.startsWith('auction-')) onAuction(name.slice('auction-'.length), event);
    else if (name.startsWith('lot-')) onLot(name.slice('lot-'.length), event);
    else if (name.startsWith('user-')) onUser(name.slice('user-'.length), event);
  }

  function enqueue(notice: Notice) {
    const key = keyOf(notice.userId, notice.lotId);
    sending.add(key);
    chain = chain
      .then(() => send(notice))
      .catch((error) => logger.error({ err: error, lotId: notice.lotId }, 'a coming-up mail failed'))
      .finally(() => sending.delete(key));
  }

  async function send({ userId, lotId, auctionId, currentLotId }: Notice) {
    const sale = sales.get(auctionId);
    // Called or closed meanwhile (read at a start): no longer news.
    if (!sale || sale.closed || sale.called.has(lotId) || ended.has(lotId)) return;
    // Unwatched since it was seen coming up.
    if (!watchers.get(lotId)?.has(userId)) return;
    const user = await streams.load(userStream(userId), userDecider);
    if (user.status !== 'active') return;
    const commandId = derivedId('notify', userId, 'coming_up', lotId, auctionId);
    const result = await streams.handle(
      userStream(userId),
      userDecider,
      { type: 'RecordNotification', kind: 'coming_up', lotId, ref: auctionId },
      {
        commandId,
        correlationId: commandId,
        actor: { kind: 'system', id: 'coming-up' },
        now: clock.now(),
      },
    );
    // Written down before (another instance, before a restart), or not asked for (a later call asks
    // again, in case the switch was turned on since): no mail.
    const recorded = result.events[0];
    if (result.replayed || !recorded || recorded.type !== 'NotificationSent') return;
    told.add(keyOf(userId, lotId));
    if (!recorded.data.channels.includes('email')) return;
    const { language } = user.preferences;
    const origin = deps.publicUrl();
    const title = titles.get(lotId) ?? lotId;
    const t = (key: Parameters<typeof tIn>[1], params?: Record<string, unknown>) =>
      tIn(language, key, params);
    const text = [
      t('mail.hello', { name: user.firstName }),
      '',
      t('live.mailComingUpBody', {
        title,
        number: sale.numbers.get(lotId) ?? '',
        current: sale.numbers.get(currentLotId) ?? '',
        sale: sale.title,
        link: `${origin}/liveAuction/${encodeURIComponent(auctionId)}`,
      }),
      '',
      t('live.mailComingUpStop', { link: `${origin}/account/notifications` }),
    ].join('\n');
    await deps.mailer.send({ to: user.email, subject: t('live.mailComingUpSubject', { title }), text });
  }

  const log = feed.follow('coming-up', (events) => {
    for (const event of events) follow(event);
  });

  return {
    async start() {
      await log.start();
      live = true;
      for (const notice of waiting.values()) enqueue(notice);
      waiting.clear();
    },
    async stop() {
      live = false;
      await log.stop();
      await chain;
    },
  };
}
