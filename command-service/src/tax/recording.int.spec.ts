import { defaultMoneySettings } from '@wine/contracts';
import { invoiceStream } from '@wine/event-schemas';
import {
  createLogger,
  createSandboxTaxService,
  openTax,
  type TaxService,
  TaxServiceError,
} from '@wine/platform';
import { type AvaTaxDouble, eventually, startAvaTaxDouble } from '@wine/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logFeed } from '../core/follow-log.ts';
import { type InvoiceCommand, invoiceDecider } from '../invoices/decide.ts';
import { accept, ask, BUY_NOW_TOTAL, buyNow, receive, startRefund } from '../returns/testing.ts';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import { taxRecording } from './recording.ts';

// The service's own scheduler is not started: each spec runs the recording processes it looks at.
let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService();
});
afterAll(() => service.close());

const logger = createLogger('silent');
const actor = { kind: 'system', id: 'spec' } as const;
let step = 0;

/** A tax recording process on its own feed of the log: an instance, another one, or one after a restart. */
function recordingWith(tax: TaxService) {
  return taxRecording(
    {
      streams: service.service.streams,
      clock: service.clock,
      tax,
      money: () => defaultMoneySettings,
      logger,
      retryMs: 20,
      maxRetryMs: 50,
    },
    logFeed(service.service.streams.store, logger),
  );
}

/** The tax service, counting the calls made to it (what AvaTax would see). */
function counted(inner: TaxService) {
  const calls: string[] = [];
  const tax: TaxService = {
    name: inner.name,
    quote: (address) => inner.quote(address),
    validateAddress: (address) => inner.validateAddress(address),
    recordSale: (sale) => {
      calls.push(`sale ${sale.code}`);
      return inner.recordSale(sale);
    },
    refundSale: (refund) => {
      calls.push(`refund ${refund.code}`);
      return inner.refundSale(refund);
    },
    voidSale: (code) => {
      calls.push(`void ${code}`);
      return inner.voidSale(code);
    },
  };
  return { tax, calls };
}

const act = (invoiceId: string, command: InvoiceCommand) => {
  step += 1;
  const commandId = `spec-${invoiceId}-${step}`;
  return service.service.streams.handle(invoiceStream(invoiceId), invoiceDecider, command, {
    commandId,
    correlationId: commandId,
    actor,
    now: service.clock.now(),
  });
};
const eventsOf = async (invoiceId: string) =>
  (await service.service.streams.store.readStream(invoiceStream(invoiceId))).map((e) => ({
    type: e.type,
    data: e.data,
  }));
const taxEventsOf = async (invoiceId: string) =>
  (await eventsOf(invoiceId)).filter((e) => e.type.startsWith('Tax'));
const waitForTax = (invoiceId: string, count: number) =>
  eventually(
    () => taxEventsOf(invoiceId),
    (events) => events.length >= count,
    `${count} tax events on ${invoiceId}`,
  );

/** ann's buy-now order ($407.93, $37.93 of it tax, picked up in Chicago) issued, and paid in full. */
async function paidOrder(invoiceId: string, number: string) {
  await act(invoiceId, { type: 'IssueInvoice', data: { ...buyNow, invoiceId, number } });
  await act(invoiceId, {
    type: 'StartPayment',
    buyerId: 'ann',
    paymentId: 'p1',
    method: 'card',
    amount: BUY_NOW_TOTAL,
    card: null,
    now: service.clock.now(),
  });
  await act(invoiceId, {
    type: 'RecordPayment',
    paymentId: 'p1',
    method: 'card',
    amount: BUY_NOW_TOTAL,
    reference: 'ch-1',
  });
}

