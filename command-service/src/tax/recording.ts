import type { MoneySettings } from '@wine/contracts';
import { invoiceStream, type RecordedEvent } from '@wine/event-schemas';
import type { Clock, Logger, TaxAddress, TaxSale, TaxService } from '@wine/platform';
import { TaxServiceError } from '@wine/platform';
import type { Streams } from '../core/command-handler.ts';
import { derivedId } from '../core/derived-id.ts';
import type { LogFeed, LogFollower } from '../core/follow-log.ts';
import { laterTries } from '../core/later-tries.ts';
import { invoiceDecider } from '../invoices/decide.ts';
import { type IssuedInvoice, isPaid } from '../invoices/invoice.ts';
import { refundShare } from '../returns/decide.ts';
import type { TaxCommand } from './decide.ts';

export interface TaxRecordingDeps {
  streams: Streams;
  clock: Clock;
  tax: TaxService;
  /** The money settings as they read now: the pickup location is a pickup invoice's address. */
  money: () => MoneySettings;
  logger: Logger;
  /** The wait after a first failure, doubled after each next one up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
}

/** What the log said of an invoice, enough to know whether the tax service may have work for it. */
interface Seen {
  total: number;
  paid: number;
  /** The day it became paid in full, and each refunded return's day (YYYY-MM-DD): the documents' dates. */
  paidOn: string | null;
  refundedOn: Map<string, string>;
  voided: boolean;
  /** Written on the invoice: the sale recorded, the returns whose refunds were, the sale voided. */
  recorded: boolean;
  taxRefunds: Set<string>;
  taxVoided: boolean;
  failures: number;
}

const system = { kind: 'system', id: 'tax:recording' } as const;
const day = (iso: string) => iso.slice(0, 10);

/** The sale's document code: the invoice's number (`2026-000123`), else its id (AvaTax keeps 50 characters). */
export const taxSaleCode = (invoice: IssuedInvoice) => {
  const code = invoice.issued.number ?? invoice.issued.invoiceId;
  return code.length <= 50 ? code : derivedId('T', invoice.issued.invoiceId);
};

/** A return's refund document code, derived from the sale's code and the return. */
export const taxRefundCode = (saleCode: string, returnId: string) => {
  const code = `${saleCode}-${returnId}`;
  return code.length <= 50 ? code : derivedId('TR', saleCode, returnId);
};

const pending = (seen: Seen) =>
  (!seen.recorded && !seen.voided && seen.total > 0 && seen.paid >= seen.total) ||
  (seen.recorded && [...seen.refundedOn.keys()].some((returnId) => !seen.taxRefunds.has(returnId))) ||
  (seen.recorded && seen.voided && !seen.taxVoided);

/**
 * Issue 35 §5: a process on the log that records each invoice's tax life with the tax service: an
 * invoice paid in full is recorded as a committed sale (its lines, its address, the tax it charged);
 * a return's refund, once made, as a refund of it; an order voided after its sale was recorded, as a
 * void. Each call is keyed by a code derived from our ids (the invoice's number, the return), so the
 * service holds each once however often it is asked (a replay, a restart, two instances), and each is
 * written on the invoice after it (TaxRecorded, TaxRefunded, TaxVoided, with command ids derived from
 * the invoice and its code), which is how the process knows it is done and the auditor sees it. The
 * stream decides what is due, not what this process saw. A failure is logged and tried again after a
 * growing wait; what the log holds is read at start, so nothing paid, returned or voided is lost.
 */
export function taxRecording(deps: TaxRecordingDeps, feed: LogFeed): LogFollower & { idle(): Promise<void> } {
  const { streams, clock, tax, logger } = deps;
  const tries = laterTries({ retryMs: deps.retryMs ?? 60_000, maxRetryMs: deps.maxRetryMs ?? 3_600_000 });
  const seen = new Map<string, Seen>();
  const queued = new Set<string>();
  let live = false;
  let stopped = false;
  let chain: Promise<void> = Promise.resolve();

  function follow(event: RecordedEvent) {
    if (!event.streamName.startsWith('invoice-')) return;
    const invoiceId = event.streamName.slice('invoice-'.length);
    const data = event.data as Record<string, unknown>;
    if (event.type === 'InvoiceIssued') {
      const amounts = data.amounts as { total: number };
      seen.set(invoiceId, {
        total: amounts.total,
        paid: 0,
        paidOn: null,
        refundedOn: new Map(),
        voided: false,
        recorded: false,
        taxRefunds: new Set(),
        taxVoided: false,
        failures: 0,
      });
      return;
    }
    const invoice = seen.get(invoiceId);
    if (!invoice) return;
    switch (event.type) {
      case 'InvoiceDeliveryChosen':
      case 'InvoiceAdminFeeSet': // issue 38 §2: the admin fee moves the total too
        invoice.total = (data.amounts as { total: number }).total;
        break;
      case 'PaymentRecorded':
        invoice.paid += data.amount as number;
        if (invoice.paid >= invoice.total) invoice.paidOn ??= day(event.metadata.occurredAt);
        break;
      case 'PaymentRefunded':
        // A return's refund (its last part decides on the stream); else a payment undone.
        if (typeof data.returnId === 'string')
          invoice.refundedOn.set(data.returnId, day(event.metadata.occurredAt));
        else invoice.paid -= data.amount as number;
        break;
      case 'InvoiceVoided':
        invoice.voided = true;
        break;
      case 'TaxRecorded':
        invoice.recorded = true;
        break;
      case 'TaxRefunded':
        invoice.taxRefunds.add(data.returnId as string);
        break;
      case 'TaxVoided':
        invoice.taxVoided = true;
        break;
      default:
        return;
    }
    if (live && pending(invoice)) enqueue(invoiceId);
  }

  function enqueue(invoiceId: string) {
    if (queued.has(invoiceId)) return;
    queued.add(invoiceId);
    chain = chain
      .then(() => {
        queued.delete(invoiceId);
        return record(invoiceId);
      })
      .catch((error) => logger.error({ err: error, invoiceId }, "an invoice's tax was not recorded"));
  }

  function retryLater(invoiceId: string, failures: number) {
    tries.after(failures, () => enqueue(invoiceId));
  }

  function addressOf(invoice: IssuedInvoice): TaxAddress {
    const { address } = invoice.delivery;
    if (invoice.delivery.method === 'delivery' && address) return address;
    const { address1, city, state, zip } = deps.money().pickup;
    return { address1, city, state, zip };
  }

  function saleOf(invoice: IssuedInvoice, code: string, date: string): TaxSale {
    const { amounts, issued } = invoice;
    const lines = issued.lines.map((line, i) => ({
      number: String(i + 1),
      itemCode: line.lotId,
      description: line.title,
      quantity: line.qty,
      amount: line.amount,
    }));
    if (amounts.premium > 0)
      lines.push({
        number: 'premium',
        itemCode: 'premium',
        description: "Buyer's premium",
        quantity: 1,
        amount: amounts.premium,
      });
    if (amounts.shipping)
      lines.push({
        number: 'shipping',
        itemCode: 'shipping',
        description: 'Shipping',
        quantity: 1,
        amount: amounts.shipping,
      });
    return {
      code,
      date,
      customerCode: issued.buyerId,
      address: addressOf(invoice),
      lines,
      tax: amounts.tax,
    };
  }

  async function write(invoiceId: string, command: TaxCommand, key: string) {
    const commandId = derivedId('tax', invoiceId, command.type, key);
    await streams.handle(invoiceStream(invoiceId), invoiceDecider, command, {
      commandId,
      correlationId: commandId,
      actor: system,
      now: clock.now(),
    });
  }

  /** Does what the invoice's stream says is due with the tax service, in order: sale, refunds, void. */
  async function record(invoiceId: string) {
    if (stopped) return;
    const watched = seen.get(invoiceId);
    const invoice = await streams.load(invoiceStream(invoiceId), invoiceDecider);
    if (invoice.status !== 'issued') return;
    const today = day(clock.now().toISOString());
    try {
      let recorded = invoice.tax;
      if (!recorded && isPaid(invoice) && !invoice.voided) {
        const code = taxSaleCode(invoice);
        const document = await tax.recordSale(saleOf(invoice, code, watched?.paidOn ?? today));
        await write(
          invoiceId,
          { type: 'RecordTaxSale', service: tax.name, code: document.code || code, tax: invoice.amounts.tax },
          code,
        );
        recorded = { service: tax.name, code: document.code || code, refunds: {}, voided: false };
      }
      if (!recorded) return;
      for (const [returnId, back] of Object.entries(invoice.returns)) {
        if (back.status !== 'refunded' || recorded.refunds[returnId] !== undefined) continue;
        const amount = back.refund?.amount ?? back.amount;
        const share = refundShare(invoice, amount);
        const code = taxRefundCode(recorded.code, returnId);
        const document = await tax.refundSale({
          code,
          saleCode: recorded.code,
          date: watched?.refundedOn.get(returnId) ?? today,
          amount,
          tax: share.tax,
          saleTotal: invoice.amounts.total,
        });
        await write(
          invoiceId,
          {
            type: 'RecordTaxRefund',
            returnId,
            service: tax.name,
            code: document.code || code,
            amount,
            tax: share.tax,
          },
          returnId,
        );
      }
      if (invoice.voided && !recorded.voided) {
        await tax.voidSale(recorded.code);
        await write(invoiceId, { type: 'RecordTaxVoid', service: tax.name, code: recorded.code }, 'void');
      }
      if (watched) watched.failures = 0;
    } catch (error) {
      const failures = (watched?.failures ?? 0) + 1;
      if (watched) watched.failures = failures;
      // The service's code and message; anything else (a bug, a store) is logged with its error.
      const reason = error instanceof TaxServiceError ? error.message : `${tax.name} failed`;
      logger.warn(
        { invoiceId, attempt: failures, reason, ...(!(error instanceof TaxServiceError) && { err: error }) },
        "an invoice's tax could not be recorded; trying again later",
      );
      retryLater(invoiceId, failures);
    }
  }

  const log = feed.follow('tax-recording', (events) => {
    for (const event of events) follow(event);
  });

  return {
    async start() {
      await log.start();
      live = true;
      for (const [invoiceId, invoice] of seen) if (pending(invoice)) enqueue(invoiceId);
    },
    async stop() {
      stopped = true;
      tries.stop();
      await log.stop();
      await chain;
    },
    /** Resolves when what is queued now has been recorded or is waiting to be tried again (specs). */
    idle: () => chain,
  };
}
