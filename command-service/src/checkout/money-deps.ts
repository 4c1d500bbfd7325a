import type { MoneySettings } from '@wine/contracts';
import type { Actor } from '@wine/event-schemas';
import type { CardProvider, Clock, Logger, SecretStore, TaxService } from '@wine/platform';
import type { RequestContext } from '../core/command-context.ts';
import type { CommandContext, Streams } from '../core/command-handler.ts';
import { derivedId } from '../core/derived-id.ts';
import type { HostedMoney } from './hosted.ts';
import type { MoneyMail } from './mail.ts';
import type { PayPalMoney } from './paypal-payments.ts';

/** What the money process managers need: the log, the clock, the card provider and PayPal, tax, settings. */
export interface MoneyDeps {
  streams: Streams;
  clock: Clock;
  cards: CardProvider;
  secrets: SecretStore;
  tax: TaxService;
  /** The money settings as they read now (issue 34: an admin's change applies to the next command). */
  money: () => MoneySettings;
  /** The buyer's premium, percent, as the market's bidding settings read now. */
  premiumPercent: () => number;
  logger: Logger;
  /** The buyer's mail: invoice issued, payment received. */
  mail: MoneyMail;
  /** PayPal (seeds 001 "Payments" paypal_response), when the site takes it; absent or null: it does not. */
  paypal?: PayPalMoney | null;
  /** The hosted gateways (seeds 001 "Payments": Paytm, Cashfree) the site takes; absent: none. */
  hosted?: HostedMoney | null;
}

/**
 * One step of a process: its own command id derived from the request's (or the process's) id, so a
 * retried step appends nothing new, and the correlation id of what started it.
 */
export interface Step {
  base: RequestContext;
  actor: Actor;
}

export const stepContext = (step: Step, name: string, now: Date): CommandContext => ({
  commandId: `${step.base.commandId}:${name}`,
  correlationId: step.base.correlationId,
  causationId: step.base.commandId,
  actor: step.actor,
  now,
});

/** The system acting for a process (expiry, invoicing): named in every event it writes. */
export const systemStep = (process: string, id: string): Step => ({
  base: { commandId: `${process}:${id}`, correlationId: `${process}:${id}` },
  actor: { kind: 'system', id: process },
});

/** A sold lot's invoice: one per lot, the same id for every instance that issues it. */
export const auctionInvoiceId = (lotId: string) =>
  /^[A-Za-z0-9_-]{1,60}$/.test(lotId) ? `A-${lotId}` : derivedId('A', lotId);

/** A buy-now checkout's invoice: the buyer's cart id, so a retried checkout finds its order, and nobody else's. */
export const buyNowInvoiceId = (buyerId: string, cartId: string) => derivedId('B', buyerId, cartId);

/** A payment's id, from the request that made it. */
export const paymentIdFor = (commandId: string, buyerId: string) => derivedId('P', buyerId, commandId);

/** A bid deposit's id, from the request that held it. */
export const depositIdFor = (commandId: string, buyerId: string) =>
  derivedId('D', buyerId, 'deposit', commandId);
