import { actions } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { customFlagUrl } from './custom-flag.ts';

describe('the custom flag’s paths (seeds 001 §7)', () => {
  it('serves /api/custom/<call> as the user area’s /api/user/<call>, keeping the query', () => {
    expect(actions.addWatchlist.path).toBe('/api/user/addWatchlist');
    expect(customFlagUrl('/api/custom/addWatchlist')).toBe('/api/user/addWatchlist');
    expect(customFlagUrl('/api/custom/addWatchlist?x=1')).toBe('/api/user/addWatchlist?x=1');
  });

  it('serves /api/custom/payment/<call> as the payment area’s (stripe_payment under the flag)', () => {
    expect(customFlagUrl('/api/custom/payment/stripe_payment')).toBe('/api/payment/stripe_payment');
    expect(customFlagUrl('/api/custom/payment/confirm')).toBe(actions.confirmPayment.path);
  });

  it('keeps a path of its own under /api/custom/, anything outside it, and a call that is no action', () => {
    expect(customFlagUrl(actions.addNewsletterContact.path)).toBe(actions.addNewsletterContact.path);
    expect(customFlagUrl('/api/user/addWatchlist')).toBe('/api/user/addWatchlist');
    expect(customFlagUrl('/api/cart/checkout')).toBe('/api/cart/checkout');
    expect(customFlagUrl('/api/custom/noSuchCall')).toBe('/api/custom/noSuchCall');
    expect(customFlagUrl('/api/custom/cart/checkout')).toBe('/api/custom/cart/checkout');
    expect(customFlagUrl('/api/custom/../admin/settings/get')).toBe('/api/custom/../admin/settings/get');
  });
});
