import { randomBytes } from 'node:crypto';
import { actions, defaultLanguage, type Language, t, tIn } from '@wine/contracts';
import { lotStream, userStream } from '@wine/event-schemas';
import { AppError, type Clock, type Mailer, registerAction, type SecretStore } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import { commandContext } from '../core/command-context.ts';
import type { Streams } from '../core/command-handler.ts';
import { derivedId } from '../core/derived-id.ts';
import { lotDecider } from '../lots/decide.ts';
import { userDecider } from '../users/decide.ts';
import type { SessionAuth } from '../users/session/session-auth.ts';
import { actorOf, secretKinds, sha256 } from '../users/user-service.ts';

export interface PrivateSaleRouteDeps {
  streams: Streams;
  clock: Clock;
  secrets: SecretStore;
  mailer: Mailer;
  auth: SessionAuth;
  publicUrl: () => string;
  /** The user who holds an address, or null. */
  ownerOf: (email: string) => Promise<string | null>;
}

/** The secret store's kind for private-sale links (a hash of the token; the link works once). */
const PRIVATE_SALE_LINK = secretKinds.privateSaleLink;
const LINK_DAYS = 30;

/**
 * Issue 36 §5: an admin invites buyers to a private sale, by user or by a list of addresses. Invited
 * users (and addresses that have an account) may see and buy the lot at once and are mailed its link;
 * an address without an account is mailed a one-use link, which the buyer opens signed in to join.
 * Each mail follows a write of this request (a retry, with the same x-command-id, mails nothing again).
 */
export const privateSaleRoutes: FastifyPluginAsync<PrivateSaleRouteDeps> = async (app, deps) => {
  const { streams, clock, secrets, mailer, auth, publicUrl, ownerOf } = deps;

  async function mail(
    to: string,
    language: Language,
    name: string | null,
    title: string,
    link: string,
    token: boolean,
  ) {
    const say = (key: Parameters<typeof tIn>[1], options?: Record<string, unknown>) =>
      tIn(language, key, options);
    const lines = [
      ...(name ? [say('mail.hello', { name }), ''] : []),
      say('offers.mailPrivateBody', { title }),
      say(token ? 'offers.mailPrivateTokenLink' : 'offers.mailPrivateLink', { link }),
    ];
    await mailer.send({ to, subject: say('offers.mailPrivateSubject', { title }), text: lines.join('\n') });
  }

  registerAction(app, actions.invitePrivateSale, auth, async (input, ctx) => {
    const now = clock.now();
    const admin = auth.adminOf(ctx.request);
    const lot = await streams.load(lotStream(input.id), lotDecider);
    if (lot.status === 'empty') throw new AppError('LOT_NOT_FOUND');
    if (lot.lot.privateSale !== true) throw new AppError('NOT_PRIVATE_SALE');
    const users = new Set<string>();
    for (const id of input.user_ids) {
      const user = await streams.load(userStream(id), userDecider);
      if (!user.email) throw new AppError('USER_NOT_FOUND', { field: 'user_ids' });
      users.add(id);
    }
    const strangers: string[] = [];
    for (const email of new Set(input.emails)) {
      const owner = await ownerOf(email);
      if (owner) users.add(owner);
      else strangers.push(email);
    }
    const context = commandContext(ctx, admin, now);
    const invited =
      users.size > 0
        ? await streams.handle(
            lotStream(input.id),
            lotDecider,
            { type: 'InviteToPrivateSale', userIds: [...users] },
            context,
          )
        : null;
    const title = lot.lot.title;
    const lotLink = `${publicUrl()}/productview/${encodeURIComponent(input.id)}`;
    if (invited && !invited.replayed) {
      for (const event of invited.events) {
        if (event.type !== 'PrivateSaleInvited') continue;
        for (const userId of event.data.userIds) {
          const user = await streams.load(userStream(userId), userDecider);
          if (user.email)
            await mail(user.email, user.preferences.language, user.firstName, title, lotLink, false);
        }
      }
    }
    let links = 0;
    for (const email of strangers) {
      const invitationId = derivedId('PS', input.id, ctx.commandId, email);
      const recorded = await streams.handle(
        lotStream(input.id),
        lotDecider,
        { type: 'RecordPrivateSaleLink', invitationId },
        { ...context, commandId: `${ctx.commandId}:link:${invitationId}` },
      );
      if (recorded.replayed) continue;
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + LINK_DAYS * 24 * 3600_000);
      await secrets.put(PRIVATE_SALE_LINK, sha256(token), { lotId: input.id, invitationId }, { expiresAt });
      await mail(email, defaultLanguage, null, title, `${publicUrl()}/private-sale?token=${token}`, true);
      links += 1;
    }
    ctx.setMessage(t('offers.invitedSent'));
    return { invited: users.size, links };
  });

  registerAction(app, actions.joinPrivateSale, auth, async (input, ctx) => {
    const session = auth.sessionOf(ctx.request);
    // One use: the first buyer who opens it signed in takes it; a second use finds nothing.
    const link = await secrets.take<{ lotId: string; invitationId: string }>(
      PRIVATE_SALE_LINK,
      sha256(input.token),
    );
    if (!link) throw new AppError('PRIVATE_SALE_LINK_USED');
    await streams.handle(
      lotStream(link.lotId),
      lotDecider,
      { type: 'JoinPrivateSale', userId: session.user.id, invitationId: link.invitationId },
      commandContext(ctx, actorOf(session), clock.now()),
    );
    ctx.setMessage(t('offers.joined'));
    return { product_id: link.lotId };
  });
};
