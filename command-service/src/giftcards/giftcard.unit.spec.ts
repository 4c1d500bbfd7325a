import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../core/decider-spec.ts';
import { codeHash, giftCardCode, normaliseCode } from './codes.ts';
import { giftCardDecider } from './giftcard.ts';

const spec = deciderSpec(giftCardDecider);
const issued = {
  type: 'GiftCardIssued',
  data: { giftCardId: 'GC-1', last4: 'ABCD', amount: 5_000 },
} as const;

describe('gift cards', () => {
  it('are issued once and redeemed once', () => {
    spec([]).when({ type: 'IssueGiftCard', giftCardId: 'GC-1', last4: 'ABCD', amount: 5_000 }).then([issued]);
    spec([issued]).when({ type: 'IssueGiftCard', giftCardId: 'GC-1', last4: 'ABCD', amount: 5_000 }).then([]);
    spec([issued])
      .when({ type: 'RedeemGiftCard', userId: 'ann' })
      .then([{ type: 'GiftCardRedeemed', data: { userId: 'ann', amount: 5_000 } }]);
    spec([issued, { type: 'GiftCardRedeemed', data: { userId: 'ann', amount: 5_000 } }])
      .when({ type: 'RedeemGiftCard', userId: 'bob' })
      .thenThrows({ code: 'GIFT_CARD_REDEEMED', message: 'This gift card was already redeemed' });
  });

  it('refuses a code nobody issued', () => {
    spec([]).when({ type: 'RedeemGiftCard', userId: 'ann' }).thenThrows({ code: 'GIFT_CARD_UNKNOWN' });
  });

  it('makes 16-character codes from a key, the same for the same request, read back however typed', () => {
    const code = giftCardCode('key', 'cmd-1', 0);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(giftCardCode('key', 'cmd-1', 0)).toBe(code);
    expect(giftCardCode('key', 'cmd-1', 1)).not.toBe(code);
    expect(giftCardCode('other-key', 'cmd-1', 0)).not.toBe(code);
    expect(codeHash(` ${code.toLowerCase().replaceAll('-', ' ')} `)).toBe(codeHash(code));
    expect(normaliseCode('ol-IL')).toBe('0111');
  });
});
