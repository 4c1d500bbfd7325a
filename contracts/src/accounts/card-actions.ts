import { action } from '../action.ts';
import { AddCardInput, CardIdInput, CardList, CardProviderInfo, UpdateCardInput } from './cards.ts';
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
