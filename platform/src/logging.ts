import { type DestinationStream, type Logger, pino } from 'pino';

export type { Logger };

/** Paths that must never reach a log line (DOMAIN.md: no secrets, tokens or card numbers). */
export const redactPaths = [
  'password',
  '*.password',
  'confirm_password',
  '*.confirm_password',
  'token',
  '*.token',
  'code',
  '*.code',
  'card_number',
  '*.card_number',
  'req.headers.authorization',
  'req.headers["x-admin-key"]',
  'headers.authorization',
];

export function createLogger(level = 'info', name = 'wine', destination?: DestinationStream): Logger {
  const options = { name, level, redact: { paths: redactPaths, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}
