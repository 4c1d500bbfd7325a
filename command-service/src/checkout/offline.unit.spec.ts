import { defaultMoneySettings } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { refuseOverOfflineCap } from './offline.ts';

const limits = defaultMoneySettings;

describe('the cap on unpaid offline orders', () => {
  it('takes a third order and up to 24 bottles held together', () => {
    expect(() => refuseOverOfflineCap({ orders: 2, bottles: 20 }, 4, limits)).not.toThrow();
    expect(() => refuseOverOfflineCap({ orders: 0, bottles: 0 }, 24, limits)).not.toThrow();
  });

  it('refuses a fourth unpaid order, whatever its size', () => {
    expect(() => refuseOverOfflineCap({ orders: 3, bottles: 3 }, 1, limits)).toThrow(
      expect.objectContaining({ code: 'OFFLINE_ORDERS_CAPPED', status: 409 }),
    );
  });

  it('refuses an order that would take the bottles held over 24, a whole lot in one order too', () => {
    expect(() => refuseOverOfflineCap({ orders: 1, bottles: 20 }, 5, limits)).toThrow(
      expect.objectContaining({ code: 'OFFLINE_HOLD_CAPPED' }),
    );
    expect(() => refuseOverOfflineCap({ orders: 0, bottles: 0 }, 900, limits)).toThrow(
      expect.objectContaining({ code: 'OFFLINE_HOLD_CAPPED' }),
    );
  });

  it('follows the configured limits', () => {
    const wide = { offlineOrdersMax: 10, offlineBottlesMax: 1_000 };
    expect(() => refuseOverOfflineCap({ orders: 9, bottles: 100 }, 900, wide)).not.toThrow();
  });
});
