import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import PaytmChecksum from 'paytmchecksum';
import { listenDouble } from '../http/double-server.ts';
import { paytmCodes, paytmSign } from './paytm.ts';
import { centsToDecimal, decimalToCents, type GatewayNotification } from './port.ts';
import { formFields, postFormPage } from './post-form.ts';

/** What a buyer does on the gateway's page: pays, gives up, or pays with funds the bank declines. */
export type HostedPageChoice = 'pay' | 'cancel' | 'decline';

/** An order as the Paytm double keeps it. */
export interface PaytmDoubleOrder {
  orderId: string;
  amount: number;
  currency: string;
  callbackUrl: string;
  custId: string;
  txnToken: string;
  status: 'OPEN' | 'TXN_SUCCESS' | 'TXN_FAILURE' | 'PENDING';
  txnId: string | null;
  refunds: { refId: string; amount: number }[];
}

export interface PaytmDouble {
  /** The host: what PAYTM_API_URL points at. */
  url: string;
  mid: string;
  merchantKey: string;
  website: string;
  orders(): PaytmDoubleOrder[];
  /** Every initiateTransaction that opened an order (one per order id, however often asked). */
  opened(): number;
  /** A spec's hand on Paytm's books: the order's amount as Paytm holds it (an order opened elsewhere). */
  setAmount(orderId: string, amount: number): void;
  /**
   * The payment status webhook Paytm would send for the order as it stands: the callback's fields under
   * their CHECKSUMHASH, posted as a form to the merchant's webhook URL (a dashboard setting: the spec
   * delivers it).
   */
  notification(orderId: string): Promise<GatewayNotification>;
  close(): Promise<void>;
}

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};
const html = (response: ServerResponse, body: string) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(body);
};
const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};
const refundedOf = (order: PaytmDoubleOrder) => order.refunds.reduce((sum, r) => sum + r.amount, 0);
const idOf = (digits: number) => Array.from(randomBytes(digits), (b) => String(b % 10)).join('');

/**
 * A local double of Paytm's payment gateway (developer.paytm.com), speaking its documented wire:
 * `{ body, head: { signature } }` JSON requests signed with the merchant key by Paytm's checksum library
 * (a wrong signature: resultCode 2005), initiateTransaction (0000 with a txnToken, 0002 "Success
 * Idempotent" for the same order again, 325 for an order id reused with other details),
 * showPaymentPage posted with mid, orderId and txnToken (its page: pay, cancel, or a declined card),
 * the callback form posted to the order's callbackUrl with every field under CHECKSUMHASH, the
 * Transaction Status API v3/order/status (TXN_SUCCESS 01, PENDING 402, TXN_FAILURE 141/227, 334 for an
 * order it never opened) and refund/apply (601 accepted, 617 for a refId again, 619 for too much), and
 * the payment status webhook's form (notification). Not covered: payment modes, EMI, promo codes, the
 * JS Checkout's script, settlement.
 */
