import { action } from '../action.ts';
import {
  AddCardInput,
  CardCaptureContext,
  CardIdInput,
  CardList,
  CardProviderInfo,
  UpdateCardInput,
} from './cards.ts';
import { EmptyInput } from './fields.ts';

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
      stripe: ['/api/paymentThird/stripe/source/create'],
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
  getCards: action({
    path: '/api/user/getSkyflowCredit',
    side: 'command',
    auth: 'user',
    input: EmptyInput,
    output: CardList,
    providerPaths: {
      stripe: ['/api/paymentThird/stripe/source/list'],
      cybersource: ['/api/paymentThird/cybersource/listCard'],
      versapay: ['/api/paymentThird/versapay/listCard'],
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
      stripe: ['/api/paymentThird/stripe/source/delete'],
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
      stripe: ['/api/paymentThird/stripe/source/update'],
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
    providerPaths: { versapay: ['/api/paymentThird/versapay/defaultCard'] },
  }),
} as const;
