import { contactStream, type RecordedEvent } from '@wine/event-schemas';
import { type Clock, type Logger, type Marketing, MarketingServiceError } from '@wine/platform';
import type { Streams } from '../core/command-handler.ts';
import { derivedId } from '../core/derived-id.ts';
import type { LogFeed, LogFollower } from '../core/follow-log.ts';
import { laterTries } from '../core/later-tries.ts';
import { contactDecider } from './contact.ts';

export interface DeliveryDeps {
  streams: Streams;
  clock: Clock;
  marketing: Marketing;
  logger: Logger;
  /** The wait after a first failure, doubled after each next one up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
}

/** A confirmed sign-up still to be sent on, and the failures it had. */
interface Due {
  signUpId: string;
  failures: number;
}

const system = { kind: 'system', id: 'newsletter:delivery' } as const;

/**
 * Issue 34 "Marketing contacts" (seeds 001 §7 "addcontacts ... then subscribeCampaign"): a process on
 * the log that sends each confirmed contact on to the marketing service, and only confirmed ones.
 * A sending is written down after it (NewsletterContactSentOn, with a command id derived from the
 * contact and its sign-up, so two instances or a retry record it once; the service holds an address
 * once however often it is sent); a failure is written down (NewsletterContactSendFailed, its attempt)
 * and tried again after a growing wait. What the log holds is read at start: a contact confirmed and
 * not yet sent on (a failure, a stop in between) is sent then, so none is lost.
 */
export function contactDelivery(deps: DeliveryDeps, feed: LogFeed): LogFollower & { idle(): Promise<void> } {
  const { streams, clock, marketing, logger } = deps;
  const tries = laterTries({ retryMs: deps.retryMs ?? 60_000, maxRetryMs: deps.maxRetryMs ?? 3_600_000 });
  const due = new Map<string, Due>();
  let live = false;
  let stopped = false;
  let chain: Promise<void> = Promise.resolve();

  function follow(event: RecordedEvent) {
    if (!event.streamName.startsWith('contact-')) return;
    const contactId = event.streamName.slice('contact-'.length);
    const data = event.data as { signUpId: string; attempt?: number };
    switch (event.type) {
      case 'NewsletterContactConfirmed':
        due.set(contactId, { signUpId: data.signUpId, failures: 0 });
        if (live) enqueue(contactId);
        break;
      case 'NewsletterContactSendFailed': {
        const seen = due.get(contactId);
        if (seen && seen.signUpId === data.signUpId) seen.failures = data.attempt ?? seen.failures;
        break;
      }
      // Sent on, off the list, or signed up afresh (pending again): nothing is due for it now.
      case 'NewsletterContactSentOn':
      case 'NewsletterContactUnsubscribed':
      case 'NewsletterContactAdded':
        due.delete(contactId);
        break;
    }
  }

  function enqueue(contactId: string) {
    chain = chain
      .then(() => send(contactId))
      .catch((error) => logger.error({ err: error, contactId }, 'a newsletter contact was not sent on'));
  }

  function retryLater(contactId: string, failures: number) {
    tries.after(failures, () => {
      if (due.has(contactId)) enqueue(contactId);
    });
  }

  async function send(contactId: string) {
    if (stopped) return;
    const stream = contactStream(contactId);
    // The stream decides, not what this process saw: it may have been taken off since.
    const contact = await streams.load(stream, contactDecider);
    if (contact.status !== 'subscribed' || contact.sentOn) {
      due.delete(contactId);
      return;
    }
    const { signUpId } = contact;
    const at = clock.now();
    try {
      const receipt = await marketing.addContact({
        email: contact.email,
        source: contact.source,
        language: contact.language,
        kind: contact.kind,
      });
      if (!receipt) {
        // seeds 001 §7: a kind the service is not sent (only User, Subscriber, Registered).
        due.delete(contactId);
        return;
      }
      const commandId = derivedId('sent-on', contactId, signUpId);
      await streams.handle(
        stream,
        contactDecider,
        {
          type: 'RecordContactSentOn',
          signUpId,
          service: receipt.service,
          userType: receipt.payload.user_type,
          tag: receipt.payload.tag,
          sendToZoho: receipt.payload.sendToZoho,
        },
        { commandId, correlationId: commandId, actor: system, now: at },
      );
      due.delete(contactId);
    } catch (error) {
      // The service's code and message; anything else (a bug, a store) is logged, not recorded as said.
      const reason = error instanceof MarketingServiceError ? error.message : `${marketing.name} failed`;
      const attempt = contact.failures + 1;
      logger.warn(
        { contactId, attempt, reason, ...(!(error instanceof MarketingServiceError) && { err: error }) },
        'a newsletter contact could not be sent on; trying again later',
      );
      // Tried again whatever happens next: a failure that cannot be written down loses nothing either.
      retryLater(contactId, attempt);
      const commandId = derivedId('send-failed', contactId, signUpId, String(attempt));
      await streams.handle(
        stream,
        contactDecider,
        { type: 'RecordContactSendFailed', signUpId, service: marketing.name, reason },
        { commandId, correlationId: commandId, actor: system, now: at },
      );
    }
  }

  const log = feed.follow('newsletter-delivery', (events) => {
    for (const event of events) follow(event);
  });

  return {
    async start() {
      await log.start();
      live = true;
      for (const contactId of due.keys()) enqueue(contactId);
    },
    async stop() {
      stopped = true;
      tries.stop();
      await log.stop();
      await chain;
    },
    /** Resolves when what is queued now has been sent or written down as failed (specs). */
    idle: () => chain,
  };
}
