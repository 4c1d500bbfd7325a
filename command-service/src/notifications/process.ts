import { type LotEvent, type RecordedEvent, userStream } from '@wine/event-schemas';
import type { Clock, Logger, Mailer, Sms } from '@wine/platform';
import TinyQueue from 'tinyqueue';
import type { Streams } from '../core/command-handler.ts';
import { derivedId } from '../core/derived-id.ts';
import type { LogFeed, LogFollower } from '../core/follow-log.ts';
import { userDecider } from '../users/decide.ts';
import { type NoticeKind, switchKindOf, textablePhone } from './decide.ts';
import { type Notice, noticeMail, outbidText } from './mail.ts';
import type { UnsubscribeLinks } from './unsubscribe-link.ts';

export interface NotificationDeps {
  streams: Streams;
  clock: Clock;
  mailer: Mailer;
  sms: Sms;
  links: UnsubscribeLinks;
  /** The UI's origin, for the links. */
  publicUrl: () => string;
  /** How long before a lot's (current) close its watchers and bidders are reminded. */
  closingLeadMinutes: number;
  logger: Logger;
  /** How often due reminders are looked for (the clock may jump, so timers are not trusted alone). */
  tickMs?: number;
}

interface LotSeen {
  title: string;
  closesAt: number;
  price: number;
  leader: string | null;
  /** Since when each user follows the lot: watched (until unwatched) or bid on. */
  watchers: Map<string, number>;
  bidders: Map<string, number>;
}

type Won = Extract<Notice, { kind: 'won' }>;
interface Pending {
  userId: string;
  kind: NoticeKind;
  lotId: string;
  ref: string;
  won?: Won;
  /** A cancelled bid's reason, as the house gave it. */
  reason?: string;
}

/** A won mail for an invoice issued longer ago than this is not sent at a start (the feature's first). */
const WON_CATCH_UP_MS = 24 * 3600_000;

const keyOf = (p: { userId: string; kind: string; lotId: string; ref: string }) =>
  [p.kind, p.userId, p.lotId, p.ref].join('\u0000');

/**
 * Issue 31: the bidder's notifications, a process on the log. An outbid (a bid that took the lead from
 * someone: `outbidUserId`), a reminder a configured time before the current close of a lot one
 * watches or bid on (once, however often soft close moves it), and the won lot with its invoice (when
 * the auction's invoice is issued). Each send first writes NotificationSent on the user's stream with a
 * command id derived from user, kind, lot and ref, and mails only when that append wrote something:
 * however many instances follow the log, and after a restart, one mail per event. What the log holds
 * is read at start (like the saved-search alerts); what was not yet written down is sent then, for
 * lots still open.
 */
