import { taxRateFor, usStateOf, zipInState } from '@wine/contracts';
import type { TaxService } from './port.ts';

/**
 * The embedded sandbox: the state must be a US state and the ZIP in its ranges; rates from the settings,
 * as they read at each quote (issue 34: an admin changes them without a restart).
 */
export function createSandboxTaxService(rates: () => Readonly<Record<string, number>>): TaxService {
  return {
    name: 'sandbox',
    async quote(address) {
      const state = usStateOf(address.state);
      if (!state) return { ok: false, reason: 'unknownState', state: address.state };
      if (!zipInState(state, address.zip)) return { ok: false, reason: 'zipNotInState', state };
      return { ok: true, state, rate: taxRateFor(rates(), state, address.city) };
    },
  };
}
