import type { MoneySettings } from '@wine/contracts';
import type { Clock, Logger, Mailer } from '@wine/platform';
import type { Streams } from '../core/command-handler.ts';

/** What the pickup appointments work with. */
export interface AppointmentDeps {
  streams: Streams;
  clock: Clock;
  mailer: Mailer;
  /** The money settings as they read now (issue 34: settings change without a restart). */
  money: () => MoneySettings;
  /** The UI's origin, for the invoice link in the mail. */
  publicUrl: () => string;
  logger: Logger;
}
