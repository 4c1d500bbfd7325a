import type { KeyObject } from 'node:crypto';
import type { VerifyProblem } from '@wine/contracts';
import { auditAnchorsStream, LogAnchor, type Position, type RecordedEvent } from '@wine/event-schemas';
import { chainLinkBreak, LOG_CHAIN_START, nextLogHash } from '@wine/event-schemas/hash-chain';
import { checkAnchorSignature, sameAnchor } from './anchor-signature.ts';

/** Log hashes of the latest positions kept to check an anchor met after the position it signed. */
const RECENT_POSITIONS = 10_000;
/** Problems listed; more are counted. */
const MAX_PROBLEMS = 1_000;

export interface LogCheckOptions {
  /** Verifies the anchors' signatures; without it the log's anchors are checked against the chain only. */
  publicKey: KeyObject | null;
  /** Anchors the auditors kept (an export or their mail): each must be in the log and hold. */
  auditorAnchors?: readonly LogAnchor[];
}

export interface LogCheckResult {
  events: number;
  streams: number;
  /** The recomputed log hash of the last event read. */
  logHash: string;
  /** Anchors found in the log. */
  anchorsInLog: number;
  /** Anchors (of the log or the auditors') whose signature was verified. */
  anchorsVerified: number;
  problems: VerifyProblem[];
  moreProblems: number;
}

const where = (e: RecordedEvent) => ({
  streamName: e.streamName,
  revision: e.revision,
  position: e.position,
  eventId: e.id,
});

/**
 * The checks of `verify` (DOMAIN.md "Audit"), fed the log's events as stored, in log order:
 * (a) each stream's chain and revisions, (b) the global chain (each stored log hash against the one
 * before it, and the chain recomputed from the start), (c) each anchor met in the log and each anchor
 * the auditors kept: signed by the key, and its position holding the log hash it signed. Holds the
 * last hash of each stream, the latest positions' log hashes and the anchors, never the log.
 */
export function logChecker(options: LogCheckOptions) {
  const streams = new Map<string, { hash: string; revision: number; broken: boolean }>();
  const problems: VerifyProblem[] = [];
  let moreProblems = 0;
  const report = (problem: VerifyProblem) => {
    if (problems.length < MAX_PROBLEMS) problems.push(problem);
    else moreProblems += 1;
  };
  /** The chain recomputed from the first event, never taken from storage: what the anchors signed. */
  let chain = LOG_CHAIN_START;
  /** The stored chain: each stored log hash is checked against the stored one before it. */
  let linked = LOG_CHAIN_START;
  let storesLogHashes = false;
  let events = 0;
  // A ring of the latest positions and their recomputed log hashes (looked into only at an anchor).
  const recentPositions: Position[] = new Array(RECENT_POSITIONS).fill('');
  const recentHashes: string[] = new Array(RECENT_POSITIONS).fill('');
  let next = 0;
  let forgotten: Position = '';
  const recentHash = (position: Position): string | undefined => {
    const i = recentPositions.lastIndexOf(position);
    return i >= 0 && position !== '' ? recentHashes[i] : undefined;
  };
  const auditorAnchors = options.auditorAnchors ?? [];
  const wanted = new Map<Position, string | null>(auditorAnchors.map((a) => [a.position, null]));
  const inLog: LogAnchor[] = [];
  /** Log anchors whose position was already forgotten when they were met. */
  const deferred: LogAnchor[] = [];
  let anchorsVerified = 0;

  const signatureHolds = (anchor: LogAnchor): boolean => {
    if (!options.publicKey) return true;
    const check = checkAnchorSignature(anchor, options.publicKey);
    if (check === 'valid') {
      anchorsVerified += 1;
      return true;
    }
    const kind = check === 'unknown-key' ? 'anchor-key-unknown' : 'anchor-signature-invalid';
    report({ kind, anchorPosition: anchor.position });
    return false;
  };

  const anchorHolds = (anchor: LogAnchor, recomputed: string | null | undefined) => {
    if (recomputed === null || recomputed === undefined)
      report({ kind: 'anchor-position-missing', anchorPosition: anchor.position });
    else if (recomputed !== anchor.logHash)
      report({ kind: 'anchor-mismatch', anchorPosition: anchor.position });
  };

  const metAnchor = (event: RecordedEvent) => {
    const parsed = LogAnchor.safeParse(event.data);
    if (!parsed.success) {
      report({ kind: 'anchor-malformed', ...where(event) });
      return;
    }
    const anchor = parsed.data;
    inLog.push(anchor);
    if (!signatureHolds(anchor)) return;
    const known = recentHash(anchor.position);
    if (known !== undefined || anchor.position > forgotten) anchorHolds(anchor, known);
    else deferred.push(anchor);
  };

  return {
    /** Events checked so far. */
    checked: () => events,

    check(event: RecordedEvent) {
      events += 1;
      // (a) the stream's own chain: the first break of each stream is named.
      const stream = streams.get(event.streamName);
      let kind: VerifyProblem['kind'] | null = null;
      if (!stream?.broken) {
        if (event.revision !== (stream ? stream.revision + 1 : 0)) kind = 'revision-out-of-order';
        else {
          const reason = chainLinkBreak(stream?.hash ?? '', event);
          if (reason) kind = reason === 'hash' ? 'altered' : 'stream-chain-broken';
        }
        if (kind) report({ kind, ...where(event) });
      }
      if (stream) {
        stream.hash = event.metadata.hash;
        stream.revision = event.revision;
        stream.broken ||= kind !== null;
      } else {
        streams.set(event.streamName, {
          hash: event.metadata.hash,
          revision: event.revision,
          broken: kind !== null,
        });
      }

      // (b) the global chain.
      chain = nextLogHash(chain, event);
      const link = linked === chain ? chain : nextLogHash(linked, event);
      if (event.logHash !== undefined) {
        storesLogHashes = true;
        if (event.logHash !== link) report({ kind: 'log-chain-broken', ...where(event) });
        linked = event.logHash;
      } else {
        if (storesLogHashes) report({ kind: 'log-hash-missing', ...where(event) });
        linked = link;
      }

      // (c) anchors: the positions they sign, and the anchors themselves.
      if (recentPositions[next] !== '') forgotten = recentPositions[next] as Position;
      recentPositions[next] = event.position;
      recentHashes[next] = chain;
      next = (next + 1) % RECENT_POSITIONS;
      if (wanted.has(event.position)) wanted.set(event.position, chain);
      if (event.streamName === auditAnchorsStream && event.type === 'LogAnchored') metAnchor(event);
    },

    /** Positions of the log's anchors met too late to find their log hash among the latest ones. */
    deferredPositions(): Set<Position> {
      return new Set(deferred.map((a) => a.position));
    },

    /** The recomputed log hashes of the deferred positions (a second read of the log found them). */
    resolveDeferred(found: ReadonlyMap<Position, string>) {
      for (const anchor of deferred) anchorHolds(anchor, found.get(anchor.position));
      deferred.length = 0;
    },

    finish(): LogCheckResult {
      for (const anchor of auditorAnchors) {
        if (!signatureHolds(anchor)) continue;
        anchorHolds(anchor, wanted.get(anchor.position));
        if (!inLog.some((a) => sameAnchor(a, anchor)))
          report({ kind: 'anchor-missing-from-log', anchorPosition: anchor.position });
      }
      return {
        events,
        streams: streams.size,
        logHash: chain,
        anchorsInLog: inLog.length,
        anchorsVerified,
        problems,
        moreProblems,
      };
    },
  };
}
