import { screen, waitFor, within } from '@testing-library/react';
import type { CardProviderInfo, CheckoutResult } from '@wine/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser.ts';
import { renderApp } from '../../test-utils/app.tsx';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { Failure } from '../../test-utils/fake-api.ts';
import { aCard, aCart, aUser, someCartValues } from '../../test-utils/fixtures.ts';

type Api = NonNullable<Parameters<typeof renderApp>[1]>['api'];
type UserEvents = Awaited<ReturnType<typeof renderApp>>['user'];

const NUMBER = '4242424242424242';
const STRIPE = 'https://stripe.test';
const SECRET = 'pi_3Abc_secret_xyz';
const stripe: CardProviderInfo = {
  name: 'stripe',
  tokens_url: STRIPE,
  publishable_key: 'pk_test_1',
  new_card_payments: true,
};

/** The checkout's answer to a new card's order: an intent waiting for the browser's confirmation. */
const waiting = (over: Partial<CheckoutResult> = {}): CheckoutResult => ({
  status: 'requires_action',
  url: null,
  payment_id: 'pay-1',
  invoice_ids: ['B-17', 'B-18'],
  client_secret: SECRET,
  ...over,
});

interface StripeRequest {
  url: string;
  authorization: string | undefined;
  form: Record<string, string>;
}

/** What Stripe's API answers the browser: its PaymentMethods, and the confirmation of the intent. */
interface StripeAnswers {
  paymentMethod?: () => Response;
  confirm?: () => Response;
}

/**
 * The checkout of a buy-now cart for a buyer with a Visa on file, on the Stripe provider that takes new
 * cards unless told; the provider's API (reached through providerFetch, the API's fetch) answered by a
 * fake Stripe beside the fake product.
 */
async function checkoutPage(api: Api = {}, answers: StripeAnswers = {}) {
  const rendered = await renderApp('/checkout/buynow/c1', {
    storedToken: 'tok-1',
    api: {
      validateUser: () => aUser({ card_on_file: true }),
      pendingCount: () => ({ buynowCount: { totalRecords: 1 }, auctionCount: { totalRecords: 0 } }),
      buynowCart: () => aCart(),
      getCards: () => ({ data: [aCard({ id: 'card-1' })], has_more: false }),
      getCreditHistory: () => ({ records: [], totalRecords: 0, setDisp: '', balance: 5_000 }),
      saveAddress: () => ({
        cartValues: someCartValues(),
        tax_state: 'IL',
        cartLocation: aCart().cartLocation,
      }),
      paymentGateways: () => ({ paypal: false, hosted: [] }),
      cardProvider: () => stripe,
      buynowCheckout: () => waiting(),
      confirmPayment: ({ invoice_ids }) => ({ status: 'paid', invoice_ids, payment_id: 'pay-1', url: null }),
      ...api,
    },
  });
  const product = rendered.api.fetch as unknown as ReturnType<typeof vi.fn<typeof fetch>>;
  const serveProduct = product.getMockImplementation() as typeof fetch;
  const stripeRequests: StripeRequest[] = [];
  product.mockImplementation(async (input, init) => {
    const url = String(input);
    if (!url.startsWith(STRIPE)) return serveProduct(input, init);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const form = Object.fromEntries(new URLSearchParams(String(init?.body ?? '')));
    stripeRequests.push({ url, authorization: headers.authorization, form });
    if (url === `${STRIPE}/v1/payment_methods`)
      return answers.paymentMethod?.() ?? Response.json({ id: 'pm_1', object: 'payment_method' });
    if (url === `${STRIPE}/v1/payment_intents/pi_3Abc/confirm`)
      return answers.confirm?.() ?? Response.json({ id: 'pi_3Abc', status: 'succeeded', next_action: null });
    return Response.json({ error: { message: 'Unrecognized request URL' } }, { status: 404 });
  });
  /** Every request the product was sent (its actions and anything else on its fetch), as text. */
  const toProduct = () =>
    product.mock.calls
      .filter(([input]) => !String(input).startsWith(STRIPE))
      .map(
        ([input, init]) => `${String(input)} ${JSON.stringify(init?.headers)} ${String(init?.body ?? '')}`,
      );
  return { ...rendered, stripeRequests, toProduct, product };
}

