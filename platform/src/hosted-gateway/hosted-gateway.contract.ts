import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { HostedGatewayNetwork } from '../testing/hosted-gateway-networks.ts';
import { HostedGatewayRefusedError, HostedReturnSignatureError, type NewHostedPayment } from './port.ts';

/**
 * The hosted gateway port's contract (seeds 001 "Payments"), run on every adapter against its vendor's
 * double: an order opened once per order id, paid on the gateway's page and read back from the status
 * API, a buyer who gives up or is declined, a return whose signature or order is not the gateway's, the
 * gateway's webhook (read as its order, refused when forged), and refunds once per refund id.
 */
export function hostedGatewayContract(open: () => HostedGatewayNetwork) {
  const payment = (amount = 12_345): NewHostedPayment => ({
    orderId: `ORD-${randomUUID().slice(0, 18)}`,
    amount,
    currency: 'USD',
    customer: { id: 'buyer-1', email: 'buyer@wine.example', phone: '9999999999' },
    returnUrl: 'https://wine.example/checkout_confirm?payment_id=P-1&order_id={order_id}',
  });

  it('opens an order once per order id, however often asked, and answers the same page', async () => {
    const network = open();
    const before = network.opened();
    const order = payment();
    const first = await network.gateway.start(order);
    const again = await network.gateway.start(order);
    expect(again).toEqual(first);
    expect(network.opened() - before).toBe(1);
    expect(await network.gateway.status(order.orderId)).toEqual({
      status: 'pending',
      orderId: order.orderId,
      amount: 12_345,
    });
  });

  it('reads a paid order from the status API: the amount taken and the gateway’s transaction, once', async () => {
    const network = open();
    const order = payment(10_050);
    const back = await network.pay(await network.gateway.start(order), 'pay');
    expect(network.gateway.readReturn(back.fields)).toEqual({ orderId: order.orderId });
    const paid = await network.gateway.status(order.orderId);
    expect(paid).toMatchObject({ status: 'paid', orderId: order.orderId, amount: 10_050 });
    expect(paid.status === 'paid' && paid.transactionId.length).toBeGreaterThan(0);
    expect(network.charges().filter((c) => c.orderId === order.orderId)).toEqual([
      { orderId: order.orderId, amount: 10_050, refunded: 0 },
    ]);
  });

  it('reads an order the buyer gave up, or the bank declined, as failed: nothing taken', async () => {
    const network = open();
    for (const choice of ['cancel', 'decline'] as const) {
      const order = payment();
      await network.pay(await network.gateway.start(order), choice);
      expect(await network.gateway.status(order.orderId)).toMatchObject({
        status: 'failed',
        orderId: order.orderId,
      });
      expect(network.charges().some((c) => c.orderId === order.orderId)).toBe(false);
    }
  });

  it('refuses the status of an order it never opened', async () => {
    const network = open();
    await expect(network.gateway.status(`ORD-${randomUUID().slice(0, 18)}`)).rejects.toBeInstanceOf(
      HostedGatewayRefusedError,
    );
  });

  it('refuses a return whose signed fields were changed, where the gateway signs its return', async () => {
    const network = open();
    const order = payment(5_000);
    const back = await network.pay(await network.gateway.start(order), 'cancel');
    if (back.method === 'GET') {
      // Cashfree's return names the order and is not signed: the status API is the only judge.
      expect(network.gateway.readReturn(back.fields)).toEqual({ orderId: order.orderId });
      return;
    }
    for (const forged of [
      { ...back.fields, STATUS: 'TXN_SUCCESS' },
      { ...back.fields, TXNAMOUNT: '1.00' },
      { ...back.fields, CHECKSUMHASH: '' },
    ]) {
      expect(() => network.gateway.readReturn(forged)).toThrow(HostedReturnSignatureError);
    }
  });

  it('reads the gateway’s webhook as the order it names, for a paid order and a given-up one', async () => {
    const network = open();
    for (const choice of ['pay', 'cancel'] as const) {
      const order = payment(7_500);
      await network.pay(await network.gateway.start(order), choice);
      const notification = await network.notification(order.orderId);
      expect(network.gateway.signsNotification(notification.headers)).toBe(true);
      expect(network.gateway.readNotification(notification)).toEqual({ orderId: order.orderId });
    }
  });

  it('refuses a webhook whose body was changed, that another key signed, or that carries no signature', async () => {
    const network = open();
    const order = payment(7_500);
    await network.pay(await network.gateway.start(order), 'cancel');
    const { body, headers } = await network.notification(order.orderId);
    // The same bytes with the order's outcome turned to paid (or, where that word is absent, one byte changed).
    const text = body.toString('utf8');
    const altered = text.includes('TXN_FAILURE')
      ? text.replace('TXN_FAILURE', 'TXN_SUCCESS')
      : text.replace('PAYMENT_USER_DROPPED_WEBHOOK', 'PAYMENT_SUCCESS_WEBHOOK');
    expect(altered).not.toBe(text);
    const stripped = Object.fromEntries(
      Object.entries(headers).filter(([name]) => !['x-webhook-signature', 'content-type'].includes(name)),
    );
    const forgeries = [
      { body: Buffer.from(altered), headers },
      { body, headers: stripped },
      // A signature that is not this account's: in the form (Paytm's CHECKSUMHASH) or in the header.
      'x-webhook-signature' in headers
        ? { body, headers: { ...headers, 'x-webhook-signature': 'c2lnbmVkIGJ5IGFub3RoZXI=' } }
        : { body: Buffer.from(text.replace(/CHECKSUMHASH=[^&]*/, 'CHECKSUMHASH=c2lnbmVk')), headers },
    ];
    for (const forged of forgeries) {
      expect(() => network.gateway.readNotification(forged)).toThrow(HostedReturnSignatureError);
    }
    expect(network.gateway.signsNotification(stripped)).toBe(false);
  });

  it('refunds a paid order in parts once per refund id, and refuses more than is left', async () => {
    const network = open();
    const order = payment(20_000);
    await network.pay(await network.gateway.start(order), 'pay');
    const refundId = `RF-${randomUUID().slice(0, 12)}`;
    await network.gateway.refund(order.orderId, 5_000, refundId);
    await network.gateway.refund(order.orderId, 5_000, refundId);
    expect(network.charges().find((c) => c.orderId === order.orderId)?.refunded).toBe(5_000);
    await expect(
      network.gateway.refund(order.orderId, 15_001, `RF-${randomUUID().slice(0, 12)}`),
    ).rejects.toBeInstanceOf(HostedGatewayRefusedError);
    expect(network.charges().find((c) => c.orderId === order.orderId)?.refunded).toBe(5_000);
  });

  it('sends nothing for an amount that is not a positive integer of cents', async () => {
    const network = open();
    const before = network.opened();
    for (const amount of [0, -100, 10.5]) {
      await expect(network.gateway.start(payment(amount))).rejects.toBeInstanceOf(RangeError);
    }
    expect(network.opened()).toBe(before);
  });
}
