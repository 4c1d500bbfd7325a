import type { Mailer } from '../mailer/port.ts';

export interface TextMessage {
  /** E.164-like: country code and national number, e.g. +13125550100. */
  to: string;
  text: string;
}

/** The SMS port (issue "Mailer and SMS ports"): phone verification codes and, later, outbid alerts. */
export interface Sms {
  /** False when no text-message provider is configured: callers say so instead of pretending. */
  readonly available: boolean;
  send(message: TextMessage): Promise<void>;
}

export class SmsUnavailableError extends Error {
  constructor() {
    super('Text messages are not available on this server');
    this.name = 'SmsUnavailableError';
  }
}

/**
 * Embedded: text messages go to the same developer outbox as mail (subject 'Text message'), so phone
 * verification works with no outside service. Without an outbox (SMTP configured) there is no SMS
 * provider yet, and sending says so.
 */
export function openSms(mailer: Mailer): Sms {
  if (!mailer.outbox) {
    return {
      available: false,
      send: async () => {
        throw new SmsUnavailableError();
      },
    };
  }
  return {
    available: true,
    send: (message) => mailer.send({ to: message.to, subject: 'Text message', text: message.text }),
  };
}
