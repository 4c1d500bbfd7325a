/**
 * The CyberSource adapter on the wire, against a local double of CyberSource's REST API: what the SDK
 * sends (HTTP Signature and Digest, decimal amounts, no card number), 3-D Secure through the step-up
 * page and the validation, two processes charging one key at once, and an outage.
 */
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CyberSourceError, createCyberSourceCardProvider } from './cybersource.ts';
import {
  type CyberSourceDouble,
  cyberSourceTestCards,
  startCyberSourceDouble,
  tokenizeWithFlex,
} from './cybersource-double.ts';
import { CardDeclinedError } from './port.ts';

const now = new Date();
const nextYear = now.getUTCFullYear() + 1;
const card = (number: string) => ({
  number,
  expMonth: 12,
  expYear: nextYear,
  cvc: number.startsWith('3') ? '1234' : '123',
  nameOnCard: 'Ada Lovelace',
});

/** A raw HTTPS request to the double, trusting its certificate: the status and body. */
function send(
  double: CyberSourceDouble,
  method: string,
  path: string,
  headers: Record<string, string>,
  body = '',
) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const sent = httpsRequest(
      `${double.url}${path}`,
      { method, headers, ca: readFileSync(double.caFile) },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

describe('the CyberSource adapter on the wire, against a local double of CyberSource', () => {
  let double: CyberSourceDouble;
  const provider = () =>
    createCyberSourceCardProvider({
      merchantId: double.merchantId,
      keyId: double.keyId,
      sharedSecret: double.sharedSecret,
      apiBase: double.url,
      caFile: double.caFile,
      publicUrl: () => 'http://127.0.0.1:5173',
    });
  const save = async (number: string) => {
    const cards = provider();
    const token = await tokenizeWithFlex(
      await cards.captureContext('https://shop.example'),
      card(number),
      double.caFile,
    );
    return (
      await cards.createCard(
        { token, nameOnCard: 'Ada Lovelace', reference: `card-${crypto.randomUUID()}` },
        now,
      )
    ).token;
  };
  let n = 0;
  const key = () => `W-${Date.now()}-${n++}`;
  const charge = (token: string, amount: number, idempotencyKey = key()) =>
    provider().charge({
      token,
      amount,
      reference: `ref-${idempotencyKey}`,
      returnUrl: '/checkout/return?cart=1',
      idempotencyKey,
      metadata: { invoices: 'I-1,I-2' },
    });

  beforeAll(async () => {
    double = await startCyberSourceDouble();
  });
  afterAll(async () => {
    await double?.close();
  });

  it('signs every call as CyberSource checks it: HMAC-SHA256 over host, date, request-target, digest and merchant id', async () => {
    const from = double.requests.length;
    await charge(await save(cyberSourceTestCards.visa), 2_500);
    const sent = double.requests.slice(from).filter((r) => r.path === '/pts/v2/payments');
    expect(sent.length).toBeGreaterThan(0);
    for (const request of sent) {
      expect(request.status).toBe(201);
      // Recomputed here from the secret, independently of the double's own check.
      const params = Object.fromEntries(
        [...(request.headers.signature ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
      );
      expect(params).toMatchObject({
        keyid: double.keyId,
        algorithm: 'HmacSHA256',
        headers: 'host date request-target digest v-c-merchant-id',
      });
      const digest = `SHA-256=${createHash('sha256').update(JSON.stringify(request.body)).digest('base64')}`;
      expect(request.headers.digest).toBe(digest);
      expect(request.headers.host).toBe(double.host);
      const signed = [
        `host: ${request.headers.host}`,
        `date: ${request.headers.date}`,
        `request-target: post ${request.path}`,
        `digest: ${digest}`,
        `v-c-merchant-id: ${double.merchantId}`,
      ].join('\n');
      expect(params.signature).toBe(
        createHmac('sha256', Buffer.from(double.sharedSecret, 'base64')).update(signed).digest('base64'),
      );
    }
  });

  it('is refused with HTTP 401 when the signature, the digest or the secret is wrong, which is no card refusal', async () => {
    const token = await save(cyberSourceTestCards.visa);
    const { chargeId } = await charge(token, 1_000);
    // The adapter reads its charge back (a signed GET); its signed headers are then replayed by hand.
    await provider().retrieveCharge(chargeId);
    const get = double.requests.find(
      (r) => r.method === 'GET' && r.path === `/tss/v2/transactions/${chargeId}`,
    );
    if (!get) throw new Error('expected a signed GET');
    const headers = {
      host: get.headers.host ?? '',
      date: get.headers.date ?? '',
      signature: get.headers.signature ?? '',
      'v-c-merchant-id': get.headers.merchantId ?? '',
    };
    expect((await send(double, 'GET', get.path, headers)).status).toBe(200);
    // The same signature for another resource, or another merchant: refused.
    expect((await send(double, 'GET', `${get.path}0`, headers)).status).toBe(401);
    expect(
      (await send(double, 'GET', get.path, { ...headers, 'v-c-merchant-id': 'someone_else' })).status,
    ).toBe(401);
    // A body that is not the one its digest was made of.
    const post = double.requests.find((r) => r.method === 'POST' && r.path === '/tss/v2/searches');
    if (!post) throw new Error('expected a signed POST');
    const tampered = await send(
      double,
      'POST',
      post.path,
      {
        host: post.headers.host ?? '',
        date: post.headers.date ?? '',
        digest: post.headers.digest ?? '',
        signature: post.headers.signature ?? '',
        'v-c-merchant-id': post.headers.merchantId ?? '',
        'content-type': 'application/json',
      },
      JSON.stringify({ ...post.body, limit: 1 }),
    );
    expect(tampered).toMatchObject({ status: 401, body: '{"response":{"rmsg":"Authentication Failed"}}' });

    const wrong = createCyberSourceCardProvider({
      merchantId: double.merchantId,
      keyId: double.keyId,
      sharedSecret: Buffer.from('not the secret').toString('base64'),
      apiBase: double.url,
      caFile: double.caFile,
      publicUrl: () => 'http://127.0.0.1:5173',
    });
    const from = double.charges().length;
    const refused = wrong.charge({
      token,
      amount: 1_000,
      reference: 'r',
      returnUrl: '/r',
      idempotencyKey: key(),
    });
    await expect(refused).rejects.toBeInstanceOf(CyberSourceError);
    await expect(refused).rejects.toThrow(/401/);
    await expect(refused).rejects.not.toBeInstanceOf(CardDeclinedError);
    expect(double.charges().length).toBe(from);
  });

  it('trusts only the certificate it is given: without it, the double is not reached', async () => {
    const untrusting = createCyberSourceCardProvider({
      merchantId: double.merchantId,
      keyId: double.keyId,
      sharedSecret: double.sharedSecret,
      apiBase: double.url,
      publicUrl: () => 'http://127.0.0.1:5173',
    });
    await expect(untrusting.captureContext('https://shop.example')).rejects.toBeInstanceOf(CyberSourceError);
  });

  it('sends amounts as decimal strings of our cents, in USD, and never a card number', async () => {
    const token = await save(cyberSourceTestCards.visa);
    const from = double.requests.length;
    for (const amount of [5, 2_500, 123_456]) await charge(token, amount);
    const { chargeId } = await charge(token, 10_000);
    await provider().refund(chargeId, 1_001, key());
    const amounts = double.requests
      .slice(from)
      .filter((r) => r.method === 'POST' && r.path.startsWith('/pts/v2/payments'))
      .map((r) => (r.body.orderInformation as { amountDetails: unknown }).amountDetails);
    expect(amounts).toEqual([
      { totalAmount: '0.05', currency: 'USD' },
      { totalAmount: '25.00', currency: 'USD' },
      { totalAmount: '1234.56', currency: 'USD' },
      { totalAmount: '100.00', currency: 'USD' },
      { totalAmount: '10.01', currency: 'USD' },
    ]);
    const everything = JSON.stringify(double.requests);
    for (const number of Object.values(cyberSourceTestCards)) expect(everything).not.toContain(number);
    expect(double.charges().find((c) => c.chargeId === chargeId)).toMatchObject({
      amount: 10_000,
      refunded: 1_001,
      reference: expect.stringMatching(/^ref-W-/),
      metadata: { invoices: 'I-1,I-2' },
    });
  });

  it('asks for 3-D Secure with the step-up page, and makes the sale once when the challenge passed', async () => {
    const token = await save(cyberSourceTestCards.authenticationRequired);
    const waiting = await charge(token, 7_000);
    if (waiting.status !== 'requires_action') throw new Error('expected requires_action');
    const url = new URL(waiting.url);
    expect(url.origin).toBe(double.url);
    expect(url.searchParams.get('MD')).toBe(waiting.chargeId);
    expect(await provider().retrieveCharge(waiting.chargeId)).toEqual({ status: 'requires_action' });

    // The buyer's browser: the issuer's page, then "Complete", back to the shop with the session id.
    const page = await send(double, 'GET', `${url.pathname}${url.search}`, {});
    expect(page.status).toBe(200);
    expect(page.body).toContain('3-D Secure challenge');
    const form = new URLSearchParams({ JWT: url.searchParams.get('JWT') ?? '', MD: waiting.chargeId });
    const done = await send(
      double,
      'POST',
      `${url.pathname}/decide?approve=1`,
      { 'content-type': 'application/x-www-form-urlencoded' },
      form.toString(),
    );
    expect(done.status).toBe(303);
    const forged = await send(
      double,
      'POST',
      `${url.pathname}/decide?approve=1`,
      { 'content-type': 'application/x-www-form-urlencoded' },
      new URLSearchParams({ JWT: `${form.get('JWT')}x` }).toString(),
    );
    expect(forged.status).toBe(400);

    const from = double.requests.length;
    const [first, second] = await Promise.all([
      provider().retrieveCharge(waiting.chargeId),
      provider().retrieveCharge(waiting.chargeId),
    ]);
    expect([first, second]).toEqual([{ status: 'succeeded' }, { status: 'succeeded' }]);
    const validations = double.requests
      .slice(from)
      .filter((r) => JSON.stringify(r.body).includes('VALIDATE_CONSUMER_AUTHENTICATION'));
    expect(validations.length).toBeGreaterThan(0);
    expect(validations[0]?.body).toMatchObject({
      processingInformation: { capture: true, actionList: ['VALIDATE_CONSUMER_AUTHENTICATION'] },
      orderInformation: { amountDetails: { totalAmount: '70.00', currency: 'USD' } },
    });
    // One sale, refundable through the charge id the buyer started with.
    await provider().refund(waiting.chargeId, 7_000, key());
    expect(double.charges().filter((c) => c.chargeId === waiting.chargeId)).toMatchObject([
      { amount: 7_000, refunded: 7_000, state: { status: 'succeeded' } },
    ]);
  });

  it('makes one charge when two processes charge one key at once, through the processor’s duplicate check', async () => {
    const token = await save(cyberSourceTestCards.visa);
    const from = double.charges().length;
    const k = key();
    const [one, two] = await Promise.all([charge(token, 3_300, k), charge(token, 3_300, k)]);
    expect(two).toEqual(one);
    expect(
      double
        .charges()
        .slice(from)
        .map((c) => c.chargeId),
    ).toEqual([one.chargeId]);
    // Both searched first and found nothing; the second to reach the processor was refused as a
    // duplicate and looked the first one up.
    const posted = double.requests.filter(
      (r) => r.path === '/pts/v2/payments' && JSON.stringify(r.body).includes(k),
    );
    expect(posted.map((r) => r.status).sort()).toEqual([201, 400]);
  });

  it('throws CyberSourceError, never a card refusal, while CyberSource is down, and charges once after', async () => {
    const token = await save(cyberSourceTestCards.visa);
    const from = double.charges().length;
    const k = key();
    double.outage(true);
    try {
      const down = charge(token, 4_400, k);
      await expect(down).rejects.toBeInstanceOf(CyberSourceError);
      await expect(down).rejects.toThrow(/502/);
      await expect(down).rejects.not.toBeInstanceOf(CardDeclinedError);
    } finally {
      double.outage(false);
    }
    expect(double.charges().length).toBe(from);
    const settled = await charge(token, 4_400, k);
    expect(await charge(token, 4_400, k)).toEqual(settled);
    expect(double.charges().slice(from)).toMatchObject([{ chargeId: settled.chargeId, amount: 4_400 }]);
  });
});
