import {
  defaultCatalogueSettings,
  defaultMarketSettings,
  defaultMerchant,
  defaultMoneySettings,
  type MerchantDetails,
  type MoneySettings,
} from '@wine/contracts';
import { type EventMetadata, padPosition, type RecordedEvent } from '@wine/event-schemas';
import {
  type Bus,
  type Clock,
  createEmbeddedDocumentStore,
  createHttpApp,
  createLogger,
  type DocumentStore,
  sessionTokens,
} from '@wine/platform';
import { recordedEvent } from '@wine/platform/testing';
import type { Projection } from './projection.ts';
import type { QueryPlugin } from './queries.ts';
import { planBatch } from './runner.ts';
import { viewerAuth } from './viewer.ts';

/**
 * Records events for projection specs: increasing positions and revisions, one clock minute apart;
 * `metadata` sets who acted (the actor) where a spec cares.
 */
export function eventRecorder(startAt = '2026-11-22T12:00:00.000Z') {
  let position = 0;
  const revisions = new Map<string, number>();
  return (
    streamName: string,
    type: string,
    data: unknown,
    metadata: Partial<EventMetadata> = {},
  ): RecordedEvent => {
    position += 1;
    const revision = (revisions.get(streamName) ?? -1) + 1;
    revisions.set(streamName, revision);
    return recordedEvent(
      { id: `e-${position}`, type, data, streamName, revision, position: padPosition(position) },
      {
        commandId: `cmd-${position}`,
        occurredAt: new Date(Date.parse(startAt) + position * 60_000).toISOString(),
        ...metadata,
      },
    );
  };
}

/** A UserRegistered's data for specs: `<userId>@example.com`, registered 2026-11-01. */
export const registered = (userId: string, firstName: string, lastName: string) => ({
  userId,
  firstName,
  lastName,
  email: `${userId}@example.com`,
  phone: null,
  countryCode: 'US',
  newsletter: false,
  registeredAt: '2026-11-01T00:00:00.000Z',
  popupMessage: 0,
});

/** Applies the events one batch at a time, as the runner does, to `docs` (a fresh embedded store by default). */
export async function applyEvents(
  projections: readonly Projection[],
  events: readonly RecordedEvent[],
  docs: DocumentStore = createEmbeddedDocumentStore(),
  batchSize = 1,
): Promise<DocumentStore> {
  for (let i = 0; i < events.length; i += batchSize) {
    const { byCollection } = planBatch(projections, events.slice(i, i + batchSize));
    for (const [name, ops] of byCollection) await docs.collection(name).bulkWrite(ops);
  }
  return docs;
}

const SPEC_SESSION_SECRET = 'a-session-secret-for-query-specs-only!';

/**
 * A fastify app made as the services make theirs (envelope, body parser, security headers) serving
 * one read model's query plugin over `docs`, for `app.inject` specs: no port, no product booted.
 * `signIn` issues the bearer header the command side would have given that user.
 */
export async function queryApp(
  plugin: QueryPlugin,
  docs: DocumentStore,
  clock: Clock,
  money: MoneySettings = defaultMoneySettings,
  merchant?: MerchantDetails,
) {
  const tokens = sessionTokens(SPEC_SESSION_SECRET, clock);
  const secrets = { get: async () => null };
  const app = createHttpApp(createLogger('silent'));
  await app.register(plugin, {
    docs,
    clock,
    auth: viewerAuth({ tokens, secrets, docs }),
    settings: async () => ({
      market: defaultMarketSettings,
      money,
      merchant: merchant ?? defaultMerchant,
      catalogue: defaultCatalogueSettings,
    }),
  });
  await app.ready();
  return {
    app,
    signIn: async (userId: string) => ({
      authorization: `Bearer ${(await tokens.issue(userId)).token}`,
    }),
    /** POSTs `body` to an action's path, as the UI does. */
    post: (path: string, body: unknown, headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url: path, payload: body as object, headers }),
  };
}

/** A bus that keeps what is published on it (subject, data, message id), in order, for notifier specs. */
export function recordingBus<T = unknown>() {
  const published: { subject: string; data: T; msgId: string | undefined }[] = [];
  const bus = {
    publish: async (subject: string, data: unknown, options?: { msgId?: string }) => {
      published.push({ subject, data: data as T, msgId: options?.msgId });
      return { seq: published.length, duplicate: false };
    },
  } as unknown as Bus;
  return { bus, published };
}
