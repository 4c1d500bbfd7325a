import { randomUUID } from 'node:crypto';
import {
  createRegistry,
  defineEvent,
  type NewEvent,
  padPosition,
  type RecordedEvent,
} from '@wine/event-schemas';
import { z } from 'zod';
import type { Upcaster } from '../event-store/port.ts';

/** A registry of test events: `Counted` v2 stores cents; v1 stored dollars. */
export const testRegistry = createRegistry([
  defineEvent({ type: 'Noted', version: 1, schema: z.object({ n: z.number().int() }) }),
  defineEvent({
    type: 'Counted',
    version: 2,
    schema: z.object({ cents: z.number().int() }),
    upcasters: { 1: (data) => ({ cents: Math.round((data as { dollars: number }).dollars * 100) }) },
  }),
]);

export const testUpcaster: Upcaster = (type, version, data) => testRegistry.upcast(type, version, data);

/** A stored event, optionally at an older version (written as an old process would have). */
export function newEvent(n: number, overrides: Partial<NewEvent> = {}): NewEvent {
  return {
    id: randomUUID(),
    type: 'Noted',
    version: 1,
    data: { n },
    metadata: {
      correlationId: 'corr',
      causationId: 'cause',
      commandId: `cmd-${n}`,
      actor: { kind: 'system', id: 'contract' },
      occurredAt: '2026-11-22T12:00:00.000Z',
      prevHash: '',
      hash: `h${n}`,
    },
    ...overrides,
  };
}

/**
 * One recorded event as the store hands it to a subscriber, for projector and publisher specs: the
 * type and data given, the rest plausible defaults that each spec overrides where it matters.
 */
export function recordedEvent(
  event: Pick<RecordedEvent, 'type' | 'data'> & Partial<Omit<RecordedEvent, 'metadata'>>,
  metadata: Partial<RecordedEvent['metadata']> = {},
): RecordedEvent {
  return {
    id: 'e-1',
    version: 1,
    streamName: 'test-1',
    revision: 0,
    position: padPosition(1),
    ...event,
    metadata: {
      correlationId: 'c',
      causationId: 'c',
      commandId: 'c',
      actor: { kind: 'system', id: 'spec' },
      occurredAt: '2026-11-22T12:00:00.000Z',
      prevHash: '',
      hash: 'h',
      ...metadata,
    },
  };
}
