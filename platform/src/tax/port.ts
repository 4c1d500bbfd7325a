/** An address as checkout asks it (seeds 001 §3 "Address form"). */
export interface TaxAddress {
  address1: string;
  address2?: string;
  city: string;
  state: string;
  zip: string;
}

/** Why an address is refused: not a US state, a ZIP outside its state, or no such street there. */
export type TaxRefusal = 'unknownState' | 'zipNotInState' | 'addressNotFound';

/**
 * The address can be delivered to, with the tax rate (basis points) of its place; or why not.
 * `fallback` marks a rate from the configured table because the tax service did not answer in time
 * (or failed): checkout goes on with it and says so (issue 35 §5).
 */
export type TaxQuote =
  | { ok: true; state: string; rate: number; fallback?: true }
  | { ok: false; reason: TaxRefusal; state: string };

/** An address as the service resolved it: its parts normalised (the state as its two letters). */
export interface ResolvedAddress {
  address1: string;
  address2?: string;
  city: string;
  state: string;
  zip: string;
}

/**
 * Whether an address can be delivered to, and how the service writes it (seeds 001 §7 "tax/avalara
 * isValidAddress"); or why not. `fallback` marks the configured table's answer because the service did
 * not answer in time (or failed): the table knows states and ZIP ranges, not streets.
 */
export type AddressValidation =
  | { valid: true; address: ResolvedAddress; fallback?: true }
  | { valid: false; reason: TaxRefusal; state: string; fallback?: true };

/**
 * The service could not be asked or refused the call itself (credentials, an outage, its own error):
 * its code and message (never a credential). An address it does not accept is a TaxQuote, not this.
 */
export class TaxServiceError extends Error {
  constructor(
    readonly service: string,
    readonly code: string,
    message: string,
  ) {
    super(`${service} ${code}: ${message}`);
    this.name = 'TaxServiceError';
  }
}

/**
 * The tax and address port (seeds 001 §7 tax/avalara isValidAddress): a real service checks the
 * street and answers the combined rate; the embedded sandbox knows US states, their ZIP ranges and
 * a configured rate per state and city.
 */
export interface TaxService extends TaxRecording {
  /** 'sandbox' or 'avalara'. */
  readonly name: string;
  quote(address: TaxAddress): Promise<TaxQuote>;
  /** The address checked and normalised (AvaTax's `POST /api/v2/addresses/resolve`); no rate asked. */
  validateAddress(address: TaxAddress): Promise<AddressValidation>;
}

/** One line of a recorded sale: the lot (or the premium, the shipping), its quantity and amount in cents. */
export interface TaxSaleLine {
  /** The line's number on the document ('1', '2', ... 'premium', 'shipping'). */
  number: string;
  /** Our item: the lot's id, or `premium` / `shipping`. */
  itemCode: string;
  description: string;
  quantity: number;
  /** The line's whole amount, cents. */
  amount: number;
}

/**
 * A paid invoice recorded with the tax service (issue 35 §5), keyed by `code` (our invoice's number,
 * else its id): recording the same code again answers the document already recorded.
 */
export interface TaxSale {
  code: string;
  /** The sale's date, YYYY-MM-DD. */
  date: string;
  /** The buyer's id. */
  customerCode: string;
  /** Where the wine goes: the delivery address, or the pickup location. */
  address: TaxAddress;
  lines: TaxSaleLine[];
  /** The tax we charged, cents: the document records it, so the service's report matches the invoice. */
  tax: number;
}

/** A return's refund of a recorded sale, keyed by `code` (derived from our invoice and return). */
export interface TaxRefund {
  code: string;
  /** The recorded sale's code. */
  saleCode: string;
  /** The refund's date, YYYY-MM-DD. */
  date: string;
  /** What was refunded, cents, and its tax share, cents; of the sale's total, cents. */
  amount: number;
  tax: number;
  saleTotal: number;
}

/** A document the tax service holds, as it answered: its code, status and totals in cents. */
export interface TaxDocument {
  service: string;
  code: string;
  type: 'SalesInvoice' | 'ReturnInvoice';
  status: 'Committed' | 'Cancelled';
  totalAmount: number;
  totalTax: number;
}

/**
 * Recording the invoice's tax life with the service (issue 35 §5): a paid invoice recorded, a
 * return's refund of it, a voided order's document voided. Each is idempotent by the code we give:
 * asked again (a retry, a replay, a second instance) it answers the same document. A code the
 * service does not hold (a refund or void of a sale never recorded) is a TaxServiceError.
 */
export interface TaxRecording {
  recordSale(sale: TaxSale): Promise<TaxDocument>;
  refundSale(refund: TaxRefund): Promise<TaxDocument>;
  voidSale(saleCode: string): Promise<TaxDocument>;
}
