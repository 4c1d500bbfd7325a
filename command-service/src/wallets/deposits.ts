import { invoiceStream, walletStream } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import { type MoneyDeps, type Step, stepContext } from '../checkout/money-deps.ts';
import { afterPayment } from '../checkout/orders.ts';
import { refuseOwnMoneyRecord } from '../core/separation-of-duties.ts';
import { invoiceDecider } from '../invoices/decide.ts';
import { dueOf } from '../invoices/invoice.ts';
import { chargeTransaction } from '../payments/ledger.ts';
import { walletDecider } from './wallet.ts';

/**
 * A held bid deposit pays one of the buyer's unpaid invoices (issue "Money": deposits are applied to
 * an invoice or refunded): the invoice is claimed by a started payment, the deposit applied on the
 * wallet (what it does not need returns to the balance), then the payment recorded.
 */
export async function applyDeposit(
  deps: MoneyDeps,
  step: Step,
  input: { buyerId: string; depositId: string; invoiceId: string },
) {
  const { streams, clock } = deps;
  const { buyerId, depositId, invoiceId } = input;
  const invoice = await streams.load(invoiceStream(invoiceId), invoiceDecider);
  if (invoice.status === 'none' || invoice.issued.buyerId !== buyerId) {
    throw new AppError('INVOICE_NOT_FOUND', { field: 'invoice_id' });
  }
  const wallet = await streams.load(walletStream(buyerId), walletDecider);
  const held = wallet.held[depositId];
  if (held === undefined) throw new AppError('DEPOSIT_NOT_FOUND');
  const amount = Math.min(held, dueOf(invoice));
  const paymentId = `${depositId}-a`;
  const now = clock.now();
  await streams.handle(
    invoiceStream(invoiceId),
    invoiceDecider,
    {
      type: 'StartPayment',
      buyerId,
      paymentId,
      method: 'wallet',
      amount,
      card: null,
      now,
      transactionId: paymentId,
    },
    stepContext(step, 'start', now),
  );
  try {
    await streams.handle(
      walletStream(buyerId),
      walletDecider,
      { type: 'ApplyDeposit', depositId, invoiceId, amount },
      stepContext(step, 'apply', clock.now()),
    );
  } catch (error) {
    await streams.handle(
      invoiceStream(invoiceId),
      invoiceDecider,
      { type: 'FailPayment', paymentId, reason: 'the deposit could not be applied' },
      stepContext(step, 'fail', clock.now()),
    );
    throw error;
  }
  await chargeTransaction(deps, step, paymentId, {
    reference: depositId,
    start: {
      buyerId,
      method: 'wallet',
      provider: 'wallet',
      amount,
      target: { kind: 'invoices', invoices: [{ invoiceId, amount }] },
      card: null,
    },
  });
  await streams.handle(
    invoiceStream(invoiceId),
    invoiceDecider,
    {
      type: 'RecordPayment',
      paymentId,
      method: 'wallet',
      amount,
      reference: depositId,
      transactionId: paymentId,
    },
    stepContext(step, 'record', clock.now()),
  );
  return { status: await afterPayment(deps, step, invoiceId, amount), amount };
}

/**
 * Finance or an admin gives a held deposit back to the buyer's wallet balance; never their own
 * (separation of duties). Answers the amount released. The decider refuses a deposit not held; a
 * retried request (the same x-command-id) is answered with the release it made, not refused.
 */
export async function releaseDeposit(
  deps: MoneyDeps,
  step: Step,
  input: { userId: string; depositId: string },
): Promise<number> {
  const { streams, clock } = deps;
  refuseOwnMoneyRecord(step.actor.id, [input.userId]);
  const result = await streams.handle(
    walletStream(input.userId),
    walletDecider,
    { type: 'ReleaseDeposit', depositId: input.depositId },
    stepContext(step, 'release', clock.now()),
  );
  const released = result.events.find((e) => e.type === 'DepositReleased');
  if (!released) throw new Error('a deposit release wrote nothing');
  return released.data.amount;
}
