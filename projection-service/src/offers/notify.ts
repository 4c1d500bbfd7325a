import { type LotDocument, subjects, type UserChangedNotice } from '@wine/contracts';
import type { InvoiceEvent, RecordedEvent } from '@wine/event-schemas';
import { type Bus, type DocumentStore, findByIds, findIn } from '@wine/platform';
import { isOneOf } from '../core/projection.ts';
import type { ChangeWindow, Notifier } from '../core/publisher.ts';
import { LOTS } from '../lots/project.ts';
import {
  OFFERS,
  type OfferDocument,
  type OfferStepEvent,
  offerDocumentId,
  offerStepTypes,
} from './project.ts';

/** What changed the offers read model: per offer, its last event; per invoice, its last payment change. */
export interface OfferChanges extends ChangeWindow {
  offers: Map<string, RecordedEvent>;
  /** Whose offer an invoice is, the offers read model says when published (most invoices are no offer's). */
  invoices: Map<string, RecordedEvent>;
}

type PaymentChange = Extract<
  InvoiceEvent,
  {
    type: 'InvoiceIssued' | 'InvoiceDeliveryChosen' | 'PaymentRecorded' | 'PaymentRefunded' | 'InvoiceVoided';
  }
>;
const paymentTypes = new Set<PaymentChange['type']>([
  'InvoiceIssued',
  'InvoiceDeliveryChosen',
  'PaymentRecorded',
  'PaymentRefunded',
  'InvoiceVoided',
]);

/** Keeps the later of two events for one key (log order). */
function keepLast(map: Map<string, RecordedEvent>, key: string, event: RecordedEvent) {
  const known = map.get(key);
  if (!known || known.position < event.position) map.set(key, event);
}

function addOfferChanges(changes: OfferChanges, events: readonly RecordedEvent[]): void {
  for (const event of events) {
    const name = event.streamName;
    if (name.startsWith('lot-') && isOneOf<OfferStepEvent>(offerStepTypes, event)) {
      keepLast(changes.offers, offerDocumentId(name.slice('lot-'.length), event.data.offerId), event);
    } else if (name.startsWith('invoice-') && isOneOf<PaymentChange>(paymentTypes, event)) {
      if (event.type === 'InvoiceIssued' && event.data.kind !== 'offer') continue;
      keepLast(changes.invoices, name.slice('invoice-'.length), event);
    }
  }
}

type Addressed = Pick<OfferDocument, '_id' | 'id' | 'lot_id' | 'buyer_id' | 'invoice_id'>;
const addressFields = { id: 1, lot_id: 1, buyer_id: 1, invoice_id: 1 } as const;

/**
 * One offerChanged per offer changed and per user it concerns (its buyer, its lot's seller unless the
 * house sells it), at the offer's last change; read as committed.
 */
async function publishOfferChanges(changes: OfferChanges, bus: Bus, docs: DocumentStore) {
  const byOffer = new Map(changes.offers);
  const collection = docs.collection<OfferDocument>(OFFERS);
  const found: Addressed[] = await findByIds(collection, byOffer.keys(), { projection: addressFields });
  if (changes.invoices.size > 0) {
    const paid = await findIn(
      collection,
      'invoice_id',
      changes.invoices.keys(),
      {},
      { projection: addressFields },
    );
    for (const offer of paid) {
      const event = changes.invoices.get(offer.invoice_id as string);
      if (!event) continue;
      if (!byOffer.has(offer._id)) found.push(offer);
      keepLast(byOffer, offer._id, event);
    }
  }
  if (found.length === 0) return;
  const lots = await findByIds(
    docs.collection<LotDocument>(LOTS),
    found.map((o) => o.lot_id),
    { projection: { seller_id: 1 } },
  );
  const sellers = new Map(lots.map((lot) => [lot._id, lot.seller_id]));
  const ordered = found
    .map((offer) => ({ offer, event: byOffer.get(offer._id) as RecordedEvent }))
    .sort((a, b) => (a.event.position < b.event.position ? -1 : a.event.position > b.event.position ? 1 : 0));
  for (const { offer, event } of ordered) {
    const seller = sellers.get(offer.lot_id);
    const users = [offer.buyer_id];
    if (seller && seller !== 'house' && seller !== offer.buyer_id) users.push(seller);
    for (const userId of users) {
      const notice: UserChangedNotice = {
        position: event.position,
        eventId: event.id,
        userId,
        message: { type: 'offerChanged', position: event.position, offer_id: offer.id, lot_id: offer.lot_id },
      };
      // One event tells two users (and the carts tell an invoice's buyer under its id): one id each.
      await bus.publish(subjects.userChanged(userId), notice, { msgId: `offer:${userId}:${event.id}` });
    }
  }
}

export function openOfferChanges(): OfferChanges {
  const changes: OfferChanges = {
    offers: new Map(),
    invoices: new Map(),
    add: (events) => addOfferChanges(changes, events),
    pending: () => changes.offers.size + changes.invoices.size,
    publish: (bus, docs) => publishOfferChanges(changes, bus, docs),
  };
  return changes;
}

/** The buyer's and the seller's "offerChanged" notices. */
export const offersNotifier: Notifier = { name: 'offers', open: openOfferChanges };
