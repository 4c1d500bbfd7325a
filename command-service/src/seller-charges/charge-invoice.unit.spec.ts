import { InvoiceIssued } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import { type ChargeBilled, chargeInvoice } from './charge-invoice.ts';

const NOW = new Date('2026-12-01T10:00:00.000Z');
const billed = (over: Partial<ChargeBilled> = {}): ChargeBilled => ({
  invoiceId: 'S-1',
  number: '2026-000042',
  sellerId: 'sam',
  kind: 'photography',
  amount: 7_550,
  lot: { lotId: 'lot-1', title: '2010 Latour' },
  note: null,
  taxState: 'IL',
  paymentDueDays: 14,
  now: NOW,
  ...over,
});

describe('chargeInvoice (issue 38 §1: a charge the house bills a seller is an invoice they owe)', () => {
  it("bills the seller the amount on one line of the house's, for their lot: no premium, no tax, due in the terms", () => {
    const data = chargeInvoice(billed());
    expect(data).toEqual({
      invoiceId: 'S-1',
      number: '2026-000042',
      kind: 'charge',
      charge: { kind: 'photography', note: null },
      buyerId: 'sam',
      lines: [
        {
          lotId: 'lot-1',
          title: '2010 Latour',
          sellerId: 'house',
          qty: 1,
          unitPrice: 7_550,
          amount: 7_550,
          reservationId: null,
        },
      ],
      amounts: { subtotal: 7_550, premiumPercent: 0, premium: 0, tax: 0, total: 7_550 },
      delivery: { method: 'pickup', address: null, billingAddress: null, taxState: 'IL', taxRate: 0 },
      dueAt: '2026-12-15T10:00:00.000Z',
    });
    // What the log accepts as an InvoiceIssued.
    expect(InvoiceIssued.schema.safeParse(data).success).toBe(true);
  });

  it('names the charge itself on its line for no lot, titled by the note, else by the kind in English', () => {
    const storage = chargeInvoice(billed({ kind: 'storage', lot: null, number: undefined }));
    expect(storage.lines[0]).toMatchObject({ lotId: 'S-1', title: 'Storage' });
    expect(storage).not.toHaveProperty('number');
    const noted = chargeInvoice(billed({ kind: 'buy_back', lot: null, note: 'Cellar B, March' }));
    expect(noted.lines[0]?.title).toBe('Cellar B, March');
    expect(noted.charge).toEqual({ kind: 'buy_back', note: 'Cellar B, March' });
  });
});