describe("recording an invoice's tax with the tax service (issue 35 §5)", () => {
  it('records a paid invoice once, through a replay, a restart and a second instance', async () => {
    const sandbox = createSandboxTaxService(() => defaultMoneySettings.taxRates);
    const { tax, calls } = counted(sandbox);
    const first = recordingWith(tax);
    await first.start();
    await paidOrder('B-tax-1', '2026-000901');
    const [recorded] = await waitForTax('B-tax-1', 1);
    expect(recorded).toEqual({
      type: 'TaxRecorded',
      data: { service: 'sandbox', code: '2026-000901', tax: 3_793 },
    });
    expect(sandbox.recorded()).toEqual([
      {
        kind: 'sale',
        sale: {
          code: '2026-000901',
          date: service.clock.now().toISOString().slice(0, 10),
          customerCode: 'ann',
          address: { address1: '1000 W Fulton Market', city: 'Chicago', state: 'IL', zip: '60607' },
          lines: [
            { number: '1', itemCode: 'lot-a', description: 'Wine lot-a', quantity: 6, amount: 27_000 },
            { number: '2', itemCode: 'lot-b', description: 'Wine lot-b', quantity: 1, amount: 10_000 },
          ],
          tax: 3_793,
        },
      },
    ]);
    await first.stop();
    // A restart and a second instance read the whole log again: the stream says it is done.
    const again = recordingWith(tax);
    const other = recordingWith(tax);
    await Promise.all([again.start(), other.start()]);
    await Promise.all([again.idle(), other.idle()]);
    await Promise.all([again.stop(), other.stop()]);
    expect(calls).toEqual(['sale 2026-000901']);
    expect(await taxEventsOf('B-tax-1')).toHaveLength(1);
  });

  it('records an invoice paid while stopped when it starts, and nothing for an unpaid one', async () => {
    const sandbox = createSandboxTaxService(() => defaultMoneySettings.taxRates);
    await paidOrder('B-tax-2', '2026-000902');
    await act('B-tax-2u', { type: 'IssueInvoice', data: { ...buyNow, invoiceId: 'B-tax-2u' } });
    const process = recordingWith(sandbox);
    await process.start();
    await waitForTax('B-tax-2', 1);
    await process.idle();
    await process.stop();
    expect(sandbox.recorded().map((r) => r.kind === 'sale' && r.sale.code)).toEqual(['2026-000902']);
    expect(await taxEventsOf('B-tax-2u')).toEqual([]);
  });

  it("records a return's refund of the sale once it is refunded, with its share of the tax", async () => {
    const sandbox = createSandboxTaxService(() => defaultMoneySettings.taxRates);
    const process = recordingWith(sandbox);
    await process.start();
    await paidOrder('B-tax-3', '2026-000903');
    await waitForTax('B-tax-3', 1);
    await act('B-tax-3', ask());
    await act('B-tax-3', accept('card'));
    await act('B-tax-3', receive(2));
    await act('B-tax-3', startRefund());
    await act('B-tax-3', { type: 'RecordRefund', returnId: 'r1' });
    const [, refunded] = await waitForTax('B-tax-3', 2);
    await process.stop();
    // 2 of lot-a's 6 bottles: $99.22, of it 9,922 × 3,793 / 40,793 = $9.22 tax, rounded down.
    expect(refunded).toEqual({
      type: 'TaxRefunded',
      data: { returnId: 'r1', service: 'sandbox', code: '2026-000903-r1', amount: 9_922, tax: 922 },
    });
    expect(sandbox.recorded()[1]).toEqual({
      kind: 'refund',
      refund: {
        code: '2026-000903-r1',
        saleCode: '2026-000903',
        date: service.clock.now().toISOString().slice(0, 10),
        amount: 9_922,
        tax: 922,
        saleTotal: BUY_NOW_TOTAL,
      },
    });
  });

  it('voids the recorded sale of an order voided after it, once', async () => {
    const sandbox = createSandboxTaxService(() => defaultMoneySettings.taxRates);
    const { tax, calls } = counted(sandbox);
    const process = recordingWith(tax);
    await process.start();
    await paidOrder('B-tax-4', '2026-000904');
    await waitForTax('B-tax-4', 1);
    await act('B-tax-4', {
      type: 'RefundPayment',
      refundId: 'u1',
      paymentId: 'p1',
      amount: BUY_NOW_TOTAL,
      to: 'card',
      reason: 'order voided',
    });
    await act('B-tax-4', { type: 'VoidInvoice', reason: 'payment_failed' });
    const [, voided] = await waitForTax('B-tax-4', 2);
    await process.idle();
    await process.stop();
    expect(voided).toEqual({ type: 'TaxVoided', data: { service: 'sandbox', code: '2026-000904' } });
    expect(sandbox.document('2026-000904')).toMatchObject({ status: 'Cancelled' });
    expect(calls).toEqual(['sale 2026-000904', 'void 2026-000904']);
  });

  it('tries again after a failure, with a growing wait, and records once it answers', async () => {
    const sandbox = createSandboxTaxService(() => defaultMoneySettings.taxRates);
    let failures = 2;
    const attempts: number[] = [];
    const flaky: TaxService = {
      ...sandbox,
      name: 'avalara',
      async recordSale(sale) {
        attempts.push(Date.now());
        if (failures-- > 0) throw new TaxServiceError('avalara', 'ServiceUnavailable', 'down');
        return sandbox.recordSale(sale);
      },
    };
    const process = recordingWith(flaky);
    await process.start();
    await paidOrder('B-tax-5', '2026-000905');
    const [recorded] = await waitForTax('B-tax-5', 1);
    await process.stop();
    expect(recorded).toMatchObject({
      type: 'TaxRecorded',
      data: { service: 'avalara', code: '2026-000905' },
    });
    expect(attempts).toHaveLength(3);
    // 20 ms, then 40 ms.
    expect((attempts[2] ?? 0) - (attempts[1] ?? 0)).toBeGreaterThanOrEqual(35);
  });
});

