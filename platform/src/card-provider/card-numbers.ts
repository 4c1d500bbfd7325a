/** What a test network reads off a card number (the sandbox, the vendors' doubles): never stored. */

/** The Luhn check every card number passes. */
export function luhn(digits: string): boolean {
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
}

/** The card's brand by its leading digits (the networks' ranges the test cards use). */
export function brandOf(number: string): 'visa' | 'mastercard' | 'amex' | 'discover' | 'other' {
  if (number.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (number.startsWith('6')) return 'discover';
  return 'other';
}
