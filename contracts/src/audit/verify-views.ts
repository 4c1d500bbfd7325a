import { LogAnchor } from '@wine/event-schemas';
import { z } from 'zod';

/**
 * What `verify` can find wrong with the log (DOMAIN.md "Audit"): an event whose content no longer
 * matches its hash, a broken per-stream chain or revision, a broken global chain, and anchors that
 * are forged, signed by another key, disagree with the log, or were taken out of it.
 */
export const verifyProblemKinds = [
  'altered',
  'stream-chain-broken',
  'revision-out-of-order',
  'log-chain-broken',
  'log-hash-missing',
  'anchor-malformed',
  'anchor-signature-invalid',
  'anchor-key-unknown',
  'anchor-mismatch',
  'anchor-position-missing',
  'anchor-missing-from-log',
] as const;
export const VerifyProblemKind = z.enum(verifyProblemKinds);
export type VerifyProblemKind = z.infer<typeof VerifyProblemKind>;

/** One thing wrong, naming where: the event (stream, revision, position, id) or the anchor's position. */
export const VerifyProblem = z.object({
  kind: VerifyProblemKind,
  streamName: z.string().optional(),
  revision: z.number().int().optional(),
  position: z.string().optional(),
  eventId: z.string().optional(),
  /** For an anchor: the position it signed. */
  anchorPosition: z.string().optional(),
});
export type VerifyProblem = z.infer<typeof VerifyProblem>;

export const VerifyJobState = z.enum(['running', 'intact', 'broken', 'failed']);
export type VerifyJobState = z.infer<typeof VerifyJobState>;

export const VerifyJobStarted = z.object({ jobId: z.string() });

/** A verification's progress (positions done of the head's), then its result. */
export const VerifyJobStatus = z.object({
  jobId: z.string(),
  state: VerifyJobState,
  done: z.number().int().min(0),
  total: z.number().int().min(0),
  events: z.number().int().min(0),
  streams: z.number().int().min(0),
  /** Anchors checked: found in the log, and with a valid signature. */
  anchors: z.number().int().min(0),
  problems: z.array(VerifyProblem),
  /** Problems beyond the ones listed. */
  moreProblems: z.number().int().min(0),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type VerifyJobStatus = z.infer<typeof VerifyJobStatus>;

/** Every anchor of the log and the public key that verifies them: what an auditor takes away. */
export const AnchorExport = z.object({
  anchors: z.array(LogAnchor),
  /** SPKI PEM; null when this server has no anchoring key. */
  publicKey: z.string().nullable(),
});
export type AnchorExport = z.infer<typeof AnchorExport>;
