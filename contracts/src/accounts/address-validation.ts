import { z } from 'zod';
import { action } from '../action.ts';
import { CheckoutAddress } from '../money/inputs.ts';

/** Why the tax service refuses an address: not a US state, a ZIP outside its state, or no such street. */
export const AddressRefusal = z.enum(['unknownState', 'zipNotInState', 'addressNotFound']);
export type AddressRefusal = z.infer<typeof AddressRefusal>;

/** An address as the tax service writes it back (the state as its two letters). */
export const NormalizedAddress = z.object({
  address1: z.string(),
  address2: z.string().optional(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
});
export type NormalizedAddress = z.infer<typeof NormalizedAddress>;

/**
 * isValidAddress's answer: whether the address can be delivered to and, when it can, how the service
 * writes it (a suggestion the form may offer); `reason` says why not (the envelope's message says it
 * in words). `fallback`: the service did not answer, and the configured table checked the state and
 * ZIP only.
 */
export const AddressValidationView = z.object({
  valid: z.boolean(),
  reason: AddressRefusal.nullable(),
  address: NormalizedAddress.nullable(),
  fallback: z.boolean(),
});
export type AddressValidationView = z.infer<typeof AddressValidationView>;

/**
 * seeds 001 §7 "tax/avalara isValidAddress": a signed-in user's address checked by the tax and address
 * service (Avalara AvaTax's address resolve, or the configured table's states and ZIP ranges). Nothing
 * is recorded. Served by the command-service, which asks the tax port.
 */
export const addressValidationActions = {
  isValidAddress: action({
    path: '/api/tax/avalara/isValidAddress',
    side: 'command',
    auth: 'user',
    input: CheckoutAddress,
    output: AddressValidationView,
  }),
} as const;
