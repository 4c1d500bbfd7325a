import { textsOf } from '../i18n/index.ts';

/** The texts of carts, checkout and payments, read in the caller's language when shown. */
export const checkoutMessages = textsOf('checkout');
