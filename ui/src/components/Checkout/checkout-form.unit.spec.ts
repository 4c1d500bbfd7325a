import { describe, expect, it } from 'vitest';
import { emptyAddress } from '../../lib/cart.ts';
import {
  type CheckoutForm,
  checkoutInputOf,
  orderRequestOf,
  problemsOf,
  quoteInputOf,
  validateCheckout,
} from './checkout-form.ts';

const ref = { type: 'buynow', cart_id: 'c1' } as const;
const home = { address1: '1 N State St', city: 'Chicago', state: 'IL', zip: '60602' };
const form = (over: Partial<CheckoutForm> = {}): CheckoutForm => ({
  delivery: 'delivery',
  address: home,
  billingSame: true,
  billing: emptyAddress,
  method: 'card',
  cardId: 'card-1',
  useWallet: false,
  ...over,
});

describe('the checkout form', () => {
  it('prices pickup without an address, and delivery only once the address is complete', () => {
    expect(quoteInputOf(ref, form({ delivery: 'pickup' }))).toEqual({
      ...ref,
      delivery: 'pickup',
      address: null,
      billing_address: null,
    });
    expect(quoteInputOf(ref, form({ address: { ...home, zip: '606' } }))).toBeNull();
    expect(quoteInputOf(ref, form({ billingSame: false, billing: { ...home, city: '' } }))).toEqual({
      ...ref,
      delivery: 'delivery',
      ship_method: 'ground',
      ship_date: null,
      address: home,
      billing_address: null,
    });
  });

  it('sends how a delivery ships, and prices the hold only once its date is chosen (issue 31)', () => {
    expect(quoteInputOf(ref, form({ shipMethod: 'hold', shipDate: '' }))).toBeNull();
    expect(quoteInputOf(ref, form({ shipMethod: 'hold', shipDate: '2031-03-16' }))).toMatchObject({
      ship_method: 'hold',
      ship_date: '2031-03-16',
    });
    // A date left from the hold is not sent with another method, nor anything for pickup.
    expect(checkoutInputOf(ref, form({ shipMethod: 'temperature', shipDate: '2031-03-16' }))).toMatchObject({
      ship_method: 'temperature',
      ship_date: null,
    });
    expect(checkoutInputOf(ref, form({ delivery: 'pickup', shipMethod: 'hold' }))).not.toHaveProperty(
      'ship_method',
    );
  });

  it('sends the billing address only when it differs from the delivery one', () => {
    const billing = { address1: '9 Elm St', city: 'Springfield', state: 'IL', zip: '62701' };
    expect(checkoutInputOf(ref, form())).toMatchObject({ address: home, billing_address: null });
    expect(checkoutInputOf(ref, form({ billingSame: false, billing }))).toMatchObject({
      billing_address: billing,
    });
    expect(checkoutInputOf(ref, form({ delivery: 'pickup', billingSame: false, billing }))).toMatchObject({
      address: null,
      billing_address: null,
    });
  });

  it('sends an order paid offline to payCartOffline without a payment, whatever card was chosen', () => {
    expect(orderRequestOf(ref, form({ method: 'offline', useWallet: true }))).toEqual({
      action: 'payCartOffline',
      input: {
        ...ref,
        delivery: 'delivery',
        address: home,
        billing_address: null,
        ship_method: 'ground',
        ship_date: null,
      },
    });
    expect(orderRequestOf(ref, form()).action).toBe('checkout');
  });

  it('pays with a new card by element alone: no card on file, no PayPal, the wallet as chosen', () => {
    const input = checkoutInputOf(ref, form({ newCard: true, paypal: true, useWallet: true }));
    expect(input.payment).toEqual({ use_wallet: true, element: true });
    expect(validateCheckout(input).success).toBe(true);
  });

  it("puts the contract's messages where their fields are", () => {
    const checked = validateCheckout(
      checkoutInputOf(ref, form({ address: { ...home, zip: 'abc' }, cardId: null, useWallet: false })),
    );
    expect(checked.success).toBe(false);
    const problems = problemsOf(checked.error?.issues ?? []);
    expect(problems.address.zip).toBeTruthy();
    expect(problems.payment).toBe('Choose a card or wallet credit');
  });
});