/** Picks 'A new card' and types Stripe's test Visa in its fields. */
async function typeNewCard(user: UserEvents, number = NUMBER) {
  await user.click(await screen.findByRole('radio', { name: 'A new card (not saved)' }));
  const fields = screen.getByRole('group', { name: 'New card' });
  await user.type(within(fields).getByRole('textbox', { name: /Card number/ }), number);
  await user.selectOptions(within(fields).getByRole('combobox', { name: /Expiry month/ }), '12');
  await user.selectOptions(within(fields).getByRole('combobox', { name: /Expiry year/ }), '2034');
  await user.type(within(fields).getByRole('textbox', { name: /CVV/ }), '123');
  await user.type(within(fields).getByRole('textbox', { name: /Name on card/ }), 'Ada Lovelace');
  await user.type(within(fields).getByRole('textbox', { name: /ZIP/ }), '60601');
  return fields;
}

const confirmUrl = 'http://localhost:3000/checkout_confirm?payment_id=pay-1&invoice=B-17%2CB-18';

afterEach(() => vi.restoreAllMocks());

describe('a new card at checkout, given to Stripe in the browser (seeds 001 stripe_payment_element)', () => {
  it('is offered only where the provider takes new cards', async () => {
    await checkoutPage({ cardProvider: () => ({ ...stripe, new_card_payments: false }) });
    expect(await screen.findByRole('radio', { name: /Visa ending in 4242/ })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'A new card (not saved)' })).toBeNull();
  });

  it('is not offered by a provider whose answer says nothing of new cards (the sandbox)', async () => {
    const { api } = await checkoutPage({
      cardProvider: () => ({ name: 'sandbox', tokens_url: '/vault/v1/tokens', publishable_key: null }),
    });
    expect(await screen.findByRole('radio', { name: /Visa ending in 4242/ })).toBeTruthy();
    await waitFor(() => expect(api.to('cardProvider').length).toBeGreaterThan(0));
    expect(screen.queryByRole('radio', { name: 'A new card (not saved)' })).toBeNull();
    expect(screen.queryByTestId('new-card-fields')).toBeNull();
  });

  it('sends the checkout with element and the wallet, no card; the card goes to Stripe alone; paid → confirmed', async () => {
    const { api, user, router, stripeRequests, toProduct } = await checkoutPage();
    expect(screen.queryByTestId('new-card-fields')).toBeNull();
    const fields = await typeNewCard(user);
    expect(screen.getByRole('radio', { name: /Visa ending in 4242/ })).toHaveProperty('checked', false);
    await user.click(screen.getByRole('checkbox', { name: /Use my wallet credit/ }));
    await expectNoAxeViolations(screen.getByRole('main'));
    expect(fields).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeTruthy();
    expect(api.to('buynowCheckout').map((r) => r.input)).toEqual([
      {
        type: 'buynow',
        cart_id: 'c1',
        delivery: 'pickup',
        address: null,
        billing_address: null,
        payment: { use_wallet: true, element: true },
      },
    ]);
    // Stripe's PaymentMethods took the card with the publishable key; the intent was confirmed with it.
    expect(stripeRequests).toEqual([
      {
        url: `${STRIPE}/v1/payment_methods`,
        authorization: 'Bearer pk_test_1',
        form: {
          type: 'card',
          'card[number]': NUMBER,
          'card[exp_month]': '12',
          'card[exp_year]': '2034',
          'card[cvc]': '123',
          'billing_details[name]': 'Ada Lovelace',
          'billing_details[address][postal_code]': '60601',
        },
      },
      {
        url: `${STRIPE}/v1/payment_intents/pi_3Abc/confirm`,
        authorization: 'Bearer pk_test_1',
        form: { client_secret: SECRET, payment_method: 'pm_1', return_url: confirmUrl },
      },
    ]);
    // The product never saw the card: not its number, not its CVC.
    expect(toProduct().length).toBeGreaterThan(3);
    expect(toProduct().filter((line) => line.includes(NUMBER) || line.includes('4242 4242'))).toEqual([]);
    expect(JSON.stringify(api.requests)).not.toContain(NUMBER);
    // The confirmation page confirmed the payment with the product, as back from 3-D Secure.
    expect(api.to('confirmPayment').map((r) => r.input)).toEqual([
      { payment_id: 'pay-1', invoice_ids: ['B-17', 'B-18'] },
    ]);
    expect(router.state.location.search).toEqual({ invoice: 'B-17,B-18', status: 'paid' });
  });

  it('goes to Stripe’s authentication page in this tab when the card needs it', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const url = 'https://stripe.test/3ds/pi_3Abc';
    const { api, user } = await checkoutPage(
      {},
      {
        confirm: () =>
          Response.json({
            id: 'pi_3Abc',
            status: 'requires_action',
            next_action: { type: 'redirect_to_url', redirect_to_url: { url, return_url: confirmUrl } },
          }),
      },
    );
    await typeNewCard(user);
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(url));
    expect(assign).toHaveBeenCalledTimes(1);
    expect(api.to('confirmPayment')).toHaveLength(0);
  });

  it('shows a card Stripe declined on the confirmation page, which gives the payment up', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const { api, user, router } = await checkoutPage(
      {
        confirmPayment: () => {
          throw new Failure(
            'Your payment was declined: Your card was declined.',
            402,
            null,
            'PAYMENT_DECLINED',
          );
        },
      },
      {
        confirm: () =>
          Response.json(
            { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } },
            { status: 402 },
          ),
      },
    );
    await typeNewCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    const failed = await screen.findByTestId('confirm-failed');
    expect(within(failed).getByRole('alert').textContent).toBe(
      'Your payment was declined: Your card was declined.',
    );
    expect(router.state.location.pathname).toBe('/checkout_confirm');
    expect(router.state.location.search).toEqual({ payment_id: 'pay-1', invoice: 'B-17,B-18' });
    expect(api.to('confirmPayment').map((r) => r.input)).toEqual([
      { payment_id: 'pay-1', invoice_ids: ['B-17', 'B-18'] },
    ]);
    expect(assign).not.toHaveBeenCalled();
  });

  it('checks the card’s fields as the add-card dialog does, before anything is sent', async () => {
    const { api, user, stripeRequests } = await checkoutPage();
    await user.click(await screen.findByRole('radio', { name: 'A new card (not saved)' }));
    const fields = screen.getByRole('group', { name: 'New card' });
    await user.type(within(fields).getByRole('textbox', { name: /Card number/ }), '1234');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await within(fields).findByText('Enter a valid card number')).toBeTruthy();
    expect(api.to('buynowCheckout')).toHaveLength(0);
    expect(stripeRequests).toHaveLength(0);
  });

  it('keeps a card Stripe refused at checkout, and the next press is the same request, confirmed once', async () => {
    let refuse = true;
    const { api, user, stripeRequests, product } = await checkoutPage(
      {},
      {
        paymentMethod: () =>
          refuse
            ? Response.json(
                {
                  error: {
                    type: 'card_error',
                    code: 'incorrect_number',
                    message: 'Your card number is incorrect.',
                  },
                },
                { status: 402 },
              )
            : Response.json({ id: 'pm_2' }),
      },
    );
    const fields = await typeNewCard(user, '4242424242424241');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    const error = await screen.findByTestId('checkout-error');
    expect(error.textContent).toBe('Your card number is incorrect.');
    refuse = false;
    const number = within(fields).getByRole('textbox', { name: /Card number/ });
    await user.clear(number);
    await user.type(number, NUMBER);
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeTruthy();
    const keys = product.mock.calls
      .filter(([input]) => String(input).endsWith('/checkout'))
      .map(([, init]) => (init?.headers as Record<string, string> | undefined)?.['x-command-id']);
    expect(api.to('buynowCheckout')).toHaveLength(2);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    expect(
      stripeRequests.filter((r) => r.url.endsWith('/confirm')).map((r) => r.form.payment_method),
    ).toEqual(['pm_2']);
  });
});
