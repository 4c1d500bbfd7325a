import { type RecordTrackingInput, tIn, toLanguage } from '@wine/contracts';
import { type Actor, invoiceStream, userStream } from '@wine/event-schemas';
import type { Clock, Logger, Mailer } from '@wine/platform';
import type { z } from 'zod';
import type { RequestContext } from '../core/command-context.ts';
import type { Streams } from '../core/command-handler.ts';
import { derivedId } from '../core/derived-id.ts';
import { invoiceDecider } from '../invoices/decide.ts';
import type { IssuedInvoice } from '../invoices/invoice.ts';
import { userDecider } from '../users/decide.ts';

export interface TrackingDeps {
  streams: Streams;
  clock: Clock;
  mailer: Mailer;
  /** The UI's origin, for the invoice's link. */
  publicUrl: () => string;
  logger: Logger;
}

/**
 * Issue 31: staff enter a delivery invoice's carrier and tracking number; the buyer is mailed it once.
 * The event's command id is derived from the invoice and the tracking itself, so a retry (whatever its
 * x-command-id) writes nothing and mails nothing more; only a new tracking number (a correction) does.
 */
export function trackingService(deps: TrackingDeps) {
  const { streams, clock, logger } = deps;

  async function mail(invoice: IssuedInvoice, carrier: string, tracking: string) {
    try {
      const user = await streams.load(userStream(invoice.issued.buyerId), userDecider);
      if (!user.email) return;
      // The buyer's own language, not the staff member's who entered it.
      const lng = toLanguage((user.preferences as Record<string, unknown>).language);
      const shown = invoice.issued.number ?? invoice.issued.invoiceId;
      const link = `${deps.publicUrl()}/invoice/${encodeURIComponent(invoice.issued.invoiceId)}`;
      const text = [
        tIn(lng, 'mail.hello', { name: user.firstName }),
        '',
        tIn(lng, 'mail.shippingTrackedBody', { invoice: shown, carrier, tracking }),
        tIn(lng, 'mail.invoiceLink', { link }),
      ].join('\n');
      await deps.mailer.send({
        to: user.email,
        subject: tIn(lng, 'mail.shippingTrackedSubject', { invoice: shown }),
        text,
      });
    } catch (error) {
      logger.error({ err: error, invoiceId: invoice.issued.invoiceId }, 'a tracking mail could not be sent');
    }
  }

  return {
    async record(
      actor: Actor,
      input: z.output<typeof RecordTrackingInput>,
      request: RequestContext,
    ): Promise<{ recorded: boolean }> {
      const { invoice_id: invoiceId, carrier, tracking_number: trackingNumber } = input;
      const commandId = derivedId('track', invoiceId, carrier, trackingNumber);
      const result = await streams.handle(
        invoiceStream(invoiceId),
        invoiceDecider,
        { type: 'RecordTracking', carrier, trackingNumber },
        {
          commandId,
          correlationId: request.correlationId,
          causationId: request.commandId,
          actor,
          now: clock.now(),
        },
      );
      const recorded = !result.replayed && result.events.length > 0;
      if (recorded) {
        const invoice = await streams.load(invoiceStream(invoiceId), invoiceDecider);
        if (invoice.status === 'issued') await mail(invoice, carrier, trackingNumber);
      }
      return { recorded };
    },
  };
}

export type TrackingService = ReturnType<typeof trackingService>;
