import type { HistoryChange, HistoryRow, HistoryStateAsOf, PricePoint } from '@wine/contracts';
import type { DomainEvent, RecordedEvent } from '@wine/event-schemas';
import diff from 'microdiff';
import type { Decider } from '../core/decider.ts';

/** What a history needs of an aggregate: its own fold (DOMAIN.md "Audit": the lot's own evolve). */
export type Evolver<Event extends DomainEvent, State> = Pick<
  Decider<unknown, Event, State>,
  'evolve' | 'initialState'
>;

export interface HistoryOptions {
  /** The first revision of the page (0 by default). */
  from?: number;
  /** How many rows at most (all by default: the export and the command line take the whole stream). */
  limit?: number;
  /** An ISO instant: the state after the last event at or before it. The latest state when absent. */
  asOf?: string;
}

export interface History {
  totalRecords: number;
  from: number;
  /** The `from` of the next page, or null on the last. */
  next: number | null;
  rows: HistoryRow[];
  asOf: HistoryStateAsOf;
}

const isPlainRecord = (value: object): boolean => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

const byKey = (a: [string, unknown], b: [string, unknown]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
const byJson = (a: unknown, b: unknown) => {
  const [x, y] = [JSON.stringify(a), JSON.stringify(b)];
  return x < y ? -1 : x > y ? 1 : 0;
};

/**
 * A state as plain JSON, the same every time for the same state: a Map becomes an object with its
 * keys sorted, a Set a sorted array, a Date its ISO instant, a bigint its digits; undefined fields go.
 */
export function toPlain(value: unknown): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object') return undefined;
  if (Array.isArray(value)) return value.map((v) => toPlain(v) ?? null);
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Map) {
    const entries = [...value.entries()].map(([k, v]) => [String(k), toPlain(v)] as [string, unknown]);
    return Object.fromEntries(entries.filter(([, v]) => v !== undefined).sort(byKey));
  }
  if (value instanceof Set) return [...value].map(toPlain).sort(byJson);
  const entries = Object.entries(value).map(([k, v]) => [k, toPlain(v)] as [string, unknown]);
  const kept = entries.filter(([, v]) => v !== undefined);
  return Object.fromEntries(isPlainRecord(value) ? kept : kept.sort(byKey));
}

const pathOf = (path: readonly (string | number)[]) =>
  path.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${key}` : key),
    '',
  );

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** What changed from one plain state to the next: each path with its value before and after. */
export function changesBetween(before: unknown, after: unknown): HistoryChange[] {
  if (!isObject(before) || !isObject(after)) {
    return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ path: '', before, after }];
  }
  return diff(before, after).map((d) => {
    const path = pathOf(d.path);
    if (d.type === 'CREATE') return { path, after: d.value };
    if (d.type === 'REMOVE') return { path, before: d.oldValue };
    return { path, before: d.oldValue, after: d.value };
  });
}

function rowOf(event: RecordedEvent, state: unknown, changes: HistoryChange[]): HistoryRow {
  const { metadata } = event;
  return {
    revision: event.revision,
    position: event.position,
    eventId: event.id,
    occurredAt: metadata.occurredAt,
    type: event.type,
    actor: { kind: metadata.actor.kind, id: metadata.actor.id, actingAs: metadata.actor.actingAs ?? null },
    commandId: metadata.commandId,
    correlationId: metadata.correlationId,
    causationId: metadata.causationId,
    data: toPlain(event.data),
    state,
    changes,
  };
}

/**
 * A stream's history (DOMAIN.md "Audit", "Replay a lot"): every event in order folded by the
 * aggregate's own evolve; for the rows of the page, the state after the event and what changed from
 * the state before; and the state as of an instant. The whole stream is folded (a page's states need
 * everything before it), but only the page's rows are made plain and compared.
 */
export function buildHistory<Event extends DomainEvent, State>(
  aggregate: Evolver<Event, State>,
  events: readonly RecordedEvent[],
  options: HistoryOptions = {},
): History {
  const from = Math.max(0, options.from ?? 0);
  const end = Math.min(events.length, from + (options.limit ?? events.length));
  const at = options.asOf === undefined ? null : Date.parse(options.asOf);
  let state = aggregate.initialState();
  let asOf: HistoryStateAsOf = { at: options.asOf ?? null, revision: null, occurredAt: null, state: null };
  let asOfState: State = state;
  let before: unknown = from === 0 ? toPlain(state) : undefined;
  const rows: HistoryRow[] = [];
  events.forEach((event, index) => {
    state = aggregate.evolve(state, event as unknown as Event);
    if (at === null || Date.parse(event.metadata.occurredAt) <= at) {
      asOfState = state;
      asOf = { ...asOf, revision: event.revision, occurredAt: event.metadata.occurredAt };
    }
    if (index === from - 1) before = toPlain(state);
    if (index >= from && index < end) {
      const after = toPlain(state);
      rows.push(rowOf(event, after, changesBetween(before, after)));
      before = after;
    }
  });
  return {
    totalRecords: events.length,
    from,
    next: end < events.length ? end : null,
    rows,
    asOf: { ...asOf, state: toPlain(asOfState) },
  };
}

const BIDS = new Set(['BidPlaced', 'ProxyBidPlaced']);

/** Every bid's price over time, by bidder, for the chart (in the order of the stream). */
export function pricesOf(events: readonly RecordedEvent[]): PricePoint[] {
  return events.flatMap((event) => {
    if (!BIDS.has(event.type)) return [];
    const bid = event.data as { bidderId: string; amount: number };
    return [
      {
        revision: event.revision,
        occurredAt: event.metadata.occurredAt,
        bidderId: bid.bidderId,
        amount: bid.amount,
        type: event.type,
      },
    ];
  });
}