export function notificationProcess(deps: NotificationDeps, feed: LogFeed): LogFollower {
  const { streams, clock, logger } = deps;
  const leadMs = deps.closingLeadMinutes * 60_000;
  const lots = new Map<string, LotSeen>();
  /**
   * The titles of lots that closed or were withdrawn: a bid cancel on a closed lot still tells its
   * bidders, and one that reopens it follows the lot again (its bids and close from then on).
   */
  const closedTitles = new Map<string, string>();
  const sent = new Set<string>();
  /** Outbids and wins read before the head, keyed by user and lot (the latest outbid wins). */
  const waiting = new Map<string, Pending>();
  const reminders = new TinyQueue<{ lotId: string; at: number }>([], (a, b) => a.at - b.at);
  let live = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let chain: Promise<void> = Promise.resolve();

  const lotOf = (lotId: string) => lots.get(lotId);
  const remindAt = (lot: LotSeen) => lot.closesAt - leadMs;
  const schedule = (lotId: string, lot: LotSeen) => reminders.push({ lotId, at: remindAt(lot) });

  function onLot(lotId: string, event: RecordedEvent) {
    const data = event.data as Record<string, unknown>;
    const at = Date.parse(event.metadata.occurredAt);
    if (event.type === 'LotListed') {
      // A buy-now listing has no bids, no lead to lose and no close to bid before.
      if (data.auction === false) return;
      const lot: LotSeen = {
        title: data.title as string,
        closesAt: Date.parse(data.closesAt as string),
        // Until the first bid, the price a bid starts at.
        price: typeof data.openingBid === 'number' ? data.openingBid : 0,
        leader: null,
        watchers: new Map(),
        bidders: new Map(),
      };
      lots.set(lotId, lot);
      schedule(lotId, lot);
      return;
    }
    const lot = lotOf(lotId) ?? (event.type === 'BidsCancelled' ? reopenedLot(lotId, event) : undefined);
    if (!lot) return;
    switch (event.type) {
      case 'LotUpdated':
        if (typeof data.title === 'string') lot.title = data.title;
        if (typeof data.closesAt === 'string') {
          lot.closesAt = Date.parse(data.closesAt);
          schedule(lotId, lot);
        }
        break;
      case 'LotExtended':
      case 'LotScheduled':
        lot.closesAt = Date.parse(data.closesAt as string);
        schedule(lotId, lot);
        break;
      case 'BidPlaced':
      case 'ProxyBidPlaced': {
        const bidderId = data.bidderId as string;
        lot.price = data.amount as number;
        if (!lot.bidders.has(bidderId)) lot.bidders.set(bidderId, at);
        if (data.leads) lot.leader = bidderId;
        const outbid = data.outbidUserId as string | null;
        if (data.leads && outbid) {
          notice({ userId: outbid, kind: 'outbid', lotId, ref: data.bidId as string });
        }
        break;
      }
      case 'BidsCancelled': {
        // Issue 33: the cancelled bidder is told why, and whoever the ladder now puts in the lead.
        const { bidderId, reason, before, after } = data as Extract<
          LotEvent,
          { type: 'BidsCancelled' }
        >['data'];
        lot.price = after.price;
        lot.leader = after.leaderId;
        notice({ userId: bidderId, kind: 'bidCancelled', lotId, ref: event.id, reason });
        if (after.leaderId && after.leaderId !== before.leaderId && after.leaderId !== bidderId)
          notice({ userId: after.leaderId, kind: 'leading', lotId, ref: event.id });
        break;
      }
      case 'LotClosed':
      case 'LotWithdrawn':
        // Nothing more to tell of it but its win, which the invoice carries (unless a cancel reopens it).
        closedTitles.set(lotId, lot.title);
        lots.delete(lotId);
        break;
    }
  }

  /**
   * A closed lot a bid cancel touches: followed again when the cancel reopens it (the watchers of before
   * are not kept), or seen once, so the cancelled bidder and the new leader are still told.
   */
  function reopenedLot(lotId: string, event: RecordedEvent): LotSeen | undefined {
    const title = closedTitles.get(lotId);
    if (title === undefined) return undefined;
    const { reopened, closesAt } = event.data as { reopened: boolean; closesAt: string | null };
    const lot: LotSeen = {
      title,
      closesAt: closesAt ? Date.parse(closesAt) : 0,
      price: 0,
      leader: null,
      watchers: new Map(),
      bidders: new Map(),
    };
    if (reopened && closesAt) {
      closedTitles.delete(lotId);
      lots.set(lotId, lot);
      schedule(lotId, lot);
    }
    return lot;
  }

  function onUser(userId: string, event: RecordedEvent) {
    const data = event.data as { lotId: string; kind: NoticeKind; ref: string };
    if (event.type === 'LotWatched') {
      const lot = lotOf(data.lotId);
      if (lot && !lot.watchers.has(userId)) lot.watchers.set(userId, Date.parse(event.metadata.occurredAt));
    } else if (event.type === 'LotUnwatched') {
      lotOf(data.lotId)?.watchers.delete(userId);
    } else if (event.type === 'NotificationSent') {
      const key = keyOf({ userId, kind: data.kind, lotId: data.lotId, ref: data.ref });
      sent.add(key);
      const pending = waiting.get(`${userId}\u0000${data.lotId}\u0000${data.kind}`);
      if (pending && keyOf(pending) === key) waiting.delete(`${userId}\u0000${data.lotId}\u0000${data.kind}`);
    }
  }

  function onInvoice(event: RecordedEvent) {
    const data = event.data as {
      invoiceId: string;
      number?: string;
      kind: string;
      buyerId: string;
      lines: { lotId: string; title: string; amount: number }[];
      amounts: { total: number };
      dueAt: string;
    };
    const line = data.lines[0];
    if (data.kind !== 'auction' || !line) return;
    // Mailed at a start only when recent: the first start of this process does not mail old wins.
    const issuedAt = Date.parse(event.metadata.occurredAt);
    if (!live && clock.now().getTime() - issuedAt > WON_CATCH_UP_MS) return;
    const won: Won = {
      kind: 'won',
      title: line.title,
      hammer: line.amount,
      invoice: data.number ?? data.invoiceId,
      total: data.amounts.total,
      items: data.lines.map((l) => l.title).join(', '),
      due: data.dueAt.slice(0, 10),
      invoiceLink: `${deps.publicUrl()}/invoice/${encodeURIComponent(data.invoiceId)}`,
    };
    notice({ userId: data.buyerId, kind: 'won', lotId: line.lotId, ref: data.invoiceId, won });
  }

  function notice(pending: Pending) {
    if (sent.has(keyOf(pending))) return;
    if (live) enqueue(pending);
    else waiting.set(`${pending.userId}\u0000${pending.lotId}\u0000${pending.kind}`, pending);
  }

  function follow(event: RecordedEvent) {
    const name = event.streamName;
    if (name.startsWith('lot-')) onLot(name.slice('lot-'.length), event);
    else if (name.startsWith('user-')) onUser(name.slice('user-'.length), event);
    else if (event.type === 'InvoiceIssued') onInvoice(event);
  }

  /** The reminders due now: lots open, within the lead time of their current close. */
  function tick() {
    if (!live) return;
    const now = clock.now().getTime();
    for (let due = reminders.peek(); due && due.at <= now; due = reminders.peek()) {
      reminders.pop();
      const lot = lotOf(due.lotId);
      // Superseded by a later close (its own entry comes then), or closed.
      if (!lot || remindAt(lot) !== due.at || now >= lot.closesAt) continue;
      const at = remindAt(lot);
      const following = new Map(lot.watchers);
      for (const [userId, since] of lot.bidders)
        following.set(userId, Math.min(since, following.get(userId) ?? since));
      for (const [userId, since] of following) {
        // Who followed the lot only after the reminder's moment was there to see its close.
        if (since > at) continue;
        const pending = { userId, kind: 'closing' as const, lotId: due.lotId, ref: 'close' };
        if (!sent.has(keyOf(pending))) enqueue(pending);
      }
    }
  }

  function enqueue(pending: Pending) {
    chain = chain
      .then(() => send(pending))
      .catch((error) =>
        logger.error({ err: error, lotId: pending.lotId, kind: pending.kind }, 'a notification failed'),
      );
  }

  async function send(pending: Pending) {
    const { userId, kind, lotId, ref } = pending;
    const lot = lotOf(lotId);
    // An outbid or a reminder for a lot that closed meanwhile (read at a start) is no news.
    if (kind !== 'won' && !lot) return;
    // Read once: recording it changes nothing the mail uses (the channels come from the record).
    const user = await streams.load(userStream(userId), userDecider);
    if (user.status !== 'active') return;
    const commandId = derivedId('notify', userId, kind, lotId, ref);
    const result = await streams.handle(
      userStream(userId),
      userDecider,
      { type: 'RecordNotification', kind, lotId, ref },
      {
        commandId,
        correlationId: commandId,
        actor: { kind: 'system', id: 'notifications' },
        now: clock.now(),
      },
    );
    sent.add(keyOf(pending));
    // Written down before (another instance, or before a restart), or not wanted: no mail.
    const recorded = result.events[0];
    if (result.replayed || !recorded || recorded.type !== 'NotificationSent') return;
    const origin = deps.publicUrl();
    const lotLink = `${origin}/productview/${encodeURIComponent(lotId)}`;
    const notice: Notice | undefined =
      kind === 'won'
        ? pending.won
        : kind === 'outbid' || kind === 'leading'
          ? { kind, title: lot?.title ?? lotId, price: lot?.price ?? 0, lotLink }
          : kind === 'bidCancelled'
            ? {
                kind,
                title: lot?.title ?? lotId,
                price: lot?.price ?? 0,
                lotLink,
                reason: pending.reason ?? '',
              }
            : kind === 'closing'
              ? {
                  kind,
                  title: lot?.title ?? lotId,
                  price: lot?.price ?? 0,
                  lotLink,
                  closesAt: new Date(lot?.closesAt ?? 0).toISOString(),
                  minutes: Math.max(1, Math.round(((lot?.closesAt ?? 0) - clock.now().getTime()) / 60_000)),
                }
              : // Issue 37: a lot coming up in the live room is told by the live room's process (live/coming-up.ts).
                undefined;
    if (!notice) return;
    const { language } = user.preferences;
    const channels = recorded.data.channels;
    if (channels.includes('email')) {
      const links = {
        stop: deps.links.url(origin, userId, switchKindOf(kind)),
        choices: `${origin}/account/notifications`,
      };
      const { subject, text } = noticeMail(language, user.firstName, notice, links);
      await deps.mailer.send({ to: user.email, subject, text });
    }
    const phone = textablePhone(user);
    if (channels.includes('sms') && notice.kind === 'outbid' && phone && deps.sms.available) {
      await deps.sms.send({ to: phone, text: outbidText(language, notice) });
    }
  }

  const log = feed.follow('notifications', (events) => {
    for (const event of events) follow(event);
    tick();
  });

  return {
    async start() {
      timer = setInterval(() => {
        if (!stopped) tick();
      }, deps.tickMs ?? 1000);
      timer.unref();
      await log.start();
      live = true;
      for (const pending of waiting.values()) {
        const lot = lotOf(pending.lotId);
        // An outbid the user answered since (they lead again) is not told after a restart.
        if (pending.kind === 'outbid' && (!lot || lot.leader === pending.userId)) continue;
        enqueue(pending);
      }
      waiting.clear();
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await log.stop();
      await chain;
    },
  };
}
