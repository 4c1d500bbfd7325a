import { invoiceAmounts } from '@wine/contracts';
import type { DeliveryData, InvoiceEvent, InvoiceIssuedData } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../core/decider-spec.ts';
import { invoiceDecider } from '../invoices/decide.ts';

const spec = deciderSpec(invoiceDecider);
const NOW = new Date('2026-11-24T10:00:00.000Z');

const pickup: DeliveryData = {
  method: 'pickup',
  address: null,
  billingAddress: null,
  taxState: 'IL',
  taxRate: 1025,
};
const address = { address1: '1 Main St', city: 'Albany', state: 'NY', zip: '12207' };
const toNewYork: DeliveryData = {
  method: 'delivery',
  address,
  billingAddress: address,
  taxState: 'NY',
  taxRate: 800,
  shipping: { method: 'temperature', shipDate: null, taxable: true },
};
const issuedData: InvoiceIssuedData = {
  invoiceId: 'A-lot-ship',
  kind: 'auction',
  buyerId: 'ann',
  lines: [
    {
      lotId: 'lot-ship',
      title: 'Barolo',
      sellerId: 'sam',
      qty: 6,
      unitPrice: 1_667,
      amount: 10_000,
      reservationId: null,
    },
  ],
  amounts: invoiceAmounts(10_000, 20, 1025),
  delivery: pickup,
  dueAt: '2026-12-08T10:00:00.000Z',
};
const issued: InvoiceEvent = { type: 'InvoiceIssued', data: issuedData };
// $100 hammer, $20 premium, $42 shipping taxed with them at 8%.
const shipped = invoiceAmounts(10_000, 20, 800, { charge: 4_200, taxable: true });
const chosen: InvoiceEvent = {
  type: 'InvoiceDeliveryChosen',
  data: { delivery: toNewYork, amounts: shipped },
};
const tracked = (carrier: string, trackingNumber: string): InvoiceEvent => ({
  type: 'ShipmentTracked',
  data: { carrier, trackingNumber },
});
const track = (carrier: string, trackingNumber: string) =>
  ({ type: 'RecordTracking', carrier, trackingNumber }) as const;
const start = (amount: number) =>
  ({
    type: 'StartPayment',
    buyerId: 'ann',
    paymentId: 'p1',
    method: 'card',
    amount,
    card: null,
    now: NOW,
  }) as const;

describe('the invoice decider with shipping', () => {
  it('given a pickup invoice, when delivery with shipping is chosen, then its amounts carry the charge and its tax', () => {
    spec([issued])
      .when({ type: 'ChooseDelivery', buyerId: 'ann', delivery: toNewYork, amounts: shipped })
      .then([chosen]);
    // 8% of $162 (hammer, premium and the taxable shipping) is $12.96.
    expect(shipped).toEqual({
      subtotal: 10_000,
      premiumPercent: 20,
      premium: 2_000,
      tax: 1_296,
      shipping: 4_200,
      total: 17_496,
    });
  });

  it('given shipping chosen, when the buyer pays, then the total with shipping is due, not a cent more', () => {
    const total = 10_000 + 2_000 + 4_200 + 1_296;
    spec([issued, chosen])
      .when(start(total))
      .then([
        {
          type: 'PaymentStarted',
          data: { paymentId: 'p1', method: 'card', amount: total, card: null, startedAt: NOW.toISOString() },
        },
      ]);
    spec([issued, chosen])
      .when(start(total + 1))
      .thenThrows({ code: 'PAYMENT_IN_PROGRESS' });
  });

  it('given the same delivery chosen again (a retry), when chosen, then nothing is written', () => {
    spec([issued, chosen])
      .when({ type: 'ChooseDelivery', buyerId: 'ann', delivery: toNewYork, amounts: shipped })
      .then([]);
  });

  it('given a delivery invoice, when staff enter a tracking number, then it is recorded once', () => {
    spec([issued, chosen])
      .when(track('UPS', '1Z999AA10123456784'))
      .then([tracked('UPS', '1Z999AA10123456784')]);
    spec([issued, chosen, tracked('UPS', '1Z999AA10123456784')])
      .when(track('UPS', '1Z999AA10123456784'))
      .then([]);
  });

  it('given a tracking number, when a different one is entered, then the correction is recorded', () => {
    spec([issued, chosen, tracked('UPS', '1Z999AA10123456784')])
      .when(track('FedEx', '7946 1234 5678'))
      .then([tracked('FedEx', '7946 1234 5678')]);
  });

  it('given a pickup invoice, when a tracking number is entered, then TRACKING_NOT_DELIVERY', () => {
    spec([issued]).when(track('UPS', '1Z999')).thenThrows({ code: 'TRACKING_NOT_DELIVERY' });
  });

  it('given no invoice or a voided one, when a tracking number is entered, then it is refused', () => {
    spec([]).when(track('UPS', '1Z999')).thenThrows({ code: 'INVOICE_NOT_FOUND' });
    spec([issued, chosen, { type: 'InvoiceVoided', data: { reason: 'expired' } }])
      .when(track('UPS', '1Z999'))
      .thenThrows({ code: 'INVOICE_VOID' });
  });
});
