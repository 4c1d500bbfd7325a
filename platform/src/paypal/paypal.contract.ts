/**
 * The PayPal port's contract (seeds 001: `paypal_response`, an order approved on PayPal's page and
 * captured on return): what every PayPal gateway does. An order waits for its buyer; the buyer's
 * page sends the browser back to the return or the cancel URL; an approved order is captured once
 * whatever the keys and retries; a declined funding source captures nothing; refunds never exceed
 * the capture and one key gives back once; amounts are cents here and PayPal's decimals there;
 * webhooks are read in the port's words only when their signature verifies.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signTransmission } from './paypal-wire.ts';
import {
  type CreatedPayPalOrder,
  type NewPayPalOrder,
  type PayPalEvent,
  type PayPalGateway,
  PayPalRefusedError,
  PayPalWebhookSignatureError,
} from './port.ts';
import type { PayPalDelivery, SandboxPayPalCapture, sandboxPayPalBuyers } from './sandbox.ts';

/** A PayPal gateway under test, with the buyer's, PayPal's and the webhooks' side of it. */
export interface PayPalUnderTest {
  gateway: PayPalGateway;
  buyers: typeof sandboxPayPalBuyers;
  /** The buyer on the order's approve page approves, as `buyer`: where the browser is sent back. */
  approve(order: CreatedPayPalOrder, buyer?: string): Promise<string>;
  /** The buyer cancels on the approve page: where the browser is sent back. */
  cancel(order: CreatedPayPalOrder): Promise<string>;
  /** Every capture PayPal made, with what was refunded of it: the money moved. */
  captures(): SandboxPayPalCapture[];
  /** How many orders PayPal holds. */
  orderCount(): number;
  /** PayPal settles a pending capture, or denies it. */
  settle(captureId: string, outcome: 'completed' | 'denied'): Promise<void>;
  /** The buyer disputes a capture. */
  dispute(captureId: string): Promise<void>;
  resolveDispute(captureId: string, outcome: 'won' | 'lost'): Promise<void>;
  /** Every webhook delivered to the product so far, oldest first. */
  deliveries(): PayPalDelivery[];
  /** PayPal delivers an event again (a retry): the delivery it made. */
  redeliver(eventId: string): Promise<PayPalDelivery>;
  close(): Promise<void>;
}

const RETURN_URL = 'https://wine.example/checkout/paypal/return?cart=7';
const CANCEL_URL = 'https://wine.example/checkout/paypal/cancel?cart=7';

const eventIdOf = (delivery: PayPalDelivery) => (JSON.parse(delivery.body) as { id: string }).id;
const typeOf = (delivery: PayPalDelivery) => (JSON.parse(delivery.body) as { event_type: string }).event_type;

