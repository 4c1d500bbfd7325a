/**
 * Issue 36: the lot page's "Make an offer" and its dialog, in English (the storefront's first load
 * carries them: the lot page opens the dialog).
 */
export const offerBoxForEnglish = {
  makeOffer: 'Make an offer',
  loginToOffer: 'Login to make an offer',
  hint: 'Offer your own price a bottle: the seller accepts, declines or counters.',
  dialogTitle: 'Make an offer on {{title}}',
  asking: 'Asking price: {{price}} a bottle',
  noAsking: 'This lot has no asking price: offer what it is worth to you.',
  available: 'Bottles available: {{n}}',
  price: 'Your price a bottle',
  priceHint: 'In dollars, such as 85 or 85.50',
  quantity: 'Bottles',
  total: 'Your offer in all: {{total}}',
  noCharge: 'Nothing is charged until your offer is accepted.',
  expires: 'The offer expires in 48 hours if it is not answered.',
  send: 'Send offer',
  seeOffers: 'See my offers',
  close: 'Close',
  /** Issue 36 §5: the lot page of a private sale, seen by its invited buyers. */
  privateSale: 'Private sale',
  privateSaleLine: 'Offered privately to invited buyers',
} as const;
