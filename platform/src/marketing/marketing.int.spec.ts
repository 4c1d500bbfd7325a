import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMarketing } from './index.ts';
import { marketingContract } from './marketing.contract.ts';
import { MarketingServiceError } from './port.ts';
import { createSandboxMarketing } from './sandbox.ts';
import { createZohoCampaignsMarketing } from './zoho.ts';
import { startZohoCampaignsDouble, type ZohoCampaignsDouble } from './zoho-campaigns-double.ts';

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
    marketing: createZohoCampaignsMarketing({ baseUrl: double.url, token: TOKEN, listKey: LIST_KEY }),
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
      token: overrides.token ?? TOKEN,
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
      token: TOKEN,
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
    const refused = await createZohoCampaignsMarketing({ baseUrl: gone.url, token: TOKEN, listKey: LIST_KEY })
      .addContact({ email: 'fay@double.example', source: 'footer', language: 'en', kind: 'User' })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'UNREACHABLE' });
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
});