export function payPalContract(title: string, open: () => Promise<PayPalUnderTest>) {
  describe(`PayPal contract: ${title}`, () => {
    let under: PayPalUnderTest;
    let n = 0;
    const key = () => `pay-${Date.now()}-${n++}`;
    /** An order as the product makes one: our payment id as its reference and its key. */
    const newOrder = async (amount = 1_999, overrides: Partial<NewPayPalOrder> = {}) => {
      const reference = key();
      const request: NewPayPalOrder = {
        amount,
        currency: 'USD',
        reference,
        invoices: [`inv-${reference}-1`, `inv-${reference}-2`],
        returnUrl: RETURN_URL,
        cancelUrl: CANCEL_URL,
        idempotencyKey: reference,
        ...overrides,
      };
      return { ...(await under.gateway.createOrder(request)), reference, request };
    };
    /** An order approved by a buyer who pays, and captured. */
    const captured = async (amount = 1_999) => {
      const order = await newOrder(amount);
      await under.approve(order);
      const capture = await under.gateway.captureOrder(order.orderId, order.reference);
      if (capture.status !== 'completed')
        throw new Error(`expected a completed capture, not ${capture.status}`);
      return { ...order, captureId: capture.captureId };
    };
    const refusal = async (promise: Promise<unknown>) => {
      const error = await promise.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(PayPalRefusedError);
      return error as PayPalRefusedError;
    };
    const capturesOf = (orderId: string) => under.captures().filter((c) => c.orderId === orderId);
    /** The events delivered from `from` on, read by the gateway (null for those it does not follow). */
    const readFrom = async (from: number) => {
      const read: (PayPalEvent | null)[] = [];
      for (const delivery of under.deliveries().slice(from)) {
        read.push(await under.gateway.readEvent(delivery.headers, delivery.body));
      }
      return read;
    };

    beforeAll(async () => {
      under = await open();
    });
    afterAll(async () => {
      await under?.close();
    });

    it('creates an order waiting for its buyer, for the amount in cents', async () => {
      const order = await newOrder(1_999);
      expect(order.orderId).toEqual(expect.any(String));
      expect(URL.canParse(order.approveUrl)).toBe(true);
      expect(await under.gateway.getOrder(order.orderId)).toEqual({
        orderId: order.orderId,
        status: 'created',
        amount: 1_999,
      });
    });

    it('sends the approving buyer back with the order as token and a PayerID, and captures once for one key', async () => {
      const order = await newOrder(1_999);
      const back = new URL(await under.approve(order));
      expect(`${back.origin}${back.pathname}`).toBe('https://wine.example/checkout/paypal/return');
      expect(back.searchParams.get('cart')).toBe('7');
      expect(back.searchParams.get('token')).toBe(order.orderId);
      expect(back.searchParams.get('PayerID')).toMatch(/^\w+$/);
      expect((await under.gateway.getOrder(order.orderId)).status).toBe('approved');

      const first = await under.gateway.captureOrder(order.orderId, `capture-${order.reference}`);
      expect(first).toEqual({ status: 'completed', captureId: expect.any(String), amount: 1_999 });
      expect(await under.gateway.captureOrder(order.orderId, `capture-${order.reference}`)).toEqual(first);
      expect(capturesOf(order.orderId)).toEqual([
        {
          captureId: (first as { captureId: string }).captureId,
          orderId: order.orderId,
          amount: 1_999,
          refunded: 0,
          status: 'completed',
          reference: order.reference,
        },
      ]);
      expect(await under.gateway.getOrder(order.orderId)).toEqual({
        orderId: order.orderId,
        status: 'completed',
        amount: 1_999,
        captureId: (first as { captureId: string }).captureId,
      });
    });

    it('answers the capture already made when asked again with another key, never capturing twice', async () => {
      const order = await captured(2_500);
      const again = await under.gateway.captureOrder(order.orderId, `another-${order.reference}`);
      expect(again).toEqual({ status: 'completed', captureId: order.captureId, amount: 2_500 });
      expect(capturesOf(order.orderId)).toHaveLength(1);
    });

    it('refuses to capture before the buyer approves, then captures with the same key once they have', async () => {
      const order = await newOrder(3_000);
      const early = await under.gateway.captureOrder(order.orderId, order.reference);
      expect(early).toEqual({ status: 'not_approved', reason: expect.any(String) });
      expect(capturesOf(order.orderId)).toEqual([]);
      await under.approve(order);
      const late = await under.gateway.captureOrder(order.orderId, order.reference);
      expect(late).toMatchObject({ status: 'completed', amount: 3_000 });
      expect(capturesOf(order.orderId)).toHaveLength(1);
    });

    it("leaves the order unpaid when the buyer cancels on PayPal's page", async () => {
      const order = await newOrder(4_200);
      const back = new URL(await under.cancel(order));
      expect(`${back.origin}${back.pathname}`).toBe('https://wine.example/checkout/paypal/cancel');
      expect(back.searchParams.get('token')).toBe(order.orderId);
      expect(back.searchParams.get('cart')).toBe('7');
      expect((await under.gateway.getOrder(order.orderId)).status).toBe('created');
      expect(await under.gateway.captureOrder(order.orderId, order.reference)).toMatchObject({
        status: 'not_approved',
      });
      expect(capturesOf(order.orderId)).toEqual([]);
    });

    it('declines the buyer whose funding source fails, capturing nothing, until they approve with another', async () => {
      const order = await newOrder(5_000);
      await under.approve(order, under.buyers.declines);
      const declined = await under.gateway.captureOrder(order.orderId, order.reference);
      expect(declined).toEqual({ status: 'declined', reason: 'INSTRUMENT_DECLINED' });
      expect(capturesOf(order.orderId)).toEqual([]);
      // PayPal's advice: send the buyer back to the approve page to choose another funding source.
      await under.approve(order, under.buyers.approves);
      expect(await under.gateway.captureOrder(order.orderId, order.reference)).toMatchObject({
        status: 'completed',
        amount: 5_000,
      });
      expect(capturesOf(order.orderId)).toHaveLength(1);
    });

    it('keeps an eCheck capture pending until PayPal settles or denies it, and reads either in webhooks', async () => {
      const settles = await newOrder(6_000);
      await under.approve(settles, under.buyers.pending);
      const pending = await under.gateway.captureOrder(settles.orderId, settles.reference);
      expect(pending).toEqual({
        status: 'pending',
        captureId: expect.any(String),
        amount: 6_000,
        reason: 'ECHECK',
      });
      const captureId = (pending as { captureId: string }).captureId;
      await expect(under.gateway.refund(captureId, 100, key())).rejects.toBeInstanceOf(PayPalRefusedError);
      let from = under.deliveries().length;
      await under.settle(captureId, 'completed');
      expect((await readFrom(from)).filter(Boolean)).toEqual([
        expect.objectContaining({
          outcome: 'succeeded',
          captureId,
          orderId: settles.orderId,
          reference: settles.reference,
          amount: 6_000,
        }),
      ]);

      const denied = await newOrder(6_100);
      await under.approve(denied, under.buyers.pending);
      const held = await under.gateway.captureOrder(denied.orderId, denied.reference);
      from = under.deliveries().length;
      await under.settle((held as { captureId: string }).captureId, 'denied');
      expect((await readFrom(from)).filter(Boolean)).toEqual([
        expect.objectContaining({
          outcome: 'failed',
          orderId: denied.orderId,
          reference: denied.reference,
          reason: expect.any(String),
        }),
      ]);
      expect(capturesOf(denied.orderId)).toMatchObject([{ status: 'denied' }]);
    });

    it('refunds a capture in part, then the rest, and refuses anything beyond it', async () => {
      const { captureId, orderId } = await captured(1_999);
      expect(await under.gateway.refund(captureId, 500, key())).toEqual({ refundId: expect.any(String) });
      const exceeded = await refusal(under.gateway.refund(captureId, 1_500, key()));
      expect(exceeded.issue).toBe('REFUND_AMOUNT_EXCEEDED');
      await under.gateway.refund(captureId, 1_499, key());
      const full = await refusal(under.gateway.refund(captureId, 1, key()));
      expect(full.issue).toBe('CAPTURE_FULLY_REFUNDED');
      expect(capturesOf(orderId)).toMatchObject([{ amount: 1_999, refunded: 1_999 }]);
      // Refunded, the order stays completed: its capture happened.
      expect((await under.gateway.getOrder(orderId)).status).toBe('completed');
    });

    it('gives a refund once for one key, and again for another key', async () => {
      const { captureId, orderId } = await captured(4_000);
      const k = key();
      const once = await under.gateway.refund(captureId, 700, k);
      expect(await under.gateway.refund(captureId, 700, k)).toEqual(once);
      expect(capturesOf(orderId)).toMatchObject([{ refunded: 700 }]);
      const other = await under.gateway.refund(captureId, 700, key());
      expect(other.refundId).not.toBe(once.refundId);
      expect(capturesOf(orderId)).toMatchObject([{ refunded: 1_400 }]);
    });

    it('makes one order for one idempotency key, and takes the same key for its capture', async () => {
      const before = under.orderCount();
      const first = await newOrder(2_000);
      const again = await under.gateway.createOrder(first.request);
      expect(again).toEqual({ orderId: first.orderId, approveUrl: first.approveUrl });
      expect(under.orderCount() - before).toBe(1);
      await under.approve(first);
      // The product's payment id keys both the order and its capture: neither answers the other.
      expect(await under.gateway.captureOrder(first.orderId, first.request.idempotencyKey)).toMatchObject({
        status: 'completed',
        amount: 2_000,
      });
      const other = await newOrder(2_000);
      expect(other.orderId).not.toBe(first.orderId);
      expect(under.orderCount() - before).toBe(2);
    });

    it('refuses a second order for a payment already captured (PayPal refuses a paid invoice id)', async () => {
      const paid = await captured(1_500);
      const twice = await refusal(newOrder(1_500, { reference: paid.reference, idempotencyKey: key() }));
      expect(twice.issue).toBe('DUPLICATE_INVOICE_ID');
    });

    it.each([
      [1_999, '19.99'],
      [5, '0.05'],
      [100_000, '1000.00'],
      [10, '0.10'],
    ])('carries %i cents through PayPal as %s and back', async (cents) => {
      const order = await newOrder(cents);
      expect((await under.gateway.getOrder(order.orderId)).amount).toBe(cents);
      await under.approve(order);
      expect(await under.gateway.captureOrder(order.orderId, order.reference)).toMatchObject({
        amount: cents,
      });
      const [capture] = capturesOf(order.orderId);
      await under.gateway.refund(capture?.captureId as string, cents, key());
      expect(capturesOf(order.orderId)).toMatchObject([{ amount: cents, refunded: cents }]);
    });

    it('refuses amounts that are not positive whole cents, sending nothing', async () => {
      const before = under.orderCount();
      for (const amount of [0, -100, 12.5, Number.NaN]) {
        await expect(newOrder(amount)).rejects.toBeInstanceOf(RangeError);
      }
      expect(under.orderCount()).toBe(before);
      const { captureId, orderId } = await captured(1_000);
      await expect(under.gateway.refund(captureId, 0.5, key())).rejects.toBeInstanceOf(RangeError);
      expect(capturesOf(orderId)).toMatchObject([{ refunded: 0 }]);
    });

    it("reads capture, refund and dispute webhooks in the port's words, with the order and our reference", async () => {
      const from = under.deliveries().length;
      const { captureId, orderId, reference } = await captured(1_999);
      const { refundId } = await under.gateway.refund(captureId, 500, key());
      await under.dispute(captureId);
      await under.resolveDispute(captureId, 'lost');
      const read = await readFrom(from);
      const types = under.deliveries().slice(from).map(typeOf);
      // The buyer's approval is PayPal's event too, one the product does not follow.
      expect(read[types.indexOf('CHECKOUT.ORDER.APPROVED')]).toBeNull();
      const same = { captureId, orderId, reference };
      expect(read.filter(Boolean)).toEqual([
        {
          id: expect.any(String),
          type: 'PAYMENT.CAPTURE.COMPLETED',
          outcome: 'succeeded',
          ...same,
          amount: 1_999,
        },
        {
          id: expect.any(String),
          type: 'PAYMENT.CAPTURE.REFUNDED',
          outcome: 'refunded',
          ...same,
          amount: 500,
          refundId,
        },
        {
          id: expect.any(String),
          type: 'CUSTOMER.DISPUTE.CREATED',
          outcome: 'disputed',
          ...same,
          amount: 1_999,
          reason: expect.any(String),
          disputeId: expect.any(String),
        },
        {
          id: expect.any(String),
          type: 'CUSTOMER.DISPUTE.RESOLVED',
          outcome: 'dispute_lost',
          ...same,
          amount: 1_999,
          reason: expect.any(String),
          disputeId: expect.any(String),
        },
      ]);
      const [opened, resolved] = read.filter((e) => e?.type.startsWith('CUSTOMER.DISPUTE'));
      expect(resolved?.disputeId).toBe(opened?.disputeId);
      expect(new Set(read.filter(Boolean).map((e) => e?.id)).size).toBe(4);
    });

    it('reads an event PayPal delivers again with the same id', async () => {
      const from = under.deliveries().length;
      await captured(2_222);
      const delivered = under
        .deliveries()
        .slice(from)
        .find((d) => typeOf(d) === 'PAYMENT.CAPTURE.COMPLETED') as PayPalDelivery;
      const again = await under.redeliver(eventIdOf(delivered));
      expect(again.body).toBe(delivered.body);
      expect(again.headers['paypal-transmission-id']).not.toBe(delivered.headers['paypal-transmission-id']);
      const first = await under.gateway.readEvent(delivered.headers, delivered.body);
      expect(await under.gateway.readEvent(again.headers, Buffer.from(again.body))).toEqual(first);
      expect(first?.id).toBe(eventIdOf(delivered));
    });

    it('refuses a webhook whose body was altered, whose signature is forged, or that is not signed', async () => {
      const from = under.deliveries().length;
      await captured(1_999);
      const genuine = under
        .deliveries()
        .slice(from)
        .find((d) => typeOf(d) === 'PAYMENT.CAPTURE.COMPLETED') as PayPalDelivery;
      await expect(under.gateway.readEvent(genuine.headers, genuine.body)).resolves.toMatchObject({
        outcome: 'succeeded',
      });
      const refused = (headers: Record<string, string>, body = genuine.body) =>
        expect(under.gateway.readEvent(headers, body)).rejects.toBeInstanceOf(PayPalWebhookSignatureError);

      const altered = genuine.body.replace('"19.99"', '"1.99"');
      expect(altered).not.toBe(genuine.body);
      await refused(genuine.headers, altered);

      // Signed with a key that is not PayPal's, the certificate URL left as PayPal sent it.
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const transmission = {
        transmissionId: genuine.headers['paypal-transmission-id'] as string,
        transmissionTime: genuine.headers['paypal-transmission-time'] as string,
      };
      const webhookId = 'WH-ID-THE-FORGER-GUESSED';
      await refused({
        ...genuine.headers,
        'paypal-transmission-sig': signTransmission(privateKey, transmission, webhookId, genuine.body),
      });
      // Another transmission's signature does not sign this one.
      await refused({ ...genuine.headers, 'paypal-transmission-id': crypto.randomUUID() });
      await refused({ ...genuine.headers, 'paypal-auth-algo': 'SHA1withRSA' });
      const { 'paypal-transmission-sig': _, ...unsigned } = genuine.headers;
      await refused(unsigned);
    });
  });
}
