import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPayPal } from './index.ts';
import { payPalContract } from './paypal.contract.ts';
import { createPayPalGateway, type PayPalOptions } from './paypal.ts';
import { type PayPalDouble, payOnApprovePage, startPayPalDouble } from './paypal-double.ts';
import {
  type PayPalGateway,
  PayPalRefusedError,
  PayPalUnavailableError,
  PayPalWebhookSignatureError,
} from './port.ts';
import { createSandboxPayPal, SANDBOX_PAYPAL_APPROVE_PATH, sandboxPayPalBuyers } from './sandbox.ts';

const PUBLIC_URL = 'http://127.0.0.1:5173';

const payPalAt = (double: PayPalDouble, options: Partial<PayPalOptions> = {}) =>
  createPayPalGateway({
    clientId: double.clientId,
    clientSecret: double.clientSecret,
    webhookId: double.webhookId,
    apiUrl: double.url,
    timeoutMs: 5_000,
    // The double answers at once: a retry would only slow the outage spec down.
    retries: 0,
    ...options,
  });

payPalContract('the sandbox', async () => {
  const sandbox = createSandboxPayPal({ publicUrl: () => PUBLIC_URL });
  return {
    gateway: sandbox,
    buyers: sandboxPayPalBuyers,
    async approve(order, buyer) {
      // The approve page is the product's own, at this path; it calls approve with the buyer's choice.
      expect(order.approveUrl).toBe(`${PUBLIC_URL}${SANDBOX_PAYPAL_APPROVE_PATH}/${order.orderId}`);
      return (await sandbox.approve(order.orderId, true, buyer)).redirectTo;
    },
    cancel: async (order) => (await sandbox.approve(order.orderId, false)).redirectTo,
    captures: () => sandbox.captures(),
    orderCount: () => sandbox.orders().length,
    settle: (captureId, outcome) => sandbox.settle(captureId, outcome),
    dispute: (captureId) => sandbox.dispute(captureId),
    resolveDispute: (captureId, outcome) => sandbox.resolveDispute(captureId, outcome),
    deliveries: () => sandbox.deliveries(),
    redeliver: (eventId) => sandbox.deliver(eventId),
    close: async () => {},
  };
});

payPalContract('the PayPal adapter, against a local double of PayPal', async () => {
  const double = await startPayPalDouble();
  double.webhooks(() => 200);
  return {
    gateway: payPalAt(double),
    buyers: sandboxPayPalBuyers,
    // The buyer's browser on PayPal's page (the double's): a plain form, followed as a browser would.
    approve: (order, buyer) => payOnApprovePage(order.approveUrl, { approve: true, ...(buyer && { buyer }) }),
    cancel: (order) => payOnApprovePage(order.approveUrl, { approve: false }),
    captures: () => double.captures(),
    orderCount: () => double.orders().length,
    settle: (captureId, outcome) => double.settle(captureId, outcome),
    dispute: (captureId) => double.dispute(captureId),
    resolveDispute: (captureId, outcome) => double.resolveDispute(captureId, outcome),
    deliveries: () => double.deliveries(),
    async redeliver(eventId) {
      await double.deliver(eventId);
      return double.deliveries().at(-1) as ReturnType<typeof double.deliveries>[number];
    },
    close: () => double.close(),
  };
});

const order = (reference: string, amount = 1_999) => ({
  amount,
  currency: 'USD' as const,
  reference,
  invoices: ['inv-1', 'inv-2'],
  returnUrl: 'https://wine.example/checkout/paypal/return',
  cancelUrl: 'https://wine.example/checkout/paypal/cancel',
  idempotencyKey: reference,
});
let n = 0;
const key = () => `wire-${Date.now()}-${n++}`;

