import { randomBytes } from 'node:crypto';
import { type InviteDetails, t } from '@wine/contracts';
import { type Actor, inviteStream } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import {
  emailKey,
  secretKinds as kinds,
  type RequestContext,
  selfActor,
  sha256,
  type UserService,
} from '../user-service.ts';
import { inviteDecider } from './invitation.ts';

const INVITE_DAYS = 14;

/** An admin invites an address; the link carries a one-use token kept hashed in the secret store. */
export function invitationService(users: UserService) {
  const { clock, secrets, mailer, streams } = users;

  return {
    async invite(input: InviteDetails, request: RequestContext, admin: Actor) {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(clock.now().getTime() + INVITE_DAYS * 24 * 3600_000);
      await streams.handle(
        inviteStream(emailKey(input.email)),
        inviteDecider,
        {
          type: 'Invite',
          firstName: input.first_name,
          lastName: input.last_name,
          expiresAt: expiresAt.toISOString(),
          addressHasAccount: (await users.ownerOf(input.email)) !== null,
        },
        users.context(request, admin),
      );
      await secrets.put(kinds.invite, sha256(token), input, { expiresAt });
      await mailer.send({
        to: input.email,
        subject: t('mail.inviteSubject'),
        text: [
          t('mail.hello', { name: input.first_name }),
          '',
          t('mail.inviteBody', { days: INVITE_DAYS, link: `${users.publicUrl()}/invite?token=${token}` }),
        ].join('\n'),
      });
    },

    async details(token: string): Promise<InviteDetails> {
      const details = await secrets.get<InviteDetails>(kinds.invite, sha256(token));
      if (!details) throw new AppError('LINK_INVALID');
      return details;
    },

    /**
     * A registration with an invitation to its own address: the invitation is used up and accepted.
     * True when it was, so the address is proven.
     */
    async accept(
      registration: { email: string; invite_token?: string | undefined },
      userId: string,
      request: RequestContext,
    ): Promise<boolean> {
      if (!registration.invite_token) return false;
      const key = sha256(registration.invite_token);
      const invited = await secrets.get<InviteDetails>(kinds.invite, key);
      if (!invited || invited.email !== registration.email) return false;
      await secrets.delete(kinds.invite, key);
      await streams.handle(
        inviteStream(emailKey(registration.email)),
        inviteDecider,
        { type: 'Accept', userId },
        users.context(request, selfActor(userId)),
      );
      return true;
    },
  };
}

export type InvitationService = ReturnType<typeof invitationService>;
