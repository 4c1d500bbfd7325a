/** An address as checkout asks it (seeds 001 §3 "Address form"). */
export interface TaxAddress {
  address1: string;
  city: string;
  state: string;
  zip: string;
}

/** The address can be delivered to, with the tax rate (basis points) of its place; or why not. */
export type TaxQuote =
  | { ok: true; state: string; rate: number }
  | { ok: false; reason: 'unknownState' | 'zipNotInState'; state: string };

/**
 * The tax and address port (seeds 001 §7 tax/avalara isValidAddress): a real service checks the
 * street and answers the combined rate; the embedded sandbox knows US states, their ZIP ranges and
 * a configured rate per state and city.
 */
export interface TaxService {
  readonly name: string;
  quote(address: TaxAddress): Promise<TaxQuote>;
}
