import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder } from '../core/testing.ts';
import {
  SELLER_PAYOUT_PREFERENCES,
  SELLER_PAYOUTS,
  type SellerPayoutDocument,
  type SellerPayoutPreferenceDocument,
  sellerPayoutsProjection,
} from './project.ts';

const finance = { actor: { kind: 'admin' as const, id: 'fiona' } };
const seller = { actor: { kind: 'user' as const, id: 'sam' } };

const paidOut = {
  payoutId: 'payout-1',
  lines: [
    { invoiceId: 'inv-1', lotId: 'lot-1', net: 8_500 },
    { invoiceId: 'inv-2', lotId: 'lot-2', net: 4_000 },
  ],
  amount: 12_500,
  method: 'check' as const,
  reference: 'Check 1001',
};

describe('the seller payouts read model', () => {
  it('keeps one document per line paid, with its payout, date, reference and method, once when run twice', async () => {
    const record = eventRecorder();
    const events = [record('payout-sam', 'SellerPaidOut', paidOut, finance)];
    const docs = await applyEvents([sellerPayoutsProjection], events);
    await applyEvents([sellerPayoutsProjection], events, docs);
    const lines = await docs.collection<SellerPayoutDocument>(SELLER_PAYOUTS).find({ seller_id: 'sam' });
    expect(lines).toHaveLength(2);
    expect(lines.find((line) => line._id === 'inv-1:lot-1')).toMatchObject({
      invoice_id: 'inv-1',
      lot_id: 'lot-1',
      payout_id: 'payout-1',
      net: 8_500,
      paid_at: events[0]?.metadata.occurredAt,
      reference: 'Check 1001',
      method: 'check',
      paid_by: 'fiona',
    });
  });

  it("keeps the seller's latest payout preference, and a replay of an older one changes nothing", async () => {
    const record = eventRecorder();
    const first = record(
      'payout-sam',
      'SellerPayoutPreferenceSet',
      { payee: 'Sam', method: 'check', note: null },
      seller,
    );
    const second = record(
      'payout-sam',
      'SellerPayoutPreferenceSet',
      { payee: 'Sam Cellar LLC', method: 'bank_transfer', note: 'Call before sending' },
      seller,
    );
    const docs = await applyEvents([sellerPayoutsProjection], [first, second]);
    await applyEvents([sellerPayoutsProjection], [first], docs);
    const doc = await docs
      .collection<SellerPayoutPreferenceDocument>(SELLER_PAYOUT_PREFERENCES)
      .findOne({ _id: 'sam' });
    expect(doc).toMatchObject({
      payee: 'Sam Cellar LLC',
      method: 'bank_transfer',
      note: 'Call before sending',
      set_at: second.metadata.occurredAt,
    });
  });
});
