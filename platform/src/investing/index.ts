import { httpUrlSetting, requiredSettings } from '../settings.ts';
import { createNorthCapitalInvesting } from './northcapital.ts';
import type { InvestingService } from './port.ts';
import { createSandboxInvesting, type SandboxInvestingOptions } from './sandbox.ts';

export { createNorthCapitalInvesting, type NorthCapitalOptions } from './northcapital.ts';
export { NORTHCAPITAL_SANDBOX_URL } from './northcapital-wire.ts';
export * from './port.ts';
export {
  assertMayInvest,
  assertMoveOrder,
  assertPayable,
  canMoveOrder,
  fundMoveLimits,
  fundMoveProblem,
  holdingsOf,
  type InvestDecision,
  type InvestorStanding,
  mayInvest,
} from './rules.ts';
export { createSandboxInvesting, type SandboxInvesting, type SandboxInvestingOptions } from './sandbox.ts';
export {
  accreditationTestFiles,
  defaultSandboxOfferings,
  kycDecision,
  type SandboxOffering,
} from './sandbox-rules.ts';

export const investingProviders = ['sandbox', 'northcapital'] as const;
export type InvestingProvider = (typeof investingProviders)[number];

/** What configuration says about the investing service (the platform config.ts keys). */
export interface InvestingConfig {
  INVESTING_PROVIDER?: string | undefined;
  NORTHCAPITAL_API_URL?: string | undefined;
  NORTHCAPITAL_CLIENT_ID?: string | undefined;
  NORTHCAPITAL_API_KEY?: string | undefined;
  NORTHCAPITAL_TIMEOUT_MS?: number | undefined;
}

/**
 * Configuration picks the investing service: INVESTING_PROVIDER `sandbox` (the default) is the embedded
 * in-memory North-Capital-like service (its offerings and clock from `sandbox`); `northcapital` calls
 * Transact at NORTHCAPITAL_API_URL (its sandbox, api-sandboxdash.norcapsecurities.com, by default) with
 * NORTHCAPITAL_CLIENT_ID and NORTHCAPITAL_API_KEY: refused at start, naming what is missing, when either is.
 */
export function openInvesting(
  config: InvestingConfig,
  sandbox: SandboxInvestingOptions = {},
): InvestingService {
  const provider = config.INVESTING_PROVIDER ?? 'sandbox';
  if (!(investingProviders as readonly string[]).includes(provider))
    throw new Error(`INVESTING_PROVIDER must be one of ${investingProviders.join(', ')}, not ${provider}`);
  if (provider === 'sandbox') return createSandboxInvesting(sandbox);
  const set = requiredSettings(
    config,
    ['NORTHCAPITAL_CLIENT_ID', 'NORTHCAPITAL_API_KEY'],
    'INVESTING_PROVIDER=northcapital',
  );
  return createNorthCapitalInvesting({
    apiUrl: httpUrlSetting(config.NORTHCAPITAL_API_URL, 'NORTHCAPITAL_API_URL'),
    clientId: set.NORTHCAPITAL_CLIENT_ID,
    apiKey: set.NORTHCAPITAL_API_KEY,
    timeoutMs: config.NORTHCAPITAL_TIMEOUT_MS,
  });
}
