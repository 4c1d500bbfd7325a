import type { AuthorizeCardInput, CardHoldView } from '@wine/contracts';
import { userStream } from '@wine/event-schemas';
import {
  AppError,
  CardDeclinedError,
  type CardProviderWithHolds,
  type ChargeRequest,
  type ChargeResult,
  holdsWith,
} from '@wine/platform';
import type { z } from 'zod';
import { derivedId } from '../core/derived-id.ts';
import { dueOf } from '../invoices/invoice.ts';
import { cutAtRef } from '../users/cards/card-service.ts';
import { type CardHold, type HoldCommand, openHolds } from '../users/cards/holds.ts';
import { userDecider } from '../users/decide.ts';
import { secretKinds } from '../users/user-service.ts';
import { type CheckoutDeps, issuedInvoices } from './checkout-invoices.ts';
import { quoteDelivery } from './delivery.ts';
import { type MoneyDeps, type Step, stepContext } from './money-deps.ts';
import { chooseDelivery } from './place-order.ts';

/**
 * How long the provider keeps a hold nothing took: Stripe cancels an uncaptured PaymentIntent 7 days
 * after it was made (its default), so the product's record says so and never takes one older.
 */
export const HOLD_DAYS = 7;

/** A hold's id, from the request that placed it: a retried request finds its hold. */
export const holdIdFor = (commandId: string, buyerId: string) => derivedId('H', buyerId, 'hold', commandId);

export const holdView = (hold: CardHold): CardHoldView => ({
  hold_id: hold.holdId,
  card_id: hold.cardId,
  amount: hold.amount,
  invoice_ids: hold.invoiceIds,
  expires_at: hold.expiresAt,
});

const loadBuyer = (deps: MoneyDeps, buyerId: string) => deps.streams.load(userStream(buyerId), userDecider);

async function onBuyer(deps: MoneyDeps, step: Step, buyerId: string, command: HoldCommand, name: string) {
  const now = deps.clock.now();
  await deps.streams.handle(userStream(buyerId), userDecider, command, stepContext(step, name, now));
}

/** The provider, when it holds amounts on cards (Stripe, the sandbox); refused for the others. */
function holdingProvider(deps: MoneyDeps): CardProviderWithHolds {
  if (!holdsWith(deps.cards)) throw new AppError('CARD_PROVIDER_NO_HOLD', { field: 'card_id' });
  return deps.cards;
}

/** Gives a hold back to the card, then records why: a hold the provider could not release lapses there. */
export async function giveBack(
  deps: MoneyDeps,
  step: Step,
  buyerId: string,
  hold: CardHold,
  reason: 'released' | 'replaced' | 'lapsed' | 'not_taken',
) {
  await deps.cards.cancelCharge(hold.chargeId);
  await recordRelease(deps, step, buyerId, hold, reason);
}

/** A hold recorded as given back; one released or taken meanwhile (another request) stays as it is. */
async function recordRelease(
  deps: MoneyDeps,
  step: Step,
  buyerId: string,
  hold: CardHold,
  reason: 'released' | 'replaced' | 'lapsed' | 'not_taken',
) {
  try {
    await onBuyer(
      deps,
      step,
      buyerId,
      { type: 'ReleaseCardHold', holdId: hold.holdId, reason },
      `release:${hold.holdId}`,
    );
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'CARD_HOLD_NOT_FOUND')) throw error;
  }
}

/**
 * seeds 001 "Payments" payment/authorize: the delivery chosen written on the cart's unpaid invoices (as
 * cart/updateCheckout writes it), then their total held on the buyer's card, not taken; the buyer's
 * previous hold, if any, given back first (one at a time). A retried request answers the hold it placed.
 */
