import type { ReturnView, StaffReturn } from '@wine/contracts';

/** A return request for specs: 2 bottles of lot-1 on inv-1, waiting for a decision. */
export function aReturn(overrides: Partial<ReturnView> = {}): ReturnView {
  return {
    id: 'r-1',
    invoice_id: 'inv-1',
    product_id: 'lot-1',
    title: '2015 Château Margaux',
    qty: 2,
    reason: 'Corked',
    amount: 46_305,
    status: 'requested',
    refund_to: null,
    note: null,
    requested_at: '2030-01-15T12:00:00.000Z',
    decided_at: null,
    refunded_at: null,
    good: null,
    damaged: null,
    received_at: null,
    refunded_amount: null,
    refund_reason: null,
    refunded_card: 0,
    refunded_wallet: 0,
    ...overrides,
  };
}

/** The same as the staff see it: who asks, and where the refund can go. */
export function aStaffReturn(overrides: Partial<StaffReturn> = {}): StaffReturn {
  return {
    ...aReturn(),
    buyer_id: 'user-1',
    buyer_name: 'Ada Lovelace',
    buyer_email: 'ada@example.com',
    card_refundable: true,
    default_to: 'card',
    refund_max: overrides.amount ?? 46_305,
    ...overrides,
  };
}
