import { type RecordedEvent, userStream } from '@wine/event-schemas';
import type { Clock, Logger } from '@wine/platform';
import type { Streams } from '../core/command-handler.ts';
import { derivedId } from '../core/derived-id.ts';
import type { LogFeed, LogFollower } from '../core/follow-log.ts';
import { userDecider } from '../users/decide.ts';
import { contactDecider, contactStreamOf } from './contact.ts';

export interface RegisteredContactDeps {
  streams: Streams;
  clock: Clock;
  logger: Logger;
}

const system = { kind: 'system', id: 'newsletter:registered' } as const;
/** The sign-up of an account's contact: its user id, so the contact's log says whose account it is. */
export const registeredSignUpId = (userId: string) => `user-${userId}`;

/**
 * seeds 001 §7 "addcontacts (only for User, Subscriber, Registered)": an account registered with the
 * newsletter ticked becomes a Registered marketing contact once its e-mail is verified (the
 * verification is the double opt-in's confirmation), and the delivery process sends it on like any
 * confirmed contact. The command id is derived from the user, so a replay or a second instance adds it
 * once; an account verified while this process was stopped is added when it starts (the log is read
 * from its start, and a contact already added for the account is not added again).
 */
export function registeredContacts(deps: RegisteredContactDeps, feed: LogFeed): LogFollower {
  const { streams, clock, logger } = deps;
  const due = new Set<string>();
  /** Accounts registered with the newsletter ticked, whose e-mail is not verified yet. */
  const ticked = new Set<string>();
  let live = false;
  let chain: Promise<void> = Promise.resolve();

  function follow(event: RecordedEvent) {
    // Only the accounts registered with the newsletter ticked: a start does not load every verified user.
    if (event.type === 'UserRegistered' && (event.data as { newsletter?: boolean }).newsletter) {
      ticked.add(event.streamName.slice('user-'.length));
    } else if (event.type === 'EmailVerified' && event.streamName.startsWith('user-')) {
      const userId = event.streamName.slice('user-'.length);
      if (!ticked.delete(userId)) return;
      due.add(userId);
      if (live) enqueue(userId);
    } else if (event.type === 'NewsletterContactAdded') {
      const { signUpId } = event.data as { signUpId?: string };
      if (signUpId?.startsWith('user-')) due.delete(signUpId.slice('user-'.length));
    }
  }

  function enqueue(userId: string) {
    chain = chain
      .then(() => add(userId))
      .catch((error) =>
        logger.error({ err: error, userId }, 'a registered newsletter contact was not added'),
      );
  }

  async function add(userId: string) {
    if (!due.delete(userId)) return;
    const user = await streams.load(userStream(userId), userDecider);
    if (user.status === 'empty' || !user.newsletter || !user.emailVerified) return;
    const commandId = derivedId('registered-contact', userId);
    await streams.handle(
      contactStreamOf(user.email),
      contactDecider,
      {
        type: 'AddRegisteredContact',
        email: user.email.trim().toLowerCase(),
        language: user.preferences.language,
        signUpId: registeredSignUpId(userId),
      },
      { commandId, correlationId: commandId, actor: system, now: clock.now() },
    );
  }

  const log = feed.follow('newsletter-registered', (events) => {
    for (const event of events) follow(event);
  });
  return {
    async start() {
      await log.start();
      live = true;
      for (const userId of due) enqueue(userId);
      await chain;
    },
    async stop() {
      await log.stop();
      await chain;
    },
  };
}
