import { callVendor } from '../http/vendor-call.ts';
import {
  type Marketing,
  type MarketingContact,
  type MarketingPayload,
  type MarketingReceipt,
  MarketingServiceError,
  marketingPayload,
} from './port.ts';
import type { ZohoAccessTokens } from './zoho-oauth.ts';

export interface ZohoCampaignsOptions {
  /** The API's root, e.g. https://campaigns.zoho.com/api/v1.1 (campaigns.zoho.eu, ... by data centre). */
  baseUrl: string;
  /**
   * OAuth access tokens with the ZohoCampaigns.contact.UPDATE scope: renewed from a refresh token
   * (`refreshingZohoTokens`), or one fixed token (`fixedZohoToken`), which lasts Zoho's hour.
   */
  tokens: ZohoAccessTokens;
  /** The mailing list's key (Contacts > Manage Lists > the list > Setup). */
  listKey: string;
  /** How long one call may take. */
  timeoutMs?: number;
}

const SERVICE = 'zoho-campaigns';

/** Zoho's answer envelope (`status`, `code`, `message`), or null for a body that is not one (a proxy's page). */
function answerOf(text: string): { status?: unknown; code?: unknown; message?: unknown } | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The marketing port on Zoho Campaigns' API v1.1 (issue 34; seeds 001 §7 "addcontacts ... then
 * subscribeCampaign"): `addcontacts` is `POST {base}/json/listsubscribe` (form fields `resfmt`,
 * `listkey`, `contactinfo` as JSON with the "Contact Email" and, for an account, its `user_type`;
 * `source`), which adds the address to the list or updates it when it is there already; a
 * Subscriber's tag then goes with `GET {base}/tag/associate` (`tagName`, `lead_email`). Both carry
 * `Authorization: Zoho-oauthtoken <token>`. Zoho answers HTTP 200 with `status` and `code` in the body
 * ("0" is success), so the body decides; any other answer is a MarketingServiceError with Zoho's code
 * and message. A token Zoho refuses (HTTP 401, or its code 1007) is renewed and the call made once
 * more. The list should have its sign-up form's confirmation off: the address confirmed already.
 */
export function createZohoCampaignsMarketing(options: ZohoCampaignsOptions): Marketing {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const authorized = (token: string, headers: Record<string, string> = {}) => ({
    ...headers,
    authorization: `Zoho-oauthtoken ${token}`,
    accept: 'application/json',
  });

  async function call(
    url: string,
    init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
  ): Promise<void> {
    const token = await options.tokens.current();
    const answer = await send(url, { ...init, headers: authorized(token, init.headers) });
    if (answer.refusedToken) {
      const next = await options.tokens.renewed(token);
      if (next) return settle(await send(url, { ...init, headers: authorized(next, init.headers) }));
    }
    settle(answer);
  }

  async function send(url: string, init: RequestInit) {
    const { status, ok, text } = await callVendor(
      url,
      init,
      timeoutMs,
      (timedOut) =>
        new MarketingServiceError(
          SERVICE,
          'UNREACHABLE',
          timedOut ? `no answer in ${timeoutMs} ms` : 'no answer',
        ),
    );
    const body = answerOf(text);
    const code = body?.code !== undefined ? String(body.code) : `HTTP_${status}`;
    const message = typeof body?.message === 'string' ? body.message : text.slice(0, 200) || `HTTP ${status}`;
    return {
      done: ok && body?.status === 'success' && code === '0',
      refusedToken: status === 401 || code === '1007',
      code,
      message,
    };
  }

  function settle(answer: Awaited<ReturnType<typeof send>>): void {
    if (!answer.done) throw new MarketingServiceError(SERVICE, answer.code, answer.message.slice(0, 200));
  }

  async function addcontacts(payload: MarketingPayload) {
    const contactinfo: Record<string, string> = { 'Contact Email': payload.contact.email };
    if (payload.user_type) contactinfo.user_type = payload.user_type;
    const form = new URLSearchParams({
      resfmt: 'JSON',
      listkey: options.listKey,
      contactinfo: JSON.stringify(contactinfo),
      source: payload.contact.source,
    });
    await call(`${base}/json/listsubscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
  }

  async function subscribeCampaign(payload: MarketingPayload) {
    if (!payload.tag) return;
    const query = new URLSearchParams({
      resfmt: 'JSON',
      tagName: payload.tag,
      lead_email: payload.contact.email,
    });
    await call(`${base}/tag/associate?${query.toString()}`, { method: 'GET' });
  }

  return {
    name: SERVICE,
    async addContact(contact: MarketingContact): Promise<MarketingReceipt | null> {
      const payload = marketingPayload(contact);
      if (!payload) return null;
      await addcontacts(payload);
      await subscribeCampaign(payload);
      return { service: SERVICE, payload };
    },
  };
}
