import { invoiceAmounts } from '@wine/contracts';
import type { DeliveryData, RecordedEvent } from '@wine/event-schemas';
import type { DocumentStore } from '@wine/platform';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder } from '../core/testing.ts';
import { reportFromLog } from '../reports/fold.ts';
import { reportWindow } from '../reports/window.ts';
import { invoiceSummary, shipmentView } from './detail.ts';
import { orderLogText } from './order-log.ts';
import { INVOICES, type InvoiceDocument, invoicesProjection } from './project.ts';
import { invoiceIssued } from './testing.ts';

const stream = 'invoice-inv-1';
const staff = { actor: { kind: 'admin' as const, id: 'fin' } };
const address = { address1: '1 Capitol Ave', city: 'Springfield', state: 'IL', zip: '62701' };
const toSpringfield: DeliveryData = {
  method: 'delivery',
  address,
  billingAddress: address,
  taxState: 'IL',
  taxRate: 625,
  shipping: { method: 'hold', shipDate: '2027-01-12', taxable: true },
};
// $500 hammer, $100 premium and $35 shipping, 6.25% on all three.
const amounts = invoiceAmounts(50_000, 20, 625, { charge: 3_500, taxable: true });

const invoiceOf = async (docs: DocumentStore) =>
  (await docs.collection<InvoiceDocument>(INVOICES).findOne({ _id: 'inv-1' })) as InvoiceDocument;
const given = (events: RecordedEvent[]) => applyEvents([invoicesProjection], events);

describe('invoices projection: shipping (issue 31)', () => {
  it('given delivery chosen with shipping, then the invoice keeps the charge and its total is due', async () => {
    const record = eventRecorder();
    const docs = await given([
      record(stream, 'InvoiceIssued', invoiceIssued()),
      record(stream, 'InvoiceDeliveryChosen', { delivery: toSpringfield, amounts }),
    ]);
    const invoice = await invoiceOf(docs);
    expect(invoice.amounts).toEqual({
      subtotal: 50_000,
      premium_percent: 20,
      premium: 10_000,
      tax: 3_969,
      shipping: 3_500,
      total: 67_469,
    });
    expect(invoice.due).toBe(67_469);
    expect(invoiceSummary(invoice).total).toBe(67_469);
    expect(shipmentView(invoice)).toEqual({
      method: 'hold',
      ship_date: '2027-01-12',
      carrier: null,
      tracking_number: null,
      tracked_at: null,
    });
  });

  it('given a tracking number, then it is on the invoice once, however often the event is delivered', async () => {
    const record = eventRecorder();
    const events = [
      record(stream, 'InvoiceIssued', invoiceIssued()),
      record(stream, 'InvoiceDeliveryChosen', { delivery: toSpringfield, amounts }),
    ];
    const tracked = record(stream, 'ShipmentTracked', { carrier: 'UPS', trackingNumber: '1Z999AA1' }, staff);
    const docs = await given([...events, tracked]);
    const invoice = await invoiceOf(docs);
    expect(shipmentView(invoice)).toMatchObject({ carrier: 'UPS', tracking_number: '1Z999AA1' });
    expect(invoice.order_log.filter((l) => l.text.includes('1Z999AA1'))).toHaveLength(1);
  });

  it('says in the order log what shipping was chosen and what was tracked', () => {
    expect(orderLogText({ type: 'InvoiceDeliveryChosen', data: { delivery: toSpringfield, amounts } })).toBe(
      'Delivery to Springfield, IL chosen; shipping $35.00 (hold, ships 2027-01-12); tax 6.25% (IL), total $674.69.',
    );
    expect(
      orderLogText({ type: 'ShipmentTracked', data: { carrier: 'UPS', trackingNumber: '1Z999AA1' } }),
    ).toBe('Shipped with UPS, tracking number 1Z999AA1.');
  });

  it('has no shipment for pickup', async () => {
    const record = eventRecorder();
    const docs = await given([record(stream, 'InvoiceIssued', invoiceIssued())]);
    expect(shipmentView(await invoiceOf(docs))).toBeNull();
  });
});

describe('the tax report with shipping (issue 31)', () => {
  const NOW = new Date('2027-01-15T00:00:00.000Z');
  const window = reportWindow({ from: '2026-01-01', to: '2026-12-31' }, NOW);
  const chosen = (delivery: DeliveryData) => {
    const record = eventRecorder();
    const shipped = invoiceAmounts(50_000, 20, 625, {
      charge: 3_500,
      taxable: delivery.shipping?.taxable === true,
    });
    return reportFromLog(
      'getTaxCollected',
      [
        record(stream, 'InvoiceIssued', invoiceIssued()),
        record(stream, 'InvoiceDeliveryChosen', { delivery, amounts: shipped }),
      ],
      window,
    ).totals;
  };

  it('given a state that taxes shipping, then the charge is in the taxable base', () => {
    expect(chosen(toSpringfield)).toMatchObject({ taxable: 63_500, tax: 3_969 });
  });

  it('given a state that does not, then the base is the wine and premium only', () => {
    const untaxed = {
      ...toSpringfield,
      shipping: { method: 'ground' as const, shipDate: null, taxable: false },
    };
    expect(chosen(untaxed)).toMatchObject({ taxable: 60_000, tax: 3_750 });
  });
});
