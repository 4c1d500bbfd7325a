import type { InvoiceNumberEvent } from '@wine/event-schemas';
import { formatInvoiceNumber } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../core/decider-spec.ts';
import { invoiceNumberDecider, REMEMBERED_INVOICES } from './decide.ts';

const spec = deciderSpec(invoiceNumberDecider);
const assigned = (seq: number, invoiceId: string, year = 2026): InvoiceNumberEvent => ({
  type: 'InvoiceNumberAssigned',
  data: { year, seq, number: formatInvoiceNumber(year, seq), invoiceId },
});
const assign = (invoiceId: string, year = 2026) =>
  ({ type: 'AssignInvoiceNumbers', year, invoiceIds: [invoiceId] }) as const;

describe('the invoice number decider (a year sequence)', () => {
  it("gives a year's first invoice number 1: 2026-000001", () => {
    spec([])
      .when(assign('B-1'))
      .then([assigned(1, 'B-1')]);
  });

  it('gives the next invoice the number after the last, with no gap', () => {
    spec([assigned(1, 'B-1'), assigned(2, 'A-lot-7')])
      .when(assign('B-9'))
      .then([assigned(3, 'B-9')]);
  });

  it('takes no second number for an invoice among the latest numbered (a retry)', () => {
    spec([assigned(1, 'B-1'), assigned(2, 'B-2')])
      .when(assign('B-1'))
      .then([]);
  });

  it('numbers invoices waiting together one after the other, each once, in one command', () => {
    spec([assigned(1, 'B-1')])
      .when({ type: 'AssignInvoiceNumbers', year: 2026, invoiceIds: ['B-2', 'A-3', 'B-2', 'B-1'] })
      .then([assigned(2, 'B-2'), assigned(3, 'A-3')]);
  });

  it('gives an invoice numbered before a number again after it left the latest remembered', () => {
    const earlier = Array.from({ length: REMEMBERED_INVOICES + 1 }, (_, i) => assigned(i + 1, `B-${i + 1}`));
    spec(earlier)
      .when(assign('B-1'))
      .then([assigned(REMEMBERED_INVOICES + 2, 'B-1')]);
  });

  it("refuses to number another year's invoice from this year's sequence", () => {
    spec([assigned(1, 'B-1', 2026)])
      .when(assign('B-2', 2027))
      .thenThrows({ message: /2026 sequence/ });
  });

  it('writes the number zero-padded to six digits, and longer when a year needs more', () => {
    expect(formatInvoiceNumber(2026, 123)).toBe('2026-000123');
    expect(formatInvoiceNumber(2026, 1_234_567)).toBe('2026-1234567');
  });
});
