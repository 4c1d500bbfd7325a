import { queryOptions } from '@tanstack/react-query';
import { Email } from '@wine/contracts';
import { call } from '../../api/client.ts';
import { actionKey } from '../../api/queries.ts';

/** Issue 36 §5: who may see and buy a private sale, first invited first (admins). */
export const privateSaleGuestsQuery = (id: string) =>
  queryOptions({
    queryKey: actionKey('privateSaleGuests', { id }),
    queryFn: ({ signal }) => call('privateSaleGuests', { id }, { signal }),
  });

/** The addresses typed, and the words among them that are not addresses. */
export interface ParsedEmails {
  emails: string[];
  invalid: string[];
}

/**
 * The invitation form's addresses, one a line or separated by commas (or semicolons, as mail programs
 * copy them): each checked by the contract's schema (trimmed, in lower case), each address once.
 */
export function parseEmails(text: string): ParsedEmails {
  const emails = new Set<string>();
  const invalid: string[] = [];
  for (const word of text.split(/[\s,;]+/)) {
    if (!word) continue;
    const parsed = Email.safeParse(word);
    if (parsed.success) emails.add(parsed.data);
    else invalid.push(word);
  }
  return { emails: [...emails], invalid };
}
