import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openMarketing } from './index.ts';
import { marketingContract } from './marketing.contract.ts';
import { MarketingServiceError } from './port.ts';
import { createSandboxMarketing } from './sandbox.ts';
import { createZohoCampaignsMarketing } from './zoho.ts';
import { startZohoCampaignsDouble, type ZohoCampaignsDouble } from './zoho-campaigns-double.ts';
import {
  fixedZohoToken,
  refreshingZohoTokens,
  ZOHO_RENEWAL_PAUSE_MS,
  ZOHO_TOKEN_MARGIN_MS,
} from './zoho-oauth.ts';

const TOKEN = '1000.double-access-token';
const LIST_KEY = 'double-list-key';

marketingContract('sandbox', async () => {
  const sandbox = createSandboxMarketing();
  return {
    marketing: sandbox,
    held: async () =>
      sandbox.sent().map(({ payload }) => ({
        email: payload.contact.email,
        userType: payload.user_type,
        tags: payload.tag ? [payload.tag] : [],
      })),
    close: async () => {},
  };
});

marketingContract('zoho campaigns, against a local double of its API', async () => {
  const double = await startZohoCampaignsDouble({ token: TOKEN, listKey: LIST_KEY, tags: ['Subscriber'] });
  return {
    marketing: createZohoCampaignsMarketing({
      baseUrl: double.url,
      tokens: fixedZohoToken(TOKEN),
      listKey: LIST_KEY,
    }),
    held: async () => double.contacts(),
    close: () => double.close(),
  };
});

describe('the zoho campaigns adapter, against a local double of its API', () => {
  let double: ZohoCampaignsDouble;
  beforeAll(async () => {
    double = await startZohoCampaignsDouble({ token: TOKEN, listKey: LIST_KEY, tags: ['Subscriber'] });
  });
  afterAll(() => double.close());
  const zoho = (overrides: { token?: string; listKey?: string } = {}) =>
    createZohoCampaignsMarketing({
      baseUrl: `${double.url}/`,
      tokens: fixedZohoToken(overrides.token ?? TOKEN),
      listKey: overrides.listKey ?? LIST_KEY,
      timeoutMs: 2_000,
    });

  it('adds a contact with listsubscribe (form body, Zoho-oauthtoken), then tags a Subscriber', async () => {
    double.requests.length = 0;
    await zoho().addContact({
      email: 'ann@double.example',
      source: 'footer',
      language: 'en',
      kind: 'Subscriber',
    });
    const [subscribe, tag, ...more] = double.requests;
    expect(more).toEqual([]);
    expect(subscribe).toEqual({
      method: 'POST',
      path: '/api/v1.1/json/listsubscribe',
      query: {},
      authorization: `Zoho-oauthtoken ${TOKEN}`,
      contentType: 'application/x-www-form-urlencoded',
      form: {
        resfmt: 'JSON',
        listkey: LIST_KEY,
        contactinfo: JSON.stringify({ 'Contact Email': 'ann@double.example' }),
        source: 'footer',
      },
    });
    expect(tag).toMatchObject({
      method: 'GET',
      path: '/api/v1.1/tag/associate',
      query: { resfmt: 'JSON', tagName: 'Subscriber', lead_email: 'ann@double.example' },
      authorization: `Zoho-oauthtoken ${TOKEN}`,
    });
  });

  it("sends an account's user_type in contactinfo and asks for no tag", async () => {
    double.requests.length = 0;
    await zoho().addContact({
      email: 'bob@double.example',
      source: 'registration',
      language: 'es',
      kind: 'User',
    });
    expect(double.requests.map((r) => r.path)).toEqual(['/api/v1.1/json/listsubscribe']);
    expect(JSON.parse(double.requests[0]?.form.contactinfo ?? '')).toEqual({
      'Contact Email': 'bob@double.example',
      user_type: 'User',
    });
  });

  it("throws Zoho's code and message when the double refuses (a wrong list key), without the token", async () => {
    const refused = await zoho({ listKey: 'not-our-list' })
      .addContact({ email: 'cat@double.example', source: 'footer', language: 'en', kind: 'Subscriber' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MarketingServiceError);
    expect(refused).toMatchObject({
      code: '2501',
      message: 'zoho-campaigns 2501: Listkey is empty or invalid.',
    });
    expect(double.contacts().map((c) => c.email)).not.toContain('cat@double.example');

    const badToken = await zoho({ token: 'expired' })
      .addContact({ email: 'cat@double.example', source: 'footer', language: 'en', kind: 'Subscriber' })
      .catch((error: unknown) => error);
    expect(badToken).toBeInstanceOf(MarketingServiceError);
    expect(String((badToken as Error).message)).not.toContain('expired');
  });

  it('throws when the double is down or a tag is missing there, so the delivery is tried again', async () => {
    double.outage(true);
    const down = await zoho()
      .addContact({ email: 'dan@double.example', source: 'footer', language: 'en', kind: 'Subscriber' })
      .catch((error: unknown) => error);
    double.outage(false);
    expect(down).toMatchObject({ code: 'HTTP_503' });

    const noTag = await startZohoCampaignsDouble({ token: TOKEN, listKey: LIST_KEY, tags: [] });
    const refused = await createZohoCampaignsMarketing({
      baseUrl: noTag.url,
      tokens: fixedZohoToken(TOKEN),
      listKey: LIST_KEY,
    })
      .addContact({ email: 'eve@double.example', source: 'footer', language: 'en', kind: 'Subscriber' })
      .catch((error: unknown) => error);
    await noTag.close();
    expect(refused).toMatchObject({ code: '9001' });
  });

  it('throws UNREACHABLE when nothing answers', async () => {
    const gone = await startZohoCampaignsDouble({ token: TOKEN, listKey: LIST_KEY, tags: [] });
    await gone.close();
    const refused = await createZohoCampaignsMarketing({
      baseUrl: gone.url,
      tokens: fixedZohoToken(TOKEN),
      listKey: LIST_KEY,
    })
      .addContact({ email: 'fay@double.example', source: 'footer', language: 'en', kind: 'User' })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'UNREACHABLE' });
  });
});

