import { type ErrorCode, errorCatalogue, type MessageKey, t } from '@wine/contracts';

export interface AppErrorOptions {
  /** Values for the message's placeholders ('Min. Bid {{amount}}'). */
  params?: Record<string, string | number>;
  /** Another text of the same refusal ('Please add a card to buy' for ADD_CARD). */
  message?: MessageKey;
  /** A text that comes from outside, as is (a card processor's decline). */
  text?: string;
  /** The field at fault, when it is not the catalogue's. */
  field?: string;
}

/**
 * Errors are values with codes (STYLE.md): a code of the catalogue in contracts (errors.ts), which
 * gives its HTTP status, message key and field. The message is read in the caller's language when it
 * is shown, so an error made in a decider speaks the language of the request it answers.
 */
export class AppError extends Error {
  /** HTTP status and the envelope's responseType. */
  readonly status: number;
  readonly field?: string;

  constructor(
    readonly code: ErrorCode,
    readonly options: AppErrorOptions = {},
  ) {
    super();
    const entry = errorCatalogue[code];
    this.name = 'AppError';
    this.status = entry.status;
    const field = options.field ?? ('field' in entry ? entry.field : undefined);
    if (field) this.field = field;
    Object.defineProperty(this, 'message', {
      configurable: true,
      enumerable: false,
      get: () => options.text ?? t(options.message ?? entry.message, options.params),
    });
  }
}

export const httpErrors = {
  forbidden: () => new AppError('FORBIDDEN'),
  notFound: (what: string) => new AppError('NOT_FOUND', { params: { what } }),
  badJson: () => new AppError('BAD_JSON'),
  busy: () => new AppError('BUSY'),
} as const;
