import { invoiceAmounts } from '@wine/contracts';
import { createSandboxCardProvider } from '@wine/platform';
import { describe, expect, it } from 'vitest';
import { evolveInvoice, type IssuedInvoice, initialInvoice } from '../invoices/invoice.ts';
import type { MoneyDeps } from './money-deps.ts';
import { pay, splitPayment } from './payments.ts';

describe('wallet first, the card for the rest', () => {
  it('spends the wallet on the invoices in order', () => {
    expect(splitPayment([5_000, 3_000], 6_000)).toEqual([
      { wallet: 5_000, card: 0 },
      { wallet: 1_000, card: 2_000 },
    ]);
  });
  it('puts everything on the card with an empty wallet, and nothing when the wallet covers it', () => {
    expect(splitPayment([5_000], 0)).toEqual([{ wallet: 0, card: 5_000 }]);
    expect(splitPayment([5_000], 9_000)).toEqual([{ wallet: 5_000, card: 0 }]);
  });
});

describe('paying invoices', () => {
  const issued = evolveInvoice(initialInvoice(), {
    type: 'InvoiceIssued',
    data: {
      invoiceId: 'B-tabs',
      kind: 'buynow',
      buyerId: 'u-1',
      lines: [
        {
          lotId: 'l-1',
          title: 'Lot',
          sellerId: 's-1',
          qty: 1,
          unitPrice: 5_000,
          amount: 5_000,
          reservationId: 'H-1',
        },
      ],
      amounts: invoiceAmounts(5_000, 0, 1_025),
      delivery: { method: 'pickup', address: null, billingAddress: null, taxState: 'IL', taxRate: 1_025 },
      dueAt: '2026-11-28T01:00:00.000Z',
    },
  });
  if (issued.status !== 'issued') throw new Error('not issued');
  const paidByTheOtherTab = evolveInvoice(issued, {
    type: 'PaymentRecorded',
    data: { paymentId: 'P-other-c', method: 'card', amount: issued.amounts.total, reference: 'ch_1' },
  }) as IssuedInvoice;

  it('refuses an invoice another tab paid meanwhile as already paid, and charges nothing', async () => {
    const cards = createSandboxCardProvider();
    const deps = { cards } as unknown as MoneyDeps; // nothing else is reached before the refusal
    const step = {
      base: { commandId: 'c-1', correlationId: 'c-1' },
      actor: { kind: 'user', id: 'u-1' },
    } as const;
    const plan = {
      buyerId: 'u-1',
      paymentId: 'P-tab-2',
      invoices: [paidByTheOtherTab],
      useWallet: false,
      card: { cardId: 'card-1', brand: 'visa', last4: '4242' },
      returnUrl: '/',
    };
    await expect(pay(deps, step, plan)).rejects.toMatchObject({ code: 'INVOICE_PAID' });
    expect(cards.charges()).toHaveLength(0);
  });
});
