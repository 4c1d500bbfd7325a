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

/** Cards on file (seeds 001 §7 "Card-vault"), through the card-provider port. */
export const cardActions = {
  addCard: action({
    path: '/api/user/addSkyflowCredit',
    side: 'command',
    money: true,
    auth: 'user',
    input: AddCardInput,
    output: CardList,
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
   * context); CARD_PROVIDER_NO_CONTEXT for the others.
   */
  cardCaptureContext: action({
    path: '/api/user/cardCaptureContext',
    side: 'command',
    auth: 'user',
    input: EmptyInput,
    output: CardCaptureContext,
  }),
  getCards: action({
    path: '/api/user/getSkyflowCredit',
    side: 'command',
    auth: 'user',
    input: EmptyInput,
    output: CardList,
  }),
  deleteCard: action({
    path: '/api/user/deleteSkyflowCredit',
    side: 'command',
    money: true,
    auth: 'user',
    input: CardIdInput,
    output: CardList,
  }),
  updateCard: action({
    path: '/api/user/updateSkyflowCredit',
    side: 'command',
    money: true,
    auth: 'user',
    input: UpdateCardInput,
    output: CardList,
  }),
  defaultCard: action({
    path: '/api/user/defaultSkyflowCard',
    side: 'command',
    money: true,
    auth: 'user',
    input: CardIdInput,
    output: CardList,
  }),
} as const;
