import type { ErrorCode, LotHistory, StreamHistory } from '@wine/contracts';
import {
  type DomainEvent,
  invoiceStream,
  lotStream,
  paymentStream,
  settingsStream,
  userStream,
} from '@wine/event-schemas';
import { AppError, type EventStore } from '@wine/platform';
import { evolveInvoice, initialInvoice } from '../invoices/invoice.ts';
import { evolveLot, initialLot } from '../lots/lot.ts';
import { evolveTransaction, initialTransaction } from '../payments/transaction.ts';
import { evolveUser, initialUser } from '../users/user.ts';
import { buildHistory, type Evolver, type HistoryOptions, pricesOf } from './history.ts';
import type { FullHistory, HistoryKind } from './history-export.ts';

type AnyEvolver = Evolver<DomainEvent, unknown>;
const fold = <E extends DomainEvent, S>(evolver: Evolver<E, S>) => evolver as unknown as AnyEvolver;

/** Where each kind of history is read from, the fold that computes its states, and its not-found code. */
interface Source {
  stream: (id: string) => string;
  aggregate: AnyEvolver;
  /** The refusal of a stream with no event; null where an empty history is an answer (the settings). */
  notFound: ErrorCode | null;
}

/**
 * The histories the staff read (DOMAIN.md "Audit"): a lot, an invoice, a user's account, and the
 * house's settings (one stream, id `house`, folded from the environment's first values by the
 * settings' own decider, which the caller gives since those values are the deployment's; no change
 * yet is an empty history).
 */
export function historySources(settings: Evolver<never, unknown>): Record<HistoryKind, Source> {
  return {
    lot: {
      stream: lotStream,
      aggregate: fold({ evolve: evolveLot, initialState: initialLot }),
      notFound: 'LOT_NOT_FOUND',
    },
    invoice: {
      stream: invoiceStream,
      aggregate: fold({ evolve: evolveInvoice, initialState: initialInvoice }),
      notFound: 'INVOICE_NOT_FOUND',
    },
    payment: {
      stream: paymentStream,
      aggregate: fold({ evolve: evolveTransaction, initialState: initialTransaction }),
      notFound: 'PAYMENT_NOT_FOUND',
    },
    user: {
      stream: userStream,
      aggregate: fold({ evolve: evolveUser, initialState: initialUser }),
      notFound: 'USER_NOT_FOUND',
    },
    settings: {
      stream: () => settingsStream,
      aggregate: settings as unknown as AnyEvolver,
      notFound: null,
    },
  };
}
export type HistorySources = ReturnType<typeof historySources>;

/** The stream's events as they are folded (upcast), or the kind's not-found refusal. */
async function eventsOf(store: EventStore, source: Source, id: string) {
  const streamName = source.stream(id);
  const events = await store.readStream(streamName);
  if (events.length === 0 && source.notFound) throw new AppError(source.notFound);
  return { streamName, events };
}

/** One page of a stream's history: an invoice's, a user's account, the settings. */
export async function streamHistory(
  store: EventStore,
  source: Source,
  id: string,
  options: HistoryOptions,
): Promise<StreamHistory> {
  const { streamName, events } = await eventsOf(store, source, id);
  return { id, streamName, ...buildHistory(source.aggregate, events, options) };
}

/** One page of a lot's history, with every bid's price for the chart. */
export async function lotHistory(
  store: EventStore,
  sources: HistorySources,
  id: string,
  options: HistoryOptions,
): Promise<LotHistory> {
  const { streamName, events } = await eventsOf(store, sources.lot, id);
  return {
    id,
    streamName,
    ...buildHistory(sources.lot.aggregate, events, options),
    prices: pricesOf(events),
  };
}

/** Every event of the stream, for the export and the command line (no page). */
export async function fullHistory(
  store: EventStore,
  sources: HistorySources,
  kind: HistoryKind,
  id: string,
  asOf?: string,
): Promise<FullHistory> {
  const source = sources[kind];
  const { streamName, events } = await eventsOf(store, source, id);
  const { rows, asOf: stateAsOf } = buildHistory(
    source.aggregate,
    events,
    asOf === undefined ? {} : { asOf },
  );
  return { kind, id, streamName, rows, asOf: stateAsOf };
}
