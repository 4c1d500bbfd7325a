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
import { type AppendResult, ConcurrencyError, type EventStore, noteWritten } from '@wine/platform';
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

/** The most commands decided together and committed in one append (a hot stream's queue). */
export const MAX_BATCH = 256;

/** A command waiting for its stream. */
interface Queued {
  decider: AnyDecider;
  command: unknown;
  context: CommandContext;
  resolve: (result: CommandResult<DomainEvent>) => void;
  reject: (error: unknown) => void;
}

/** What became of one command of a batch, before the batch's append. */
type Outcome =
  | { kind: 'replay'; landed: { from: number; to: number; position: Position } }
  | { kind: 'same'; as: number }
  | { kind: 'failed'; error: unknown }
  | { kind: 'nothing'; revision: number }
  | { kind: 'written'; events: DomainEvent[]; from: number; to: number };

/**
 * The write side's access to streams. Folded states are cached and brought up to date by reading
 * only the events after the cached revision, so appends by other instances are always seen; the
 * expected revision at append stays the guard across processes.
 *
 * Commands on one stream are decided one after another within this process, in the order they came,
 * and those that queued while the stream was busy are decided together and committed in one append
 * (group commit, issue 37: a hot lot's bids cost one write per batch, not one each). Each command of a
 * batch sees the state its predecessors left, exactly as if run alone; a command the decider refuses
 * fails alone; a concurrency conflict decides the whole batch again on what is new; an append that
 * fails otherwise fails the commands that wrote in it, and none of them is written.
 */
