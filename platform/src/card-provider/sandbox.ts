import { randomUUID } from 'node:crypto';
import { CardDeclinedError, type CardProvider, type NewCard, type ProviderCard } from './port.ts';

/**
 * The built-in `sandbox` provider, like a processor's test mode: the test numbers below are
 * accepted, 4000 0000 0000 0002 always declines, anything failing the Luhn check or expired is
 * refused; messages carry a reference as real providers' do.
 */
export const sandboxTestCards = {
  visa: '4242424242424242',
  mastercard: '5555555555554444',
  amex: '378282246310005',
  discover: '6011111111111117',
  declined: '4000000000000002',
} as const;

const luhn = (digits: string) => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
};

function brandOf(number: string): ProviderCard['brand'] {
  if (number.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (number.startsWith('6')) return 'discover';
  return 'other';
}

const expired = (month: number, year: number, now: Date) =>
  year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);

export function createSandboxCardProvider(): CardProvider {
  const cards = new Map<string, { expMonth: number; expYear: number }>();
  const refuse = (message: string): never => {
    throw new CardDeclinedError(`${message} REF: SBX-${randomUUID().slice(0, 8).toUpperCase()}`);
  };
  return {
    name: 'sandbox',
    async createCard(card: NewCard, now: Date) {
      const number = card.number.replace(/\D/g, '');
      if (number.length < 13 || number.length > 19 || !luhn(number)) refuse('Your card number is incorrect.');
      if (expired(card.expMonth, card.expYear, now)) refuse('Your card has expired.');
      const brand = brandOf(number);
      if (!/^\d+$/.test(card.cvc) || card.cvc.length !== (brand === 'amex' ? 4 : 3)) {
        refuse("Your card's security code is incorrect.");
      }
      if (number === sandboxTestCards.declined) refuse('Your card was declined.');
      const token = `card_sbx_${randomUUID().replaceAll('-', '')}`;
      cards.set(token, { expMonth: card.expMonth, expYear: card.expYear });
      return { token, brand, last4: number.slice(-4), expMonth: card.expMonth, expYear: card.expYear };
    },
    async updateCard(token, change, now) {
      if (expired(change.expMonth, change.expYear, now)) refuse('Your card has expired.');
      cards.set(token, { expMonth: change.expMonth, expYear: change.expYear });
    },
    async deleteCard(token) {
      cards.delete(token);
    },
  };
}
