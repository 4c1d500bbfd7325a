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
export interface TaxService {
  /** 'sandbox' or 'avalara'. */
  readonly name: string;
  quote(address: TaxAddress): Promise<TaxQuote>;
}
