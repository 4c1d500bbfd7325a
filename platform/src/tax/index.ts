import { requiredSettings } from '../settings.ts';
import { createAvalaraTaxService } from './avalara.ts';
import { withTaxFallback } from './fallback.ts';
import type { TaxService, TaxServiceError } from './port.ts';

export { type AvalaraOptions, createAvalaraTaxService } from './avalara.ts';
export { type TaxFallbackOptions, withTaxFallback } from './fallback.ts';
export * from './port.ts';
export { createSandboxTaxService, type SandboxTaxRecord, type SandboxTaxService } from './sandbox.ts';

/** AvaTax's test mode (Avalara's sandbox accounts answer there). */
export const AVALARA_SANDBOX_URL = 'https://sandbox-rest.avatax.com';

/**
 * The tax service configuration picked, given the configured table (the sandbox with the settings'
 * rates, read live) it falls back on; `onFallback` is told each time the table answered for it.
 */
export type TaxChoice = (table: TaxService, onFallback?: (error: TaxServiceError) => void) => TaxService;

/**
 * Configuration picks the tax service (issue 35 §6): TAX_PROVIDER `sandbox` (the default) answers
 * from the configured table; `avalara` asks AvaTax at AVALARA_URL with AVALARA_ACCOUNT_ID and
 * AVALARA_LICENSE_KEY (refused at start when either is missing) for AVALARA_COMPANY_CODE, falling
 * back on the table after TAX_TIMEOUT_MS.
 */
export function openTax(config: {
  TAX_PROVIDER?: 'sandbox' | 'avalara' | undefined;
  TAX_TIMEOUT_MS?: number | undefined;
  AVALARA_URL?: string | undefined;
  AVALARA_ACCOUNT_ID?: string | undefined;
  AVALARA_LICENSE_KEY?: string | undefined;
  AVALARA_COMPANY_CODE?: string | undefined;
}): TaxChoice {
  if ((config.TAX_PROVIDER ?? 'sandbox') === 'sandbox') return (table) => table;
  const set = requiredSettings(config, ['AVALARA_ACCOUNT_ID', 'AVALARA_LICENSE_KEY'], 'TAX_PROVIDER=avalara');
  const timeoutMs = config.TAX_TIMEOUT_MS ?? 3_000;
  const avalara = createAvalaraTaxService({
    baseUrl: config.AVALARA_URL ?? AVALARA_SANDBOX_URL,
    accountId: set.AVALARA_ACCOUNT_ID,
    licenseKey: set.AVALARA_LICENSE_KEY,
    companyCode: config.AVALARA_COMPANY_CODE ?? 'DEFAULT',
    timeoutMs,
  });
  return (table, onFallback) =>
    withTaxFallback(avalara, table, { timeoutMs, ...(onFallback && { onFallback }) });
}
