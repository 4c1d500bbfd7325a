/**
 * Errors are values with codes (STYLE.md): each service keeps a catalogue of AppErrors, mapped once
 * to the seeds' envelope by the action route.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** HTTP status and the envelope's responseType. */
    readonly status: number,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const httpErrors = {
  forbidden: (message = 'Forbidden') => new AppError('FORBIDDEN', message, 403),
  notFound: (what: string) => new AppError('NOT_FOUND', `${what} not found`, 404),
  badJson: () => new AppError('BAD_JSON', 'The request body is not valid JSON', 400),
  busy: () => new AppError('BUSY', 'Too many concurrent changes, please try again', 503),
} as const;
