import type { PaymentEvent } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import { fold } from '../core/decider.ts';
import { deciderSpec } from '../core/decider-spec.ts';
import { netOf, type StartTransaction, transactionDecider } from './transaction.ts';

const spec = deciderSpec(transactionDecider);
const now = new Date('2026-11-29T10:00:00.000Z');

const start: StartTransaction = {
  buyerId: 'ann',
  method: 'card',
  provider: 'stripe',
  amount: 7_000,
  target: {
    kind: 'invoices',
    invoices: [
      { invoiceId: 'A-1', amount: 5_000 },
      { invoiceId: 'A-2', amount: 2_000 },
    ],
  },
  card: { cardId: 'c1', brand: 'visa', last4: '4242' },
  now,
};
const { now: _, ...startedData } = start;
const started: PaymentEvent = {
  type: 'TransactionStarted',
  data: { ...startedData, startedAt: now.toISOString() },
};
const charged: PaymentEvent = { type: 'TransactionCharged', data: { amount: 7_000, reference: 'pi_1' } };
const refunded = (refundId: string, amount: number): PaymentEvent => ({
  type: 'TransactionRefunded',
  data: { refundId, amount, to: 'card', reason: 'return', invoiceId: 'A-1' },
});
const refund = (refundId: string, amount: number) =>
  ({ type: 'RefundTransaction', refundId, amount, to: 'card', reason: 'return', invoiceId: 'A-1' }) as const;

describe('transaction (issue 35 §1: one payment ledger)', () => {
  it('starts once: the same start again writes nothing', () => {
    spec([])
      .when({ type: 'StartTransaction', ...start })
      .then([started]);
    spec([started])
      .when({ type: 'StartTransaction', ...start })
      .then([]);
  });

  it("refuses shares that are not the whole of it (an invoice's share is what moved for it)", () => {
    const short = { ...start, amount: 6_999 };
    expect(() =>
      transactionDecider.decide({ type: 'StartTransaction', ...short }, fold(transactionDecider, [])),
    ).toThrow(/allotted/);
  });

  it('is charged once: the checkout and the webhook telling the same charge write it once', () => {
    spec([started]).when({ type: 'ChargeTransaction', amount: 7_000, reference: 'pi_1' }).then([charged]);
    spec([started, charged]).when({ type: 'ChargeTransaction', amount: 7_000, reference: 'pi_1' }).then([]);
  });

  it('refuses a second charge under another reference, and a charge of more than was started', () => {
    spec([started, charged])
      .when({ type: 'ChargeTransaction', amount: 7_000, reference: 'pi_2' })
      .thenThrows({ message: /charged as pi_1/ });
    spec([started])
      .when({ type: 'ChargeTransaction', amount: 7_001, reference: 'pi_1' })
      .thenThrows({ message: /charged 7001/ });
  });

  it('records a late success after a failure: the money was taken all the same', () => {
    const failed: PaymentEvent = { type: 'TransactionFailed', data: { reason: 'timed out' } };
    spec([started, failed])
      .when({ type: 'ChargeTransaction', amount: 7_000, reference: 'pi_1' })
      .then([charged]);
  });

  it('starts and charges in one step what moved at once (wallet, offline), and refuses one unknown', () => {
    const wallet = { ...start, method: 'wallet' as const, provider: 'wallet', card: null };
    const events = transactionDecider.decide(
      { type: 'ChargeTransaction', amount: 7_000, reference: 'W-1', start: wallet },
      fold(transactionDecider, []),
    );
    expect(events.map((e) => e.type)).toEqual(['TransactionStarted', 'TransactionCharged']);
    spec([]).when({ type: 'ChargeTransaction', amount: 7_000, reference: 'pi_1' }).thenThrows({
      code: 'PAYMENT_NOT_FOUND',
    });
  });

  it('fails only while under way: a charged transaction is not failed by a late decline', () => {
    spec([started])
      .when({ type: 'FailTransaction', reason: 'declined' })
      .then([{ type: 'TransactionFailed', data: { reason: 'declined' } }]);
    spec([started, charged]).when({ type: 'FailTransaction', reason: 'declined' }).then([]);
  });

  it('waits for the buyer only while pending', () => {
    const waiting: PaymentEvent = { type: 'TransactionActionRequired', data: { reference: 'pi_1' } };
    spec([started]).when({ type: 'RequireTransactionAction', reference: 'pi_1' }).then([waiting]);
    spec([started, charged]).when({ type: 'RequireTransactionAction', reference: 'pi_1' }).then([]);
  });

  it('refunds in parts up to what it holds, each refund id once', () => {
    spec([started, charged])
      .when(refund('r1', 5_000))
      .then([refunded('r1', 5_000)]);
    spec([started, charged, refunded('r1', 5_000)])
      .when(refund('r1', 5_000))
      .then([]);
    spec([started, charged, refunded('r1', 5_000)])
      .when(refund('r2', 2_000))
      .then([refunded('r2', 2_000)]);
    spec([started, charged, refunded('r1', 5_000)])
      .when(refund('r2', 2_001))
      .thenThrows({ code: 'REFUND_EXCEEDS_PAYMENT' });
    spec([started]).when(refund('r1', 1)).thenThrows({ code: 'PAYMENT_NOT_FOUND' });
  });

  it('folds its amounts from its events: charged, refunded, disputed, charged back', () => {
    const events: PaymentEvent[] = [
      started,
      charged,
      refunded('r1', 1_000),
      { type: 'TransactionDisputed', data: { disputeId: 'dp_1', amount: 6_000, reason: 'fraudulent' } },
    ];
    const open = fold(transactionDecider, events);
    expect([open.charged, open.refunded, open.disputed, netOf(open)]).toEqual([7_000, 1_000, 6_000, 6_000]);
    const lost = fold(transactionDecider, [
      ...events,
      { type: 'TransactionDisputeClosed', data: { disputeId: 'dp_1', outcome: 'lost' } },
    ]);
    expect([lost.disputed, lost.chargedBack, netOf(lost)]).toEqual([0, 6_000, 0]);
    // Nothing is left to refund once the network took it back.
    expect(() => transactionDecider.decide(refund('r2', 1), lost)).toThrow();
  });

  it('opens a dispute once, for no more than was charged; a decision before its opening opens and closes it', () => {
    const disputed: PaymentEvent = {
      type: 'TransactionDisputed',
      data: { disputeId: 'dp_1', amount: 7_000, reason: 'fraudulent' },
    };
    const dispute = {
      type: 'DisputeTransaction',
      disputeId: 'dp_1',
      amount: 7_000,
      reason: 'fraudulent',
    } as const;
    spec([started, charged]).when(dispute).then([disputed]);
    spec([started, charged, disputed]).when(dispute).then([]);
    spec([started, charged])
      .when({ ...dispute, amount: 7_001 })
      .thenThrows({ code: 'PAYMENT_NOT_DISPUTABLE' });
    spec([started]).when(dispute).thenThrows({ code: 'PAYMENT_NOT_DISPUTABLE' });
    const close = {
      type: 'CloseTransactionDispute',
      disputeId: 'dp_1',
      outcome: 'won',
      opened: { amount: 7_000, reason: 'fraudulent' },
    } as const;
    const closed: PaymentEvent = {
      type: 'TransactionDisputeClosed',
      data: { disputeId: 'dp_1', outcome: 'won' },
    };
    spec([started, charged]).when(close).then([disputed, closed]);
    spec([started, charged, disputed, closed]).when(close).then([]);
  });
});
