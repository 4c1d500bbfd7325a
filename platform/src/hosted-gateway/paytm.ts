import PaytmChecksum from 'paytmchecksum';
import { callGateway, objectOf, stringOf } from './http-call.ts';
import {
  centsToDecimal,
  checkCents,
  checkNewPayment,
  decimalToCents,
  type HostedGateway,
  HostedGatewayRefusedError,
  type HostedPaymentStatus,
  HostedReturnSignatureError,
} from './port.ts';
import { formFields } from './post-form.ts';

/** A posted form's content type (`application/x-www-form-urlencoded`, a charset after it or not). */
const isForm = (type: string | string[] | undefined) =>
  typeof type === 'string' &&
  type.split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded';

export const PAYTM_STAGING_URL = 'https://securegw-stage.paytm.in';

export interface PaytmOptions {
  /** The merchant id (Paytm's dashboard, API Keys). */
  mid: string;
  /** The merchant key: signs every request and verifies Paytm's callback (16 characters). */
  merchantKey: string;
  /** The website name Paytm gave the merchant: WEBSTAGING on staging, DEFAULT live. */
  website: string;
  /** Paytm's host: https://securegw-stage.paytm.in (staging, the default), https://securegw.paytm.in live, a double's. */
  apiUrl?: string | undefined;
  timeoutMs?: number | undefined;
}

const GATEWAY = 'paytm';

/** Paytm's result codes this adapter reads (its documented ones). */
export const paytmCodes = {
  success: '0000',
  /** initiateTransaction asked again for an order with the same details: the same txnToken. */
  idempotent: '0002',
  duplicateOrder: '325',
  invalidOrder: '334',
  checksumInvalid: '2005',
  txnSuccess: '01',
  /** "Transaction status not confirmed yet" / "payment is not complete": still pending. */
  notConfirmed: '400',
  pending: '402',
  userCancelled: '141',
  refundAccepted: '601',
  refundAlreadyRaised: '617',
} as const;

/** The fields of Paytm's callback (posted to the callback URL), its CHECKSUMHASH over all the others. */
export const PAYTM_CHECKSUM_FIELD = 'CHECKSUMHASH';

/** Paytm's `head.signature` over the request's JSON body, with the merchant key (Paytm's checksum library). */
export const paytmSign = (body: unknown, merchantKey: string) =>
  PaytmChecksum.generateSignature(JSON.stringify(body), merchantKey);

/** Whether `checksum` is the merchant key's over these form fields (a wrong key or a cut checksum: false). */
export function paytmFieldsVerify(fields: Readonly<Record<string, string>>, merchantKey: string): boolean {
  const { [PAYTM_CHECKSUM_FIELD]: checksum, ...signed } = fields;
  if (!checksum) return false;
  try {
    return PaytmChecksum.verifySignatureByString(
      PaytmChecksum.getStringByParams(signed as never),
      merchantKey,
      checksum,
    );
  } catch {
    return false;
  }
}

/**
 * The hosted gateway port on Paytm's payment gateway (developer.paytm.com "JS Checkout" and "Redirection"
 * flows, by fetch: Paytm's Node SDK wraps the same calls, and its checksum library `paytmchecksum` signs
 * them): initiateTransaction opens the order and answers its txnToken; the buyer's browser posts mid,
 * orderId and txnToken to showPaymentPage; Paytm posts the outcome, signed with CHECKSUMHASH, to the
 * callback URL; the Transaction Status API (v3/order/status) is the judge; refunds by refund/apply.
 */
