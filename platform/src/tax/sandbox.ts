import { taxRateFor, usStateOf, zipInState } from '@wine/contracts';
import { type TaxDocument, type TaxRefund, type TaxSale, type TaxService, TaxServiceError } from './port.ts';

/** What the sandbox was asked to record, as it would send it (a list specs and a screen can read). */
export type SandboxTaxRecord =
  | { kind: 'sale'; sale: TaxSale }
  | { kind: 'refund'; refund: TaxRefund }
  | { kind: 'void'; saleCode: string };

export interface SandboxTaxService extends TaxService {
  /** Each call recorded once by its code, in the order made (a repeat of a code adds nothing). */
  recorded(): readonly SandboxTaxRecord[];
  /** The documents it holds, by code. */
  document(code: string): TaxDocument | undefined;
}

/** A line as typed, without its outer spaces and runs of inner ones. */
const tidy = (text: string) => text.trim().replace(/\s+/g, ' ');

/**
 * The embedded sandbox: the state must be a US state and the ZIP in its ranges; rates from the settings,
 * as they read at each quote (issue 34: an admin changes them without a restart). It keeps what it is
 * asked to record in memory, as AvaTax would: a sale by its code (recorded again, the same document),
 * a refund by its code, a void of a recorded sale; a refund or void of a code it does not hold is
 * refused with AvaTax's code (EntityNotFoundError). It knows no streets: an address validates when its
 * state and ZIP do, written back with its spaces tidied and its state as two letters.
 */
export function createSandboxTaxService(rates: () => Readonly<Record<string, number>>): SandboxTaxService {
  const documents = new Map<string, TaxDocument>();
  const records: SandboxTaxRecord[] = [];
  const held = (code: string) => {
    const document = documents.get(code);
    if (document?.type !== 'SalesInvoice')
      throw new TaxServiceError('sandbox', 'EntityNotFoundError', `No transaction ${code}.`);
    return document;
  };
  return {
    name: 'sandbox',
    async validateAddress(address) {
      const state = usStateOf(address.state);
      if (!state) return { valid: false, reason: 'unknownState', state: address.state };
      if (!zipInState(state, address.zip)) return { valid: false, reason: 'zipNotInState', state };
      const address2 = tidy(address.address2 ?? '');
      return {
        valid: true,
        address: {
          address1: tidy(address.address1),
          ...(address2 ? { address2 } : {}),
          city: tidy(address.city),
          state,
          zip: address.zip.trim(),
        },
      };
    },
    async quote(address) {
      const state = usStateOf(address.state);
      if (!state) return { ok: false, reason: 'unknownState', state: address.state };
      if (!zipInState(state, address.zip)) return { ok: false, reason: 'zipNotInState', state };
      return { ok: true, state, rate: taxRateFor(rates(), state, address.city) };
    },
    async recordSale(sale) {
      const known = documents.get(sale.code);
      if (known) return known;
      const document: TaxDocument = {
        service: 'sandbox',
        code: sale.code,
        type: 'SalesInvoice',
        status: 'Committed',
        totalAmount: sale.lines.reduce((sum, line) => sum + line.amount, 0),
        totalTax: sale.tax,
      };
      documents.set(sale.code, document);
      records.push({ kind: 'sale', sale: structuredClone(sale) });
      return document;
    },
    async refundSale(refund) {
      const known = documents.get(refund.code);
      if (known) return known;
      held(refund.saleCode);
      const document: TaxDocument = {
        service: 'sandbox',
        code: refund.code,
        type: 'ReturnInvoice',
        status: 'Committed',
        totalAmount: -(refund.amount - refund.tax),
        totalTax: -refund.tax,
      };
      documents.set(refund.code, document);
      records.push({ kind: 'refund', refund: { ...refund } });
      return document;
    },
    async voidSale(saleCode) {
      const sale = held(saleCode);
      if (sale.status === 'Cancelled') return sale;
      const document: TaxDocument = { ...sale, status: 'Cancelled' };
      documents.set(saleCode, document);
      records.push({ kind: 'void', saleCode });
      return document;
    },
    recorded: () => records,
    document: (code) => documents.get(code),
  };
}