describe('recording with Avalara, against a local double of AvaTax', () => {
  const credentials = {
    accountId: '2000123456',
    licenseKey: 'DOUBLE0LICENSE0KEY',
    companyCode: 'WINEDOUBLE',
  };
  let double: AvaTaxDouble;
  beforeAll(async () => {
    double = await startAvaTaxDouble({ ...credentials, rates: defaultMoneySettings.taxRates });
  });
  afterAll(() => double.close());

  it('commits the paid invoice as a SalesInvoice with the tax it charged, then voids it', async () => {
    const choice = openTax({
      TAX_PROVIDER: 'avalara',
      AVALARA_URL: double.url,
      AVALARA_ACCOUNT_ID: credentials.accountId,
      AVALARA_LICENSE_KEY: credentials.licenseKey,
      AVALARA_COMPANY_CODE: credentials.companyCode,
    });
    const process = recordingWith(choice(createSandboxTaxService(() => ({}))));
    await process.start();
    await paidOrder('B-tax-6', '2026-000906');
    const [recorded] = await waitForTax('B-tax-6', 1);
    expect(recorded).toEqual({
      type: 'TaxRecorded',
      data: { service: 'avalara', code: '2026-000906', tax: 3_793 },
    });
    expect(double.transaction('2026-000906')).toMatchObject({
      code: '2026-000906',
      type: 'SalesInvoice',
      status: 'Committed',
      customerCode: 'ann',
      totalAmount: 370,
      totalTax: 37.93,
    });
    await act('B-tax-6', {
      type: 'RefundPayment',
      refundId: 'u1',
      paymentId: 'p1',
      amount: BUY_NOW_TOTAL,
      to: 'card',
      reason: 'order voided',
    });
    await act('B-tax-6', { type: 'VoidInvoice', reason: 'payment_failed' });
    await waitForTax('B-tax-6', 2);
    await process.stop();
    expect(double.transaction('2026-000906')).toMatchObject({ status: 'Cancelled' });
    const paths = double.requests.map((r) => `${r.method} ${r.path}`);
    expect(paths).toEqual([
      'GET /api/v2/companies/WINEDOUBLE/transactions/2026-000906',
      'POST /api/v2/transactions/create',
      'POST /api/v2/companies/WINEDOUBLE/transactions/2026-000906/void',
    ]);
  });
});
