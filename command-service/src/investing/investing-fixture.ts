import type { InvestorDetails } from '@wine/contracts';

// Specs only: what the investing specs send North Capital's sandbox, and how they read its answers.

/** A person as onboarding takes them: a US citizen in Chicago (no SSN: a spec adds one when it wants). */
export const person = (first: string, last: string, email: string) => ({
  first_name: first,
  last_name: last,
  email,
  dob: '1980-04-12',
  domicile: 'us_citizen' as const,
  address1: '233 S Wacker Dr',
  city: 'Chicago',
  state: 'IL',
  zip: '60606',
});

/** North Capital's sandbox accredits by this file name; its upload wants more than 1 kB. */
export const evidence = (name = 'Test_Approved_All.pdf') => ({
  file_name: name,
  content_type: 'application/pdf' as const,
  content_base64: Buffer.from(`%PDF-1.4\n${'x'.repeat(1_200)}\n%%EOF\n`).toString('base64'),
});

export const bank = {
  holder_name: 'Ivy Investor',
  routing_number: '021000021',
  account_number: '123456789',
  account_type: 'checking' as const,
};

/** The investor's details an answer carries. */
export const details = (answer: { body: { data: { responseData: unknown } } }) =>
  answer.body.data.responseData as InvestorDetails;