const CLIENT = {
  id: '1000.DOUBLECLIENT',
  secret: 'double-client-secret',
  refreshToken: '1000.double-refresh',
};

marketingContract(
  'zoho campaigns with tokens renewed from a refresh token, against a local double',
  async () => {
    const double = await startZohoCampaignsDouble({
      listKey: LIST_KEY,
      tags: ['Subscriber'],
      client: CLIENT,
    });
    return {
      marketing: createZohoCampaignsMarketing({
        baseUrl: double.url,
        tokens: refreshingZohoTokens({
          accountsUrl: double.url.replace(/\/api\/v1\.1$/, ''),
          clientId: CLIENT.id,
          clientSecret: CLIENT.secret,
          refreshToken: CLIENT.refreshToken,
          timeoutMs: 2_000,
        }),
        listKey: LIST_KEY,
      }),
      held: async () => double.contacts(),
      close: () => double.close(),
    };
  },
);

describe('Zoho access tokens from the refresh token, against a local double of Zoho Accounts', () => {
  let double: ZohoCampaignsDouble;
  let clock: number;
  beforeEach(async () => {
    double = await startZohoCampaignsDouble({ listKey: LIST_KEY, tags: ['Subscriber'], client: CLIENT });
    clock = Date.parse('2026-11-30T12:00:00Z');
  });
  afterEach(() => double.close());
  const accountsOf = (d: ZohoCampaignsDouble) => d.url.replace(/\/api\/v1\.1$/, '');
  const tokensFor = (client: Partial<typeof CLIENT> = {}, accountsUrl = accountsOf(double)) =>
    refreshingZohoTokens({
      accountsUrl,
      clientId: client.id ?? CLIENT.id,
      clientSecret: client.secret ?? CLIENT.secret,
      refreshToken: client.refreshToken ?? CLIENT.refreshToken,
      timeoutMs: 2_000,
      now: () => clock,
    });
  const zohoWith = (tokens: ReturnType<typeof tokensFor>) =>
    createZohoCampaignsMarketing({ baseUrl: double.url, tokens, listKey: LIST_KEY, timeoutMs: 2_000 });
  const contact = (who: string) => ({
    email: `${who}@refresh.example`,
    source: 'footer',
    language: 'en',
    kind: 'Subscriber',
  });
  const paths = () => double.requests.map((r) => `${r.method} ${r.path}`);
  const heldEmails = () => double.contacts().map((c) => c.email);

  it('asks Zoho Accounts once with the refresh-token grant, and twenty contacts sent at once share its token', async () => {
    const zoho = zohoWith(tokensFor());
    await Promise.all(Array.from({ length: 20 }, (_, n) => zoho.addContact(contact(`at-once-${n}`))));
    expect(double.tokensMade()).toBe(1);
    const [grant, ...calls] = double.requests;
    expect(grant).toEqual({
      method: 'POST',
      path: '/oauth/v2/token',
      query: {},
      authorization: undefined,
      contentType: 'application/x-www-form-urlencoded',
      form: {
        grant_type: 'refresh_token',
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        refresh_token: CLIENT.refreshToken,
      },
    });
    // Every Campaigns call carried the one token made, and no secret of the grant.
    const authorizations = new Set(calls.map((r) => r.authorization));
    expect(authorizations.size).toBe(1);
    expect([...authorizations][0]).toMatch(/^Zoho-oauthtoken 1000\.double-1-/);
    expect(calls.every((r) => !JSON.stringify(r).includes(CLIENT.secret))).toBe(true);
    expect(heldEmails()).toHaveLength(20);
  });

  it('renews the token five minutes before its hour ends, not before', async () => {
    const zoho = zohoWith(tokensFor());
    await zoho.addContact(contact('first'));
    clock += 3_600_000 - ZOHO_TOKEN_MARGIN_MS - 1;
    await zoho.addContact(contact('still-the-first-token'));
    expect(double.tokensMade()).toBe(1);
    clock += 1;
    await zoho.addContact(contact('a-new-token'));
    expect(double.tokensMade()).toBe(2);
    expect(double.requests.at(-2)?.authorization).toMatch(/^Zoho-oauthtoken 1000\.double-2-/);
  });

  it('renews a token given for under ten minutes halfway through its life, not on every call', async () => {
    await double.close();
    double = await startZohoCampaignsDouble({
      listKey: LIST_KEY,
      tags: ['Subscriber'],
      client: CLIENT,
      tokenSeconds: 120,
    });
    const zoho = zohoWith(tokensFor());
    await zoho.addContact(contact('short-first'));
    clock += 59_999;
    await zoho.addContact(contact('short-same-token'));
    await zoho.addContact(contact('short-same-token-again'));
    expect(double.tokensMade()).toBe(1);
    clock += 1;
    await zoho.addContact(contact('short-renewed'));
    expect(double.tokensMade()).toBe(2);
  });

  it('renews once when Zoho refuses the token early, and five calls refused at once share that renewal', async () => {
    const zoho = zohoWith(tokensFor());
    await zoho.addContact(contact('before'));
    double.expireTokens();
    double.requests.length = 0;
    await zoho.addContact(contact('after'));
    expect(paths()).toEqual([
      'POST /api/v1.1/json/listsubscribe',
      'POST /oauth/v2/token',
      'POST /api/v1.1/json/listsubscribe',
      'GET /api/v1.1/tag/associate',
    ]);
    expect(double.tokensMade()).toBe(2);

    double.expireTokens();
    await Promise.all(Array.from({ length: 5 }, (_, n) => zoho.addContact(contact(`refused-${n}`))));
    expect(double.tokensMade()).toBe(3);
    expect(heldEmails()).toEqual(
      expect.arrayContaining(['after@refresh.example', 'refused-4@refresh.example']),
    );
  });

  it("fails with Zoho's reason when the client or the refresh token is wrong, never with the secrets, and waits a minute before asking again", async () => {
    const wrongClient = zohoWith(tokensFor({ secret: 'not-the-secret' }));
    const refused = await wrongClient.addContact(contact('nobody')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MarketingServiceError);
    expect(refused).toMatchObject({
      code: 'OAUTH_REFUSED',
      message: 'zoho-campaigns OAUTH_REFUSED: Zoho Accounts refused the refresh token: invalid_client',
    });
    expect(String(refused)).not.toContain('not-the-secret');
    expect(paths()).toEqual(['POST /oauth/v2/token']);

    // Within the minute: refused again without asking Zoho Accounts (no request made).
    clock += ZOHO_RENEWAL_PAUSE_MS - 1;
    await expect(wrongClient.addContact(contact('nobody'))).rejects.toMatchObject({ code: 'OAUTH_REFUSED' });
    expect(paths()).toEqual(['POST /oauth/v2/token']);
    clock += 1;
    await expect(wrongClient.addContact(contact('nobody'))).rejects.toMatchObject({ code: 'OAUTH_REFUSED' });
    expect(paths()).toEqual(['POST /oauth/v2/token', 'POST /oauth/v2/token']);

    const revoked = await zohoWith(tokensFor({ refreshToken: '1000.revoked' }))
      .addContact(contact('nobody'))
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MarketingServiceError);
    expect(revoked).toMatchObject({
      message: 'zoho-campaigns OAUTH_REFUSED: Zoho Accounts refused the refresh token: invalid_code',
    });
    expect(String(revoked)).not.toContain('1000.revoked');
    expect(heldEmails()).toEqual([]);
    expect(double.tokensMade()).toBe(0);
  });

  it("stays within Zoho's ten tokens in ten minutes when its tokens keep lapsing, and says so when refused", async () => {
    const zoho = zohoWith(tokensFor());
    for (let n = 0; n < 10; n++) {
      double.expireTokens();
      await zoho.addContact(contact(`lapse-${n}`));
    }
    expect(double.tokensMade()).toBe(10);
    double.expireTokens();
    const refused = await zoho.addContact(contact('eleventh')).catch((error: unknown) => error);
    expect(refused).toMatchObject({
      code: 'OAUTH_REFUSED',
      message: 'zoho-campaigns OAUTH_REFUSED: Zoho Accounts refused the refresh token: Access Denied',
    });
    // The refused call asked once (no loop of renewals), and the next within the minute not at all.
    const grants = () => paths().filter((p) => p === 'POST /oauth/v2/token').length;
    const before = grants();
    await expect(zoho.addContact(contact('twelfth'))).rejects.toMatchObject({ code: 'OAUTH_REFUSED' });
    expect(grants()).toBe(before);
    expect(heldEmails()).not.toContain('eleventh@refresh.example');
  });

  it('fails OAUTH_UNREACHABLE when Zoho Accounts does not answer, and a fixed token is never renewed', async () => {
    const gone = await startZohoCampaignsDouble({ listKey: LIST_KEY, tags: [], client: CLIENT });
    await gone.close();
    await expect(
      zohoWith(tokensFor({}, accountsOf(gone))).addContact(contact('unreached')),
    ).rejects.toMatchObject({ code: 'OAUTH_UNREACHABLE' });

    double.requests.length = 0;
    await expect(
      zohoWith(fixedZohoToken('1000.lapsed') as ReturnType<typeof tokensFor>).addContact(contact('fixed')),
    ).rejects.toMatchObject({ code: '1007' });
    expect(paths()).toEqual(['POST /api/v1.1/json/listsubscribe']);
  });
});

