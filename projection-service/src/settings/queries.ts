import { actions, type StaffSettings, taxRateRows } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { namesOf } from '../staff-lots/queries.ts';
import { SETTINGS_CHANGES, type SettingsChangeDocument } from './project.ts';

/** The changes the settings screen lists, newest first. */
const CHANGES_SHOWN = 50;

/** Issue 34 "Settings": the settings screen's sections as they read now, and who changed what when. */
export const settingsQueries: QueryPlugin = async (app, { docs, auth, settings }) => {
  registerAction(app, actions.staffSettings, auth.authorize, async (): Promise<StaffSettings> => {
    const [{ market, money, merchant, catalogue }, changes] = await Promise.all([
      settings(),
      docs
        .collection<SettingsChangeDocument>(SETTINGS_CHANGES)
        .find({}, { sort: { at: -1, _id: -1 }, limit: CHANGES_SHOWN }),
    ]);
    const name = await namesOf(
      docs,
      changes.map((c) => c.by),
      merchant.name,
    );
    const { bankTransfer, phoneHref: _href, ...record } = merchant;
    const { demo = false, ...bank } = bankTransfer ?? {};
    return {
      merchant: record,
      bank: bankTransfer ? (bank as NonNullable<StaffSettings['bank']>) : null,
      bank_demo: demo,
      bidding: {
        proxy_bidding_settings: market.proxy_bidding_settings,
        soft_close_window_minutes: market.soft_close_window_minutes,
        soft_close_extend_minutes: market.soft_close_extend_minutes,
        buyer_premium: market.buyer_premium,
        bid_increments: [...market.bid_increments],
      },
      money: {
        reservationMinutes: money.reservationMinutes,
        paymentDueDays: money.paymentDueDays,
        returnDays: money.returnDays,
        appointmentSlotCapacity: money.appointmentSlotCapacity,
        taxRates: taxRateRows(money.taxRates),
      },
      catalogue,
      shipping: money.shipping,
      changes: changes.map((c) => ({ section: c.section, at: c.at, by: name(c.by) })),
    };
  });
};
