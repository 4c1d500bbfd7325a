import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { requestIdOf } from './paypal.ts';
import {
  centsToValue,
  eventInPortWords,
  isPayPalCertificateUrl,
  orderStatusOf,
  type PayPalWebhookEvent,
  signedMessage,
  signTransmission,
  transmissionOf,
  valueToCents,
  verifyTransmission,
} from './paypal-wire.ts';
import { PayPalWebhookSignatureError } from './port.ts';

describe("PayPal's decimal amounts", () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [10, '0.10'],
    [99, '0.99'],
    [1_999, '19.99'],
    [100_000, '1000.00'],
    [123_456_789, '1234567.89'],
  ])('writes %i cents as "%s" and reads it back', (cents, value) => {
    expect(centsToValue(cents)).toBe(value);
    expect(valueToCents(value)).toBe(cents);
  });

  it('reads the shorter forms PayPal may answer', () => {
    expect(valueToCents('10')).toBe(1_000);
    expect(valueToCents('10.5')).toBe(1_050);
    expect(valueToCents('0.5')).toBe(50);
  });

  it.each([12.5, -1, Number.NaN, Number.POSITIVE_INFINITY])('refuses %s cents', (cents) => {
    expect(() => centsToValue(cents)).toThrow(RangeError);
  });

  it.each(['19.999', '-1.00', '1,00', '', '1e3', ' 1.00', '.5'])('refuses the value %j', (value) => {
    expect(() => valueToCents(value)).toThrow(RangeError);
  });
});

describe("PayPal's order statuses", () => {
  it.each([
    ['CREATED', 'created'],
    ['PAYER_ACTION_REQUIRED', 'created'],
    ['APPROVED', 'approved'],
    ['SAVED', 'approved'],
    ['COMPLETED', 'completed'],
    ['VOIDED', 'voided'],
  ])('reads %s as %s', (status, ours) => {
    expect(orderStatusOf(status)).toBe(ours);
  });

  it('refuses a status it does not know rather than guess', () => {
    expect(() => orderStatusOf('SOMETHING_NEW')).toThrow(/SOMETHING_NEW/);
    expect(() => orderStatusOf(undefined)).toThrow();
  });
});

describe("PayPal's webhook signature", () => {
  const body = '{"id":"WH-1"}';
  const transmission = {
    transmissionId: '69cd13f0-d67a-11e5-baa3-778b53f4ae55',
    transmissionTime: '2016-02-18T20:01:35Z',
  };

  it('signs transmission id, time, webhook id and the CRC32 of the raw body, as an unsigned decimal', () => {
    expect(signedMessage(transmission, 'WEBHOOK1', body)).toBe(
      '69cd13f0-d67a-11e5-baa3-778b53f4ae55|2016-02-18T20:01:35Z|WEBHOOK1|838965618',
    );
    expect(signedMessage(transmission, 'WEBHOOK1', Buffer.from(body))).toBe(
      signedMessage(transmission, 'WEBHOOK1', body),
    );
  });

  it('verifies with the signer key only, for the webhook id signed, over the body signed', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    const signed = {
      ...transmission,
      transmissionSig: signTransmission(privateKey, transmission, 'WEBHOOK1', body),
      certUrl: 'https://api.paypal.com/v1/notifications/certs/CERT-1',
      authAlgo: 'SHA256withRSA',
    };
    expect(() => verifyTransmission(publicKey, signed, 'WEBHOOK1', body)).not.toThrow();
    for (const [key, webhookId, raw] of [
      [other, 'WEBHOOK1', body],
      [publicKey, 'WEBHOOK2', body],
      [publicKey, 'WEBHOOK1', '{"id":"WH-2"}'],
    ] as const) {
      expect(() => verifyTransmission(key, signed, webhookId, raw)).toThrow(PayPalWebhookSignatureError);
    }
    expect(() =>
      verifyTransmission(publicKey, { ...signed, transmissionSig: 'not base64 at all' }, 'WEBHOOK1', body),
    ).toThrow(PayPalWebhookSignatureError);
  });

  it('reads the transmission headers in any case, and refuses a delivery missing one', () => {
    const headers = {
      'PAYPAL-TRANSMISSION-ID': 'id',
      'paypal-transmission-time': 'time',
      'Paypal-Transmission-Sig': ['sig'],
      'paypal-cert-url': 'https://api.paypal.com/cert',
      'paypal-auth-algo': 'SHA256withRSA',
    };
    expect(transmissionOf(headers)).toEqual({
      transmissionId: 'id',
      transmissionTime: 'time',
      transmissionSig: 'sig',
      certUrl: 'https://api.paypal.com/cert',
      authAlgo: 'SHA256withRSA',
    });
    const { 'paypal-cert-url': _, ...noCertificate } = headers;
    expect(() => transmissionOf(noCertificate)).toThrow(/paypal-cert-url/);
  });

  it.each([
    ['https://api.paypal.com/v1/notifications/certs/CERT-360caa42', true],
    ['https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42', true],
    ['http://api.paypal.com/v1/notifications/certs/CERT-360caa42', false],
    ['https://paypal.com.evil.example/cert', false],
    ['https://evilpaypal.com/cert', false],
    ['http://127.0.0.1:4010/v1/notifications/certs/CERT-1', false],
    ['not a url', false],
  ])("takes %s as PayPal's certificate: %s", (url, ours) => {
    expect(isPayPalCertificateUrl(url)).toBe(ours);
  });

  it('takes a certificate from the API root it was pointed at (a double), and only from there', () => {
    const double = 'http://127.0.0.1:4010';
    expect(isPayPalCertificateUrl(`${double}/v1/notifications/certs/CERT-1`, double)).toBe(true);
    expect(isPayPalCertificateUrl('http://127.0.0.1:4011/v1/notifications/certs/CERT-1', double)).toBe(false);
  });
});

