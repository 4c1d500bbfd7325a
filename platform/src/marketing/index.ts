import { settingsTogether } from '../settings.ts';
import type { Marketing } from './port.ts';
import { createSandboxMarketing } from './sandbox.ts';
import { createZohoCampaignsMarketing } from './zoho.ts';
import { fixedZohoToken, refreshingZohoTokens, type ZohoAccessTokens } from './zoho-oauth.ts';

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
export {
  fixedZohoToken,
  refreshingZohoTokens,
  ZOHO_RENEWAL_PAUSE_MS,
  ZOHO_TOKEN_MARGIN_MS,
  type ZohoAccessTokens,
  type ZohoRefreshOptions,
} from './zoho-oauth.ts';

/** The Zoho Campaigns API's root in its default (US) data centre. */
export const ZOHO_CAMPAIGNS_DEFAULT_URL = 'https://campaigns.zoho.com/api/v1.1';

/** Zoho Accounts in its default (US) data centre, where refresh tokens are exchanged. */
export const ZOHO_ACCOUNTS_DEFAULT_URL = 'https://accounts.zoho.com';

/**
 * Configuration picks the marketing service (issue 34): ZOHO_CAMPAIGNS_LIST_KEY with a way to get
 * access tokens sends confirmed contacts to Zoho Campaigns (at ZOHO_CAMPAIGNS_URL). The lasting way is
 * the refresh-token grant (ZOHO_CLIENT_ID, ZOHO_CLIENT_SECRET and ZOHO_CAMPAIGNS_REFRESH_TOKEN, at
 * ZOHO_ACCOUNTS_URL); ZOHO_CAMPAIGNS_TOKEN, one access token, lasts Zoho's hour (a trial). Without
 * any of them the sandbox records what it would send, and nothing leaves the machine; half a
 * configuration is refused at start.
 */
export function openMarketing(config: {
  ZOHO_CAMPAIGNS_URL?: string | undefined;
  ZOHO_CAMPAIGNS_TOKEN?: string | undefined;
  ZOHO_CAMPAIGNS_LIST_KEY?: string | undefined;
  ZOHO_ACCOUNTS_URL?: string | undefined;
  ZOHO_CLIENT_ID?: string | undefined;
  ZOHO_CLIENT_SECRET?: string | undefined;
  ZOHO_CAMPAIGNS_REFRESH_TOKEN?: string | undefined;
}): Marketing {
  const { ZOHO_CAMPAIGNS_TOKEN: token, ZOHO_CAMPAIGNS_LIST_KEY: listKey } = config;
  const grant = settingsTogether(config, [
    'ZOHO_CLIENT_ID',
    'ZOHO_CLIENT_SECRET',
    'ZOHO_CAMPAIGNS_REFRESH_TOKEN',
  ]);
  if (!token && !listKey && !grant) return createSandboxMarketing();
  if (token && grant)
    throw new Error(
      'ZOHO_CAMPAIGNS_TOKEN or the refresh token (ZOHO_CAMPAIGNS_REFRESH_TOKEN): set one, not both',
    );
  if (!listKey)
    throw new Error('ZOHO_CAMPAIGNS_LIST_KEY is missing: Zoho Campaigns needs the list the contacts go to');
  const timeoutMs = 10_000;
  let tokens: ZohoAccessTokens;
  if (grant)
    tokens = refreshingZohoTokens({
      accountsUrl: config.ZOHO_ACCOUNTS_URL ?? ZOHO_ACCOUNTS_DEFAULT_URL,
      clientId: grant.ZOHO_CLIENT_ID,
      clientSecret: grant.ZOHO_CLIENT_SECRET,
      refreshToken: grant.ZOHO_CAMPAIGNS_REFRESH_TOKEN,
      timeoutMs,
    });
  else if (token) tokens = fixedZohoToken(token);
  else
    throw new Error(
      'ZOHO_CAMPAIGNS_LIST_KEY needs ZOHO_CLIENT_ID, ZOHO_CLIENT_SECRET and ZOHO_CAMPAIGNS_REFRESH_TOKEN (or ZOHO_CAMPAIGNS_TOKEN)',
    );
  return createZohoCampaignsMarketing({
    baseUrl: config.ZOHO_CAMPAIGNS_URL ?? ZOHO_CAMPAIGNS_DEFAULT_URL,
    tokens,
    listKey,
    timeoutMs,
  });
}
