import { randomUUID } from 'node:crypto';
import { SANDBOX_VAULT_PATH } from '@wine/contracts';
import { brandOf, luhn } from './card-numbers.ts';
import {
  CardDeclinedError,
  type CardDetails,
  type CardProviderWithHolds,
  type ChargeResult,
  type ChargeState,
  IdempotencyKeyReusedError,
} from './port.ts';

/**
 * The built-in `sandbox` provider, like a processor's test mode: the test numbers below are
 * accepted, 4000 0000 0000 0002 is refused when saved, 4000 0000 0000 0341 is saved but declines
 * every charge, 4000 0025 0000 3155 asks the buyer to authenticate each charge on the sandbox
 * issuer's page; anything failing the Luhn check or expired is refused; messages carry a reference as
 * real providers' do. A hold (authorize) takes nothing until captured, once, for at most what it holds;
 * a card that asks for its issuer is refused a hold, as Stripe's `error_on_requires_action` refuses it.
 */
export const sandboxTestCards = {
  visa: '4242424242424242',
  mastercard: '5555555555554444',
  amex: '378282246310005',
  discover: '6011111111111117',
  declined: '4000000000000002',
  chargeDeclined: '4000000000000341',
  authenticationRequired: '4000002500003155',
} as const;

/** The sandbox issuer's authentication page (a page of the product's UI, as the provider's would be). */
export const SANDBOX_AUTHENTICATION_PATH = '/sandbox/authenticate';

const expired = (month: number, year: number, now: Date) =>
  year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);

type Behaviour = 'ok' | 'decline' | 'authenticate';
const behaviourOf = (number: string): Behaviour =>
  number === sandboxTestCards.chargeDeclined
    ? 'decline'
    : number === sandboxTestCards.authenticationRequired
      ? 'authenticate'
      : 'ok';
/** The token says how the card behaves, so the sandbox keeps working across restarts. */
const tokenBehaviour = (token: string): Behaviour =>
  token.startsWith('card_sbx_decline_')
    ? 'decline'
    : token.startsWith('card_sbx_authenticate_')
      ? 'authenticate'
      : 'ok';

/** A charge the sandbox made, as a processor's dashboard lists it. */
export interface SandboxCharge {
  chargeId: string;
  token: string;
  amount: number;
  refunded: number;
  reference: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
  state: ChargeState;
  /**
   * A hold (payment/authorize): `held` on the card and not taken (its state not succeeded), then
   * `captured` (a charge of what was taken: `amount`) or `released`. Absent for a charge.
   */
  hold?: 'held' | 'captured' | 'released';
}

/** The sandbox, with the issuer's side of authentication that its page calls. */
export interface SandboxCardProvider extends CardProviderWithHolds {
  /**
   * The sandbox's vault, as the browser calls it: checks a card and answers a single-use token for it
   * (15 minutes), which createCard takes. Throws CardDeclinedError for a number, expiry or code it
   * refuses.
   */
  tokenize(card: CardDetails, now: Date): Promise<string>;
  /** The buyer approved or refused the charge on the sandbox issuer's page. */
  authenticate(chargeId: string, approve: boolean): Promise<void>;
  /**
   * Every charge made, in order (a declined card makes none), with what was refunded of it: what a
   * test counts to say "charged exactly N times". A copy; changing it changes nothing.
   */
  charges(): SandboxCharge[];
  /** One charge as the sandbox keeps it, or null. */
  chargeById(chargeId: string): SandboxCharge | null;
}

/**
 * The sandbox; `vaultClock` is the vault's own clock (milliseconds), which its single-use tokens
 * lapse by (15 minutes): the provider's, not the product's.
 */
