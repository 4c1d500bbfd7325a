import type { LedgerDisagreement } from '@wine/contracts';
import { type InvoiceEvent, type PaymentEvent, parseStreamName } from '@wine/event-schemas';
import type { EventStore } from '@wine/platform';
import { evolveInvoice, type Invoice, type IssuedInvoice, initialInvoice } from '../invoices/invoice.ts';
import { reconcileLedger } from './reconcile.ts';
import { evolveTransaction, initialTransaction, netOf, type Transaction } from './transaction.ts';

/**
 * Reads every transaction and invoice from the log (one pass over it, upcast) and reconciles them:
 * the whole books, for a test after money moved under attack, or support after an incident.
 */
export async function checkLedger(store: EventStore): Promise<{
  transactions: number;
  invoices: number;
  disagreements: LedgerDisagreement[];
  /** What each provider (a card provider, PayPal, the wallet, offline) holds by the ledger: charged, less given back. */
  held: Record<string, number>;
}> {
  const transactions = new Map<string, Transaction>();
  const invoices = new Map<string, Invoice>();
  for (const event of await store.readAll()) {
    const stream = parseStreamName(event.streamName);
    if (stream?.category === 'payment') {
      const state = transactions.get(stream.id) ?? initialTransaction();
      transactions.set(stream.id, evolveTransaction(state, event as unknown as PaymentEvent));
    } else if (stream?.category === 'invoice') {
      const state = invoices.get(stream.id) ?? initialInvoice();
      invoices.set(stream.id, evolveInvoice(state, event as unknown as InvoiceEvent));
    }
  }
  const issued = [...invoices.values()].filter((i): i is IssuedInvoice => i.status === 'issued');
  const held: Record<string, number> = {};
  for (const tx of transactions.values()) {
    if (!tx.started) continue;
    held[tx.started.provider] = (held[tx.started.provider] ?? 0) + netOf(tx);
  }
  return {
    transactions: transactions.size,
    invoices: issued.length,
    disagreements: reconcileLedger(transactions, issued),
    held,
  };
}
