import { backoffDelay } from '../retry.ts';
import { DocumentServiceError, type DocumentStatus } from './port.ts';

/** How a provider polls for a draft: the backoff's first and longest wait, and how time passes. */
export interface DraftPolling {
  initialMs: number;
  maxMs: number;
  /** Waits `ms` (a test passes one that records the waits, or moves a clock). */
  sleep: (ms: number) => Promise<void>;
  /** Milliseconds now (Date.now by default). */
  now: () => number;
}

export const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Asks `status` until the document is no longer `uploaded`, waiting the project's backoff between
 * asks (doubling from `initialMs` to `maxMs`): the service makes a document asynchronously, a few
 * seconds for PandaDoc. A wait that would end past `timeoutMs` is not begun: the caller hears
 * `timeout` at once rather than after sleeping for nothing. `error` is terminal (the service could
 * not make the document): `failed`.
 */
export async function waitUntilMade(
  service: string,
  documentId: string,
  status: () => Promise<DocumentStatus>,
  polling: DraftPolling,
  timeoutMs: number,
): Promise<DocumentStatus> {
  const deadline = polling.now() + timeoutMs;
  for (let failures = 1; ; failures++) {
    const now = await status();
    if (now === 'error') {
      throw new DocumentServiceError(service, 'failed', `document ${documentId} could not be made`);
    }
    if (now !== 'uploaded') return now;
    const delay = backoffDelay(failures, polling);
    if (polling.now() + delay > deadline) {
      throw new DocumentServiceError(
        service,
        'timeout',
        `document ${documentId} was still being made after ${timeoutMs} ms`,
      );
    }
    await polling.sleep(delay);
  }
}
