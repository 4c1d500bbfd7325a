import { z } from 'zod';
import { defineEvent } from './registry.ts';

/** The stream of the log's anchors (DOMAIN.md "Audit"): one event per signed head. */
export const auditAnchorsStream = 'audit-anchors';

/**
 * The log's head as it stood when signed (DOMAIN.md "Audit"): its position and log hash (the global
 * chain), signed with Ed25519 by a key kept outside the log, named by the sha256 fingerprint of its
 * public key. The signed text is `anchorMessage` in the command-service's audit folder.
 */
export const LogAnchor = z.object({
  position: z.string().min(1).max(64),
  logHash: z.string().regex(/^[0-9a-f]{64}$/),
  /** Server clock, ISO 8601. */
  signedAt: z.iso.datetime(),
  algorithm: z.literal('Ed25519'),
  keyFingerprint: z.string().regex(/^[0-9a-f]{64}$/),
  /** base64 */
  signature: z.string().min(1).max(200),
});
export type LogAnchor = z.infer<typeof LogAnchor>;

export const LogAnchored = defineEvent({ type: 'LogAnchored', version: 1, schema: LogAnchor });

export type AuditEvent = { type: 'LogAnchored'; data: LogAnchor };
export const auditEventDefinitions = [LogAnchored] as const;
