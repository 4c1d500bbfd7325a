import type { LotHistory, StreamHistory } from '@wine/contracts';
import { invoiceStream, lotStream, userStream } from '@wine/event-schemas';
import { AppError, type EventStore } from '@wine/platform';
import { evolveInvoice, initialInvoice } from '../invoices/invoice.ts';
import { evolveLot, initialLot } from '../lots/lot.ts';
import { evolveUser, initialUser } from '../users/user.ts';
import { buildHistory, type HistoryOptions, pricesOf } from './history.ts';
import type { FullHistory, HistoryKind } from './history-export.ts';

const lot = { evolve: evolveLot, initialState: initialLot };
const invoice = { evolve: evolveInvoice, initialState: initialInvoice };
const user = { evolve: evolveUser, initialState: initialUser };

/** The stream's events as they are folded (upcast), or the catalogue's not-found refusal. */
async function eventsOf(store: EventStore, kind: HistoryKind, id: string) {
  const streamName = kind === 'lot' ? lotStream(id) : invoiceStream(id);
  const events = await store.readStream(streamName);
  if (events.length === 0) throw new AppError(kind === 'lot' ? 'LOT_NOT_FOUND' : 'INVOICE_NOT_FOUND');
  return { streamName, events };
}

/** One page of a lot's history, with every bid's price for the chart. */
export async function lotHistory(
  store: EventStore,
  id: string,
  options: HistoryOptions,
): Promise<LotHistory> {
  const { streamName, events } = await eventsOf(store, 'lot', id);
  return { id, streamName, ...buildHistory(lot, events, options), prices: pricesOf(events) };
}

/** One page of a user's account history (issue 34 "People"): their stream, folded by its own evolve. */
export async function userHistory(
  store: EventStore,
  id: string,
  options: HistoryOptions,
): Promise<StreamHistory> {
  const streamName = userStream(id);
  const events = await store.readStream(streamName);
  if (events.length === 0) throw new AppError('USER_NOT_FOUND');
  return { id, streamName, ...buildHistory(user, events, options) };
}

/** One page of an invoice's history. */
export async function invoiceHistory(
  store: EventStore,
  id: string,
  options: HistoryOptions,
): Promise<StreamHistory> {
  const { streamName, events } = await eventsOf(store, 'invoice', id);
  return { id, streamName, ...buildHistory(invoice, events, options) };
}

/** Every event of the stream, for the export and the command line (no page). */
export async function fullHistory(
  store: EventStore,
  kind: HistoryKind,
  id: string,
  asOf?: string,
): Promise<FullHistory> {
  const { streamName, events } = await eventsOf(store, kind, id);
  const options = asOf === undefined ? {} : { asOf };
  const { rows, asOf: stateAsOf } =
    kind === 'lot' ? buildHistory(lot, events, options) : buildHistory(invoice, events, options);
  return { kind, id, streamName, rows, asOf: stateAsOf };
}
