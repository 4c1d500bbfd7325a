import type { AddressValidation, TaxQuote, TaxService } from './port.ts';
import { TaxServiceError } from './port.ts';

export interface TaxFallbackOptions {
  /** How long the service may take for a quote before the table answers (issue 35 §5). */
  timeoutMs: number;
  /** Told why the table answered (a TaxServiceError: TIMEOUT, the service's code, UNREACHABLE). */
  onFallback?: (error: TaxServiceError) => void;
}

/**
 * A tax service that falls back on the configured table (the sandbox with the settings' rates) when
 * the service does not answer within its timeout or fails: checkout goes on with the table's quote,
 * marked `fallback: true` so it says so. An address the service refuses stays refused. An address
 * validation falls back the same way: the table's answer (states and ZIP ranges, no streets), marked
 * `fallback: true`. Recording (a paid invoice, a refund, a void) goes to the service alone: the table
 * records nothing, and the process recording it tries again later instead.
 */
export function withTaxFallback(
  service: TaxService,
  table: TaxService,
  options: TaxFallbackOptions,
): TaxService {
  return {
    name: service.name,
    recordSale: (sale) => service.recordSale(sale),
    refundSale: (refund) => service.refundSale(refund),
    voidSale: (saleCode) => service.voidSale(saleCode),
    async quote(address): Promise<TaxQuote> {
      const asked = await inTime(() => service.quote(address));
      if ('answer' in asked) return asked.answer;
      const quote = await table.quote(address);
      return quote.ok ? { ...quote, fallback: true } : quote;
    },
    async validateAddress(address): Promise<AddressValidation> {
      const asked = await inTime(() => service.validateAddress(address));
      if ('answer' in asked) return asked.answer;
      return { ...(await table.validateAddress(address)), fallback: true };
    },
  };

  /** The service's answer within the timeout, or its failure told to `onFallback`. */
  async function inTime<T>(ask: () => Promise<T>): Promise<{ answer: T } | { failed: TaxServiceError }> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(new TaxServiceError(service.name, 'TIMEOUT', `no answer within ${options.timeoutMs} ms`)),
        options.timeoutMs,
      );
    });
    try {
      return { answer: await Promise.race([ask(), late]) };
    } catch (error) {
      const failed =
        error instanceof TaxServiceError
          ? error
          : new TaxServiceError(service.name, 'FAILED', String((error as Error)?.message ?? error));
      options.onFallback?.(failed);
      return { failed };
    } finally {
      clearTimeout(timer);
    }
  }
}
