/**
 * seeds 001 "Payments" payment/authorize, in English: the total held on a card on file before paying
 * (the checkout of an auction or offers' cart), shown on the card, given back by the buyer.
 */
export const cardHoldsForEnglish = {
  hold: 'Hold the total on this card',
  holdHint: 'Nothing is taken now: paying these invoices with this card within 7 days takes the hold.',
  held: '{{amount}} held until {{date}}',
  heldOnCard: '{{amount}} held on this card until {{date}}: paying with it takes the hold.',
  release: 'Give the hold back',
  releaseOf: 'Give the hold back: {{amount}} on {{card}}',
};
