import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AddCardInput,
  AddCompanyOwnerInput,
  CardDetails,
  extraFieldsSchema,
  InviteUserInput,
  RegisterInput,
  RunKycCheckInput,
  UpdateCardInput,
  UpdateProfileInput,
  UserAddressInput,
} from '../index.ts';

/** The messages of a refused input, by field. */
function refusal(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const byField: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.');
    byField[field] = [...(byField[field] ?? []), issue.message];
  }
  return byField;
}

const registration = {
  first_name: 'Zoë',
  last_name: 'O’Brien',
  email: 'zoe@example.com',
  password: 'correct horse',
  confirm_password: 'correct horse',
  terms: true,
};

const card = {
  card_number: '4242 4242 4242 4242',
  exp_month: '09',
  exp_year: '2031',
  cvv: '123',
  name_on_card: 'Zoë O’Brien',
};

describe('names on the account forms', () => {
  it('accepts accented, curly-apostrophe and non-Latin names', () => {
    const parsed = RegisterInput.parse({ ...registration, first_name: ' Zoë ', last_name: 'Ñúñez-Đặng' });
    expect(parsed.first_name).toBe('Zoë');
    expect(parsed.last_name).toBe('Ñúñez-Đặng');
  });

  it('refuses a control, bidi or invisible character in either name, naming the field', () => {
    expect(refusal(RegisterInput, { ...registration, first_name: 'Zo\u0000ë', last_name: '\u200b' })).toEqual(
      {
        first_name: ['First name contains characters that are not allowed'],
        last_name: ['Last name contains characters that are not allowed'],
      },
    );
    expect(refusal(UpdateProfileInput, { last_name: 'Smith\u202e' })).toEqual({
      last_name: ['Last name contains characters that are not allowed'],
    });
    expect(
      refusal(InviteUserInput, { email: 'a@example.com', first_name: 'Ann\u0008', last_name: 'Lee' }),
    ).toEqual({ first_name: ['First name contains characters that are not allowed'] });
  });

  it('still answers Required! for an empty name', () => {
    expect(refusal(InviteUserInput, { email: 'a@example.com', first_name: ' ', last_name: 'Lee' })).toEqual({
      first_name: ['Required!'],
    });
  });

  it('refuses hidden characters in a free-text registration question', () => {
    expect(refusal(extraFieldsSchema(), { company_name: 'Acme\u2066 Wines' })).toEqual({
      company_name: ['Company (buying for a business) contains characters that are not allowed'],
    });
    expect(extraFieldsSchema().parse({ company_name: 'Château Margaux SA' })).toEqual({
      company_name: 'Château Margaux SA',
    });
  });
});

describe('addresses and company owners', () => {
  const address = { address1: '1 Rue du Château', city: 'Saint-Émilion', state: 'CA', zip: '94110' };

  it('accepts an ordinary address', () => {
    expect(UserAddressInput.parse(address)).toMatchObject(address);
    expect(RunKycCheckInput.parse({ ...address, date_of_birth: '1980-01-31' })).toMatchObject(address);
  });

  it('refuses hidden characters in each address line', () => {
    expect(
      refusal(UserAddressInput, {
        ...address,
        address1: '1 Main\u0000St',
        city: 'Napa\u200f',
        state: 'C\u00adA',
        full_address: 'x\u202ey',
      }),
    ).toEqual({
      address1: ['Address contains characters that are not allowed'],
      city: ['City contains characters that are not allowed'],
      state: ['State contains characters that are not allowed'],
      full_address: ['Full address contains characters that are not allowed'],
    });
    expect(
      refusal(RunKycCheckInput, { ...address, date_of_birth: '1980-01-31', country: 'U\u200bS' }),
    ).toEqual({
      country: ['Country contains characters that are not allowed'],
    });
  });

  it('refuses hidden characters in an owner name or title', () => {
    expect(
      refusal(AddCompanyOwnerInput, { name: 'Zoë\u0007', title: 'CEO\u2069', ownership_percent: 50 }),
    ).toEqual({
      name: ['Name contains characters that are not allowed'],
      title: ['Title contains characters that are not allowed'],
    });
    expect(
      AddCompanyOwnerInput.parse({
        name: 'Zoë O’Brien',
        title: 'Directrice générale',
        ownership_percent: 50,
      }),
    ).toMatchObject({ name: 'Zoë O’Brien', title: 'Directrice générale' });
  });
});

describe('a new card on file (issue 35: a provider token, never the number)', () => {
  it('takes a token and the name, and refuses the card fields and odd tokens', () => {
    expect(AddCardInput.parse({ card_token: 'pm_1AbC9', name_on_card: 'Zoë' })).toEqual({
      card_token: 'pm_1AbC9',
      name_on_card: 'Zoë',
    });
    expect(
      AddCardInput.safeParse({ card_token: 'pm_1AbC9', name_on_card: 'Z', card_number: '4242424242424242' })
        .success,
    ).toBe(false);
    for (const card_token of ['', 'pm 1', 'x'.repeat(4097), '<script>', 'tok|1', 'a/b']) {
      expect(refusal(AddCardInput, { card_token, name_on_card: 'Zoë' })).toHaveProperty('card_token');
    }
  });
});

describe('card expiry', () => {
  it('accepts whole numbers and the digits a select sends', () => {
    expect(CardDetails.parse(card)).toMatchObject({ exp_month: 9, exp_year: 2031 });
    expect(CardDetails.parse({ ...card, exp_month: 12, exp_year: 2030 })).toMatchObject({
      exp_month: 12,
      exp_year: 2030,
    });
  });

  it.each([
    ['hex', '0x0C'],
    ['a list', [12]],
    ['a boolean', true],
    ['padded text', ' 12 '],
    ['an exponent', '1e1'],
    ['a fraction', 1.5],
    ['a decimal string', '12.0'],
    ['an empty string', ''],
    ['null', null],
    ['out of range', 13],
    ['zero', '0'],
  ])('refuses %s as a month', (_, exp_month) => {
    expect(refusal(CardDetails, { ...card, exp_month })).toEqual({ exp_month: ['Invalid month'] });
    expect(
      refusal(UpdateCardInput, { id: 'card-1', exp_month, exp_year: 2031, name_on_card: 'Zoë' }),
    ).toEqual({
      exp_month: ['Invalid month'],
    });
  });

  it.each([['0x7EF'], [[2031]], [false], ['2031 '], ['1999'], [2101], ['']])(
    'refuses %j as a year',
    (exp_year) => {
      expect(refusal(CardDetails, { ...card, exp_year })).toEqual({ exp_year: ['Invalid year'] });
    },
  );

  it('refuses hidden characters in the name on the card', () => {
    expect(refusal(CardDetails, { ...card, name_on_card: 'ZOE\u200b' })).toEqual({
      name_on_card: ['Name on card contains characters that are not allowed'],
    });
  });
});
