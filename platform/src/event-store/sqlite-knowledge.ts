import type Database from 'better-sqlite3';

/** Streams whose last revision is remembered before the table starts again. */
const KNOWN_STREAMS = 100_000;

/**
 * What this connection knows of the log, so a read it can answer from memory does not query: the
 * command handler looks for events after its cached revision on every command, and a subscription
 * for events after the head on every wake. Another connection (process) committing changes
 * `PRAGMA data_version`, which drops what is known. A stream read looks at it every time, so it
 * sees every append committed before it, as a query would. A subscription looks at it once per turn
 * of the event loop: it sees other processes' appends on its next poll, as it always did.
 */
export class LogKnowledge {
  private readonly headQuery: Database.Statement<[], { position: number | null }>;
  private readonly dataVersion: Database.Statement<[], number>;
  private seenVersion: number;
  private checkedThisTurn = false;
  /** The log's last position (exact). */
  head: number;
  /** Streams' last revisions, or a revision their last one is known not to exceed. */
  readonly lastRevisions = new Map<string, number>();

  constructor(db: Database.Database) {
    this.headQuery = db.prepare<[], { position: number | null }>(
      'SELECT MAX(position) AS position FROM events',
    );
    this.dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
    this.seenVersion = this.dataVersion.get()!;
    this.head = this.queryHead();
  }

  /** The log's last position as the file holds it now (0 when empty). */
  queryHead(): number {
    return this.headQuery.get()?.position ?? 0;
  }

  know(stream: string, last: number): void {
    if (this.lastRevisions.size >= KNOWN_STREAMS && !this.lastRevisions.has(stream))
      this.lastRevisions.clear();
    this.lastRevisions.set(stream, last);
  }

  /** Drops what is known when another connection committed since it was last looked at. */
  refresh(): void {
    const version = this.dataVersion.get()!;
    if (version === this.seenVersion) return;
    this.seenVersion = version;
    this.lastRevisions.clear();
    this.head = this.queryHead();
  }

  /** `refresh`, at most once per turn of the event loop (a subscription's polls). */
  refreshThisTurn(): void {
    if (this.checkedThisTurn) return;
    this.checkedThisTurn = true;
    setImmediate(() => {
      this.checkedThisTurn = false;
    });
    this.refresh();
  }
}
