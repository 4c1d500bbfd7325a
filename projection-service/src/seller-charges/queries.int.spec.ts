import { actions, type SellerChargeKind } from '@wine/contracts';
import type { RecordedEvent } from '@wine/event-schemas';
import { manualClock } from '@wine/platform';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder, queryApp, registered } from '../core/testing.ts';
import { invoicesProjection } from '../invoices/project.ts';
import { invoiceIssued, paymentRecorded } from '../invoices/testing.ts';
import { sellerPayoutsProjection } from '../seller-payouts/project.ts';
import { sellerStatementQueries } from '../seller-statements/queries.ts';
import { usersProjection } from '../users/project.ts';
import { sellerChargesProjection } from './project.ts';
import { sellerChargeQueries } from './queries.ts';

const clock = manualClock('2026-12-01T12:00:00.000Z');
const terms = { commissionPercent: 10, lotFee: 500, payoutDays: 30 };
const admin = { actor: { kind: 'admin' as const, id: 'ada' } };

/** A charge of `amount` cents billed to `sellerId`, for no lot. */
const charge = (invoiceId: string, sellerId: string, amount: number, kind: SellerChargeKind = 'storage') =>
  invoiceIssued({
    invoiceId,
    number: `2026-0000${invoiceId.slice(-2)}`,
    kind: 'charge',
    charge: { kind, note: null },
    buyerId: sellerId,
    lines: [
      {
        lotId: invoiceId,
        title: 'Storage',
        sellerId: 'house',
        qty: 1,
        unitPrice: amount,
        amount,
        reservationId: null,
      },
    ],
    amounts: { subtotal: amount, premiumPercent: 0, premium: 0, tax: 0, total: amount },
  });

/**
 * sam sells, vic is a vendor, bob only buys, ada is an admin, fay is finance. The house billed sam
 * S-01 ($50, paid) and S-02 ($30, $10 paid), vic V-01 ($120); sam also bought an auction lot.
 */
async function charges() {
  const record = eventRecorder();
  const events: RecordedEvent[] = [];
  for (const [id, role] of [
    ['sam', 'seller'],
    ['vic', 'vendor'],
    ['bob', null],
    ['ada', 'admin'],
    ['fay', 'finance'],
  ] as const) {
    events.push(record(`user-${id}`, 'UserRegistered', registered(id, id.toUpperCase(), 'Spec')));
    if (role) events.push(record(`user-${id}`, 'RoleGranted', { role }));
  }
  events.push(
    record('invoice-S-01', 'InvoiceIssued', charge('S-01', 'sam', 5_000), admin),
    record('invoice-S-01', 'PaymentRecorded', paymentRecorded('p-1', 5_000)),
    record('invoice-S-02', 'InvoiceIssued', charge('S-02', 'sam', 3_000, 'photography'), admin),
    record('invoice-S-02', 'PaymentRecorded', paymentRecorded('p-2', 1_000, 'offline')),
    record('invoice-V-01', 'InvoiceIssued', charge('V-01', 'vic', 12_000), admin),
    record('invoice-A-1', 'InvoiceIssued', invoiceIssued({ invoiceId: 'A-1', buyerId: 'sam' })),
  );
  const docs = await applyEvents(
    [usersProjection, invoicesProjection, sellerPayoutsProjection, sellerChargesProjection],
    events,
  );
  return queryApp(
    async (app, deps) => {
      await sellerStatementQueries(terms)(app, deps);
      await sellerChargeQueries(app, deps);
    },
    docs,
    clock,
  );
}

type Charge = { id: string; status: string; due: number; kind: string };

describe("a seller's charges (issue 38 §1)", () => {
  it('are on their statement, newest first, with what is still owed; a vendor reads theirs too', async () => {
    const { app, post, signIn } = await charges();
    const sam = (await post(actions.sellerStatement.path, {}, await signIn('sam'))).json().data.responseData;
    expect(sam.charges.map((c: Charge) => [c.id, c.kind, c.status, c.due])).toEqual([
      ['S-02', 'photography', 'partial', 2_000],
      ['S-01', 'storage', 'paid', 0],
    ]);
    expect(sam.charges_due).toBe(2_000);
    // sam's own purchase is no charge, and no sale of theirs.
    expect(sam.lines).toEqual([]);
    const vic = await post(actions.sellerStatement.path, {}, await signIn('vic'));
    expect(vic.statusCode).toBe(200);
    expect(vic.json().data.responseData).toMatchObject({ charges_due: 12_000, charges: [{ id: 'V-01' }] });
    // A buyer with neither role reads no statement.
    expect((await post(actions.sellerStatement.path, {}, await signIn('bob'))).statusCode).toBe(403);
    await app.close();
  });

  it("are listed for an admin or finance on the seller's screen, never for the seller", async () => {
    const { app, post, signIn } = await charges();
    for (const staff of ['ada', 'fay']) {
      const answer = await post(actions.staffSellerCharges.path, { seller_id: 'sam' }, await signIn(staff));
      expect(answer.statusCode).toBe(200);
      expect(answer.json().data.responseData).toMatchObject({
        seller: { id: 'sam', name: 'SAM Spec' },
        due: 2_000,
        charges: [{ id: 'S-02' }, { id: 'S-01' }],
      });
    }
    const own = await post(actions.staffSellerCharges.path, { seller_id: 'sam' }, await signIn('sam'));
    expect(own.statusCode).toBe(403);
    const bad = await post(actions.staffSellerCharges.path, {}, await signIn('ada'));
    expect(bad.statusCode).toBe(400);
    await app.close();
  });
});