export function createPaytmGateway(options: PaytmOptions): HostedGateway {
  const base = (options.apiUrl ?? PAYTM_STAGING_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 20_000;
  const { mid, merchantKey } = options;

  async function call(path: string, body: Record<string, unknown>) {
    const head = { signature: await paytmSign(body, merchantKey) };
    const answer = await callGateway(
      GATEWAY,
      `${base}${path}`,
      { method: 'POST', body: { body, head } },
      timeoutMs,
    );
    const answered = objectOf(objectOf(answer.body).body);
    const result = objectOf(answered.resultInfo);
    return {
      body: answered,
      status: stringOf(result.resultStatus),
      code: stringOf(result.resultCode),
      message: stringOf(result.resultMsg),
    };
  }

  async function status(orderId: string): Promise<HostedPaymentStatus> {
    const answer = await call('/v3/order/status', { mid, orderId });
    const amount = decimalToCents(answer.body.txnAmount);
    if (answer.code === paytmCodes.invalidOrder) {
      throw new HostedGatewayRefusedError(
        GATEWAY,
        answer.code || 'NOT_FOUND',
        answer.message || 'no such order',
        404,
      );
    }
    if (answer.status === 'TXN_SUCCESS') {
      return { status: 'paid', orderId, amount, transactionId: stringOf(answer.body.txnId) };
    }
    if (answer.status === 'PENDING') return { status: 'pending', orderId, amount };
    return { status: 'failed', orderId, amount, reason: answer.message || answer.code };
  }

  /** Paytm signs every field of its callback: one changed (the amount, the status) is refused. */
  function readReturn(fields: Readonly<Record<string, string>>) {
    if (!paytmFieldsVerify(fields, merchantKey)) {
      throw new HostedReturnSignatureError('Paytm callback: CHECKSUMHASH does not verify');
    }
    if (fields.MID !== mid) throw new HostedReturnSignatureError('Paytm callback: another merchant’s');
    return { orderId: fields.ORDERID ?? '' };
  }

  return {
    name: GATEWAY,
    pageOrigin: new URL(base).origin,
    async start(payment) {
      checkNewPayment(payment);
      const answer = await call(
        `/theia/api/v1/initiateTransaction?mid=${encodeURIComponent(mid)}&orderId=${encodeURIComponent(payment.orderId)}`,
        {
          requestType: 'Payment',
          mid,
          websiteName: options.website,
          orderId: payment.orderId,
          callbackUrl: payment.returnUrl,
          txnAmount: { value: centsToDecimal(payment.amount), currency: payment.currency },
          userInfo: { custId: payment.customer.id, email: payment.customer.email },
        },
      );
      const token = stringOf(answer.body.txnToken);
      if ((answer.code !== paytmCodes.success && answer.code !== paytmCodes.idempotent) || !token) {
        throw new HostedGatewayRefusedError(
          GATEWAY,
          answer.code || 'REFUSED',
          answer.message || 'no txnToken',
          400,
        );
      }
      const query = `mid=${encodeURIComponent(mid)}&orderId=${encodeURIComponent(payment.orderId)}`;
      return {
        url: `${base}/theia/api/v1/showPaymentPage?${query}`,
        fields: { mid, orderId: payment.orderId, txnToken: token },
      };
    },
    status,
    readReturn,
    // Paytm's payment status webhook posts the callback's fields, under the same CHECKSUMHASH.
    signsNotification: (headers) => isForm(headers['content-type']),
    readNotification({ body, headers }) {
      if (!isForm(headers['content-type']))
        throw new HostedReturnSignatureError('Paytm webhook: not a posted form');
      return readReturn(formFields(body.toString('utf8')));
    },
    async refund(orderId, amount, refundId) {
      checkCents(amount);
      const paid = await status(orderId);
      if (paid.status !== 'paid') {
        throw new HostedGatewayRefusedError(GATEWAY, 'NOT_PAID', `order ${orderId} is not paid`, 400);
      }
      const answer = await call('/refund/apply', {
        mid,
        txnType: 'REFUND',
        orderId,
        txnId: paid.transactionId,
        refId: refundId,
        refundAmount: centsToDecimal(amount),
      });
      if (answer.code !== paytmCodes.refundAccepted && answer.code !== paytmCodes.refundAlreadyRaised) {
        throw new HostedGatewayRefusedError(
          GATEWAY,
          answer.code || 'REFUSED',
          answer.message || 'refund refused',
          400,
        );
      }
      return { refundId };
    },
  };
}
