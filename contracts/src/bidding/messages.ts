import { t, textsOf } from '../i18n/index.ts';
import { formatMoney, MAX_BID_CENTS } from '../money.ts';

/*
 * The bidding and buy-now texts, read in the caller's language when shown (as money/messages.ts):
 * apart from the schemas, so a page that shows them does not load zod with them (issue 11).
 */

/** The bidding texts of seeds 000 §4.2, §5 and §8, and the refusals DOMAIN.md asks to be clear. */
export const bidMessages = textsOf('bid', {
  minBid: (cents: number) => t('bid.minBid', { amount: formatMoney(cents) }),
  maxNotHigher: (cents: number) => t('bid.maxNotHigher', { amount: formatMoney(cents) }),
  wrongType: (type: 'proxy' | 'hard') => t('bid.wrongType', { type }),
  /** Read when shown: the cap in the current language's wording. */
  get capped() {
    return t('bid.capped', { amount: formatMoney(MAX_BID_CENTS) });
  },
});

/** seeds 000 §4.2 bidtopstatus. */
export type BidTopStatus = 'winner' | 'outbid' | 'won' | 'lost';
const statusTexts = { outbid: 'outbid', winner: 'winning', won: 'won', lost: 'lost' } as const;
export const bidStatusMessage: Readonly<Record<BidTopStatus, string>> = Object.defineProperties(
  {} as Record<BidTopStatus, string>,
  Object.fromEntries(
    Object.entries(statusTexts).map(([status, key]) => [
      status,
      { enumerable: true, get: () => t(`bid.${key}`) },
    ]),
  ),
);

/** seeds 000 §4.4, §5 and §8: the buy-now texts. */
export const buyNowMessages = textsOf('buyNow', {
  minQuantity: (n: number) => t('buyNow.minQuantity', { count: n }),
  maxQuantity: (n: number) => t('buyNow.maxQuantity', { count: n }),
});
