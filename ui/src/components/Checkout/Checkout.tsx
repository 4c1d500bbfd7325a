import {
  Alert,
  Button,
  Card,
  Checkbox,
  Container,
  Grid,
  Group,
  Radio,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { CartItem, OfferView } from '@wine/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client.ts';
import {
  auctionCartQuery,
  buynowCartQuery,
  cardProviderQuery,
  cardsQuery,
  creditHistoryQuery,
} from '../../api/queries.ts';
import { emptyAddress } from '../../lib/cart.ts';
import { formatMoney } from '../../lib/format.ts';
import { AddressBookPicker, SaveToAddressBook } from '../AddressBook/AddressBookPicker.tsx';
import { ButtonLink } from '../ButtonLink.tsx';
import { HoldOnCard } from '../CardHold/CardHold.tsx';
import { CartLine, CartLineList } from '../CartLine/CartLine.tsx';
import { CartTotals } from '../CartTotals/CartTotals.tsx';
import { NewCardFields, useNewCardForm } from '../CheckoutCard/NewCardFields.tsx';
import { LoadError } from '../LoadError/LoadError.tsx';
import { tempCartQuery } from '../Offers/offer-queries.ts';
import { PickupLocation } from '../PickupLocation/PickupLocation.tsx';
import { ShippingMethod } from '../Shipping/ShippingMethod.tsx';
import { CheckoutSkeleton } from '../Skeletons/Skeletons.tsx';
import { AddressForm } from './AddressForm.tsx';
import {
  type CartRef,
  type CheckoutForm,
  type CheckoutProblems,
  noProblems,
  orderRequestOf,
  problemsOf,
  quoteInputOf,
  validateOrder,
} from './checkout-form.ts';
import { PaymentChoice } from './PaymentChoice.tsx';
import { useHostedGateways, usePayPalOffered } from './payment-gateways.ts';
import { SaveDeliveryChoice } from './SaveDeliveryChoice.tsx';
import { usePlaceOrder } from './use-place-order.ts';
import { useQuote } from './use-quote.ts';

const initialForm: CheckoutForm = {
  delivery: 'pickup',
  address: emptyAddress,
  billingSame: true,
  billing: emptyAddress,
  method: 'card',
  cardId: null,
  useWallet: false,
  shipMethod: 'ground',
  shipDate: '',
};

/** A line of the checkout: what CartLine shows. */
type CheckoutLine = Pick<CartItem, 'product_id' | 'title' | 'image' | 'qty' | 'unit_price' | 'amount'>;

/** An accepted offer as a line: its bottles at the price agreed (issue 36). */
const offerLine = (offer: OfferView): CheckoutLine => ({
  product_id: offer.product_id,
  title: offer.title,
  image: offer.image,
  qty: offer.qty,
  unit_price: offer.price,
  amount: offer.price * offer.qty,
});

/**
 * The cart a checkout pays: the buy-now lines, the won lots of one invoice (or all of them), or the
 * accepted offers of the temporary cart, one invoice (or all of them) as the auction cart's.
 */
function useCheckoutCart(ref: CartRef) {
  const buynow = useQuery({ ...buynowCartQuery(), enabled: ref.type === 'buynow' });
  const auction = useQuery({ ...auctionCartQuery(), enabled: ref.type === 'auction' });
  const offers = useQuery({ ...tempCartQuery(), enabled: ref.type === 'offer' });
  const ours = (invoiceId: string | null) => ref.cart_id === 'all' || invoiceId === ref.cart_id;
  if (ref.type === 'offer') {
    const items =
      offers.data?.records
        .filter((offer) => offer.status === 'accepted' && !offer.paid && ours(offer.invoice_id))
        .map(offerLine) ?? [];
    // The temporary cart says nothing of the pickup place: the quote does.
    return { cart: offers, items, location: null, backTo: '/offers' } as const;
  }
  const cart = ref.type === 'buynow' ? buynow : auction;
  const items: CheckoutLine[] =
    cart.data?.cartItems.filter((line) => ref.type === 'buynow' || ours(line.invoice_id)) ?? [];
  const backTo = ref.type === 'buynow' ? '/buynowcart' : '/cart';
  return { cart, items, location: cart.data?.cartLocation ?? null, backTo } as const;
}

/**
 * seeds 001 §2 /checkout/:type/:cart_id: the wines, pickup or delivery (with the addresses), the
 * totals priced for that choice (saveAddress), the payment, and 'Place order' (checkout).
 */
export function Checkout({ cartRef }: { cartRef: CartRef }) {
  const { t } = useTranslation();
  const { cart, items, location: cartLocation, backTo } = useCheckoutCart(cartRef);
  const cards = useQuery(cardsQuery());
  const wallet = useQuery(creditHistoryQuery({ page: 1, limit: 1 }));
  const paypalOffered = usePayPalOffered();
  // seeds 001 "Payments": Paytm, Cashfree, where the site takes them.
  const gatewaysOffered = useHostedGateways();
  // seeds 001 stripe_payment_element: a new card for this order only, where the provider takes one.
  const newCardOffered = useQuery(cardProviderQuery()).data?.new_card_payments === true;
  const newCardForm = useNewCardForm();
  const [form, setForm] = useState<CheckoutForm>(initialForm);
  const [problems, setProblems] = useState<CheckoutProblems>(noProblems);
  const quote = useQuote(quoteInputOf(cartRef, form));
  const update = (change: Partial<CheckoutForm>) => {
    setForm((current) => ({ ...current, ...change }));
    setProblems(noProblems);
  };
  // The default card is chosen until the buyer picks another.
  const cardList = cards.data?.data;
  const cardId = form.cardId ?? cardList?.find((card) => card.is_default)?.id ?? cardList?.[0]?.id ?? null;

  const placeOrder = usePlaceOrder();

  const newCard = newCardOffered && form.method === 'card' && form.newCard === true;
  const submit = () => {
    const order = orderRequestOf(cartRef, {
      ...form,
      cardId,
      paypal: paypalOffered && form.paypal === true,
      gateway: form.gateway && gatewaysOffered.includes(form.gateway) ? form.gateway : null,
      newCard,
    });
    const checked = validateOrder(order);
    const orderProblems = () => {
      if (checked.success) return false;
      setProblems(problemsOf(checked.error.issues));
      return true;
    };
    if (!newCard) {
      if (orderProblems()) return;
      setProblems(noProblems);
      return placeOrder.mutate({ order });
    }
    // The card's fields are checked with the order; the card itself goes to the provider, not in the order.
    void newCardForm.handleSubmit(
      (card) => {
        if (orderProblems()) return;
        setProblems(noProblems);
        placeOrder.mutate({ order, card });
      },
      () => orderProblems(),
    )();
  };

  if (cart.isError) return <LoadError error={cart.error} />;
  if (!cart.data) return <CheckoutSkeleton label={t('ui.checkout.loading')} />;
  if (items.length === 0) {
    return (
      <Container py="xl" size="sm">
        <Card ta="center" py="xl" data-testid="checkout-nothing">
          <Text mb="md">{t('ui.checkout.nothing')}</Text>
          <ButtonLink to={backTo} variant="light" w="fit-content" mx="auto">
            {t('ui.checkout.backToCart')}
          </ButtonLink>
        </Card>
      </Container>
    );
  }
  const location = quote.location ?? cartLocation;
  const subtotal = items.reduce((sum, line) => sum + line.amount, 0);
  const orderError = placeOrder.isError ? errorMessage(placeOrder.error) : quote.error;
  return (
    <Container py="xl">
      <Title order={1} mb="lg">
        {t('ui.checkout.title')}
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Card component="section" aria-labelledby="items-title">
              <Title order={2} fz={22} id="items-title" mb="sm">
                {t('ui.checkout.items')}
              </Title>
              <CartLineList label={t('ui.checkout.items')}>
                {items.map((line) => (
                  <CartLine key={line.product_id} line={line} />
                ))}
              </CartLineList>
            </Card>
            <Card component="section" aria-labelledby="delivery-title">
              <Title order={2} fz={22} id="delivery-title" mb="sm">
                {t('ui.checkout.receive')}
              </Title>
              <Radio.Group
                aria-labelledby="delivery-title"
                value={form.delivery}
                onChange={(value) => update({ delivery: value === 'delivery' ? 'delivery' : 'pickup' })}
              >
                <Group gap="xl" mb="md">
                  <Radio value="pickup" label={t('ui.checkout.pickup')} />
                  <Radio value="delivery" label={t('ui.checkout.delivery')} />
                </Group>
              </Radio.Group>
              {form.delivery === 'pickup' ? (
                <Card withBorder shadow="none" bg="gray.0">
                  <Text size="sm" c="dimmed" mb={4}>
                    {t('ui.checkout.pickupAt')}
                  </Text>
                  {location ? <PickupLocation location={location} /> : null}
                </Card>
              ) : (
                <Stack gap="md">
                  <AddressBookPicker name="delivery" onPick={(address) => update({ address })} />
                  <AddressForm
                    legend={t('ui.checkout.deliveryAddress')}
                    name="delivery"
                    value={form.address}
                    onChange={(address) => update({ address })}
                    errors={problems.address}
                    problem={problems.addressProblem ?? quote.addressProblem}
                  />
                  <SaveToAddressBook address={form.address} />
                  <ShippingMethod
                    method={form.shipMethod ?? 'ground'}
                    shipDate={form.shipDate ?? ''}
                    onChange={update}
                    quote={quote.shipping}
                    problem={problems.shipDate ?? quote.shippingProblem}
                  />
                  <Checkbox
                    label={t('ui.checkout.billingSame')}
                    checked={form.billingSame}
                    onChange={(event) => update({ billingSame: event.currentTarget.checked })}
                  />
                  {form.billingSame ? null : (
                    <AddressBookPicker name="billing" onPick={(billing) => update({ billing })} />
                  )}
                  {form.billingSame ? null : (
                    <AddressForm
                      legend={t('ui.checkout.billingAddress')}
                      name="billing"
                      value={form.billing}
                      onChange={(billing) => update({ billing })}
                      errors={problems.billing}
                    />
                  )}
                </Stack>
              )}
            </Card>
            <Card component="section" aria-labelledby="payment-title">
              <Title order={2} fz={22} id="payment-title" mb="sm">
                {t('ui.checkout.payment')}
              </Title>
              <PaymentChoice
                method={form.method}
                onMethod={(method) => update({ method })}
                cards={cardList}
                cardId={cardId}
                onCard={(id) => update({ cardId: id, paypal: false, newCard: false, gateway: null })}
                balance={wallet.data?.balance}
                useWallet={form.useWallet}
                onUseWallet={(useWallet) => update({ useWallet })}
                paypalOffered={paypalOffered}
                paypal={form.paypal === true}
                onPayPal={(paypal) => update({ paypal, newCard: false, gateway: null })}
                gatewaysOffered={gatewaysOffered}
                gateway={form.gateway ?? null}
                onGateway={(gateway) => update({ gateway, paypal: false, newCard: false })}
                newCardOffered={newCardOffered}
                newCard={newCard}
                onNewCard={() => update({ newCard: true, paypal: false, gateway: null })}
                newCardFields={<NewCardFields form={newCardForm} />}
                error={problems.payment}
              />
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md" pos={{ base: 'static', md: 'sticky' }} top={110}>
            {quote.values ? (
              <>
                <CartTotals values={quote.values} delivery={form.delivery === 'delivery'} />
                {quote.taxFallback ? (
                  <Text size="sm" c="dimmed" data-testid="tax-fallback">
                    {t('ui.checkout.taxFallback')}
                  </Text>
                ) : null}
              </>
            ) : (
              <Card data-testid="cart-totals-pending">
                <Group justify="space-between">
                  <Text size="sm">{t('ui.totals.subtotal')}</Text>
                  <Text size="sm" fw={500}>
                    {formatMoney(subtotal)}
                  </Text>
                </Group>
                {form.delivery === 'delivery' && !quote.updating ? (
                  <Text size="sm" c="dimmed" mt="xs">
                    {t('checkout.deliveryAddress')}
                  </Text>
                ) : null}
              </Card>
            )}
            {quote.updating ? (
              <Text size="sm" c="dimmed" role="status" data-testid="quote-updating">
                {t('ui.checkout.quoting')}
              </Text>
            ) : null}
            {orderError ? (
              <Alert color="red" role="alert" data-testid="checkout-error">
                {orderError}
              </Alert>
            ) : null}
            <Button
              size="md"
              fullWidth
              onClick={submit}
              loading={placeOrder.isPending}
              data-testid="place-order"
            >
              {t('ui.checkout.placeOrder')}
            </Button>
            <SaveDeliveryChoice input={quoteInputOf(cartRef, form)} />
            {/* seeds 001 payment/authorize: the total held on the saved card chosen, to pay later. */}
            <HoldOnCard
              input={quoteInputOf(cartRef, form)}
              card={
                form.method === 'card' && !newCard && !form.paypal && !form.gateway
                  ? (cardList?.find((card) => card.id === cardId) ?? null)
                  : null
              }
            />
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