describe('the PayPal adapter, against a local double of PayPal', () => {
  let double: PayPalDouble;
  let paypal: PayPalGateway;
  beforeAll(async () => {
    double = await startPayPalDouble();
    double.webhooks(() => 200);
    paypal = payPalAt(double);
  });
  afterAll(() => double.close());

  const since = (from: number) => double.requests.slice(from);

  it("speaks PayPal's wire format: client credentials, decimal amounts, our reference, the return URLs", async () => {
    const from = double.requests.length;
    const reference = key();
    const made = await paypal.createOrder(order(reference, 1_999));
    await paypal.createOrder(order(key(), 5));
    const [token, create, small] = since(from);
    expect(token).toMatchObject({
      method: 'POST',
      path: '/v1/oauth2/token',
      authorization: 'basic',
      contentType: expect.stringContaining('application/x-www-form-urlencoded'),
      body: { grant_type: 'client_credentials' },
    });
    expect(create).toMatchObject({
      method: 'POST',
      path: '/v2/checkout/orders',
      authorization: 'bearer',
      requestId: expect.stringContaining(reference),
      prefer: 'return=representation',
      body: {
        intent: 'CAPTURE',
        purchase_units: [
          {
            amount: { currency_code: 'USD', value: '19.99' },
            custom_id: reference,
            invoice_id: reference,
            description: 'Invoices inv-1, inv-2',
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: 'https://wine.example/checkout/paypal/return',
              cancel_url: 'https://wine.example/checkout/paypal/cancel',
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
            },
          },
        },
      },
    });
    expect(small?.body).toMatchObject({ purchase_units: [{ amount: { value: '0.05' } }] });
    expect(made.approveUrl).toBe(`${double.url}/checkoutnow?token=${made.orderId}`);
    expect(double.orders().find((o) => o.orderId === made.orderId)).toMatchObject({
      value: '19.99',
      amount: 1_999,
    });
  });

  it('keys the capture and the refund apart from the order, each with its own PayPal-Request-Id', async () => {
    const reference = key();
    const made = await paypal.createOrder(order(reference, 1_000));
    await double.approve(made.orderId);
    const from = double.requests.length;
    const capture = await paypal.captureOrder(made.orderId, reference);
    await paypal.refund((capture as { captureId: string }).captureId, 300, reference);
    const [captureRequest, refundRequest] = since(from);
    expect(captureRequest).toMatchObject({
      path: `/v2/checkout/orders/${made.orderId}/capture`,
      prefer: 'return=representation',
    });
    expect(refundRequest).toMatchObject({
      path: expect.stringMatching(/^\/v2\/payments\/captures\/\w+\/refund$/),
      body: { amount: { currency_code: 'USD', value: '3.00' } },
    });
    const ids = [
      double.requests.find((r) => r.path === '/v2/checkout/orders' && r.requestId?.includes(reference)),
    ]
      .concat([captureRequest, refundRequest])
      .map((r) => r?.requestId);
    expect(new Set(ids).size).toBe(3);
    expect(ids.every((id) => id && id.length <= 108)).toBe(true);
  });

  it('asks for a token once and keeps it, and asks again when PayPal stops honouring it', async () => {
    const gateway = payPalAt(double);
    const tokens = () => double.requests.filter((r) => r.path === '/v1/oauth2/token').length;
    const before = tokens();
    const made = await gateway.createOrder(order(key()));
    await gateway.getOrder(made.orderId);
    await gateway.getOrder(made.orderId);
    expect(tokens() - before).toBe(1);
    double.expireTokens();
    expect((await gateway.getOrder(made.orderId)).status).toBe('created');
    expect(tokens() - before).toBe(2);
  });

  it('takes payments again once PayPal is back, after it could not give a token', async () => {
    const gateway = payPalAt(double);
    double.outage(true);
    try {
      await expect(gateway.createOrder(order(key()))).rejects.toBeInstanceOf(PayPalUnavailableError);
      await expect(gateway.createOrder(order(key()))).rejects.toBeInstanceOf(PayPalUnavailableError);
    } finally {
      double.outage(false);
    }
    await expect(gateway.createOrder(order(key()))).resolves.toMatchObject({ orderId: expect.any(String) });
  });

  it('refuses credentials PayPal does not know, without saying the secret', async () => {
    const secret = 'EwrongSecretThatMustNotBeLogged';
    const error = await payPalAt(double, { clientSecret: secret })
      .createOrder(order(key()))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayPalRefusedError);
    expect(error).toMatchObject({ issue: 'invalid_client', httpStatus: 401 });
    expect(JSON.stringify(error)).not.toContain(secret);
    expect(String((error as Error).message)).not.toContain(secret);
  });

  it("answers PayPal's refusals with their issue and debug id, and never the bearer token", async () => {
    const missing = await paypal.getOrder('0NOSUCHORDER00000').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(PayPalRefusedError);
    expect(missing).toMatchObject({
      issue: 'INVALID_RESOURCE_ID',
      httpStatus: 404,
      debugId: expect.any(String),
    });
    expect(JSON.stringify(missing)).not.toMatch(/Bearer|A21AA/);
    const refund = await paypal.refund('0NOSUCHCAPTURE000', 100, key()).catch((e: unknown) => e);
    expect(refund).toMatchObject({ issue: 'INVALID_RESOURCE_ID', httpStatus: 404 });
  });

  it("refuses a webhook whose certificate is not on PayPal's hosts, or that was signed for another listener", async () => {
    const from = double.deliveries().length;
    const made = await paypal.createOrder(order(key()));
    await double.approve(made.orderId);
    const approved = double.deliveries()[from];
    if (!approved) throw new Error('expected the approval webhook');
    expect(await paypal.readEvent(approved.headers, approved.body)).toBeNull();
    for (const certUrl of [
      'https://paypal.com.evil.example/cert',
      'http://api.paypal.com/v1/notifications/certs/CERT-1',
      'not a url',
    ]) {
      await expect(
        paypal.readEvent({ ...approved.headers, 'paypal-cert-url': certUrl }, approved.body),
      ).rejects.toBeInstanceOf(PayPalWebhookSignatureError);
    }
    const otherListener = payPalAt(double, { webhookId: 'ANOTHER0LISTENER0' });
    await expect(otherListener.readEvent(approved.headers, approved.body)).rejects.toBeInstanceOf(
      PayPalWebhookSignatureError,
    );
  });

  it('reads what a webhook endpoint receives: Node headers and the raw body', async () => {
    const received: { headers: IncomingHttpHeaders; body: Buffer }[] = [];
    const endpoint = createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      received.push({ headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(200).end();
    });
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    double.webhooks(`http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/webhooks/paypal`);
    try {
      const reference = key();
      const made = await paypal.createOrder(order(reference, 2_345));
      await double.approve(made.orderId);
      const capture = await paypal.captureOrder(made.orderId, reference);
      const events = [];
      for (const { headers, body } of received) events.push(await paypal.readEvent(headers, body));
      expect(events).toEqual([
        null,
        expect.objectContaining({
          outcome: 'succeeded',
          orderId: made.orderId,
          reference,
          amount: 2_345,
          captureId: (capture as { captureId: string }).captureId,
        }),
      ]);
    } finally {
      double.webhooks(() => 200);
      await new Promise((resolve) => endpoint.close(resolve));
    }
  });

  it('is what openPayPal gives when PAYMENT_GATEWAYS names paypal', async () => {
    const gateway = openPayPal(
      {
        PAYMENT_GATEWAYS: 'stripe, paypal',
        PAYPAL_CLIENT_ID: double.clientId,
        PAYPAL_CLIENT_SECRET: double.clientSecret,
        PAYPAL_WEBHOOK_ID: double.webhookId,
        PAYPAL_API_URL: double.url,
      },
      () => PUBLIC_URL,
    );
    if (!gateway) throw new Error('PAYMENT_GATEWAYS names paypal: PayPal is opened');
    expect(gateway.name).toBe('paypal');
    const made = await gateway.createOrder(order(key()));
    expect(made.approveUrl.startsWith(`${double.url}/checkoutnow?token=`)).toBe(true);
  });
});

