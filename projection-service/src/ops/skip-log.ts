import { createHash } from 'node:crypto';
import {
  type Actor,
  type NewEvent,
  OPS_PROJECTIONS_STREAM,
  type Position,
  type ProjectionEventSkippedData,
  events as registry,
} from '@wine/event-schemas';
import { eventHash } from '@wine/event-schemas/hash-chain';
import { ConcurrencyError, type EventStore } from '@wine/platform';

export interface SkipContext {
  commandId: string;
  correlationId: string;
  actor: Actor;
  now: Date;
}

/** A UUID from the command id, so the same request appends the same event id (idempotent, as commands). */
function eventIdFor(commandId: string): string {
  const h = createHash('sha256').update(`${commandId}\u0000${OPS_PROJECTIONS_STREAM}\u00000`).digest('hex');
  const variant = ((Number.parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}

/**
 * Records a skip on the ops stream with who acted and why: chained to the stream's last event's hash
 * (DOMAIN.md "Audit") and appended at the stream's revision, read again on a conflict.
 */
export async function recordSkip(
  eventStore: EventStore,
  data: ProjectionEventSkippedData,
  context: SkipContext,
): Promise<Position> {
  const validated = registry.validate('ProjectionEventSkipped', data);
  for (let attempt = 0; ; attempt++) {
    const [last] = await eventStore.readStream(OPS_PROJECTIONS_STREAM, {
      direction: 'backwards',
      maxCount: 1,
      raw: true,
    });
    const event: NewEvent = {
      id: eventIdFor(context.commandId),
      type: 'ProjectionEventSkipped',
      version: registry.currentVersion('ProjectionEventSkipped'),
      data: validated,
      metadata: {
        correlationId: context.correlationId,
        causationId: context.commandId,
        commandId: context.commandId,
        actor: context.actor,
        occurredAt: context.now.toISOString(),
        prevHash: last?.metadata.hash ?? '',
        hash: '',
      },
    };
    event.metadata.hash = eventHash(event);
    try {
      const { position } = await eventStore.append(
        OPS_PROJECTIONS_STREAM,
        [event],
        last?.revision ?? 'no_stream',
      );
      return position;
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= 10) throw error;
    }
  }
}
