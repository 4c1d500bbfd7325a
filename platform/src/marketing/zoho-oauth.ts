import { callVendor } from '../http/vendor-call.ts';
import { MarketingServiceError } from './port.ts';

/**
 * Where the adapter's access token comes from: a fixed token (it lasts Zoho's hour), or the Zoho
 * Accounts refresh-token grant, which makes a new one whenever the last is about to lapse.
 */
export interface ZohoAccessTokens {
  /** The token to send now. */
  current(): Promise<string>;
  /**
   * Zoho refused `refused` as a token: the token to try once more, or null when there is none (a fixed
   * token). A renewal that fails throws its reason.
   */
  renewed(refused: string): Promise<string | null>;
}

/** A fixed access token, as Zoho's API console hands one out. It is never renewed. */
export function fixedZohoToken(token: string): ZohoAccessTokens {
  return { current: async () => token, renewed: async () => null };
}

export interface ZohoRefreshOptions {
  /** The Zoho Accounts server of the account's data centre: https://accounts.zoho.com (.eu, .in, ...). */
  accountsUrl: string;
  clientId: string;
  clientSecret: string;
  /** A refresh token made once with the ZohoCampaigns.contact.UPDATE scope (offline access). */
  refreshToken: string;
  timeoutMs: number;
  /** Milliseconds since the epoch; the system clock unless a spec sets it. */
  now?: () => number;
}

const SERVICE = 'zoho-campaigns';
/**
 * A token is renewed this long before Zoho's `expires_in` runs out, so none lapses in flight; one given
 * for less than twice this is renewed halfway through its life instead (else every call would renew it).
 */
export const ZOHO_TOKEN_MARGIN_MS = 5 * 60_000;
/**
 * After a renewal fails, none is asked for again this long: Zoho blocks a refresh token for ten
 * minutes once it has made ten access tokens in ten, and every waiting delivery would ask at once.
 */
export const ZOHO_RENEWAL_PAUSE_MS = 60_000;

/**
 * Access tokens from the Zoho Accounts refresh-token grant (zoho.com/accounts/protocol/oauth:
 * `POST {accounts}/oauth/v2/token` with `grant_type=refresh_token`, `client_id`, `client_secret` and
 * `refresh_token` as a form body; answered `{access_token, expires_in, api_domain, token_type}`, or
 * HTTP 200 with `{error}` when refused). One token is kept in memory only (never logged, never
 * recorded) until five minutes before it lapses (halfway, for a token given for under ten minutes);
 * calls made meanwhile share it, and calls that find it lapsing share one renewal. A token Zoho refuses early (revoked, or the 31st made) is renewed once;
 * a renewal that fails is not asked again for a minute, each call in that minute failing with its
 * reason, so the deliveries are tried again later as for any refusal.
 */
export function refreshingZohoTokens(options: ZohoRefreshOptions): ZohoAccessTokens {
  const now = options.now ?? Date.now;
  const tokenUrl = `${options.accountsUrl.replace(/\/+$/, '')}/oauth/v2/token`;
  let held: { token: string; renewAt: number } | null = null;
  let inFlight: Promise<string> | null = null;
  let failed: { error: MarketingServiceError; until: number } | null = null;

  async function ask(): Promise<string> {
    const form = new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: options.clientId,
      client_secret: options.clientSecret,
      refresh_token: options.refreshToken,
    });
    const { status, text } = await callVendor(
      tokenUrl,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form.toString(),
      },
      options.timeoutMs,
      (timedOut) =>
        new MarketingServiceError(
          SERVICE,
          'OAUTH_UNREACHABLE',
          timedOut
            ? `Zoho Accounts gave no answer in ${options.timeoutMs} ms`
            : 'Zoho Accounts gave no answer',
        ),
    );
    let body: { access_token?: unknown; expires_in?: unknown; error?: unknown } = {};
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      // Not JSON (a proxy's page): refused below with the HTTP status.
    }
    const expiresIn = Number(body.expires_in);
    if (typeof body.access_token === 'string' && body.access_token && expiresIn > 0) {
      const margin = Math.min(ZOHO_TOKEN_MARGIN_MS, (expiresIn * 1000) / 2);
      held = { token: body.access_token, renewAt: now() + expiresIn * 1000 - margin };
      return body.access_token;
    }
    // Zoho's own error word (invalid_client, invalid_code, Access Denied), never the request's secrets.
    const reason = typeof body.error === 'string' ? body.error.slice(0, 100) : `HTTP ${status}`;
    throw new MarketingServiceError(
      SERVICE,
      'OAUTH_REFUSED',
      `Zoho Accounts refused the refresh token: ${reason}`,
    );
  }

  function renew(): Promise<string> {
    if (failed && now() < failed.until) return Promise.reject(failed.error);
    inFlight ??= ask()
      .then(
        (token) => {
          failed = null;
          return token;
        },
        (error: MarketingServiceError) => {
          held = null;
          failed = { error, until: now() + ZOHO_RENEWAL_PAUSE_MS };
          throw error;
        },
      )
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  }

  return {
    current: () => (held && now() < held.renewAt ? Promise.resolve(held.token) : renew()),
    async renewed(refused) {
      // Another call renewed it already: that one is tried.
      if (held && held.token !== refused) return held.token;
      held = null;
      return renew();
    },
  };
}
