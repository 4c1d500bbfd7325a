import { textsOf } from '../i18n/index.ts';

/**
 * seeds 001 §5: the messages of the account forms, in the current language (i18n/for-english.ts).
 * Apart from the schemas (fields.ts), so a page that shows one does not load zod with it (issue 11).
 */
export const accountMessages = textsOf('account');
