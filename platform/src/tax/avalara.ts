import { hostname } from 'node:os';
import { usStateOf } from '@wine/contracts';
import Avatax from 'avatax';
import type { AddressResolutionModel } from 'avatax/lib/models/AddressResolutionModel';
import type { AddressValidationInfo } from 'avatax/lib/models/AddressValidationInfo';
import type { CreateTransactionModel } from 'avatax/lib/models/CreateTransactionModel';
import type { RefundTransactionModel } from 'avatax/lib/models/RefundTransactionModel';
import type { VoidTransactionModel } from 'avatax/lib/models/VoidTransactionModel';
import {
  type AddressValidation,
  type TaxAddress,
  type TaxDocument,
  type TaxQuote,
  type TaxRefusal,
  type TaxService,
  TaxServiceError,
} from './port.ts';

export interface AvalaraOptions {
  /** AvaTax's root: https://sandbox-rest.avatax.com (its test mode) or https://rest.avatax.com. */
  baseUrl: string;
  accountId: string;
  licenseKey: string;
  /** The company's code in AvaTax (Settings > Companies); `DEFAULT` for the account's default one. */
  companyCode: string;
  /** How long one call may take (the caller's fallback has its own, for the whole quote). */
  timeoutMs?: number;
  /** Today, as AvaTax's document date (YYYY-MM-DD); the clock's by default. */
  today?: () => string;
}

const SERVICE = 'avalara';
/** The estimate's one line: tax on $10,000.00 is the rate in basis points (10.25% → $1,025.00). */
const ESTIMATE_AMOUNT = 10_000;

/** Which part of the address an AvaTax message refers to says why the address is refused. */
function refusalOf(refersTo: string | undefined): TaxRefusal {
  if (refersTo === 'Address.Region') return 'unknownState';
  if (refersTo === 'Address.PostalCode') return 'zipNotInState';
  return 'addressNotFound';
}

/** Cents as AvaTax's dollars, and back. */
const dollars = (cents: number) => cents / 100;
const cents = (amount: unknown) => Math.round(Number(amount ?? 0) * 100);

/** AvaTax's TransactionModel as the port's document. */
function documentOf(transaction: {
  code?: string;
  type?: unknown;
  status?: unknown;
  totalAmount?: number;
  totalTax?: number;
}): TaxDocument {
  return {
    service: SERVICE,
    code: String(transaction.code ?? ''),
    type: transaction.type === 'ReturnInvoice' ? 'ReturnInvoice' : 'SalesInvoice',
    status: transaction.status === 'Cancelled' ? 'Cancelled' : 'Committed',
    totalAmount: cents(transaction.totalAmount),
    totalTax: cents(transaction.totalTax),
  };
}

const addressOf = (address: TaxAddress) => ({
  line1: address.address1,
  ...(address.address2 ? { line2: address.address2 } : {}),
  city: address.city,
  region: usStateOf(address.state) ?? address.state,
  postalCode: address.zip,
  country: 'US',
});

function serviceError(error: unknown): TaxServiceError {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return new TaxServiceError(
    SERVICE,
    typeof code === 'string' && code ? code : 'UNREACHABLE',
    String(message ?? 'no answer').slice(0, 200),
  );
}

/**
 * The tax port on Avalara AvaTax's REST API v2 through its `avatax` SDK (seeds 001 §7 "tax/avalara
 * isValidAddress"; issue 35 §5), pointed at `baseUrl` by the SDK's `environment` (a full URL), with
 * Basic auth of the account id and license key:
 * 1. `POST /api/v2/addresses/resolve` checks the address (isValidAddress, `validateAddress`: the
 *    address as AvaTax writes it): an Error message refusing it answers `ok: false` / `valid: false`,
 *    by the part it refers to (region, postal code, else the street);
 * 2. `POST /api/v2/transactions/create` with a `SalesOrder` (AvaTax's estimate: calculated, never
 *    recorded) of one line at the resolved address answers the rate, in basis points.
 * Recording (issue 35 §5), each keyed by the code we give, which AvaTax keeps per company (a code it
 * holds already is read back with `GET /api/v2/companies/{company}/transactions/{code}`, never sent
 * again: AvaTax refuses a second document under one code):
 * 3. `POST /api/v2/transactions/create` with a committed `SalesInvoice` of the paid invoice's lines at
 *    its delivery address (or pickup location), the tax we charged given as a `TaxAmount` override so
 *    AvaTax reports what the invoice charged;
 * 4. `POST /api/v2/companies/{company}/transactions/{code}/refund` with a `Percentage` refund (the
 *    refunded amount's share of the sale) under the refund's own code;
 * 5. `POST /api/v2/companies/{company}/transactions/{code}/void` with `DocVoided`.
 * AvaTax's error envelope (`error.code`, `error.message`), a timeout or no answer is a
 * TaxServiceError with AvaTax's code (UNREACHABLE when none came), never the license key.
 */