export async function authorizeCard(
  deps: CheckoutDeps,
  step: Step,
  buyerId: string,
  input: z.output<typeof AuthorizeCardInput>,
): Promise<CardHoldView> {
  const buyer = await loadBuyer(deps, buyerId);
  if (!buyer.cards.some((c) => c.cardId === input.card_id))
    throw new AppError('CARD_NOT_FOUND', { field: 'card_id' });
  const provider = holdingProvider(deps);
  const holdId = holdIdFor(step.base.commandId, buyerId);
  const placed = buyer.holds[holdId];
  if (placed) return holdView(placed);

  const { delivery } = await quoteDelivery(deps, input);
  const unpaid = await issuedInvoices(deps, buyerId, input.cart_id, input.type);
  const invoices = await chooseDelivery(deps, step, buyerId, unpaid, delivery);
  const amount = invoices.reduce((sum, invoice) => sum + dueOf(invoice), 0);
  const invoiceIds = invoices.map((invoice) => invoice.issued.invoiceId);

  for (const previous of openHolds(buyer)) await giveBack(deps, step, buyerId, previous, 'replaced');
  const token = await deps.secrets.get<string>(secretKinds.cardToken, input.card_id);
  if (!token) throw new AppError('CARD_NOT_FOUND', { field: 'card_id' });
  let chargeId: string;
  try {
    ({ chargeId } = await provider.authorize({
      token,
      amount,
      reference: holdId,
      idempotencyKey: holdId,
      metadata: { invoices: invoiceIds.join(',') },
    }));
  } catch (error) {
    if (!(error instanceof CardDeclinedError)) throw error;
    throw new AppError('PAYMENT_DECLINED', { params: { reason: cutAtRef(error.message) } });
  }
  const now = deps.clock.now();
  const hold: CardHold = {
    holdId,
    cardId: input.card_id,
    provider: provider.name,
    amount,
    chargeId,
    invoiceIds,
    expiresAt: new Date(now.getTime() + HOLD_DAYS * 86_400_000).toISOString(),
  };
  try {
    await onBuyer(deps, step, buyerId, { type: 'PlaceCardHold', hold }, `hold:${holdId}`);
  } catch (error) {
    // Not recorded (another hold was placed meanwhile, the card left): nothing stays held for it.
    await provider.cancelCharge(chargeId);
    throw error;
  }
  return holdView(hold);
}

/** The buyer gives their hold back to the card. */
export async function releaseCardHold(deps: MoneyDeps, step: Step, buyerId: string, holdId: string) {
  const hold = (await loadBuyer(deps, buyerId)).holds[holdId];
  if (!hold) throw new AppError('CARD_HOLD_NOT_FOUND', { field: 'hold_id' });
  await giveBack(deps, step, buyerId, hold, 'released');
}

/**
 * The checkout's card payment (payments.ts `pay`) takes the buyer's hold instead of a new charge: the
 * hold on the card paying, for these invoices (each of them one it was placed for), not lapsed, at
 * least the amount; the payment's charge is then the hold's, carrying the payment's reference. A hold
 * on these invoices that cannot pay them (another card, a smaller or lapsed hold, one the provider no
 * longer has) is given back, and null answered: the card is charged as usual. A capture that gets no
 * answer is asked again under the same key, then thrown (the payment stays under way, as a charge's).
 */
export async function takeHold(
  deps: MoneyDeps,
  step: Step,
  payment: { buyerId: string; cardId: string; invoiceIds: readonly string[]; request: ChargeRequest },
): Promise<ChargeResult | null> {
  if (!holdsWith(deps.cards)) return null;
  const provider = deps.cards;
  const { buyerId, cardId, invoiceIds, request } = payment;
  const now = deps.clock.now();
  const holds = openHolds(await loadBuyer(deps, buyerId)).filter((hold) =>
    invoiceIds.some((id) => hold.invoiceIds.includes(id)),
  );
  for (const hold of holds) {
    const lapsed = now.getTime() >= Date.parse(hold.expiresAt);
    const pays =
      hold.cardId === cardId &&
      request.amount <= hold.amount &&
      invoiceIds.every((id) => hold.invoiceIds.includes(id));
    if (lapsed || !pays) {
      await giveBack(deps, step, buyerId, hold, lapsed ? 'lapsed' : 'not_taken');
      continue;
    }
    const capture = {
      chargeId: hold.chargeId,
      amount: request.amount,
      // Its own key: a capture refused is never the same request as the charge made instead.
      idempotencyKey: `${request.idempotencyKey}-hold`,
      reference: request.reference,
      ...(request.metadata && { metadata: request.metadata }),
    };
    try {
      await provider.capture(capture).catch((error: unknown) => {
        if (error instanceof CardDeclinedError) throw error;
        deps.logger.warn({ err: error, holdId: hold.holdId }, 'a hold capture failed; asking again');
        return provider.capture(capture);
      });
    } catch (error) {
      if (!(error instanceof CardDeclinedError)) throw error;
      // The provider no longer has it (lapsed, released there): the card is charged instead.
      await recordRelease(deps, step, buyerId, hold, 'lapsed');
      return null;
    }
    try {
      await onBuyer(
        deps,
        step,
        buyerId,
        {
          type: 'CaptureCardHold',
          holdId: hold.holdId,
          amount: request.amount,
          paymentId: request.reference,
        },
        `capture:${hold.holdId}`,
      );
    } catch (error) {
      // The money was taken and the invoices record it; only the hold's own record is behind.
      deps.logger.error({ err: error, holdId: hold.holdId }, 'a hold was taken but not recorded as taken');
    }
    return { status: 'succeeded', chargeId: hold.chargeId };
  }
  return null;
}
