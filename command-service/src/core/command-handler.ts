import { createHash } from 'node:crypto';
import {
  type Actor,
  type DomainEvent,
  eventHash,
  type NewEvent,
  type Position,
  type RecordedEvent,
  events as registry,
} from '@wine/event-schemas';
import { ConcurrencyError, type EventStore } from '@wine/platform';
import { type Decider, fold } from './decider.ts';

export interface CommandContext {
  commandId: string;
  correlationId: string;
  /** The event or request that caused this command; the command id when a user sent it. */
  causationId?: string;
  actor: Actor;
  now: Date;
}

export interface CommandResult<Event> {
  events: Event[];
  nextRevision: number;
  position: Position | null;
  /** True when the command id had already been handled: nothing new was written. */
  replayed: boolean;
}

/** A UUID derived from the command id, so a retried command appends the same event ids (idempotent). */
export function eventIdFor(commandId: string, streamName: string, index: number): string {
  const h = createHash('sha256').update(`${commandId}\u0000${streamName}\u0000${index}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((Number.parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}

const MAX_ATTEMPTS = 20;

/**
 * Loads the stream, decides, chains the hashes and appends with the expected revision; on a
 * concurrency conflict it reloads and decides again (ARCHITECTURE.md "Rules").
 */
export async function handleCommand<Command, Event extends DomainEvent, State>(
  store: EventStore,
  streamName: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  context: CommandContext,
): Promise<CommandResult<Event>> {
  for (let attempt = 1; ; attempt++) {
    const recorded = await store.readStream(streamName);
    const earlier = recorded.filter((e) => e.metadata.commandId === context.commandId);
    if (earlier.length > 0) {
      const last = earlier[earlier.length - 1] as RecordedEvent;
      return {
        events: earlier.map((e) => ({ type: e.type, data: e.data }) as Event),
        nextRevision: last.revision,
        position: last.position,
        replayed: true,
      };
    }
    const state = fold(decider, recorded as unknown as Event[]);
    const decided = decider.decide(command, state);
    const last = recorded[recorded.length - 1];
    if (decided.length === 0) {
      return { events: [], nextRevision: last?.revision ?? -1, position: null, replayed: false };
    }
    const toAppend = chain(streamName, decided, last?.metadata.hash ?? '', context);
    try {
      const result = await store.append(streamName, toAppend, last ? last.revision : 'no_stream');
      return {
        events: decided,
        nextRevision: result.nextRevision,
        position: result.position,
        replayed: false,
      };
    } catch (error) {
      if (error instanceof ConcurrencyError && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
  }
}

function chain<Event extends DomainEvent>(
  streamName: string,
  decided: readonly Event[],
  prevHash: string,
  context: CommandContext,
): NewEvent[] {
  let previous = prevHash;
  return decided.map((event, index) => {
    const draft = {
      id: eventIdFor(context.commandId, streamName, index),
      type: event.type,
      version: registry.currentVersion(event.type),
      data: registry.validate(event.type, event.data),
      metadata: {
        correlationId: context.correlationId,
        causationId: context.causationId ?? context.commandId,
        commandId: context.commandId,
        actor: context.actor,
        occurredAt: context.now.toISOString(),
        prevHash: previous,
      },
    };
    const hash = eventHash(draft);
    previous = hash;
    return { ...draft, metadata: { ...draft.metadata, hash } };
  });
}
