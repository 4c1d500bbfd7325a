/**
 * The bus port: what the read side tells the realtime side. Subjects are dot-separated tokens;
 * patterns use NATS wildcards ('*' one token, '>' the rest).
 */
export interface BusMessage<T = unknown> {
  subject: string;
  /** Bus sequence, increasing; a subscriber can resume after the last one it saw. */
  seq: number;
  data: T;
}

export interface PublishOptions {
  /** Deduplication id (NATS Nats-Msg-Id): a second publish with the same id is dropped. */
  msgId?: string;
}

export interface BusSubscribeOptions {
  /** Deliver messages with seq > afterSeq (0: everything retained). Omit for new messages only. */
  afterSeq?: number;
}

export interface BusSubscription {
  close(): Promise<void>;
}

export interface Bus {
  publish<T>(
    subject: string,
    data: T,
    options?: PublishOptions,
  ): Promise<{ seq: number; duplicate: boolean }>;
  subscribe<T>(
    pattern: string,
    handler: (message: BusMessage<T>) => void | Promise<void>,
    options?: BusSubscribeOptions,
  ): Promise<BusSubscription>;
  close(): Promise<void>;
}

/** NATS subject matching, shared by the in-process adapter and tests. */
export function subjectMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length) return false;
    if (p[i] !== '*' && p[i] !== s[i]) return false;
  }
  return p.length === s.length;
}
