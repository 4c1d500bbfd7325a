import { type LogFeed, type LogFollower, logFeed } from '../core/follow-log.ts';
import type { AppointmentDeps, AppointmentService } from './appointment-service.ts';

/**
 * Follows the log for orders given up (`InvoiceVoided`): an order paid at pickup that lapsed unpaid,
 * or whose payment failed, gives its pickup place back (DOMAIN.md "Money": a slot's places are for
 * orders that stand).
 */
export function voidedOrderPickups(
  appointments: AppointmentService,
  deps: Pick<AppointmentDeps, 'streams' | 'logger'>,
  feed: LogFeed = logFeed(deps.streams.store, deps.logger),
): LogFollower {
  return feed.follow('pickup-release', async (events) => {
    for (const event of events) {
      if (event.type !== 'InvoiceVoided' || !event.streamName.startsWith('invoice-')) continue;
      const invoiceId = event.streamName.slice('invoice-'.length);
      try {
        await appointments.releaseVoided(invoiceId);
      } catch (error) {
        deps.logger.error({ err: error, invoiceId }, 'the pickup of a voided order was not released');
      }
    }
  });
}
