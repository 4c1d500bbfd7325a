import { actions, type ChangeMoneyInput, openingHoursText, t } from '@wine/contracts';
import { type SettingsEvent, settingsStream } from '@wine/event-schemas';
import { type ActionContext, type Clock, registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import { commandContext } from '../core/command-context.ts';
import type { Streams } from '../core/command-handler.ts';
import type { SessionAuth } from '../users/session/session-auth.ts';
import type { LiveSettings } from './live.ts';

export interface SettingsRouteDeps {
  streams: Streams;
  clock: Clock;
  auth: SessionAuth;
  settings: LiveSettings;
}

/** The money section's event: tax rates kept in basis points, keyed by place. */
export const moneyRecord = (
  input: ChangeMoneyInput,
): Extract<SettingsEvent, { type: 'MoneySettingsChanged' }> => ({
  type: 'MoneySettingsChanged',
  data: {
    reservationMinutes: input.reservationMinutes,
    paymentDueDays: input.paymentDueDays,
    returnDays: input.returnDays,
    appointmentSlotCapacity: input.appointmentSlotCapacity,
    taxRates: Object.fromEntries(input.taxRates.map((row) => [row.place, Math.round(row.percent * 100)])),
  },
});

/**
 * Issue 34 "Settings": an admin saves one section of the settings screen. Each save is one event on the
 * settings stream naming the admin (its metadata); this process reads it back at once, the others when
 * they see it in the log.
 */
export const settingsRoutes: FastifyPluginAsync<SettingsRouteDeps> = async (app, deps) => {
  const { streams, clock, auth, settings } = deps;

  async function save(ctx: ActionContext, change: SettingsEvent) {
    const result = await streams.handle(
      settingsStream,
      settings.decider,
      change,
      commandContext(ctx, auth.adminOf(ctx.request), clock.now()),
    );
    await settings.refresh();
    return result.events.length > 0 || result.replayed;
  }

  registerAction(app, actions.changeMerchantDetails, auth, async (input, ctx) => {
    const saved = await save(ctx, {
      type: 'MerchantDetailsChanged',
      data: { ...input, hours: openingHoursText(input.openingHours) },
    });
    ctx.setMessage(t(saved ? 'settings.merchantSaved' : 'settings.unchanged'));
    return null;
  });

  registerAction(app, actions.changeBankDetails, auth, async (input, ctx) => {
    const saved = await save(ctx, { type: 'BankDetailsChanged', data: { bank: input.bank } });
    ctx.setMessage(
      t(!saved ? 'settings.unchanged' : input.bank ? 'settings.bankSaved' : 'settings.bankRemoved'),
    );
    return null;
  });

  registerAction(app, actions.changeBiddingSettings, auth, async (input, ctx) => {
    const saved = await save(ctx, {
      type: 'BiddingSettingsChanged',
      data: {
        proxyBidding: input.proxy_bidding_settings === 1,
        softCloseWindowMinutes: input.soft_close_window_minutes,
        softCloseExtendMinutes: input.soft_close_extend_minutes,
        buyerPremiumPercent: input.buyer_premium,
        bidIncrements: input.bid_increments.map((row) => ({
          fromAmount: row.from_amount,
          toAmount: row.to_amount,
          increment: row.increment,
          valueType: row.value_type,
        })),
      },
    });
    ctx.setMessage(t(saved ? 'settings.biddingSaved' : 'settings.unchanged'));
    return null;
  });

  registerAction(app, actions.changeMoneySettings, auth, async (input, ctx) => {
    const saved = await save(ctx, moneyRecord(input));
    ctx.setMessage(t(saved ? 'settings.moneySaved' : 'settings.unchanged'));
    return null;
  });

  registerAction(app, actions.changeCatalogueSettings, auth, async (input, ctx) => {
    const saved = await save(ctx, { type: 'CatalogueSettingsChanged', data: input });
    ctx.setMessage(t(saved ? 'settings.catalogueSaved' : 'settings.unchanged'));
    return null;
  });

  registerAction(app, actions.changeShippingSettings, auth, async (input, ctx) => {
    const saved = await save(ctx, { type: 'ShippingSettingsChanged', data: { rates: input } });
    ctx.setMessage(t(saved ? 'settings.shippingSaved' : 'settings.unchanged'));
    return null;
  });
};
