import type { VerifyProblem } from '@wine/contracts';
import type { LogVerification } from './verify-log.ts';

const what: Record<VerifyProblem['kind'], string> = {
  altered: 'its content no longer matches its hash',
  'stream-chain-broken': 'the event before it in its stream is missing or changed',
  'revision-out-of-order': 'its revision does not follow the one before it in its stream',
  'log-chain-broken': 'the event before it in the log is missing, moved or changed, or an event was inserted',
  'log-hash-missing': 'its log hash was removed',
  'anchor-malformed': 'this anchor is not an anchor',
  'anchor-signature-invalid': 'its signature is not valid',
  'anchor-key-unknown': 'it was signed by another key',
  'anchor-mismatch': 'the log at that position is not the log that was signed',
  'anchor-position-missing': 'the position it signed is not in the log',
  'anchor-missing-from-log': 'the auditors hold it but the log does not',
};

/** One line naming what is wrong and where (the command line's report). */
export function describeProblem(p: VerifyProblem): string {
  const kind = p.kind.toUpperCase();
  if (p.anchorPosition !== undefined)
    return `${kind} anchor of position ${p.anchorPosition}: ${what[p.kind]}`;
  return `${kind} ${p.streamName}: revision ${p.revision} (event ${p.eventId}, position ${p.position}): ${what[p.kind]}`;
}

/** The lines `npm run verify` prints. */
export function verificationReport(result: LogVerification, publicKeyKnown: boolean): string[] {
  const lines = [
    `verified ${result.events} events in ${result.streams} streams up to position ${result.head || '-'}`,
  ];
  lines.push(`log hash at the head: ${result.logHash || '-'}`);
  lines.push(
    publicKeyKnown
      ? `${result.anchorsVerified} anchor signatures verified (${result.anchorsInLog} anchors in the log)`
      : `${result.anchorsInLog} anchors in the log checked against the chain; no public key, so their signatures were not checked`,
  );
  for (const p of result.problems) lines.push(describeProblem(p));
  if (result.moreProblems > 0) lines.push(`... and ${result.moreProblems} more problems`);
  if (result.problems.length === 0) lines.push('every hash chain is intact and every anchor holds');
  return lines;
}
