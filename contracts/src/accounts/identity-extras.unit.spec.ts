import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  CheckValidationInput,
  SendPhoneLoginCodeInput,
  UpdateProfileKycInput,
  VerifyPhoneLoginCodeInput,
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

describe('checkValidation input', () => {
  it('takes an e-mail or a phone, as it would be kept', () => {
    expect(CheckValidationInput.parse({ email: ' Ann@Example.COM ' })).toEqual({
      email: 'ann@example.com',
      country_code: '+1',
    });
    expect(CheckValidationInput.parse({ phone: '(312) 555-0100', country_code: '+44' })).toEqual({
      phone: '3125550100',
      country_code: '+44',
    });
  });

  it('asks for one of them, one at a time', () => {
    expect(refusal(CheckValidationInput, {})).toEqual({ email: ['Required!'] });
    expect(refusal(CheckValidationInput, { email: 'a@b.co', phone: '3125550100' })).toEqual({
      phone: ['Check an e-mail or a phone, one at a time'],
    });
  });
});

describe('sign-in by a phone code', () => {
  it('takes a 10-digit number and a 6-digit code', () => {
    expect(SendPhoneLoginCodeInput.parse({ phone: '312.555.0100' })).toEqual({
      phone: '3125550100',
      country_code: '+1',
    });
    expect(refusal(VerifyPhoneLoginCodeInput, { phone: '312555', code: '12345' })).toEqual({
      phone: ['Enter a 10 digit phone number'],
      code: ['Enter the 6 digit code'],
    });
  });
});

describe('the identity details of the profile', () => {
  const details = { date_of_birth: '1980-05-17', nationality: 'es', id_type: 'passport', id_last4: 'x12a' };

  it('keeps the nationality as its code and the last 4 characters in capitals', () => {
    expect(UpdateProfileKycInput.parse(details)).toEqual({
      date_of_birth: '1980-05-17',
      nationality: 'ES',
      id_type: 'passport',
      id_last4: 'X12A',
    });
    expect(UpdateProfileKycInput.parse({ date_of_birth: '1980-05-17', nationality: 'US' })).toMatchObject({
      id_type: null,
      id_last4: null,
    });
  });

  it('never takes more of the document number than its last 4 characters', () => {
    expect(refusal(UpdateProfileKycInput, { ...details, id_last4: 'X12345' })).toEqual({
      id_last4: ['Enter the last 4 letters or digits of the document number'],
    });
    expect(refusal(UpdateProfileKycInput, { ...details, id_number: 'X1234567' })).toHaveProperty('');
  });

  it('asks for the document type and its last 4 characters together', () => {
    expect(refusal(UpdateProfileKycInput, { ...details, id_type: null })).toEqual({
      id_type: ['Give the document type and the last 4 characters together'],
    });
    expect(refusal(UpdateProfileKycInput, { ...details, id_last4: null })).toEqual({
      id_last4: ['Give the document type and the last 4 characters together'],
    });
  });

  it('refuses a date of birth before 1900 and a nationality that is not a country code', () => {
    expect(refusal(UpdateProfileKycInput, { ...details, date_of_birth: '1899-12-31' })).toEqual({
      date_of_birth: ['Enter a date of birth from 1900-01-01 on'],
    });
    expect(refusal(UpdateProfileKycInput, { ...details, nationality: 'Spain' })).toEqual({
      nationality: ['Choose a country'],
    });
  });
});
