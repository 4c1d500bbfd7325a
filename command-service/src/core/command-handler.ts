import { createHash } from 'node:crypto';
import {
  type Actor,
  type DomainEvent,
  type NewEvent,
  type Position,
  type RecordedEvent,
  events as registry,
} from '@wine/event-schemas';
import { eventHash } from '@wine/event-schemas/hash-chain';
import { ConcurrencyError, type EventStore, noteWritten } from '@wine/platform';
import { LRUCache } from 'lru-cache';
import type { Decider } from './decider.ts';

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

/**
 * A step whose command must write: a decider that answers nothing (a wallet that has seen the entry id,
 * say) is not a success, unless this same step already wrote it (a retry replays it). Money that
 * moved nowhere is never followed by a recorded payment.
 */
export function wroteSomething<Event>(result: CommandResult<Event>, what: string): CommandResult<Event> {
  if (result.events.length === 0) throw new Error(`${what} wrote nothing`);
  return result;
}

const MAX_ATTEMPTS = 20;

// biome-ignore lint/suspicious/noExplicitAny: one cache holds the states of every aggregate type
type AnyDecider = Decider<any, any, any>;

/** A stream folded up to `revision`, and where each command id it holds landed (for idempotent retries). */
interface Folded {
  decider: AnyDecider;
  state: unknown;
  revision: number;
  lastHash: string;
  commands: Map<string, { from: number; to: number; position: Position }>;
}

export interface Streams {
  /**
   * Loads the stream, decides, chains the hashes and appends with the expected revision; on a
   * concurrency conflict it reads what is new and decides again (ARCHITECTURE.md "Rules"). A command
   * id the stream already holds answers the earlier result and writes nothing.
   */
  handle<Command, Event extends DomainEvent, State>(
    streamName: string,
    decider: Decider<Command, Event, State>,
    command: Command,
    context: CommandContext,
  ): Promise<CommandResult<Event>>;
  /** The stream's current state. */
  load<Event extends DomainEvent, State>(
    streamName: string,
    decider: Pick<Decider<unknown, Event, State>, 'evolve' | 'initialState'>,
  ): Promise<State>;
  readonly store: EventStore;
}

export interface StreamsOptions {
  /** Streams whose folded state is kept in memory (least recently used go first). */
  cacheSize?: number;
}

/**
 * The write side's access to streams. Folded states are cached and brought up to date by reading
 * only the events after the cached revision, so appends by other instances are always seen; the
 * expected revision at append stays the guard across processes. Commands on one stream run one at a
 * time within this process, so a hot lot queues instead of burning retries on its own conflicts.
 */
export function createStreams(store: EventStore, options: StreamsOptions = {}): Streams {
  const cache = new LRUCache<string, Folded>({ max: options.cacheSize ?? 50_000 });
  const tails = new Map<string, Promise<unknown>>();

  function serialize<T>(key: string, work: () => Promise<T>): Promise<T> {
    const run = (tails.get(key) ?? Promise.resolve()).then(work, work);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  }

  async function refresh(streamName: string, decider: AnyDecider): Promise<Folded> {
    const cached = cache.get(streamName);
    const folded: Folded =
      cached && cached.decider === decider
        ? cached
        : { decider, state: decider.initialState(), revision: -1, lastHash: '', commands: new Map() };
    const newer = await store.readStream(streamName, { fromRevision: folded.revision + 1 });
    if (newer.length > 0 || folded !== cached) {
      let { state, commands } = folded;
      if (newer.length > 0) commands = new Map(commands);
      for (const event of newer) {
        state = decider.evolve(state, event as unknown as DomainEvent);
        const seen = commands.get(event.metadata.commandId);
        commands.set(event.metadata.commandId, {
          from: seen?.from ?? event.revision,
          to: event.revision,
          position: event.position,
        });
      }
      const last = newer[newer.length - 1];
      const updated: Folded = {
        decider,
        state,
        revision: last?.revision ?? folded.revision,
        lastHash: last?.metadata.hash ?? folded.lastHash,
        commands,
      };
      cache.set(streamName, updated);
      return updated;
    }
    return folded;
  }

  async function replay<Event>(
    streamName: string,
    landed: { from: number; to: number; position: Position },
    correlationId: string,
  ): Promise<CommandResult<Event>> {
    noteWritten(correlationId, landed.position);
    const earlier = await store.readStream(streamName, {
      fromRevision: landed.from,
      maxCount: landed.to - landed.from + 1,
    });
    return {
      events: earlier.map((e: RecordedEvent) => ({ type: e.type, data: e.data }) as Event),
      nextRevision: landed.to,
      position: landed.position,
      replayed: true,
    };
  }

  return {
    store,
    async load(streamName, decider) {
      return (await refresh(streamName, decider as AnyDecider)).state as never;
    },
    handle(streamName, decider, command, context) {
      return serialize(streamName, async () => {
        for (let attempt = 1; ; attempt++) {
          const folded = await refresh(streamName, decider);
          const landed = folded.commands.get(context.commandId);
          if (landed) return replay(streamName, landed, context.correlationId);
          const decided = decider.decide(command, folded.state as never);
          if (decided.length === 0) {
            return { events: [], nextRevision: folded.revision, position: null, replayed: false };
          }
          const toAppend = chain(streamName, decided, folded.lastHash, context);
          try {
            const result = await store.append(
              streamName,
              toAppend,
              folded.revision >= 0 ? folded.revision : 'no_stream',
            );
            // What this instance wrote is folded in now, so the next command reads nothing new. The
            // command ids are added in place (copying them would cost the stream's length per
            // command): whoever still holds the previous fold only reads its state, or copies them
            // before folding newer events in, and finds this command with the same revisions.
            folded.commands.set(context.commandId, {
              from: folded.revision + 1,
              to: result.nextRevision,
              position: result.position,
            });
            cache.set(streamName, {
              decider,
              state: decided.reduce(decider.evolve, folded.state as never),
              revision: result.nextRevision,
              lastHash: toAppend[toAppend.length - 1]?.metadata.hash ?? folded.lastHash,
              commands: folded.commands,
            });
            noteWritten(context.correlationId, result.position);
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
      });
    },
  };
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