describe('the local double of PayPal', () => {
  let double: PayPalDouble;
  let token: string;
  beforeAll(async () => {
    double = await startPayPalDouble();
    const answer = await fetch(`${double.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${double.clientId}:${double.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    token = ((await answer.json()) as { access_token: string }).access_token;
  });
  afterAll(() => double.close());

  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const answer = await fetch(`${double.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
  };
  const orderWith = (value: string, context: Record<string, unknown> = {}) => ({
    intent: 'CAPTURE',
    purchase_units: [{ amount: { currency_code: 'USD', value } }],
    ...context,
  });

  it.each([
    ['19.999', 422, 'DECIMAL_PRECISION'],
    ['0.00', 422, 'CANNOT_BE_ZERO_OR_NEGATIVE'],
    ['-1.00', 422, 'CANNOT_BE_ZERO_OR_NEGATIVE'],
    ['19,99', 400, 'INVALID_PARAMETER_SYNTAX'],
  ])(
    "refuses the amount %s as PayPal does (HTTP %i, %s), in PayPal's error body",
    async (value, status, issue) => {
      const answer = await post('/v2/checkout/orders', orderWith(value));
      expect(answer.status).toBe(status);
      expect(answer.body).toMatchObject({
        name: status === 422 ? 'UNPROCESSABLE_ENTITY' : 'INVALID_REQUEST',
        details: [{ issue }],
        debug_id: expect.any(String),
      });
    },
  );

  it('answers an order made with application_context with an approve link, and the same order for one request id', async () => {
    const body = orderWith('10.00', {
      application_context: { return_url: 'https://wine.example/r', cancel_url: 'https://wine.example/c' },
    });
    const first = await post('/v2/checkout/orders', body, { 'paypal-request-id': 'double-spec-1' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      status: 'CREATED',
      links: expect.arrayContaining([expect.objectContaining({ rel: 'approve' })]),
    });
    const again = await post('/v2/checkout/orders', body, { 'paypal-request-id': 'double-spec-1' });
    expect([again.status, again.body.id]).toEqual([200, first.body.id]);
    const capture = await post(`/v2/checkout/orders/${String(first.body.id)}/capture`, {});
    expect(capture).toMatchObject({ status: 422, body: { details: [{ issue: 'ORDER_NOT_APPROVED' }] } });
  });

  it('shows the buyer a page with Pay Now and Cancel, and refuses a token it never made', async () => {
    const made = await post('/v2/checkout/orders', orderWith('12.34'));
    const page = await fetch(`${double.url}/checkoutnow?token=${String(made.body.id)}`);
    const html = await page.text();
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('$12.34 USD');
    expect(html).toMatch(/<button[^>]*value="approve"[^>]*>Pay Now<\/button>/);
    expect(html).toMatch(/<button[^>]*value="cancel"[^>]*>Cancel/);
    expect((await fetch(`${double.url}/checkoutnow?token=NOSUCHTOKEN`)).status).toBe(404);
  });

  it('refuses calls without a token it gave', async () => {
    const answer = await fetch(`${double.url}/v2/checkout/orders/ANY`, {
      headers: { authorization: 'Bearer nope' },
    });
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ error: 'invalid_token' });
  });
});