describe('the marketing service configuration picks', () => {
  it('the sandbox by default, Zoho Campaigns with a token and a list key, and refuses half of them', () => {
    expect(openMarketing({}).name).toBe('sandbox');
    expect(openMarketing({ ZOHO_CAMPAIGNS_TOKEN: 't', ZOHO_CAMPAIGNS_LIST_KEY: 'k' }).name).toBe(
      'zoho-campaigns',
    );
    expect(() => openMarketing({ ZOHO_CAMPAIGNS_TOKEN: 't' })).toThrow(/ZOHO_CAMPAIGNS_LIST_KEY/);
    expect(() => openMarketing({ ZOHO_CAMPAIGNS_LIST_KEY: 'k' })).toThrow(/ZOHO_CAMPAIGNS_TOKEN/);
  });

  it('Zoho Campaigns with the refresh token, its client and a list key; refuses half a grant, or both ways', () => {
    const grant = {
      ZOHO_CLIENT_ID: 'id',
      ZOHO_CLIENT_SECRET: 'secret',
      ZOHO_CAMPAIGNS_REFRESH_TOKEN: 'refresh',
    };
    expect(openMarketing({ ...grant, ZOHO_CAMPAIGNS_LIST_KEY: 'k' }).name).toBe('zoho-campaigns');
    expect(() =>
      openMarketing({ ...grant, ZOHO_CLIENT_SECRET: undefined, ZOHO_CAMPAIGNS_LIST_KEY: 'k' }),
    ).toThrow(
      'ZOHO_CLIENT_ID, ZOHO_CLIENT_SECRET, ZOHO_CAMPAIGNS_REFRESH_TOKEN go together: ZOHO_CLIENT_SECRET missing',
    );
    expect(() => openMarketing({ ...grant })).toThrow(/ZOHO_CAMPAIGNS_LIST_KEY is missing/);
    expect(() =>
      openMarketing({ ...grant, ZOHO_CAMPAIGNS_TOKEN: 't', ZOHO_CAMPAIGNS_LIST_KEY: 'k' }),
    ).toThrow(/set one, not both/);
  });
});
