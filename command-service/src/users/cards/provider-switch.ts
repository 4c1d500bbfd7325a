import { type RecordedEvent, userStream } from '@wine/event-schemas';
import type { Clock, Logger, SecretStore } from '@wine/platform';
import type { Streams } from '../../core/command-handler.ts';
import { derivedId } from '../../core/derived-id.ts';
import type { LogFeed, LogFollower } from '../../core/follow-log.ts';
import { userDecider } from '../decide.ts';
import { secretKinds } from '../user-service.ts';

export interface ProviderSwitchDeps {
  streams: Streams;
  clock: Clock;
  secrets: SecretStore;
  /** The card provider configured now ('sandbox', 'stripe', …). */
  provider: string;
  logger: Logger;
}

const system = { kind: 'system', id: 'cards:provider-switch' } as const;

/**
 * Issue 35 §2, the welcome popup of seeds 000 §4.8 made true: when the house switches its card
 * provider, the cards kept with the previous one cannot be charged. This process follows which
 * accounts keep cards with which provider (CardAdded, CardRemoved, StoredCardsDropped) and, once it
 * has read the log, drops from each account the cards of another provider (their tokens leave the
 * secret store) and sets its welcome popup, which asks for them again. The command id derives from
 * the account and the provider, so a second instance or a restart drops them once.
 */
export function providerSwitch(deps: ProviderSwitchDeps, feed: LogFeed): LogFollower {
  const { streams, clock, secrets, provider, logger } = deps;
  /** Each account's cards of another provider than the configured one. */
  const stale = new Map<string, Set<string>>();
  let live = false;
  let chain: Promise<void> = Promise.resolve();

  function follow(event: RecordedEvent) {
    if (!event.streamName.startsWith('user-')) return;
    const userId = event.streamName.slice('user-'.length);
    if (event.type === 'CardAdded') {
      const card = event.data as { cardId: string; provider: string };
      if (card.provider === provider) return;
      const cards = stale.get(userId) ?? new Set<string>();
      cards.add(card.cardId);
      stale.set(userId, cards);
      if (live) enqueue(userId);
    } else if (event.type === 'CardRemoved' || event.type === 'StoredCardsDropped') {
      const gone =
        event.type === 'CardRemoved'
          ? [(event.data as { cardId: string }).cardId]
          : (event.data as { cardIds: string[] }).cardIds;
      const cards = stale.get(userId);
      for (const cardId of gone) cards?.delete(cardId);
      if (cards?.size === 0) stale.delete(userId);
    }
  }

  function enqueue(userId: string) {
    chain = chain
      .then(() => drop(userId))
      .catch((error) =>
        logger.error({ err: error, userId }, 'cards of a previous provider were not dropped'),
      );
  }

  async function drop(userId: string) {
    if (!stale.has(userId)) return;
    const commandId = derivedId('provider-switch', userId, provider);
    const result = await streams.handle(
      userStream(userId),
      userDecider,
      { type: 'DropCardsOfOtherProviders', provider },
      { commandId, correlationId: commandId, actor: system, now: clock.now() },
    );
    for (const event of result.events) {
      if (event.type !== 'StoredCardsDropped') continue;
      for (const cardId of event.data.cardIds) await secrets.take(secretKinds.cardToken, cardId);
    }
    stale.delete(userId);
  }

  const log = feed.follow('cards-provider-switch', (events) => {
    for (const event of events) follow(event);
  });
  return {
    async start() {
      await log.start();
      live = true;
      for (const userId of stale.keys()) enqueue(userId);
      await chain;
    },
    async stop() {
      await log.stop();
      await chain;
    },
  };
}
