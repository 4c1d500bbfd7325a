import type { HistoryChange } from '@wine/contracts';
import { actorLabel, type FullHistory } from './history-export.ts';

/** At most this many characters of one change in the terminal (the JSON and CSV keep everything). */
const CHANGE_WIDTH = 60;
const MAX_CHANGES = 6;

const short = (value: unknown) => {
  const text = value === undefined ? '-' : JSON.stringify(value);
  return text.length > CHANGE_WIDTH ? `${text.slice(0, CHANGE_WIDTH - 1)}…` : text;
};

/** `price: 40000 -> 42000`, one line per change, the first few only. */
export function changeLines(changes: readonly HistoryChange[]): string[] {
  const lines = changes
    .slice(0, MAX_CHANGES)
    .map((c) => `${c.path || '(state)'}: ${short(c.before)} -> ${short(c.after)}`);
  if (changes.length > MAX_CHANGES) lines.push(`… ${changes.length - MAX_CHANGES} more`);
  return lines.length > 0 ? lines : ['(no change)'];
}

const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - text.length));

/**
 * `npm run audit`'s table: position, server time, type, who acted (and for whom), and what changed,
 * with the changes on continuation lines under the last column; then the state as of the instant.
 */
export function historyTable(history: FullHistory): string {
  const head = ['#', 'time (UTC)', 'type', 'actor', 'changes'];
  const body = history.rows.map(
    (row) =>
      [
        String(row.revision),
        row.occurredAt,
        row.type,
        actorLabel(row.actor) + (row.actor.actingAs ? ` as ${row.actor.actingAs}` : ''),
        changeLines(row.changes),
      ] as const,
  );
  const widths = [0, 1, 2, 3].map((i) =>
    Math.max((head[i] as string).length, ...body.map((cells) => (cells[i] as string).length)),
  );
  const line = (cells: readonly string[]) =>
    cells.map((c, i) => (i < 4 ? pad(c, widths[i] ?? 0) : c)).join('  ');
  const out = [
    `${history.kind} ${history.id} (${history.streamName}): ${history.rows.length} events`,
    line(head),
    line(widths.map((w) => '-'.repeat(w)).concat('-------')),
  ];
  for (const [revision, time, type, actor, changes] of body) {
    const [first = '', ...rest] = changes;
    out.push(line([revision, time, type, actor, first]));
    for (const more of rest) out.push(line(['', '', '', '', more]));
  }
  const { asOf } = history;
  const when = asOf.at ? `as of ${asOf.at}` : 'now';
  const after =
    asOf.revision === null ? 'before its first event' : `after event #${asOf.revision} (${asOf.occurredAt})`;
  out.push('', `state ${when}, ${after}:`, JSON.stringify(asOf.state, null, 2));
  return out.join('\n');
}
