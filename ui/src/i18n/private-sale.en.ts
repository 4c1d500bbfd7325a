/**
 * Issue 36 §4, §5: the lot editor's offer answers and private-sale switch, the admin's private-sale
 * card (guests, invitations) and second chance, and the buyer's invitation link (/private-sale), in
 * English. The lot page's badge is in offer-box.en.ts (the storefront's first load).
 */
export const privateSaleForEnglish = {
  /** /private-sale?token=: the link mailed to an address without an account. */
  pageTitle: 'Private sale invitation',
  title: 'You are invited to a private sale',
  intro:
    'A lot is offered privately to invited buyers. Open it with this link, once: it then stays in your account.',
  signInFirst:
    'Sign in, or create your account, to open the private sale. Keep this link: it brings you back here.',
  signIn: 'Sign in',
  register: 'Create an account',
  open: 'Open the private sale',
  noToken: 'This link is incomplete: open the link from your e-mail again.',
  tryAgain: 'Try again',
  loadingAccount: 'Loading your account',
  /** The lot editor (admins' and sellers'). */
  offers: 'Offers',
  offersHint:
    'Answer offers at once: an offer at or above the auto-accept price is accepted, one below the auto-decline price is declined; any other waits for your answer. Leave a price empty to answer those offers yourself. Buyers never see these prices.',
  autoAccept: 'Auto-accept at (a bottle)',
  autoDecline: 'Auto-decline below (a bottle)',
  privateSale: 'Private sale',
  privateSaleHint:
    'Only the buyers you invite see and buy this lot, by offer or at its price. This cannot change once the lot is listed.',
  noAuction: 'A private sale is sold at a fixed price and by offers, never at auction.',
  badge: 'Private sale',
  /** The staff's list of lots. */
  listBadge: 'Private',
  /** The admin's lot page: offers, the second chance and the private sale's guests. */
  offersCard: 'Offers',
  offersOnLot: 'Offers on this lot',
  secondChance: 'Second chance',
  secondChanceHint:
    'The auction closed unsold: offer the lot to its top bidder, whose bid was below the reserve.',
  secondChanceTitle: 'Second chance for {{title}}',
  secondChanceIntro:
    'The top bidder is offered every bottle left at this price; the offer expires in 48 hours if it is not answered.',
  reserveIs: 'The reserve: {{price}}',
  noReserve: 'This lot has no reserve: name a price.',
  price: 'Price',
  priceHint: 'In dollars; leave it empty to offer the lot at its reserve.',
  sendSecondChance: 'Offer to the top bidder',
  secondChanceSent: 'Second-chance offer sent to the top bidder',
  guestsTitle: 'Private sale',
  guestsIntro: 'Only these buyers see this lot and may buy it.',
  guestsLoading: 'Loading the guests',
  noGuests: 'Nobody is invited yet.',
  guestsTable: 'Guests of the private sale',
  since: 'since {{at}}',
  joinedBy: { invite: 'Invited', link: 'Opened a link' },
  linksSent: 'Links mailed to addresses without an account: {{n}}',
  inviteTitle: 'Invite buyers',
  emails: 'E-mail addresses',
  emailsHint:
    'One a line, or separated by commas. A buyer with an account sees the lot at once; any other address is mailed a link that works once.',
  notEmails: 'Not e-mail addresses: {{list}}',
  invite: 'Invite',
  invited: 'Buyers invited: {{invited}}. Links mailed: {{links}}.',
} as const;
