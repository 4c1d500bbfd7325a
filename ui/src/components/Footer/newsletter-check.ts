import { NewsletterInput } from '@wine/contracts';

/**
 * The newsletter address checked by the contract's own schema (its messages: 'Required', 'Invalid
 * email format'). Its own module, loaded when the field is first checked: the footer is on every
 * page's first load, zod and the schemas are not (issue 11).
 */
export function checkNewsletter(email: string): { input: NewsletterInput } | { error: string } {
  const result = NewsletterInput.safeParse({ email });
  if (result.success) return { input: result.data };
  return { error: result.error.issues[0]?.message ?? '' };
}