export function createSandboxCardProvider(vaultClock: () => number = Date.now): SandboxCardProvider {
  const cards = new Map<string, { expMonth: number; expYear: number }>();
  /** The vault's single-use tokens, to the card they stand for and when they lapse. */
  const pending = new Map<string, { card: CardDetails; number: string; until: number }>();
  const charges = new Map<string, SandboxCharge>();
  /** Idempotency keys to what their first request made (Stripe keeps them 24 hours; the sandbox, its life). */
  const chargeKeys = new Map<string, { token: string; amount: number; result: ChargeResult }>();
  const refundKeys = new Map<string, { chargeId: string; amount: number; refundId: string }>();
  const holdKeys = new Map<string, { token: string; amount: number; chargeId: string }>();
  const captureKeys = new Map<string, { chargeId: string; amount: number }>();
  const reference = () => `REF: SBX-${randomUUID().slice(0, 8).toUpperCase()}`;
  const refuse = (message: string): never => {
    throw new CardDeclinedError(`${message} ${reference()}`);
  };
  const chargeOf = (chargeId: string) => {
    const charge = charges.get(chargeId);
    if (!charge) refuse('No such charge.');
    return charge as SandboxCharge;
  };
  return {
    name: 'sandbox',
    tokenisation: { url: SANDBOX_VAULT_PATH, publishableKey: null },
    async tokenize(card, now) {
      const number = card.number.replace(/\D/g, '');
      if (number.length < 13 || number.length > 19 || !luhn(number)) refuse('Your card number is incorrect.');
      if (expired(card.expMonth, card.expYear, now)) refuse('Your card has expired.');
      if (!/^\d+$/.test(card.cvc) || card.cvc.length !== (brandOf(number) === 'amex' ? 4 : 3)) {
        refuse("Your card's security code is incorrect.");
      }
      // The vault's tokens lapse on the provider's own clock, not the product's.
      for (const [token, held] of pending) if (held.until < vaultClock()) pending.delete(token);
      const token = `tok_sbx_${randomUUID().replaceAll('-', '')}`;
      pending.set(token, { card, number, until: vaultClock() + 15 * 60_000 });
      return token;
    },
    async createCard({ token: single }) {
      const held = pending.get(single);
      pending.delete(single);
      if (!held || held.until < vaultClock()) return refuse('This card token is not valid or was used.');
      const { card, number } = held;
      if (number === sandboxTestCards.declined) refuse('Your card was declined.');
      const token = `card_sbx_${behaviourOf(number)}_${randomUUID().replaceAll('-', '')}`;
      cards.set(token, { expMonth: card.expMonth, expYear: card.expYear });
      return {
        token,
        brand: brandOf(number),
        last4: number.slice(-4),
        expMonth: card.expMonth,
        expYear: card.expYear,
      };
    },
    async updateCard(token, change, now) {
      if (expired(change.expMonth, change.expYear, now)) refuse('Your card has expired.');
      cards.set(token, { expMonth: change.expMonth, expYear: change.expYear });
    },
    async deleteCard(token) {
      cards.delete(token);
    },
    async charge({ token, amount, returnUrl, reference: ours, idempotencyKey, metadata = {} }) {
      const seen = chargeKeys.get(idempotencyKey);
      if (seen) {
        if (seen.token !== token || seen.amount !== amount)
          throw new IdempotencyKeyReusedError(idempotencyKey);
        return seen.result;
      }
      if (!Number.isInteger(amount) || amount < 1) refuse('Invalid amount.');
      const behaviour = tokenBehaviour(token);
      if (behaviour === 'decline') refuse('Your card was declined.');
      const chargeId = `ch_sbx_${randomUUID().replaceAll('-', '')}`;
      const made = { chargeId, token, amount, refunded: 0, reference: ours, idempotencyKey, metadata };
      let result: ChargeResult;
      if (behaviour === 'authenticate') {
        charges.set(chargeId, { ...made, state: { status: 'requires_action' } });
        const url = `${SANDBOX_AUTHENTICATION_PATH}/${chargeId}?return=${encodeURIComponent(returnUrl)}`;
        result = { status: 'requires_action', chargeId, url };
      } else {
        charges.set(chargeId, { ...made, state: { status: 'succeeded' } });
        result = { status: 'succeeded', chargeId };
      }
      chargeKeys.set(idempotencyKey, { token, amount, result });
      return result;
    },
    async authorize({ token, amount, reference: ours, idempotencyKey, metadata = {} }) {
      const seen = holdKeys.get(idempotencyKey);
      if (seen) {
        if (seen.token !== token || seen.amount !== amount)
          throw new IdempotencyKeyReusedError(idempotencyKey);
        return { chargeId: seen.chargeId };
      }
      if (chargeKeys.has(idempotencyKey)) throw new IdempotencyKeyReusedError(idempotencyKey);
      if (!Number.isInteger(amount) || amount < 1) refuse('Invalid amount.');
      const behaviour = tokenBehaviour(token);
      if (behaviour === 'decline') refuse('Your card was declined.');
      // No buyer waits at an issuer's page for a hold: a card that asks for one is refused, as Stripe's
      // error_on_requires_action refuses it.
      if (behaviour === 'authenticate')
        refuse('Your card was declined. This transaction requires authentication.');
      const chargeId = `ch_sbx_${randomUUID().replaceAll('-', '')}`;
      charges.set(chargeId, {
        chargeId,
        token,
        amount,
        refunded: 0,
        reference: ours,
        idempotencyKey,
        metadata,
        state: { status: 'failed', reason: 'Held, not captured.' },
        hold: 'held',
      });
      holdKeys.set(idempotencyKey, { token, amount, chargeId });
      return { chargeId };
    },
    async capture({ chargeId, amount, idempotencyKey, reference: ours, metadata = {} }) {
      const seen = captureKeys.get(idempotencyKey);
      if (seen) {
        if (seen.chargeId !== chargeId || seen.amount !== amount)
          throw new IdempotencyKeyReusedError(idempotencyKey);
        return { chargeId };
      }
      const charge = charges.get(chargeId);
      if (charge?.hold !== 'held') return refuse('This hold was released or taken already.');
      if (!Number.isInteger(amount) || amount < 1 || amount > charge.amount)
        refuse('The amount exceeds the hold.');
      // What is taken is the charge; the rest of the hold goes back to the card.
      Object.assign(charge, {
        amount,
        hold: 'captured',
        state: { status: 'succeeded' },
        reference: ours,
        metadata: { ...charge.metadata, ...metadata },
      });
      captureKeys.set(idempotencyKey, { chargeId, amount });
      return { chargeId };
    },
    async retrieveCharge(chargeId) {
      return charges.get(chargeId)?.state ?? { status: 'failed', reason: 'No such charge.' };
    },
    async authenticate(chargeId, approve) {
      const charge = chargeOf(chargeId);
      if (charge.state.status !== 'requires_action') return;
      charge.state = approve
        ? { status: 'succeeded' }
        : { status: 'failed', reason: 'The card issuer did not authenticate the payment.' };
    },
    async refund(chargeId, amount, idempotencyKey) {
      const seen = idempotencyKey ? refundKeys.get(idempotencyKey) : undefined;
      if (seen) {
        if (seen.chargeId !== chargeId || seen.amount !== amount) {
          throw new IdempotencyKeyReusedError(idempotencyKey as string);
        }
        return { refundId: seen.refundId };
      }
      const charge = chargeOf(chargeId);
      if (charge.state.status !== 'succeeded') refuse('This charge was not paid.');
      if (amount < 1 || charge.refunded + amount > charge.amount) refuse('The refund exceeds the charge.');
      charge.refunded += amount;
      const refundId = `re_sbx_${randomUUID().replaceAll('-', '')}`;
      if (idempotencyKey) refundKeys.set(idempotencyKey, { chargeId, amount, refundId });
      return { refundId };
    },
    charges: () => [...charges.values()].map((c) => ({ ...c })),
    chargeById(chargeId) {
      const charge = charges.get(chargeId);
      return charge ? { ...charge } : null;
    },
    async cancelCharge(chargeId) {
      const charge = charges.get(chargeId);
      if (charge?.state.status === 'requires_action') {
        charge.state = { status: 'failed', reason: 'The payment was abandoned.' };
      }
      if (charge?.hold === 'held') {
        charge.hold = 'released';
        charge.state = { status: 'failed', reason: 'The hold was released.' };
      }
    },
  };
}
