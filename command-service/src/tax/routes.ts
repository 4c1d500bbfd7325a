import { type AddressValidationView, actions, t } from '@wine/contracts';
import { AppError, type Logger, registerAction, type TaxService, TaxServiceError } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { SessionAuth } from '../users/session/session-auth.ts';

export interface TaxRouteDeps {
  /** The tax service configuration picked, with its fallback on the configured table. */
  tax: TaxService;
  auth: SessionAuth;
  logger: Logger;
  /** Checks per minute per client (counted on arrival, before the body is read): as address lookups. */
  rateLimit: number;
}

/** The refusal in the words checkout uses for it. */
const reasonText = (reason: 'unknownState' | 'zipNotInState' | 'addressNotFound', state: string) =>
  reason === 'unknownState'
    ? t('checkout.unknownState')
    : reason === 'zipNotInState'
      ? t('checkout.zipNotInState', { state })
      : t('checkout.addressNotFound');

/**
 * seeds 001 §7 "tax/avalara isValidAddress": a signed-in user's address checked by the tax port
 * (AvaTax's address resolve; the configured table's states and ZIP ranges when it does not answer,
 * said so), answered with how the service writes it. Nothing is recorded: the address is kept when its
 * form is saved, where checkout checks it again. A service failing with no table behind it is
 * ADDRESS_LOOKUP_UNAVAILABLE, logged with its code, never its key.
 */
export const taxRoutes: FastifyPluginAsync<TaxRouteDeps> = async (app, { tax, auth, logger, rateLimit }) => {
  const limit = app.rateLimit({ max: rateLimit, timeWindow: '1 minute' });

  registerAction(
    app,
    actions.isValidAddress,
    auth,
    async (input, ctx): Promise<AddressValidationView> => {
      let checked: Awaited<ReturnType<TaxService['validateAddress']>>;
      try {
        checked = await tax.validateAddress(input);
      } catch (error) {
        if (!(error instanceof TaxServiceError)) throw error;
        logger.warn({ service: error.service, code: error.code }, 'the tax service did not check an address');
        throw new AppError('ADDRESS_LOOKUP_UNAVAILABLE');
      }
      const fallback = checked.fallback === true;
      if (!checked.valid) {
        ctx.setMessage(t('checkout.addressInvalid', { reason: reasonText(checked.reason, checked.state) }));
        return { valid: false, reason: checked.reason, address: null, fallback };
      }
      return { valid: true, reason: null, address: checked.address, fallback };
    },
    { onRequest: [limit] },
  );
};
