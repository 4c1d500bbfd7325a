import { describe, expect, it } from 'vitest';
import { invoiceAmounts, withAdminFee } from './amounts.ts';
import { PaymentChoice } from './inputs.ts';
import { defaultMoneySettings, taxRateFor } from './settings.ts';
import { usStateOf, zipInState } from './us-states.ts';

describe('invoice amounts', () => {
  it('adds the premium on the hammer and tax on both, in whole cents that add up', () => {
    expect(invoiceAmounts(10_000, 20, 1025)).toEqual({
      subtotal: 10_000,
      premiumPercent: 20,
      premium: 2_000,
      tax: 1_230,
      total: 13_230,
    });
    const odd = invoiceAmounts(3_333, 20, 1025);
    expect(odd.premium).toBe(667);
    expect(odd.tax).toBe(410);
    expect(odd.total).toBe(odd.subtotal + odd.premium + odd.tax);
  });
});

describe('US states, ZIP ranges and rates', () => {
  it('knows a state by code or name, and its ZIPs', () => {
    expect(usStateOf(' illinois ')).toBe('IL');
    expect(usStateOf('XX')).toBeNull();
    expect(zipInState('IL', '60607')).toBe(true);
    expect(zipInState('IL', '10001')).toBe(false);
    expect(zipInState('MA', '02108')).toBe(true);
  });
  it('takes the city rate over the state rate', () => {
    expect(taxRateFor(defaultMoneySettings.taxRates, 'IL', 'Chicago')).toBe(1025);
    expect(taxRateFor(defaultMoneySettings.taxRates, 'IL', 'Peoria')).toBe(625);
    expect(taxRateFor(defaultMoneySettings.taxRates, 'TX', 'Austin')).toBe(0);
  });
});

describe('the payment choice (seeds 001 "Payments")', () => {
  it('takes PayPal alone or after the wallet, and reads a choice without it as before', () => {
    expect(PaymentChoice.parse({ paypal: true })).toEqual({
      use_wallet: false,
      card_id: null,
      paypal: true,
      element: false,
      gateway: null,
    });
    expect(PaymentChoice.parse({ use_wallet: true, paypal: true }).paypal).toBe(true);
    expect(PaymentChoice.parse({ card_id: 'card-1' })).toEqual({
      use_wallet: false,
      card_id: 'card-1',
      paypal: false,
      element: false,
      gateway: null,
    });
  });

  it('takes a hosted gateway (Paytm, Cashfree) alone or after the wallet, never beside a card, PayPal or a new card', () => {
    expect(PaymentChoice.parse({ gateway: 'paytm' }).gateway).toBe('paytm');
    expect(PaymentChoice.parse({ use_wallet: true, gateway: 'cashfree' }).gateway).toBe('cashfree');
    expect(PaymentChoice.safeParse({ gateway: 'rupay' }).success).toBe(false);
    for (const other of [{ card_id: 'card-1' }, { paypal: true }, { element: true }]) {
      const both = PaymentChoice.safeParse({ gateway: 'paytm', ...other });
      expect(both.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([
        'gateway',
        'Choose one way to pay the rest: a card, PayPal or a payment gateway',
      ]);
    }
  });

  it('takes a new card (the Payment Element) alone or after the wallet, never beside a saved card or PayPal', () => {
    expect(PaymentChoice.parse({ element: true }).element).toBe(true);
    expect(PaymentChoice.parse({ use_wallet: true, element: true }).element).toBe(true);
    for (const other of [{ card_id: 'card-1' }, { paypal: true }]) {
      const both = PaymentChoice.safeParse({ element: true, ...other });
      expect(both.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([
        'element',
        'Choose a new card, a saved card or PayPal, only one',
      ]);
    }
  });

  it('refuses a card and PayPal both, and no way to pay at all, each on its field', () => {
    const both = PaymentChoice.safeParse({ card_id: 'card-1', paypal: true });
    expect(both.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['paypal', 'Choose a card or PayPal, not both'],
    ]);
    const none = PaymentChoice.safeParse({ paypal: false });
    expect(none.error?.issues.map((i) => i.path.join('.'))).toEqual(['card_id']);
  });
});

describe('withAdminFee (issue 38 §2: buynow/updateAdminFee)', () => {
  const amounts = invoiceAmounts(10_000, 20, 1_025);

  it('adds the fee to the total, untaxed, in whole cents; replaces a fee; 0 takes it off', () => {
    const withFee = withAdminFee(amounts, 2_500);
    expect(withFee).toEqual({ ...amounts, adminFee: 2_500, total: amounts.total + 2_500 });
    expect(withAdminFee(withFee, 1_000)).toEqual({
      ...amounts,
      adminFee: 1_000,
      total: amounts.total + 1_000,
    });
    expect(withAdminFee(withFee, 0)).toEqual(amounts);
    expect(withAdminFee(amounts, 0)).toEqual(amounts);
  });
});
