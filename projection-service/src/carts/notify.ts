import { subjects, type UserChangedNotice } from '@wine/contracts';
import type { InvoiceEvent, RecordedEvent } from '@wine/event-schemas';
import { type Bus, type DocumentStore, findByIds } from '@wine/platform';
import { isOneOf } from '../core/projection.ts';
import type { ChangeWindow, Notifier } from '../core/publisher.ts';
import { INVOICES, type InvoiceDocument } from '../invoices/project.ts';

/** What changed what a user's carts show: their cart, their wallet, one of their invoices. */
export interface CartChanges extends ChangeWindow {
  /** Per user, the last event that changed their carts (cart lines, wallet, an invoice issued to them). */
  carts: Map<string, RecordedEvent>;
  /** Per invoice, its last event after it was issued: whose it is the invoices read model says. */
  invoices: Map<string, RecordedEvent>;
}

type InvoiceIssuedEvent = Extract<InvoiceEvent, { type: 'InvoiceIssued' }>;
const issued = new Set<InvoiceIssuedEvent['type']>(['InvoiceIssued']);

/** Keeps the later of two events for one key (log order). */
function keepLast(map: Map<string, RecordedEvent>, key: string, event: RecordedEvent) {
  const known = map.get(key);
  if (!known || known.position < event.position) map.set(key, event);
}

function addCartChanges(changes: CartChanges, events: readonly RecordedEvent[]): void {
  for (const event of events) {
    const name = event.streamName;
    const id = name.slice(name.indexOf('-') + 1);
    if (name.startsWith('cart-') || name.startsWith('wallet-')) keepLast(changes.carts, id, event);
    else if (name.startsWith('invoice-')) {
      // The event that issues an invoice names its buyer; the ones after it are looked up when published.
      if (isOneOf<InvoiceIssuedEvent>(issued, event)) keepLast(changes.carts, event.data.buyerId, event);
      else keepLast(changes.invoices, id, event);
    }
  }
}

/** One cartChanged per user whose carts changed, with the last position among their changes. */
async function publishCartChanges(changes: CartChanges, bus: Bus, docs: DocumentStore) {
  const byUser = new Map(changes.carts);
  if (changes.invoices.size > 0) {
    const invoices = await findByIds(docs.collection<InvoiceDocument>(INVOICES), changes.invoices.keys(), {
      projection: { buyer_id: 1 },
    });
    for (const invoice of invoices) {
      const event = changes.invoices.get(invoice._id);
      if (event) keepLast(byUser, invoice.buyer_id, event);
    }
  }
  const ordered = [...byUser].sort(([, a], [, b]) => (a.position < b.position ? -1 : 1));
  for (const [userId, event] of ordered) {
    const notice: UserChangedNotice = {
      position: event.position,
      eventId: event.id,
      userId,
      message: { type: 'cartChanged', position: event.position },
    };
    await bus.publish(subjects.userChanged(userId), notice, { msgId: event.id });
  }
}

export function openCartChanges(): CartChanges {
  const changes: CartChanges = {
    carts: new Map(),
    invoices: new Map(),
    add: (events) => addCartChanges(changes, events),
    pending: () => changes.carts.size + changes.invoices.size,
    publish: (bus, docs) => publishCartChanges(changes, bus, docs),
  };
  return changes;
}

/** A user's own "cartChanged" notices. */
export const cartsNotifier: Notifier = { name: 'carts', open: openCartChanges };
