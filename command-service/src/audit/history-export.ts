import type { HistoryActor, HistoryExport, HistoryRow, HistoryStateAsOf } from '@wine/contracts';
import { csvCast } from '@wine/platform';
import { stringify } from 'csv-stringify/sync';

export type HistoryKind = 'lot' | 'invoice' | 'user' | 'settings' | 'payment';

/** The whole history as the export and the command line hand it over. */
export interface FullHistory {
  kind: HistoryKind;
  id: string;
  streamName: string;
  rows: HistoryRow[];
  asOf: HistoryStateAsOf;
}

export const CSV_COLUMNS = [
  'revision',
  'position',
  'occurredAt',
  'type',
  'actor',
  'actingAs',
  'commandId',
  'correlationId',
  'causationId',
  'data',
  'changes',
] as const;

/** `admin:7f3c…`: the kind of actor and its id. */
export const actorLabel = (actor: HistoryActor) => `${actor.kind}:${actor.id}`;

/** A file name that is safe on every system: the id's other characters become `_`. */
export const exportFilename = (kind: HistoryKind, id: string, format: 'csv' | 'json') =>
  `${kind}-${id.replace(/[^A-Za-z0-9._-]/g, '_')}-history.${format}`;

/**
 * seeds 001 §9 "Report export: CSV, UTF-8": one row per event, with a byte-order mark so a
 * spreadsheet opens it as UTF-8; the data and the changes as JSON in their cells.
 */
export function historyCsv(history: FullHistory): string {
  const records = history.rows.map((row) => [
    row.revision,
    row.position,
    row.occurredAt,
    row.type,
    actorLabel(row.actor),
    row.actor.actingAs ?? '',
    row.commandId,
    row.correlationId,
    row.causationId,
    JSON.stringify(row.data),
    JSON.stringify(row.changes),
  ]);
  return stringify(records, {
    bom: true,
    header: true,
    columns: [...CSV_COLUMNS],
    record_delimiter: 'windows',
    // A command id or a type a spreadsheet would run as a formula is written as text (OWASP).
    cast: csvCast,
  });
}

/**
 * The whole history with every state after each event and the state as of the instant asked. Compact
 * (no indentation): a hot lot's 10,000 events with their states make tens of megabytes otherwise.
 */
export function historyJson(history: FullHistory, exportedAt: Date): string {
  return JSON.stringify({ ...history, exportedAt: exportedAt.toISOString() });
}

export function historyExport(history: FullHistory, format: 'csv' | 'json', exportedAt: Date): HistoryExport {
  return {
    filename: exportFilename(history.kind, history.id, format),
    records: format === 'csv' ? historyCsv(history) : historyJson(history, exportedAt),
  };
}
