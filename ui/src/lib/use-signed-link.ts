import { useState } from 'react';
import { ApiError, errorMessage } from '../api/client.ts';

/** Where a page opened from a mail's signed link stands: asking, done, a link not valid, or a failure. */
export type SignedLinkState =
  | { step: 'ask' }
  | { step: 'done'; message: string }
  | { step: 'invalid' }
  | { step: 'failed'; message: string };

/**
 * A page a mail's signed link opens that asks before it acts (a mail scanner that opens links changes
 * nothing): `act` sends the link's call and answers the message to show; a refusal with one of
 * `invalidCodes` (or a link the schema refuses) says the link is not valid, anything else is shown as
 * a failure the reader may try again. A link missing its parts is not valid from the start.
 */
export function useSignedLink(complete: boolean, invalidCode: string, act: () => Promise<string>) {
  const [state, setState] = useState<SignedLinkState>(complete ? { step: 'ask' } : { step: 'invalid' });
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (!complete) return;
    setBusy(true);
    try {
      setState({ step: 'done', message: await act() });
    } catch (error) {
      if (error instanceof ApiError && (error.code === invalidCode || error.code === 'VALIDATION'))
        setState({ step: 'invalid' });
      else setState({ step: 'failed', message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return { state, busy, run };
}
