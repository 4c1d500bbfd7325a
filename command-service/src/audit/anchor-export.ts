import type { AnchorExport } from '@wine/contracts';
import { auditAnchorsStream, LogAnchor } from '@wine/event-schemas';
import type { EventStore } from '@wine/platform';
import { z } from 'zod';

/** Every anchor recorded in the log, oldest first, as stored. */
export async function readAnchors(store: EventStore): Promise<LogAnchor[]> {
  const events = await store.readStream(auditAnchorsStream, { raw: true });
  return events.filter((e) => e.type === 'LogAnchored').map((e) => e.data as LogAnchor);
}

const AnchorFile = z.union([
  z.object({ anchors: z.array(LogAnchor), publicKey: z.string().nullable().optional() }),
  z.array(LogAnchor),
  LogAnchor,
]);

/**
 * An auditor's file of anchors: the export (`{anchors, publicKey}`), the attachment of an anchor's
 * mail (the same), a list of anchors, or one anchor.
 */
export function parseAnchorFile(text: string): AnchorExport {
  const parsed = AnchorFile.parse(JSON.parse(text));
  if (Array.isArray(parsed)) return { anchors: parsed, publicKey: null };
  if ('anchors' in parsed) return { anchors: parsed.anchors, publicKey: parsed.publicKey ?? null };
  return { anchors: [parsed], publicKey: null };
}