describe("PayPal's webhook events in the port's words", () => {
  const event = (event_type: string, resource: Record<string, unknown>): PayPalWebhookEvent => ({
    id: 'WH-58D329510W468432D-8HN650336L201105X',
    event_type,
    resource_type: 'capture',
    resource,
  });

  it('reads a completed capture with its order and our reference', () => {
    const completed = event('PAYMENT.CAPTURE.COMPLETED', {
      id: '42311647XV020574X',
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '19.99' },
      custom_id: 'payment-7',
      invoice_id: 'payment-7',
      supplementary_data: { related_ids: { order_id: '5O190127TN364715T' } },
    });
    expect(eventInPortWords(completed)).toEqual({
      id: 'WH-58D329510W468432D-8HN650336L201105X',
      type: 'PAYMENT.CAPTURE.COMPLETED',
      outcome: 'succeeded',
      captureId: '42311647XV020574X',
      orderId: '5O190127TN364715T',
      reference: 'payment-7',
      amount: 1_999,
    });
  });

  it('reads a denied capture as failed, with its reason or DENIED', () => {
    const denied = event('PAYMENT.CAPTURE.DENIED', { id: 'C1', status: 'DECLINED', custom_id: 'p' });
    expect(eventInPortWords(denied)).toMatchObject({
      outcome: 'failed',
      reason: 'DENIED',
      amount: undefined,
    });
  });

  it("reads a refund's capture from its up link, leaving the order to be read from the capture", () => {
    const refunded = event('PAYMENT.CAPTURE.REFUNDED', {
      id: '1Y107995YT783435V',
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '5.00' },
      links: [
        { href: 'https://api.paypal.com/v2/payments/refunds/1Y107995YT783435V', rel: 'self', method: 'GET' },
        { href: 'https://api.paypal.com/v2/payments/captures/2GG279541U471931P', rel: 'up', method: 'GET' },
      ],
    });
    expect(eventInPortWords(refunded)).toMatchObject({
      outcome: 'refunded',
      captureId: '2GG279541U471931P',
      refundId: '1Y107995YT783435V',
      amount: 500,
      orderId: '',
      reference: '',
    });
  });

  it("reads a dispute's capture from its disputed transaction", () => {
    const disputed = event('CUSTOMER.DISPUTE.CREATED', {
      dispute_id: 'PP-D-4012',
      reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
      dispute_amount: { currency_code: 'USD', value: '96.00' },
      disputed_transactions: [{ seller_transaction_id: '3BC38643YC807283D', custom: 'payment-9' }],
    });
    expect(eventInPortWords(disputed)).toMatchObject({
      outcome: 'disputed',
      captureId: '3BC38643YC807283D',
      reference: 'payment-9',
      amount: 9_600,
      reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
    });
    expect(eventInPortWords(event('CUSTOMER.DISPUTE.CREATED', { disputed_transactions: [] }))).toBeNull();
  });

  it('leaves out events the product does not follow, and amounts in other currencies', () => {
    expect(eventInPortWords(event('CHECKOUT.ORDER.APPROVED', { id: 'O1' }))).toBeNull();
    expect(eventInPortWords(event('PAYMENT.CAPTURE.PENDING', { id: 'C1' }))).toBeNull();
    const euros = event('PAYMENT.CAPTURE.COMPLETED', {
      id: 'C1',
      amount: { currency_code: 'EUR', value: '1.00' },
    });
    expect(eventInPortWords(euros)?.amount).toBeUndefined();
  });
});

describe('PayPal-Request-Id', () => {
  it('names the operation and the resource, so one key never answers another operation', () => {
    expect(requestIdOf('order', 'pay-1')).toBe('order-pay-1');
    expect(requestIdOf('capture', '5O190127TN364715T', 'pay-1')).toBe('capture-5O190127TN364715T-pay-1');
  });

  it('stays within the 108 characters PayPal keeps, the same for the same key', () => {
    const long = 'k'.repeat(200);
    const id = requestIdOf('refund', '2GG279541U471931P', long);
    expect(id.length).toBeLessThanOrEqual(108);
    expect(requestIdOf('refund', '2GG279541U471931P', long)).toBe(id);
    expect(requestIdOf('refund', '2GG279541U471931Q', long)).not.toBe(id);
  });
});
