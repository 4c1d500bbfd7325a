import { z } from 'zod';
import type { Auth } from './accounts/roles.ts';

export type Side = 'command' | 'query';

/**
 * One HTTP action (ARCHITECTURE.md "API shape"): its path, its side, who may call it, the zod schema
 * of its input and of what `responseData` holds on success. The services serve it and the UI calls
 * it from this one declaration.
 */
export interface Action<Input extends z.ZodType = z.ZodType, Output extends z.ZodType = z.ZodType> {
  path: `/api/${string}`;
  side: Side;
  auth: Auth;
  input: Input;
  output: Output;
  /**
   * Runs once per `x-command-id` (an action that reaches the card provider): a repeat of the key,
   * concurrent or later, waits for the first request's answer and gets it again, never a second run.
   */
  once?: boolean;
  /**
   * Moves the caller's money or touches their cards (a payment, a charge, a card added, a deposit, a
   * refund asked): refused to a switched session, an admin acting as the user, which is read-only for
   * money (issue 30). Checked with the audience, before the body is read.
   */
  money?: boolean;
  /**
   * The seeds' other names for the same call (North Capital's `addExternalBank` for
   * `linkExternalAccount`). Served exactly as `path`: the same audience, schema and answer, and one
   * claim of an `x-command-id` across them (claims are keyed by `path`), so a retry sent to another of
   * its paths never runs the call twice.
   */
  aliases?: readonly `/api/${string}`[];
  /**
   * The seeds' paths of a card provider's area for the same call (issue 35 §2: `paymentThird/stripe/…`),
   * each served as an alias only while that card provider is the configured one.
   */
  providerPaths?: Partial<
    Record<'sandbox' | 'stripe' | 'cybersource' | 'versapay', readonly `/api/${string}`[]>
  >;
}

export const action = <Input extends z.ZodType, Output extends z.ZodType>(a: Action<Input, Output>) => a;

/** What an action that answers nothing but its message holds in responseData. */
export const NoData = z.null();
/** An action with no input takes `{}` and nothing else. */
export const NoInput = z.strictObject({});