export async function startPaytmDouble(): Promise<PaytmDouble> {
  const mid = `DOUBLE${idOf(14)}`;
  const merchantKey = randomBytes(12).toString('base64').slice(0, 16);
  const website = 'WEBSTAGING';
  const orders = new Map<string, PaytmDoubleOrder>();
  let opened = 0;

  const signedBody = async (raw: string) => {
    const parsed = JSON.parse(raw) as { body?: Record<string, unknown>; head?: { signature?: string } };
    const body = parsed.body ?? {};
    const signature = parsed.head?.signature ?? '';
    let valid = false;
    try {
      valid =
        signature !== '' &&
        PaytmChecksum.verifySignatureByString(JSON.stringify(body), merchantKey, signature);
    } catch {
      valid = false;
    }
    return { body, valid };
  };
  const answer = async (response: ServerResponse, body: Record<string, unknown>) =>
    json(response, 200, {
      head: {
        responseTimestamp: String(Date.now()),
        version: 'v1',
        signature: await paytmSign(body, merchantKey),
      },
      body,
    });
  const result = (resultStatus: string, resultCode: string, resultMsg: string) => ({
    resultInfo: { resultStatus, resultCode, resultMsg },
  });

  async function callbackOf(order: PaytmDoubleOrder) {
    const paid = order.status === 'TXN_SUCCESS';
    const fields: Record<string, string> = {
      BANKNAME: 'Double Bank',
      BANKTXNID: paid ? idOf(12) : '',
      CURRENCY: order.currency,
      GATEWAYNAME: 'HDFC',
      MID: mid,
      ORDERID: order.orderId,
      PAYMENTMODE: 'CC',
      RESPCODE: paid
        ? paytmCodes.txnSuccess
        : order.status === 'PENDING'
          ? paytmCodes.pending
          : paytmCodes.userCancelled,
      RESPMSG: paid
        ? 'Txn Success'
        : order.status === 'PENDING'
          ? 'Pending'
          : 'User has not completed transaction.',
      STATUS: order.status,
      TXNAMOUNT: centsToDecimal(order.amount),
      TXNDATE: new Date().toISOString().replace('T', ' ').slice(0, 21),
      TXNID: order.txnId ?? '',
    };
    fields.CHECKSUMHASH = await PaytmChecksum.generateSignature(fields as never, merchantKey);
    return fields;
  }

  const serve = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://paytm.double');
    const raw = await readBody(request);
    if (request.method !== 'POST') return json(response, 404, { error: 'not found' });

    if (url.pathname === '/theia/api/v1/initiateTransaction') {
      const { body, valid } = await signedBody(raw);
      if (!valid)
        return answer(response, result('F', paytmCodes.checksumInvalid, 'Checksum provided is invalid'));
      if (body.mid !== mid || url.searchParams.get('mid') !== mid)
        return answer(
          response,
          result('F', '2013', 'Mid in the query param doesn’t match with the Mid send in the request'),
        );
      const orderId = String(body.orderId ?? '');
      if (url.searchParams.get('orderId') !== orderId)
        return answer(
          response,
          result(
            'F',
            '2014',
            'OrderId in the query param doesn’t match with the OrderId send in the request',
          ),
        );
      const txnAmount = (body.txnAmount ?? {}) as { value?: string; currency?: string };
      const amount = decimalToCents(txnAmount.value);
      if (!(amount > 0)) return answer(response, result('F', '2007', 'Txn amount is invalid'));
      const callbackUrl = String(body.callbackUrl ?? '');
      const known = orders.get(orderId);
      if (known) {
        const same = known.amount === amount && known.callbackUrl === callbackUrl && known.status === 'OPEN';
        if (!same) return answer(response, result('F', paytmCodes.duplicateOrder, 'Duplicate Order Id'));
        return answer(response, {
          ...result('S', paytmCodes.idempotent, 'Success Idempotent'),
          txnToken: known.txnToken,
          isPromoCodeValid: false,
          authenticated: false,
        });
      }
      const order: PaytmDoubleOrder = {
        orderId,
        amount,
        currency: txnAmount.currency ?? 'INR',
        callbackUrl,
        custId: String((body.userInfo as { custId?: string } | undefined)?.custId ?? ''),
        txnToken: randomBytes(16).toString('hex'),
        status: 'OPEN',
        txnId: null,
        refunds: [],
      };
      orders.set(orderId, order);
      opened += 1;
      return answer(response, {
        ...result('S', paytmCodes.success, 'Success'),
        txnToken: order.txnToken,
        isPromoCodeValid: false,
        authenticated: false,
      });
    }

    if (url.pathname === '/theia/api/v1/showPaymentPage') {
      const fields = formFields(raw);
      const order = orders.get(fields.orderId ?? '');
      if (!order || fields.mid !== mid || fields.txnToken !== order.txnToken || order.status !== 'OPEN') {
        response.writeHead(400, { 'content-type': 'text/html' });
        return response.end('<p>Your Session has expired.</p>');
      }
      // Paytm's page: the buyer chooses; the double's own form stands for its card and wallet screens.
      return html(
        response,
        `<!doctype html><html><body><h1>Paytm (double)</h1><p>Pay ${order.currency} ${centsToDecimal(order.amount)}</p>` +
          `<form method="post" action="/theia/double/pay"><input type="hidden" name="orderId" value="${order.orderId}">` +
          `<input type="hidden" name="txnToken" value="${order.txnToken}">` +
          '<button type="submit" name="choice" value="pay">pay</button><button type="submit" name="choice" value="decline">decline</button>' +
          '<button type="submit" name="choice" value="cancel">cancel</button></form></body></html>',
      );
    }

    if (url.pathname === '/theia/double/pay') {
      const fields = formFields(raw);
      const order = orders.get(fields.orderId ?? '');
      if (!order || fields.txnToken !== order.txnToken || order.status !== 'OPEN') {
        response.writeHead(400, { 'content-type': 'text/html' });
        return response.end('<p>Your Session has expired.</p>');
      }
      if (fields.choice === 'pay') {
        order.status = 'TXN_SUCCESS';
        order.txnId = `2026${idOf(20)}`;
      } else {
        order.status = 'TXN_FAILURE';
      }
      // Paytm's last page posts the outcome to the merchant's callback URL.
      return html(
        response,
        postFormPage(
          { url: order.callbackUrl, fields: await callbackOf(order) },
          { title: 'Paytm', button: 'Continue' },
        ),
      );
    }

    if (url.pathname === '/v3/order/status') {
      const { body, valid } = await signedBody(raw);
      if (!valid)
        return answer(response, result('F', paytmCodes.checksumInvalid, 'Checksum provided is invalid'));
      const order = body.mid === mid ? orders.get(String(body.orderId ?? '')) : undefined;
      if (!order)
        return answer(response, result('TXN_FAILURE', paytmCodes.invalidOrder, 'Invalid Order Id.'));
      const info =
        order.status === 'TXN_SUCCESS'
          ? result('TXN_SUCCESS', paytmCodes.txnSuccess, 'Txn Success')
          : order.status === 'TXN_FAILURE'
            ? result('TXN_FAILURE', paytmCodes.userCancelled, 'User has not completed transaction.')
            : result(
                'PENDING',
                paytmCodes.pending,
                'Looks like the payment is not complete. Please wait while we confirm the status with your bank.',
              );
      return answer(response, {
        ...info,
        ...(order.txnId && { txnId: order.txnId, bankTxnId: idOf(12) }),
        orderId: order.orderId,
        txnAmount: centsToDecimal(order.amount),
        txnType: 'SALE',
        gatewayName: 'HDFC',
        mid,
        paymentMode: 'CC',
        refundAmt: refundedOf(order) === 0 ? '0.00' : centsToDecimal(refundedOf(order)),
        txnDate: new Date().toISOString(),
      });
    }

    if (url.pathname === '/refund/apply') {
      const { body, valid } = await signedBody(raw);
      if (!valid)
        return answer(response, result('F', paytmCodes.checksumInvalid, 'Checksum provided is invalid'));
      const order = body.mid === mid ? orders.get(String(body.orderId ?? '')) : undefined;
      if (order?.status !== 'TXN_SUCCESS' || body.txnId !== order.txnId)
        return answer(response, result('TXN_FAILURE', '631', 'Record not found'));
      const refId = String(body.refId ?? '');
      const known = order.refunds.find((r) => r.refId === refId);
      if (known)
        return answer(response, {
          ...result('TXN_FAILURE', paytmCodes.refundAlreadyRaised, 'Refund Already Raised'),
          refId,
          orderId: order.orderId,
        });
      const amount = decimalToCents(body.refundAmount);
      const left = order.amount - refundedOf(order);
      if (!(amount > 0) || amount > left)
        return answer(response, result('TXN_FAILURE', '619', 'Invalid refund amount'));
      order.refunds.push({ refId, amount });
      return answer(response, {
        ...result(
          'PENDING',
          paytmCodes.refundAccepted,
          'Refund request was raised for this transaction. But it is pending state.',
        ),
        orderId: order.orderId,
        mid,
        refId,
        refundId: idOf(16),
        txnId: order.txnId,
        refundAmount: centsToDecimal(amount),
      });
    }
    return json(response, 404, { error: 'not found' });
  };

  const server = await listenDouble(serve);
  return {
    url: server.url,
    mid,
    merchantKey,
    website,
    orders: () => [...orders.values()].map((o) => ({ ...o, refunds: [...o.refunds] })),
    opened: () => opened,
    setAmount(orderId, amount) {
      const order = orders.get(orderId);
      if (order) order.amount = amount;
    },
    async notification(orderId) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`the Paytm double has no order ${orderId}`);
      return {
        body: Buffer.from(new URLSearchParams(await callbackOf(order)).toString()),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      };
    },
    close: () => server.close(),
  };
}