export function createStreams(store: EventStore, options: StreamsOptions = {}): Streams {
  const cache = new LRUCache<string, Folded>({ max: options.cacheSize ?? 50_000 });
  const queues = new Map<string, Queued[]>();
  /** A stream's last append whose answers wait for the disk (its next batch is decided meanwhile). */
  const unsynced = new Map<string, Promise<void>>();

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

  /** Decides each command of the batch on the state the ones before it left; nothing is written yet. */
  function decideBatch(streamName: string, folded: Folded, batch: readonly Queued[]) {
    const { decider } = folded;
    let state = folded.state;
    let lastHash = folded.lastHash;
    let revision = folded.revision;
    const toAppend: NewEvent[] = [];
    const firstOf = new Map<string, number>();
    const outcomes = batch.map((queued, index): Outcome => {
      const { commandId } = queued.context;
      const landed = folded.commands.get(commandId);
      if (landed) return { kind: 'replay', landed };
      const first = firstOf.get(commandId);
      if (first !== undefined) return { kind: 'same', as: first };
      firstOf.set(commandId, index);
      let decided: DomainEvent[];
      try {
        decided = decider.decide(queued.command, state);
      } catch (error) {
        firstOf.delete(commandId);
        return { kind: 'failed', error };
      }
      if (decided.length === 0) return { kind: 'nothing', revision };
      const chained = chain(streamName, decided, lastHash, queued.context);
      toAppend.push(...chained);
      state = decided.reduce(decider.evolve, state);
      lastHash = chained[chained.length - 1]?.metadata.hash ?? lastHash;
      const from = revision + 1;
      revision += decided.length;
      return { kind: 'written', events: decided, from, to: revision };
    });
    return { outcomes, toAppend, state, lastHash };
  }

  /** Decides and commits one batch, deciding it again on a conflict; settles every command of it. */
  async function runBatch(streamName: string, batch: readonly Queued[]): Promise<void> {
    const decider = (batch[0] as Queued).decider;
    for (let attempt = 1; ; attempt++) {
      let folded: Folded;
      try {
        folded = await refresh(streamName, decider);
      } catch (error) {
        for (const queued of batch) queued.reject(error);
        return;
      }
      const { outcomes, toAppend, state, lastHash } = decideBatch(streamName, folded, batch);
      if (toAppend.length === 0) {
        // Refusals and earlier results answer from the stream as it stands: once what it holds is on disk.
        const prior = unsynced.get(streamName);
        if (prior) void prior.finally(() => settle(streamName, batch, outcomes, null, null));
        else settle(streamName, batch, outcomes, null, null);
        return;
      }
      // The next batch is decided as soon as this one holds its place in the log; the answers wait
      // until it is on disk (the store's promise). A store that does not tell the two apart is awaited.
      let onCommitted!: (result: AppendResult) => void;
      const committed = new Promise<AppendResult>((resolve) => {
        onCommitted = resolve;
      });
      const durable = store.append(
        streamName,
        toAppend,
        folded.revision >= 0 ? folded.revision : 'no_stream',
        { committed: onCommitted },
      );
      let position: Position;
      try {
        position = (await Promise.race([committed, durable])).position;
      } catch (error) {
        if (error instanceof ConcurrencyError && attempt < MAX_ATTEMPTS) continue;
        settle(streamName, batch, outcomes, null, error);
        return;
      }
      // What this instance wrote is folded in now, so the next command reads nothing new. The
      // command ids are added in place (copying them would cost the stream's length per command):
      // whoever still holds the previous fold only reads its state, or copies them before folding
      // newer events in, and finds these commands with the same revisions.
      for (const [index, outcome] of outcomes.entries()) {
        if (outcome.kind !== 'written') continue;
        const { commandId } = (batch[index] as Queued).context;
        folded.commands.set(commandId, { from: outcome.from, to: outcome.to, position });
      }
      cache.set(streamName, {
        decider,
        state,
        revision: folded.revision + toAppend.length,
        lastHash,
        commands: folded.commands,
      });
      const answered = durable.then(
        () => settle(streamName, batch, outcomes, position, null),
        (error: unknown) => settle(streamName, batch, outcomes, null, error),
      );
      unsynced.set(streamName, answered);
      void answered.then(() => {
        if (unsynced.get(streamName) === answered) unsynced.delete(streamName);
      });
      return;
    }
  }

  /** Answers each command of a batch: its events, an earlier result, its own refusal, or the append's. */
  function settle(
    streamName: string,
    batch: readonly Queued[],
    outcomes: readonly Outcome[],
    position: Position | null,
    appendError: unknown,
  ) {
    const answers = outcomes.map((outcome, index): CommandResult<DomainEvent> | null => {
      const queued = batch[index] as Queued;
      switch (outcome.kind) {
        case 'replay':
          replay<DomainEvent>(streamName, outcome.landed, queued.context.correlationId).then(
            queued.resolve,
            queued.reject,
          );
          return null;
        case 'failed':
          queued.reject(outcome.error);
          return null;
        case 'nothing':
          queued.resolve({ events: [], nextRevision: outcome.revision, position: null, replayed: false });
          return null;
        case 'written': {
          if (appendError !== null) {
            queued.reject(appendError);
            return null;
          }
          noteWritten(queued.context.correlationId, position as Position);
          const answer = { events: outcome.events, nextRevision: outcome.to, position, replayed: false };
          queued.resolve(answer);
          return answer;
        }
        case 'same':
          return null;
        default: {
          const _exhaustive: never = outcome;
          return _exhaustive;
        }
      }
    });
    // The same command id twice in one batch: the second answers what the first did.
    for (const [index, outcome] of outcomes.entries()) {
      if (outcome.kind !== 'same') continue;
      const queued = batch[index] as Queued;
      const first = answers[outcome.as];
      if (first) {
        noteWritten(queued.context.correlationId, first.position as Position);
        queued.resolve({ ...first, replayed: true });
      } else if (appendError !== null) queued.reject(appendError);
      else queued.resolve({ events: [], nextRevision: -1, position: null, replayed: true });
    }
  }

  /** Runs the stream's queue until it is empty: each turn takes what waits (one decider at a time). */
  async function drain(streamName: string, queue: Queued[]): Promise<void> {
    while (queue.length > 0) {
      const decider = (queue[0] as Queued).decider;
      let size = 1;
      while (size < queue.length && size < MAX_BATCH && (queue[size] as Queued).decider === decider) size++;
      const batch = queue.splice(0, size);
      await runBatch(streamName, batch);
    }
    queues.delete(streamName);
  }

  return {
    store,
    async load(streamName, decider) {
      // A reader sees what is on disk: the stream's last append, if its fsync is on its way, first.
      await unsynced.get(streamName);
      return (await refresh(streamName, decider as AnyDecider)).state as never;
    },
    handle<Command, Event extends DomainEvent, State>(
      streamName: string,
      decider: Decider<Command, Event, State>,
      command: Command,
      context: CommandContext,
    ): Promise<CommandResult<Event>> {
      return new Promise<CommandResult<Event>>((resolve, reject) => {
        const queued: Queued = {
          decider: decider as AnyDecider,
          command,
          context,
          resolve: resolve as Queued['resolve'],
          reject,
        };
        const queue = queues.get(streamName);
        if (queue) {
          queue.push(queued);
          return;
        }
        const fresh = [queued];
        queues.set(streamName, fresh);
        void drain(streamName, fresh);
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
