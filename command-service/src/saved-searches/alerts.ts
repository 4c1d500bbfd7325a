import { type FilterItem, matchableListing, t } from '@wine/contracts';
import { type LotListedData, type RecordedEvent, userStream } from '@wine/event-schemas';
import type { Clock, Logger, Mailer } from '@wine/platform';
import type { Streams } from '../core/command-handler.ts';
import { derivedId } from '../core/derived-id.ts';
import type { LogFeed, LogFollower } from '../core/follow-log.ts';
import { userDecider } from '../users/decide.ts';
import { type KeptSearch, type SearchMatch, searchesMatching } from './matching.ts';

export interface SearchAlertDeps {
  streams: Streams;
  clock: Clock;
  mailer: Mailer;
  /** The UI's origin, for the lot's link. */
  publicUrl: () => string;
  logger: Logger;
}

interface Alert extends SearchMatch {
  lotId: string;
  title: string;
  closesAt: number;
}

const keyOf = (userId: string, lotId: string) => `${userId}\u0000${lotId}`;

/**
 * seeds 000 §2.1 /saved_search, "e-mail me when a new lot matches": when a lot is listed, mails each
 * user whose saved search asks for it and matches the lot. The saved searches are kept in memory from
 * the log (the write side reads no read model). Each mail is first written down on the user's stream
 * (SavedSearchAlertSent, with a command id derived from the user and the lot), so one user hears of
 * one lot once: a restart reads the log again, and mails only what was not written down, for lots
 * still open, once it has read the whole log.
 */
export function searchAlertProcess(deps: SearchAlertDeps, feed: LogFeed): LogFollower {
  const { streams, clock, logger } = deps;
  const searches = new Map<string, Map<string, KeptSearch>>();
  const alerted = new Set<string>();
  // Matches seen while reading the log up to its head: mailed then, unless already written down.
  const waiting = new Map<string, Alert>();
  let live = false;
  let chain: Promise<void> = Promise.resolve();

  function own(userId: string) {
    const kept = searches.get(userId) ?? new Map<string, KeptSearch>();
    searches.set(userId, kept);
    return kept;
  }

  function follow(event: RecordedEvent) {
    if (event.streamName.startsWith('user-')) {
      const userId = event.streamName.slice('user-'.length);
      const data = event.data as {
        searchId: string;
        name: string;
        filters: Record<string, FilterItem>;
        notify: boolean;
        lotId: string;
      };
      if (event.type === 'SearchSaved') {
        own(userId).set(data.searchId, {
          searchId: data.searchId,
          name: data.name,
          filters: data.filters,
          notify: data.notify,
        });
      } else if (event.type === 'SavedSearchNotifyChanged') {
        const kept = searches.get(userId)?.get(data.searchId);
        if (kept) kept.notify = data.notify;
      } else if (event.type === 'SavedSearchDeleted') {
        searches.get(userId)?.delete(data.searchId);
      } else if (event.type === 'SavedSearchAlertSent') {
        alerted.add(keyOf(userId, data.lotId));
        waiting.delete(keyOf(userId, data.lotId));
      }
      return;
    }
    if (event.type !== 'LotListed' || !event.streamName.startsWith('lot-')) return;
    const lot = event.data as LotListedData;
    // Issue 36 §5: a private sale is told to its invited buyers alone, never to a saved search.
    if (lot.privateSale === true) return;
    for (const match of searchesMatching(searches, matchableListing(lot), lot.sellerId)) {
      const key = keyOf(match.userId, lot.lotId);
      if (alerted.has(key)) continue;
      const alert = { ...match, lotId: lot.lotId, title: lot.title, closesAt: Date.parse(lot.closesAt) };
      if (live) enqueue(alert);
      else waiting.set(key, alert);
    }
  }

  function enqueue(alert: Alert) {
    chain = chain
      .then(() => send(alert))
      .catch((error) => logger.error({ err: error, lotId: alert.lotId }, 'a saved-search alert failed'));
  }

  async function send(alert: Alert) {
    const user = await streams.load(userStream(alert.userId), userDecider);
    if (user.status !== 'active' || !user.email) return;
    const commandId = derivedId('alert', alert.userId, alert.lotId);
    const result = await streams.handle(
      userStream(alert.userId),
      userDecider,
      { type: 'RecordSearchAlert', searchId: alert.searchId, lotId: alert.lotId },
      {
        commandId,
        correlationId: commandId,
        actor: { kind: 'system', id: 'search-alerts' },
        now: clock.now(),
      },
    );
    // Written down before (a restart after the record, before the mail) or no longer wanted: no mail.
    if (result.replayed || result.events.length === 0) return;
    alerted.add(keyOf(alert.userId, alert.lotId));
    const origin = deps.publicUrl();
    const text = [
      t('mail.hello', { name: user.firstName }),
      '',
      t('savedSearches.alertBody', { name: alert.name, title: alert.title }),
      t('savedSearches.alertLink', { link: `${origin}/productview/${encodeURIComponent(alert.lotId)}` }),
      '',
      t('savedSearches.alertStop', { link: `${origin}/saved_search` }),
    ].join('\n');
    await deps.mailer.send({
      to: user.email,
      subject: t('savedSearches.alertSubject', { name: alert.name }),
      text,
    });
  }

  const log = feed.follow('search-alerts', (events) => {
    for (const event of events) follow(event);
  });

  return {
    async start() {
      await log.start();
      live = true;
      const now = clock.now().getTime();
      for (const alert of waiting.values()) if (alert.closesAt > now) enqueue(alert);
      waiting.clear();
    },
    async stop() {
      await log.stop();
      await chain;
    },
  };
}