export function createAvalaraTaxService(options: AvalaraOptions): TaxService {
  const client = new Avatax({
    appName: 'wine-marketplace',
    appVersion: '1.0',
    machineName: hostname(),
    environment: options.baseUrl.replace(/\/+$/, ''),
    timeout: options.timeoutMs ?? 10_000,
  }).withSecurity({ accountId: options.accountId, licenseKey: options.licenseKey });
  const today = options.today ?? (() => new Date().toISOString().slice(0, 10));

  async function call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw serviceError(error);
    }
  }

  /**
   * The document AvaTax keeps under `code`, or null: AvaTax refuses a second committed document with a
   * code it holds, so a retry after a crash (the document recorded, our event not written) asks first
   * and takes the one it finds, and a recording is idempotent by its code.
   */
  async function existing(code: string) {
    try {
      return await client.getTransactionByCode({ companyCode: options.companyCode, transactionCode: code });
    } catch (error) {
      const failure = serviceError(error);
      if (failure.code === 'EntityNotFoundError') return null;
      throw failure;
    }
  }

  /**
   * 1. The address as AvaTax resolves it: an Error message refusing it answers why, by the part it
   * refers to; else its first validated address and that address's state.
   */
  async function resolve(address: TaxAddress) {
    const asked = addressOf(address);
    const resolved: AddressResolutionModel = await call(() =>
      client.resolveAddressPost({ model: asked as AddressValidationInfo }),
    );
    const refused = resolved.messages?.find((m) => m.severity === 'Error');
    if (refused) return { ok: false as const, reason: refusalOf(refused.refersTo), state: address.state };
    const found = resolved.validatedAddresses?.[0];
    const state = usStateOf(found?.region ?? '');
    if (!found || !state)
      return { ok: false as const, reason: 'unknownState' as const, state: address.state };
    return { ok: true as const, found, state };
  }

  return {
    name: SERVICE,
    async recordSale(sale) {
      const found = await existing(sale.code);
      if (found) return documentOf(found);
      const model = {
        type: 'SalesInvoice',
        code: sale.code,
        companyCode: options.companyCode,
        date: sale.date,
        customerCode: sale.customerCode,
        currencyCode: 'USD',
        commit: true,
        addresses: { singleLocation: addressOf(sale.address) },
        lines: sale.lines.map((line) => ({
          number: line.number,
          itemCode: line.itemCode,
          description: line.description.slice(0, 2_048),
          quantity: line.quantity,
          amount: dollars(line.amount),
        })),
        taxOverride: {
          type: 'TaxAmount',
          taxAmount: dollars(sale.tax),
          reason: 'Tax charged on the invoice',
        },
      };
      return documentOf(
        await call(() => client.createTransaction({ model: model as unknown as CreateTransactionModel })),
      );
    },
    async refundSale(refund) {
      const found = await existing(refund.code);
      if (found) return documentOf(found);
      const percentage = refund.saleTotal > 0 ? (refund.amount / refund.saleTotal) * 100 : 0;
      const model = {
        refundTransactionCode: refund.code,
        refundDate: refund.date,
        refundType: 'Percentage',
        refundPercentage: Math.min(100, Math.round(percentage * 10_000) / 10_000),
        referenceCode: refund.saleCode,
      };
      return documentOf(
        await call(() =>
          client.refundTransaction({
            companyCode: options.companyCode,
            transactionCode: refund.saleCode,
            model: model as unknown as RefundTransactionModel,
          }),
        ),
      );
    },
    async voidSale(saleCode) {
      return documentOf(
        await call(() =>
          client.voidTransaction({
            companyCode: options.companyCode,
            transactionCode: saleCode,
            model: { code: 'DocVoided' } as unknown as VoidTransactionModel,
          }),
        ),
      );
    },
    async validateAddress(address: TaxAddress): Promise<AddressValidation> {
      const resolved = await resolve(address);
      if (!resolved.ok) return { valid: false, reason: resolved.reason, state: resolved.state };
      const { found, state } = resolved;
      return {
        valid: true,
        address: {
          address1: found.line1 ?? address.address1,
          ...(found.line2 ? { address2: found.line2 } : {}),
          city: found.city ?? address.city,
          state,
          zip: found.postalCode ?? address.zip,
        },
      };
    },
    async quote(address: TaxAddress): Promise<TaxQuote> {
      const resolved = await resolve(address);
      if (!resolved.ok) return resolved;
      const { found, state } = resolved;
      const estimate = {
        type: 'SalesOrder',
        companyCode: options.companyCode,
        date: today(),
        customerCode: 'checkout',
        currencyCode: 'USD',
        commit: false,
        addresses: {
          singleLocation: {
            line1: found.line1,
            city: found.city,
            region: found.region,
            postalCode: found.postalCode,
            country: found.country ?? 'US',
          },
        },
        lines: [{ number: '1', quantity: 1, amount: ESTIMATE_AMOUNT }],
      };
      let transaction: { totalTax?: number };
      try {
        transaction = await client.createTransaction({
          model: estimate as unknown as CreateTransactionModel,
        });
      } catch (error) {
        // AvaTax refuses an address it cannot place with an error of its own (InvalidAddress, AddressRangeError...).
        const code = (error as { code?: unknown }).code;
        if (typeof code === 'string' && /Address/i.test(code))
          return { ok: false, reason: 'addressNotFound', state };
        throw serviceError(error);
      }
      const tax = Number(transaction.totalTax ?? 0);
      return { ok: true, state, rate: Math.round((tax / ESTIMATE_AMOUNT) * 10_000) };
    },
  };
}
