import type { MoneySettings } from '@wine/contracts';
import type { Clock, Logger, Mailer } from '@wine/platform';
import type { Streams } from '../core/command-handler.ts';

/** What the pickup appointments work with. */
export interface AppointmentDeps {
  streams: Streams;
  clock: Clock;
  mailer: Mailer;
  money: MoneySettings;
  /** The UI's origin, for the invoice link in the mail. */
  publicUrl: () => string;
  logger: Logger;
}
