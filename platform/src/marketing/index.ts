import type { Marketing } from './port.ts';
import { createSandboxMarketing } from './sandbox.ts';
import { createZohoCampaignsMarketing } from './zoho.ts';

export {
  type Marketing,
  type MarketingContact,
  type MarketingContactKind,
  type MarketingPayload,
  type MarketingReceipt,
  MarketingServiceError,
  marketingContactKinds,
  marketingPayload,
} from './port.ts';
export { createSandboxMarketing, type SandboxMarketing, type SandboxMarketingRecord } from './sandbox.ts';
export { createZohoCampaignsMarketing, type ZohoCampaignsOptions } from './zoho.ts';

/** The Zoho Campaigns API's root in its default (US) data centre. */
export const ZOHO_CAMPAIGNS_DEFAULT_URL = 'https://campaigns.zoho.com/api/v1.1';

/**
 * Configuration picks the marketing service (issue 34): ZOHO_CAMPAIGNS_TOKEN with
 * ZOHO_CAMPAIGNS_LIST_KEY sends confirmed contacts to Zoho Campaigns (at ZOHO_CAMPAIGNS_URL); without
 * them the sandbox records what it would send, and nothing leaves the machine.
 */
export function openMarketing(config: {
  ZOHO_CAMPAIGNS_URL?: string | undefined;
  ZOHO_CAMPAIGNS_TOKEN?: string | undefined;
  ZOHO_CAMPAIGNS_LIST_KEY?: string | undefined;
}): Marketing {
  const { ZOHO_CAMPAIGNS_TOKEN: token, ZOHO_CAMPAIGNS_LIST_KEY: listKey } = config;
  if (!token && !listKey) return createSandboxMarketing();
  if (!token || !listKey)
    throw new Error('ZOHO_CAMPAIGNS_TOKEN and ZOHO_CAMPAIGNS_LIST_KEY go together: set both or neither');
  return createZohoCampaignsMarketing({
    baseUrl: config.ZOHO_CAMPAIGNS_URL ?? ZOHO_CAMPAIGNS_DEFAULT_URL,
    token,
    listKey,
  });
}
