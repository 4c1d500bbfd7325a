import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenDouble } from '../http/double-server.ts';
import type { HeldContact } from './marketing.contract.ts';

/** One request the double received, as Zoho would read it. */
export interface ZohoDoubleRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

export interface ZohoCampaignsDouble {
  /** The API's root to configure the adapter with: http://127.0.0.1:<port>/api/v1.1 */
  url: string;
  requests: ZohoDoubleRequest[];
  /** The contacts of the double's one list. */
  contacts(): HeldContact[];
  /** While on, every call is answered HTTP 503 with an HTML page (the service is down). */
  outage(on: boolean): void;
  /** How many access tokens Zoho Accounts has made from the refresh token. */
  tokensMade(): number;
  /** Zoho lets every access token it made lapse (an hour has passed, or they were revoked). */
  expireTokens(): void;
  close(): Promise<void>;
}

/**
 * A test double of Zoho Campaigns' API v1.1, on 127.0.0.1 at a random port, speaking its wire format
 * as documented (zoho.com/campaigns/help/developers: contact-subscribe, tag-management/associate-tag,
 * error codes): `POST /api/v1.1/json/listsubscribe` with a form body (`resfmt`, `listkey`,
 * `contactinfo` JSON, `source`) and `GET /api/v1.1/tag/associate?resfmt=JSON&tagName=&lead_email=`,
 * each with `Authorization: Zoho-oauthtoken <token>`; answers are HTTP 200 with `status` and `code`
 * in the JSON body ("0" success; 2501 a wrong list key, 2001 bad JSON, 2004 a bad address, 993 no such
 * contact, 9001 no such tag, 1004 a wrong URL). With a `client`, it also plays Zoho Accounts at its
 * root: `POST /oauth/v2/token` with the refresh-token grant as a form, answered
 * `{access_token, expires_in: 3600 (or `tokenSeconds`), api_domain, token_type}`, or HTTP 200 `{error: 'invalid_client'}`
 * for a client it does not know and `{error: 'invalid_code'}` for a refresh token it did not make; like
 * Zoho it makes at most ten access tokens in ten minutes from one refresh token, refusing more with
 * `{error: 'Access Denied'}` (HTTP 400). Campaigns takes `token` and every token Accounts made and has
 * not let lapse. Only the specs start it.
 */
export async function startZohoCampaignsDouble(options: {
  token?: string;
  listKey: string;
  tags: string[];
  client?: { id: string; secret: string; refreshToken: string };
  tokenSeconds?: number;
}): Promise<ZohoCampaignsDouble> {
  const requests: ZohoDoubleRequest[] = [];
  const list = new Map<string, HeldContact>();
  let down = false;
  const live = new Set<string>(options.token ? [options.token] : []);
  const made: number[] = [];

  function grant(response: ServerResponse, form: Record<string, string>) {
    const send = (status: number, body: Record<string, unknown>) => {
      response.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
      response.end(JSON.stringify(body));
    };
    const client = options.client;
    if (form.grant_type !== 'refresh_token') return send(200, { error: 'unsupported_grant_type' });
    if (!client || form.client_id !== client.id || form.client_secret !== client.secret)
      return send(200, { error: 'invalid_client' });
    if (form.refresh_token !== client.refreshToken) return send(200, { error: 'invalid_code' });
    const tenMinutesAgo = Date.now() - 10 * 60_000;
    if (made.filter((at) => at > tenMinutesAgo).length >= 10)
      return send(400, {
        error: 'Access Denied',
        error_description: 'You have made too many requests continuously. Please try again after some time.',
        status: 'failure',
      });
    made.push(Date.now());
    const token = `1000.double-${made.length}-${Math.random().toString(16).slice(2)}`;
    live.add(token);
    return send(200, {
      access_token: token,
      api_domain: 'https://www.zohoapis.com',
      token_type: 'Bearer',
      expires_in: options.tokenSeconds ?? 3600,
    });
  }

  const answer = (response: ServerResponse, uri: string, body: Record<string, unknown>, status = 200) => {
    response.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
    response.end(JSON.stringify({ ...body, uri, version: '1.1' }));
  };
  const refuse = (response: ServerResponse, uri: string, code: string, message: string) =>
    answer(response, uri, { status: 'error', code, message });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://double');
    const contentType = request.headers['content-type'];
    const form =
      contentType?.startsWith('application/x-www-form-urlencoded') === true
        ? Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')))
        : {};
    requests.push({
      method: request.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: request.headers.authorization,
      contentType,
      form,
    });
    const uri = url.pathname;
    if (down) {
      response.writeHead(503, { 'content-type': 'text/html' });
      response.end('<html><body>Service Unavailable</body></html>');
      return;
    }
    if (request.method === 'POST' && uri === '/oauth/v2/token') return grant(response, form);
    const [scheme, bearer] = (request.headers.authorization ?? '').split(' ');
    if (scheme !== 'Zoho-oauthtoken' || !bearer || !live.has(bearer)) {
      answer(response, uri, { status: 'error', code: '1007', message: 'Invalid OAuth token.' }, 401);
      return;
    }
    if (request.method === 'POST' && uri === '/api/v1.1/json/listsubscribe') {
      if (form.listkey !== options.listKey)
        return refuse(response, uri, '2501', 'Listkey is empty or invalid.');
      let info: Record<string, unknown>;
      try {
        info = JSON.parse(form.contactinfo ?? '') as Record<string, unknown>;
      } catch {
        return refuse(response, uri, '2001', 'Please enter correct XML(or)JSON format.');
      }
      const email = info['Contact Email'];
      if (typeof email !== 'string' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
        return refuse(response, uri, '2004', 'Invalid contact email address.');
      const held = list.get(email) ?? { email, userType: null, tags: [] };
      if (typeof info.user_type === 'string') held.userType = info.user_type;
      list.set(email, held);
      return answer(response, uri, { status: 'success', code: '0', message: 'Contact added successfully.' });
    }
    if (request.method === 'GET' && uri === '/api/v1.1/tag/associate') {
      const held = list.get(url.searchParams.get('lead_email') ?? '');
      const tag = url.searchParams.get('tagName') ?? '';
      if (!held)
        return answer(response, uri, { status: 'failure', code: '993', message: 'No contact found.' });
      if (!options.tags.includes(tag))
        return answer(response, uri, { status: 'failure', code: '9001', message: 'Tag not found' });
      if (!held.tags.includes(tag)) held.tags.push(tag);
      return answer(response, uri, { status: 'success', code: '0', message: 'Tag associated successfully' });
    }
    return refuse(response, uri, '1004', 'Wrong URL entered.');
  }

  const server = await listenDouble(handle);
  return {
    url: `${server.url}/api/v1.1`,
    requests,
    contacts: () => [...list.values()].map((c) => ({ ...c, tags: [...c.tags] })),
    outage: (on) => {
      down = on;
    },
    tokensMade: () => made.length,
    expireTokens: () => {
      live.clear();
    },
    close: () => server.close(),
  };
}
