import { type ActionName, actions, type Envelope, type InputOf, type OutputOf } from '@wine/contracts';

/** seeds 000 §8: a failure without a server message reads 'Something went wrong!'. */
export const GENERIC_ERROR = 'Something went wrong!';

/** A call that answered `status: 'error'` (or did not answer at all). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    /** The envelope's responseType (an HTTP-like code), or 0 when the network failed. */
    readonly responseType: number,
    readonly responseData: unknown = null,
  ) {
    super(message || GENERIC_ERROR);
  }
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Injected in tests. */
  fetch?: typeof fetch;
}

/**
 * Calls one action of the API (declared once in @wine/contracts) and returns its responseData,
 * or throws an ApiError carrying the server's message.
 */
export async function call<N extends ActionName>(
  name: N,
  input: InputOf<N>,
  options: CallOptions = {},
): Promise<OutputOf<N>> {
  const doFetch = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(actions[name].path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(input),
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(GENERIC_ERROR, 0);
  }
  const envelope = await readEnvelope<OutputOf<N>>(response);
  if (!envelope) throw new ApiError(GENERIC_ERROR, response.status);
  if (envelope.status !== 'success') {
    throw new ApiError(envelope.data.message, envelope.data.responseType, envelope.data.responseData);
  }
  return envelope.data.responseData;
}

async function readEnvelope<T>(response: Response): Promise<Envelope<T> | null> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'status' in body && 'data' in body) return body as Envelope<T>;
    return null;
  } catch {
    return null;
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : GENERIC_ERROR;
}
