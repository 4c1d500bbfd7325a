import { actions, checkoutMessages, t } from '@wine/contracts';
import { giftCardStream, walletStream } from '@wine/event-schemas';
import { AppError, registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { MoneyDeps } from '../checkout/money-deps.ts';
import { commandContext, followUp } from '../core/command-context.ts';
import { refuseOwnMoneyRecord } from '../core/separation-of-duties.ts';
import { accountRateLimits } from '../users/rate-limits.ts';
import type { SessionAuth } from '../users/session/session-auth.ts';
import { actorOf } from '../users/user-service.ts';
import { walletDecider } from '../wallets/wallet.ts';
import { codeHash, giftCardCode, normaliseCode } from './codes.ts';
import { giftCardDecider } from './giftcard.ts';

export interface GiftCardRouteDeps {
  money: MoneyDeps;
  auth: SessionAuth;
  /** The key codes are derived with (from the server's session secret, never stored in the log). */
  codeKey: string;
  /** Redemptions per minute per client and session: codes are not to be guessed. */
  rateLimit: number;
}

/** DOMAIN.md "Money": an admin issues gift cards; a buyer redeems one into the wallet, once. */
export const giftCardRoutes: FastifyPluginAsync<GiftCardRouteDeps> = async (app, deps) => {
  const { money, auth, codeKey } = deps;
  const { streams, clock } = money;

  registerAction(app, actions.issueGiftCards, auth, async (input, ctx) => {
    const now = clock.now();
    const admin = auth.adminOf(ctx.request);
    const cards = [];
    for (let i = 0; i < input.count; i++) {
      const code = giftCardCode(codeKey, ctx.commandId, i);
      const hash = codeHash(code);
      const giftCardId = `GC-${hash.slice(0, 12).toUpperCase()}`;
      const last4 = normaliseCode(code).slice(-4);
      await streams.handle(
        giftCardStream(hash),
        giftCardDecider,
        { type: 'IssueGiftCard', giftCardId, last4, amount: input.amount },
        commandContext(followUp(ctx, `card-${i}`), admin, now),
      );
      cards.push({ id: giftCardId, code, last4, amount: input.amount });
    }
    ctx.setMessage(t('checkout.giftCardsIssued', { count: cards.length }));
    return { cards };
  });

  registerAction(
    app,
    actions.addGiftCardWalletBalance,
    auth,
    async (input, ctx) => {
      const session = auth.sessionOf(ctx.request);
      const userId = session.user.id;
      const now = clock.now();
      const hash = codeHash(input.code);
      if (normaliseCode(input.code).length !== 16) throw new AppError('GIFT_CARD_UNKNOWN');
      const card = await streams.load(giftCardStream(hash), giftCardDecider);
      const entryId = `gift:${hash.slice(0, 40)}`;
      // The same buyer's card: a retry of the request that redeemed it (its x-command-id) answers as
      // that request did, and a redemption cut off before its credit is finished; otherwise it was
      // redeemed before, and is said so (issue 31: 'added' for a card that added nothing misled).
      const already = card.status === 'redeemed' && card.userId === userId;
      if (already) {
        const events = await streams.store.readStream(giftCardStream(hash));
        const redeeming = events.find((e) => e.type === 'GiftCardRedeemed');
        const wallet = await streams.load(walletStream(userId), walletDecider);
        const retry = redeeming?.metadata.commandId === ctx.commandId;
        if (!retry && wallet.entries.has(entryId)) throw new AppError('GIFT_CARD_REDEEMED');
      } else {
        // Separation of duties: the admin who issued a card does not put it in their own wallet.
        const [issued] = await streams.store.readStream(giftCardStream(hash));
        if (issued) refuseOwnMoneyRecord(issued.metadata.actor.id, [userId]);
        await streams.handle(
          giftCardStream(hash),
          giftCardDecider,
          { type: 'RedeemGiftCard', userId },
          commandContext(ctx, actorOf(session), now),
        );
      }
      const redeemed = await streams.load(giftCardStream(hash), giftCardDecider);
      if (redeemed.status !== 'redeemed') throw new AppError('GIFT_CARD_UNKNOWN');
      const entry = {
        entryId,
        amount: redeemed.amount,
        source: 'giftcard' as const,
        reference: redeemed.giftCardId,
      };
      await streams.handle(
        walletStream(userId),
        walletDecider,
        { type: 'Credit', entry },
        commandContext(followUp(ctx, 'wallet'), actorOf(session), now),
      );
      ctx.setMessage(checkoutMessages.giftCardAdded);
      return { balance: (await streams.load(walletStream(userId), walletDecider)).balance };
    },
    accountRateLimits(deps.rateLimit).bySession,
  );
};
