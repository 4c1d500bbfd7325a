/**
 * The Versapay adapter on the wire, against a local double of Versapay's Ecommerce and platform APIs:
 * what it sends (HTTP Basic, the session's gatewayAuthorization, integer cents, no card number), one
 * payment per key whatever the retries, the claim an abandoned order leaves, Versapay's answers in
 * the port's words, and a Versapay that does not answer.
 */
import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardDeclinedError, IdempotencyKeyReusedError } from './port.ts';
import { createVersapayCardProvider, VersapayError } from './versapay.ts';
import {
  startVersapayDouble,
  tokenizeWithVersapay,
  type VersapayDouble,
  versapayTestCards,
} from './versapay-double.ts';

const now = new Date();
const nextYear = now.getUTCFullYear() + 1;
const card = (number: string) => ({
  number,
  expMonth: 12,
  expYear: nextYear,
  cvc: number.startsWith('3') ? '1234' : '123',
  nameOnCard: 'Ada Lovelace',
});

describe('the Versapay adapter on the wire, against a local double of Versapay', () => {
  let double: VersapayDouble;
  const provider = (overrides: { apiKey?: string; clock?: () => number } = {}) =>
    createVersapayCardProvider({
      apiToken: double.apiToken,
      apiKey: overrides.apiKey ?? double.apiKey,
      apiBase: double.url,
      clock: overrides.clock,
    });
  /** As the browser and the product save a card: a session, the iframe's token, the wallet. */
  const tokenize = async (number: string) =>
    tokenizeWithVersapay(
      await provider().captureContext('https://shop.example'),
      card(number),
      double.ecommerceUrl,
    );
  const save = async (number: string, owner?: string) =>
    provider().createCard(
      {
        token: await tokenize(number),
        nameOnCard: 'Ada Lovelace',
        reference: `card-${crypto.randomUUID()}`,
        owner,
      },
      now,
    );
  let n = 0;
  const key = () => `V-${Date.now()}-${n++}`;
  const charge = (token: string, amount: number, idempotencyKey = key(), cards = provider()) =>
    cards.charge({
      token,
      amount,
      reference: `ref-${idempotencyKey}`,
      returnUrl: '/checkout/return?cart=1',
      idempotencyKey,
      metadata: { invoices: 'I-1,I-2' },
    });
  const sentSince = (from: number) => double.requests.slice(from);

  beforeAll(async () => {
    double = await startVersapayDouble();
  });
  afterAll(async () => {
    await double?.close();
  });

  it('sends the API token and key as HTTP Basic to the platform API, and in the session request as gatewayAuthorization', async () => {
    const from = double.requests.length;
    const { token } = await save(versapayTestCards.visa);
    await charge(token, 2_500);
    const basic = `Basic ${Buffer.from(`${double.apiToken}:${double.apiKey}`).toString('base64')}`;
    const sent = sentSince(from);
    const platform = sent.filter((r) => !r.path.startsWith('/api/v2/'));
    expect(platform.map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual([
      'POST /api/gateway/v1/wallets',
      expect.stringMatching(/^PATCH \/api\/gateway\/v1\/wallets\/[0-9A-Z]{12}\/methods\/CC[0-9A-Z]{10}$/),
      expect.stringMatching(/^GET \/api\/gateway\/v1\/orders\/V-/),
      'POST /api/imports/order',
      'POST /api/gateway/v1/orders/sale',
    ]);
    for (const request of platform) expect(request.authorization).toBe(basic);
    const session = sent.find((r) => r.method === 'POST' && r.path === '/api/v2/sessions');
    expect(session?.body).toMatchObject({
      gatewayAuthorization: { apiToken: double.apiToken, apiKey: double.apiKey },
      options: { paymentTypes: [{ name: 'creditCard' }] },
    });
    // The iframe's own call carries no credentials: the session id is its authority.
    const tokens = sent.find((r) => r.path.endsWith('/tokens'));
    expect(tokens?.authorization).toBeUndefined();
  });

  it('refuses a bad API key, on either API, with HTTP 401 in its own words', async () => {
    const wrong = `Basic ${Buffer.from(`${double.apiToken}:not-the-key`).toString('base64')}`;
    const platform = await fetch(`${double.url}/api/gateway/v1/wallets/search?type=customer&locator=C1`, {
      headers: { authorization: wrong },
    });
    expect(platform.status).toBe(401);
    expect(await platform.json()).toEqual({
      error: 'You need to sign in or create an account before continuing.',
    });
    expect((await fetch(`${double.url}/api/gateway/v1/orders/X1`)).status).toBe(401);
    const session = await fetch(`${double.ecommerceUrl}/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        gatewayAuthorization: { apiToken: double.apiToken, apiKey: 'nope' },
        options: {},
      }),
    });
    expect(session.status).toBe(401);
    expect(await session.json()).toMatchObject({ message: 'Gateway authentication error' });
  });

  it('throws VersapayError for wrong credentials, which is no card refusal and charges nothing', async () => {
    const { token } = await save(versapayTestCards.visa);
    const wrong = provider({ apiKey: 'not-the-key' });
    const from = double.charges().length;
    await expect(wrong.captureContext('https://shop.example')).rejects.toThrow(/HTTP 401/);
    const refused = charge(token, 1_000, key(), wrong);
    await expect(refused).rejects.toBeInstanceOf(VersapayError);
    await expect(refused).rejects.toMatchObject({ status: 401 });
    await expect(refused).rejects.not.toBeInstanceOf(CardDeclinedError);
    // The message names the call, never the key.
    await expect(refused).rejects.not.toThrow(/not-the-key/);
    expect(double.charges().length).toBe(from);
  });

  it('sends amounts as integer cents (`amount_cents`), exactly as the port has them', async () => {
    const { token } = await save(versapayTestCards.mastercard);
    const from = double.requests.length;
    for (const amount of [5, 2_500, 123_456, 99_999_999]) await charge(token, amount);
    const { chargeId } = await charge(token, 10_000);
    await provider().refund(chargeId, 1_050, key());
    const amounts = sentSince(from)
      .filter((r) => r.method === 'POST')
      .map((r) => [r.path, r.body.amount_cents]);
    expect(amounts).toEqual([
      ...[5, 2_500, 123_456, 99_999_999, 10_000].flatMap((cents) => [
        ['/api/imports/order', cents],
        ['/api/gateway/v1/orders/sale', cents],
      ]),
      ['/api/gateway/v1/orders/refund', 1_050],
    ]);
    expect(JSON.stringify(sentSince(from))).not.toMatch(/"amount":/);
    expect(double.charges().find((c) => c.chargeId === chargeId)).toMatchObject({
      amount: 10_000,
      refunded: 1_050,
      reference: expect.stringMatching(/^ref-V-/),
      metadata: { invoices: 'I-1,I-2' },
    });
  });

  it('makes one payment for one key sent by two processes at once, and answers it again after', async () => {
    const { token } = await save(versapayTestCards.visa);
    const from = double.requests.length;
    const k = key();
    // Two providers: two processes, sharing nothing but Versapay.
    const [one, two] = await Promise.all([
      charge(token, 3_300, k, provider()),
      charge(token, 3_300, k, provider()),
    ]);
    expect(two).toEqual(one);
    expect(await charge(token, 3_300, k)).toEqual(one);
    await expect(charge(token, 3_400, k)).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    const sent = sentSince(from);
    // Both looked first and found nothing; the second to create the order was refused it and waited.
    expect(
      sent
        .filter((r) => r.path === '/api/imports/order')
        .map((r) => r.status)
        .sort(),
    ).toEqual([201, 412]);
    expect(sent.filter((r) => r.path === '/api/gateway/v1/orders/sale')).toHaveLength(1);
    expect(double.charges().filter((c) => c.chargeId === one.chargeId)).toMatchObject([{ amount: 3_300 }]);
  });

  it('makes the sale of a key whose first request died between its order and its sale, once, after the claim lapsed', async () => {
    const { token } = await save(versapayTestCards.visa);
    const k = key();
    const from = double.charges().length;
    double.outage(true, '/api/gateway/v1/orders/sale');
    try {
      await expect(charge(token, 4_200, k)).rejects.toThrow(/HTTP 503/);
    } finally {
      double.outage(false);
    }
    // Too soon: the first request's sale could still be under way.
    await expect(charge(token, 4_200, k)).rejects.toThrow(/still being made/);
    expect(double.charges().length).toBe(from);
    // A minute later no sale of that claim can be under way: the key's next order is sold, once.
    const later = provider({ clock: () => Date.now() + 60_000 });
    const sold = await charge(token, 4_200, k, later);
    expect(sold).toEqual({ status: 'succeeded', chargeId: `${k}.2` });
    expect(await charge(token, 4_200, k, later)).toEqual(sold);
    expect(await provider().retrieveCharge(sold.chargeId)).toEqual({ status: 'succeeded' });
    expect(double.charges().slice(from)).toMatchObject([{ chargeId: `${k}.2`, amount: 4_200 }]);
  });

  it('reads a decline (HTTP 500, success false) as the card refused, the order its reference, and replays it', async () => {
    const { token } = await save(versapayTestCards.visa);
    const k = key();
    const from = double.requests.length;
    // UAT declines any amount ending in .01.
    const declined = charge(token, 4_001, k);
    await expect(declined).rejects.toBeInstanceOf(CardDeclinedError);
    await expect(declined).rejects.toThrow(new RegExp(`^Your card was declined\\. REF: ${k}$`));
    await expect(charge(token, 4_001, k)).rejects.toThrow(/declined/);
    expect(
      sentSince(from)
        .filter((r) => r.path === '/api/gateway/v1/orders/sale')
        .map((r) => r.status),
    ).toEqual([500]);
    expect(await provider().retrieveCharge(k)).toEqual({
      status: 'failed',
      reason: 'declined for Test Amount',
    });
  });

  it('throws VersapayError, never a card refusal, while Versapay is down, and charges once after', async () => {
    const { token } = await save(versapayTestCards.visa);
    const k = key();
    const from = double.charges().length;
    double.outage(true);
    try {
      const down = charge(token, 4_400, k);
      await expect(down).rejects.toBeInstanceOf(VersapayError);
      await expect(down).rejects.toThrow(/HTTP 503/);
      await expect(down).rejects.not.toBeInstanceOf(CardDeclinedError);
    } finally {
      double.outage(false);
    }
    const settled = await charge(token, 4_400, k);
    expect(await charge(token, 4_400, k)).toEqual(settled);
    expect(double.charges().slice(from)).toMatchObject([{ chargeId: settled.chargeId, amount: 4_400 }]);
  });

  it('throws VersapayError when Versapay does not answer in time', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const waiting = createVersapayCardProvider({
        apiToken: double.apiToken,
        apiKey: double.apiKey,
        apiBase: `http://127.0.0.1:${port}`,
        timeoutMs: 200,
      });
      await expect(waiting.retrieveCharge('V-1')).rejects.toThrow(
        /did not answer \(read an order\) within 200 ms/,
      );
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('keeps one wallet per owner, and answers a retried save with the card it saved', async () => {
    const owner = crypto.randomUUID();
    const first = await save(versapayTestCards.visa, owner);
    const second = await save(versapayTestCards.amex, owner);
    const walletOf = (token: string) => token.split('|')[0];
    expect(walletOf(second.token)).toBe(walletOf(first.token));
    expect(second).toMatchObject({ brand: 'amex', last4: '0005' });
    const search = double.requests.filter((r) =>
      r.path.startsWith('/api/gateway/v1/wallets/search?type=customer'),
    );
    // The owner as Versapay's alphanumeric customer identifier.
    expect(search.at(-1)?.path).toMatch(/locator=U[0-9A-F]{31}$/);

    const token = await tokenize(versapayTestCards.mastercard);
    const again = { token, nameOnCard: 'Ada Lovelace', reference: `card-${crypto.randomUUID()}`, owner };
    const saved = await provider().createCard(again, now);
    expect(await provider().createCard(again, now)).toEqual(saved);
    await expect(
      provider().createCard({ ...again, reference: `card-${crypto.randomUUID()}` }, now),
    ).rejects.toThrow(/saved already/);
  });

  it('refuses a fund token Versapay never made, whether or not it looks like one', async () => {
    const from = double.requests.length;
    await expect(
      provider().createCard({ token: 'tok_never_made_here', nameOnCard: 'A L' }, now),
    ).rejects.toThrow(/not given to Versapay/);
    expect(double.requests.length).toBe(from);
    await expect(
      provider().createCard({ token: 'CCAAAAAAAAAA', nameOnCard: 'A L' }, now),
    ).rejects.toBeInstanceOf(CardDeclinedError);
    expect(sentSince(from).map((r) => [r.path, r.status, r.body])).toEqual([
      ['/api/gateway/v1/wallets', 412, { credit_card: 'CCAAAAAAAAAA' }],
    ]);
  });

  it("changes a card's expiry and name in its wallet, forgets a deleted card quietly, and charges it no more", async () => {
    const { token } = await save(versapayTestCards.visa);
    const [wallet, fund] = token.split('|');
    const from = double.requests.length;
    await provider().updateCard(token, { expMonth: 6, expYear: nextYear + 1, nameOnCard: 'A L' }, now);
    expect(sentSince(from)).toMatchObject([
      {
        method: 'PATCH',
        path: `/api/gateway/v1/wallets/${wallet}/methods/${fund}`,
        body: { credit_card: { name: 'A L', expiry_month: '06', expiry_year: String(nextYear + 1) } },
        status: 200,
      },
    ]);
    await provider().deleteCard(token);
    await provider().deleteCard(token);
    await expect(charge(token, 1_000)).rejects.toThrow(/no longer on file/);
  });

  it("never sends a card number to Versapay but in the iframe's own call", async () => {
    const from = double.requests.length;
    for (const number of Object.values(versapayTestCards)) {
      const saved = await save(number).catch(() => null);
      if (saved) await charge(saved.token, 1_200).catch(() => null);
    }
    const sent = sentSince(from);
    const outsideTheIframe = sent.filter((r) => !r.path.endsWith('/tokens'));
    expect(outsideTheIframe.length).toBeGreaterThan(0);
    const everything = JSON.stringify(sent);
    for (const number of Object.values(versapayTestCards)) expect(everything).not.toContain(number);
    expect(sent.find((r) => r.path.endsWith('/tokens'))?.body).toMatchObject({
      accountNumber: expect.stringMatching(/^X+\d{4}$/),
      cardVerificationValue: '***',
    });
  });
});
