import {
  defaultCatalogueSettings,
  defaultMarketSettings,
  defaultMerchant,
  defaultMoneySettings,
} from '@wine/contracts';
import type { SettingsEvent } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import { fold } from '../core/decider.ts';
import { houseDecider } from './house.ts';

const decider = houseDecider({
  market: defaultMarketSettings,
  money: defaultMoneySettings,
  merchant: defaultMerchant,
  catalogue: defaultCatalogueSettings,
});
const money = (returnDays: number): SettingsEvent => ({
  type: 'MoneySettingsChanged',
  data: {
    reservationMinutes: 15,
    paymentDueDays: 14,
    returnDays,
    appointmentSlotCapacity: 3,
    taxRates: { IL: 625 },
  },
});

describe('the settings stream', () => {
  it('given nothing, records a section saved', () => {
    expect(decider.decide(money(21), decider.initialState())).toEqual([money(21)]);
  });

  it('given the same section saved, records nothing; given another value, records it', () => {
    const state = fold(decider, [money(21)]);
    expect(decider.decide(money(21), state)).toEqual([]);
    expect(decider.decide(money(30), state)).toEqual([money(30)]);
  });

  it('folds each change into the settings the commands read', () => {
    const state = fold(decider, [money(21), money(7)]);
    expect(state.settings.money.returnDays).toBe(7);
    expect(state.settings.money.taxRates).toEqual({ IL: 625 });
    expect(state.settings.market).toBe(defaultMarketSettings);
  });
});
