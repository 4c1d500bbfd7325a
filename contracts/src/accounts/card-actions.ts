import { action } from '../action.ts';
import {
  AddCardInput,
  CardCaptureContext,
  CardCustomer,
  CardIdInput,
  CardList,
  CardProviderInfo,
  CardRecord,
  UpdateCardInput,
} from './cards.ts';
import { EmptyInput } from './fields.ts';

/**
 * seeds 001 §7 "Card providers": the card payment provider area (read as Stripe's: its customer/source,
 * customer/payment_method and skyflow/…PaymentMethod calls, under paymentThird/stripe) for one call.
 */
const stripeArea = (...calls: string[]) => calls.map((call) => `/api/paymentThird/stripe/${call}` as const);

/**
 * Cards on file (seeds 001 §7 "Card-vault"), through the card-provider port; the seeds' provider areas
 * (`paymentThird/stripe/source/…`, `paymentThird/cybersource/…Card`, `paymentThird/versapay/…`) answer
 * the same calls while their provider is the configured one.
 */
export const cardActions = {
  addCard: action({
    path: '/api/user/addSkyflowCredit',
    side: 'command',
    money: true,
    auth: 'user',
    input: AddCardInput,
    output: CardList,
    providerPaths: {
      stripe: stripeArea(
        'source/create',
        'customer/source/create',
        'customer/payment_method/create',
        'skyflow/createPaymentMethod',
      ),
      cybersource: ['/api/paymentThird/cybersource/createCard'],
    },
  }),
  /** Issue 35 §1: how the browser tokenises a card with the configured provider before addCard. */
  cardProvider: action({
    path: '/api/user/cardProvider',
    side: 'command',
    auth: 'user',
    input: EmptyInput,
    output: CardProviderInfo,
  }),
  /**
   * A tokenisation session for one card form, for a provider that wants one (CyberSource's capture
   * context, Versapay's session: the seeds' `paymentThird/versapay/createCardLink`);
   * CARD_PROVIDER_NO_CONTEXT for the others.
   */
  cardCaptureContext: action({
    path: '/api/user/cardCaptureContext',
    side: 'command',
    auth: 'user',
    input: EmptyInput,
    output: CardCaptureContext,
    providerPaths: { versapay: ['/api/paymentThird/versapay/createCardLink'] },
  }),
  /** Also answered to a GET with no body (seeds 001 §7 "GET getSkyflowCredit"; users/cards/routes.ts). */
  getCards: action({
    path: '/api/user/getSkyflowCredit',
    side: 'command',
    auth: 'user',
    input: EmptyInput,
    output: CardList,
    providerPaths: {
      stripe: stripeArea('source/list', 'customer/source/list', 'customer/payment_method/list'),
      cybersource: ['/api/paymentThird/cybersource/listCard'],
      versapay: ['/api/paymentThird/versapay/listCard'],
    },
  }),
  /**
   * One of the caller's cards on file (seeds 001 §7 source/retrieve, customer/source/retrieve,
   * customer/payment_method/retrieve), answered as the card itself ("or responseData"); another
   * user's card, or one not on file, is CARD_NOT_FOUND.
   */
  getCard: action({
    path: '/api/user/retrieveSkyflowCredit',
    side: 'command',
    auth: 'user',
    input: CardIdInput,
    output: CardRecord,
    providerPaths: {
      stripe: stripeArea('source/retrieve', 'customer/source/retrieve', 'customer/payment_method/retrieve'),
    },
  }),
  /**
   * The caller as the provider's customer (seeds 001 §7 customer/create, paymentThird/stripe/customer/create,
   * paymentThird/cybersource addCustomer): the product makes the provider's customer with each card it
   * saves, so asking for one changes nothing and answers the card holder and their cards.
   */
  cardCustomer: action({
    path: '/api/user/cardCustomer',
    side: 'command',
    auth: 'user',
    input: EmptyInput,
    output: CardCustomer,
    providerPaths: {
      stripe: stripeArea('customer/create'),
      cybersource: ['/api/paymentThird/cybersource/addCustomer'],
    },
  }),
  deleteCard: action({
    path: '/api/user/deleteSkyflowCredit',
    side: 'command',
    money: true,
    auth: 'user',
    input: CardIdInput,
    output: CardList,
    providerPaths: {
      stripe: stripeArea(
        'source/delete',
        'customer/source/delete',
        'customer/payment_method/delete',
        'skyflow/deletePaymentMethod',
      ),
      cybersource: ['/api/paymentThird/cybersource/deleteCard'],
      versapay: ['/api/paymentThird/versapay/deleteCard'],
    },
  }),
  updateCard: action({
    path: '/api/user/updateSkyflowCredit',
    side: 'command',
    money: true,
    auth: 'user',
    input: UpdateCardInput,
    output: CardList,
    providerPaths: {
      stripe: stripeArea(
        'source/update',
        'customer/source/update',
        'customer/payment_method/update',
        'skyflow/updatePaymentMethod',
      ),
      cybersource: ['/api/paymentThird/cybersource/updateCard'],
      versapay: ['/api/paymentThird/versapay/updateCard'],
    },
  }),
  defaultCard: action({
    path: '/api/user/defaultSkyflowCard',
    side: 'command',
    money: true,
    auth: 'user',
    input: CardIdInput,
    output: CardList,
    providerPaths: {
      stripe: stripeArea('customer/payment_method/default'),
      versapay: ['/api/paymentThird/versapay/defaultCard'],
    },
  }),
} as const;
